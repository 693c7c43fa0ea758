/// The sliding content pane of a side menu: it holds the selected child's view (filling it,
/// every column of it: the separator beside a moved pane is the container's, drawn outside the
/// pane), and while a menu is open takes every click on its exposed part itself (a click closes
/// the menu, a drag moves the pane), so the content under it gets no events. (A press on its
/// navigation bar that no bar button took reaches the side menu up the controllers' chain, not
/// the pane: the side menu asks `isOnNavigationBar(_:)`.)
@MainActor
final class SideMenuPaneView: View {
    /// Whether the pane intercepts clicks now; the side menu answers "while the menu is open
    /// or opening" (`isMenuVisible`), so the pane never keeps a copy of the menu's state.
    var interceptsInteraction: @MainActor () -> Bool = { false }
    /// Told the mouse events that reach the pane while it intercepts them (all of them taken).
    var onMouseEvent: (@MainActor (MouseEvent) -> Void)?
    /// Told after every change of the frame, at every tick of a slide too: the side menu puts
    /// its separator beside the pane.
    var onFrameChange: (@MainActor () -> Void)?

    // Every change, so what follows the pane is right at every tick of a slide.
    override var storedFrame: Rect {
        didSet { onFrameChange?() }
    }

    override func hitTest(_ point: Point) -> View? {
        guard interceptsInteraction() else { return super.hitTest(point) }
        guard !isHidden, isUserInteractionEnabled, bounds.contains(point) else { return nil }
        return self
    }

    override func mouseEvent(_ event: MouseEvent, at point: Point) -> Bool {
        guard interceptsInteraction() else { return false }
        onMouseEvent?(event)
        return true
    }

    /// Whether `point` (pane coordinates) shows a navigation bar, under the content's own views.
    func isOnNavigationBar(_ point: Point) -> Bool {
        var view = super.hitTest(point)
        while let current = view, current !== self {
            if current is NavigationBar { return true }
            view = current.superview
        }
        return false
    }
}

/// The one-column line between a side menu's pane and the menu it uncovers: the column before
/// the pane when it is moved right (the left menu open or docked), the column after it when
/// moved left (the right menu). The container's own view, beside the pane, never over it.
@MainActor
final class SideMenuSeparatorView: View {
    override func draw(in canvas: inout Canvas) {
        for y in 0..<canvas.size.height { canvas.write("│", at: Point(x: 0, y: y), style: theme.separator) }
    }

    override func hitTest(_ point: Point) -> View? { nil }
}
