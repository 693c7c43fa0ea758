/// The sliding content pane of a side menu: it holds the selected child's view (filling it),
/// shows a one-column separator on its left edge whenever it is moved right (on its right edge
/// when moved left, for the right menu), and while a menu is open takes every click on its exposed part itself (a click closes the menu, a drag
/// moves the pane), so the content under it gets no events. (A press on its navigation bar
/// that no bar button took reaches the side menu up the controllers' chain, not the pane: the
/// side menu asks `isOnNavigationBar(_:)`.)
@MainActor
final class SideMenuPaneView: View {
    /// Whether the pane intercepts clicks now; the side menu answers "while the menu is open
    /// or opening" (`isMenuVisible`), so the pane never keeps a copy of the menu's state.
    var interceptsInteraction: @MainActor () -> Bool = { false }
    /// Told the mouse events that reach the pane while it intercepts them (all of them taken).
    var onMouseEvent: (@MainActor (MouseEvent) -> Void)?

    let separator = SideMenuSeparatorView()

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        addSubview(separator)
        updateSeparator()
    }

    // Derived from the frame on every change, so it is right at every tick of a slide.
    override var storedFrame: Rect {
        didSet { updateSeparator() }
    }

    /// On the edge beside the menu the pane uncovers: the right edge when it ends before the
    /// container's (the right menu shows), else the left edge when moved right (the left menu
    /// open or docked).
    private func updateSeparator() {
        let containerWidth = superview?.bounds.width ?? frame.maxX
        let onRight = frame.maxX < containerWidth
        separator.frame = Rect(x: onRight ? frame.width - 1 : 0, y: 0, width: 1, height: frame.height)
        separator.isHidden = !onRight && frame.minX <= 0
    }

    /// Keeps the separator above the child's view after a child view was added.
    func keepSeparatorOnTop() { bringSubviewToFront(separator) }

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

/// The one-column line on the pane's left edge, shown while the pane is moved right.
@MainActor
final class SideMenuSeparatorView: View {
    override func draw(in canvas: inout Canvas) {
        for y in 0..<canvas.size.height { canvas.write("│", at: Point(x: 0, y: y), style: theme.separator) }
    }

    override func hitTest(_ point: Point) -> View? { nil }
}
