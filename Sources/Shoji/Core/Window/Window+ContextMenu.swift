/// Context menus: which view's menu a right press or Shift-F10 opens, and opening it (see
/// `View.contextMenuProvider`).
extension Window {
    /// The first view with a `contextMenuProvider` on the responder chain from `responder`
    /// (the view itself, then its superviews through their controllers), up to the window.
    func contextMenuView(onRouteFrom responder: Responder?) -> View? {
        var found: View?
        walkResponderChain(from: responder) { responder in
            guard let view = responder as? View, view.contextMenuProvider != nil else { return responder === self }
            found = view
            return true
        }
        return found
    }

    /// Opens `view`'s context menu beside `sourceRect` (window coordinates, below it, flipped
    /// and clamped to stay on screen). Returns false when the provider gave no menu or the menu
    /// cannot open (see `presentMenu(_:for:from:)`).
    @discardableResult
    func presentContextMenu(of view: View, from sourceRect: Rect) -> Bool {
        guard let menu = view.contextMenuProvider?() else { return false }
        return presentMenu(menu, for: view, from: sourceRect) != nil
    }

    /// Presents `menu` below `sourceRect` (window coordinates), from the controller whose view
    /// holds `view`; returns its controller, or nil when `view` has no controller or is under a
    /// presentation (only the topmost layer presents) or its controller already presents.
    func presentMenu(_ menu: Menu, for view: View, from sourceRect: Rect, initialRow: Int? = nil) -> MenuController? {
        guard let presenter = ViewController.owningController(of: view),
            layer(of: presenter) == presentations.count, presenter.presentationState.presenting == nil
        else { return nil }
        let controller = MenuController(menu: menu, sourceRect: sourceRect, edge: .bottom)
        controller.initialRow = initialRow
        presenter.present(controller, animated: true)
        return controller
    }
}
