/// Dragging the pane: a left press on the pane's navigation bar (that no bar button took), or
/// anywhere on the pane while a menu is open, grabs it; the pane then follows the pointer cell
/// by cell between closed and open, and the release finishes or cancels the opening or closing
/// by how fast the pointer moved at the end and where the pane is.
///
/// One menu per drag: a drag of the open menu's pane moves between that menu open and closed;
/// a drag of the closed pane goes towards the menu its first cell of motion points to (right:
/// the left menu; left: the right menu, when there is one) and stays on that side.
///
/// The rule at the release (`InteractiveTransition.releaseFinishes`): faster than
/// `InteractiveTransition.flingSpeed` cells per second, the pointer's direction decides
/// (towards the menu opens it); slower, the pane's position does (at least half of the menu's
/// exposed width opens). The pane then slides the rest of the way at its usual speed, or at
/// the pointer's if that was faster.
///
/// The delegate hears the drag as a showing or hiding that may be cancelled, as UIKit's
/// appearance calls for a cancelled interactive pop: `willShowMenu` (or `willHideMenu`) when
/// the pane first moves; completed, `didShowMenu` (`didHideMenu`) when it arrives; cancelled,
/// the reverse calls (`willHideMenu`, then `didHideMenu` when it is back).
/// A press and release without motion is a tap: on an open menu's pane it closes the menu.
extension SideMenuController {
    /// Where a drag of the pane started and which menu it moves.
    struct PaneDrag {
        /// The pane's left edge at the press, and the menu open then.
        var paneX: Int
        var wasOpen: SideMenuSide?
        /// The menu the drag opens or closes, from its first cell of motion.
        var side: SideMenuSide = .left
    }

    /// The pane's gesture, made once (`paneGesture`).
    func makePaneGesture() -> PanGesture {
        let gesture = PanGesture(owner: self)
        gesture.shouldBegin = { [unowned self] _, point in paneDragBegins(towards: point) }
        gesture.onStateChange = { [unowned self] gesture in paneGestureChanged(gesture) }
        gesture.onTap = { [unowned self] _ in
            paneDrag = nil
            if visibleMenu != nil { setMenuVisible(false, animated: true) }
        }
        return gesture
    }

    /// Takes a mouse event that reached the controller up the chain (see `mouseEvent(_:at:)`):
    /// a press on the pane's navigation bar grabs the pane.
    func controllerMouseEvent(_ event: MouseEvent, at point: Point) -> Bool {
        guard isViewLoaded else { return false }
        let grabbable = event.kind == .press(.left) && paneView.isOnNavigationBar(point - paneView.frame.origin)
        return paneMouseEvent(event, grabbable: grabbable)
    }

    /// Whether the user is dragging the pane now.
    public var isDraggingPane: Bool { paneGesture.isDragging }

    /// Takes the mouse events that reach the pane (see the extension's notes).
    func paneMouseEvent(_ event: MouseEvent, grabbable: Bool) -> Bool {
        guard case .press(.left) = event.kind else { return paneGesture.handle(event) }
        guard grabbable, isViewLoaded, let window = view.window else { return false }
        paneDrag = PaneDrag(paneX: paneView.frame.minX, wasOpen: visibleMenu)
        paneGesture.press(at: event.position, in: window)
        return true
    }

    /// Whether a motion to `point` begins dragging the pane: a cell of motion, not docked
    /// (docked, the pane does not slide by hand; a tap still closes the right menu), towards a
    /// menu there is.
    private func paneDragBegins(towards point: Point) -> Bool {
        guard var drag = paneDrag, point.x != paneGesture.startPosition.x, !isDocked else { return false }
        let side = drag.wasOpen ?? (point.x > paneGesture.startPosition.x ? .left : .right)
        guard exposure(of: side) != 0 else { return false }
        drag.side = side
        paneDrag = drag
        return true
    }

    /// Follows the gesture: the pane moves with the pointer; the release (or the window ending
    /// the drag) settles it.
    private func paneGestureChanged(_ gesture: PanGesture) {
        switch gesture.state {
        case .began:
            // The drag heads for the other state; the release may still cancel it.
            if let drag = paneDrag { setVisibleMenu(drag.wasOpen == nil ? drag.side : nil, animated: true) }
            movePane(with: gesture)
        case .changed: movePane(with: gesture)
        case .ended: settleDraggedPane(velocity: gesture.velocity)
        case .cancelled: settleDraggedPane(velocity: 0)
        case .possible: break
        }
    }

    /// Moves the pane by the gesture's translation, between closed and the menu open.
    private func movePane(with gesture: PanGesture) {
        guard let drag = paneDrag else { return }
        let x = drag.paneX + gesture.translation.x
        let open = exposure(of: drag.side)
        paneView.frame.origin.x = min(max(min(0, open), x), max(0, open))
    }

    /// Ends the drag: the pane slides open or closed by the release rule (`velocity` in cells
    /// per second), with the delegate's calls for a completed or cancelled opening or closing.
    func settleDraggedPane(velocity: Double) {
        guard let drag = paneDrag else { return }
        paneDrag = nil
        // Measured towards the menu: for the right one, leftwards.
        let sign = drag.side == .left ? 1 : -1
        let distance = abs(exposure(of: drag.side))
        // A menu that went away meanwhile (or a terminal with no room for it) cannot open.
        let open =
            distance > 0
            && InteractiveTransition.releaseFinishes(
                velocity: velocity * Double(sign), position: paneView.frame.minX * sign, distance: distance)
        // Cancelled: `setVisibleMenu` makes the reverse of the call the drag began with.
        setVisibleMenu(open ? drag.side : nil, animated: true)
        if visibleMenu != drag.wasOpen { moveFocus(to: visibleMenu) }
        // The arrival ends the showing or hiding (`slidePane`).
        slidePane(to: .menuState, animated: true, minimumSpeed: abs(velocity)) { _ in }
    }
}
