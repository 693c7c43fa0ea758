/// Told about a side menu's opening, closing and selection, as UIKit delegates are.
/// All methods are optional (default implementations do nothing or allow).
@MainActor
public protocol SideMenuDelegate: AnyObject {
    /// Told when the menu starts to open (the pane starts to slide right, or is first dragged
    /// right), animated or not; also when a drag that began closing is released to open.
    func sideMenuWillOpen(_ sideMenu: SideMenuController)
    /// Told when the menu is open (the pane reached the exposed width); not told for an opening
    /// that was reversed before it ended.
    func sideMenuDidOpen(_ sideMenu: SideMenuController)
    /// Told when the menu starts to close by a toggle, `setMenuVisible(false, …)` or a drag of
    /// the pane (also when a drag that began opening is released to close: the reverse of its
    /// `sideMenuWillOpen`); not when a selection's replacement closes it (the replacement
    /// slides the pane off to the right).
    func sideMenuWillClose(_ sideMenu: SideMenuController)
    /// Told when the menu is closed (the pane back at the left edge), also at the end of a
    /// selection's replacement, after `sideMenu(_:didSelect:at:)`; not told for a closing that
    /// was reversed before it ended.
    func sideMenuDidClose(_ sideMenu: SideMenuController)
    /// Asked before the user's selection of another child; return false to refuse it (the menu
    /// stays open).
    func sideMenu(_ sideMenu: SideMenuController, shouldSelect viewController: ViewController, at index: Int) -> Bool
    /// Told after the selected child changed, once its transition ended.
    func sideMenu(_ sideMenu: SideMenuController, didSelect viewController: ViewController, at index: Int)
}

extension SideMenuDelegate {
    /// Does nothing.
    public func sideMenuWillOpen(_ sideMenu: SideMenuController) {}
    /// Does nothing.
    public func sideMenuDidOpen(_ sideMenu: SideMenuController) {}
    /// Does nothing.
    public func sideMenuWillClose(_ sideMenu: SideMenuController) {}
    /// Does nothing.
    public func sideMenuDidClose(_ sideMenu: SideMenuController) {}
    /// Allows every selection.
    public func sideMenu(_ sideMenu: SideMenuController, shouldSelect viewController: ViewController, at index: Int)
        -> Bool
    { true }
    public func sideMenu(_ sideMenu: SideMenuController, didSelect viewController: ViewController, at index: Int) {}
}
