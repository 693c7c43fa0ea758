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
    /// A press on the pane being followed.
    struct PaneGrab: FollowedPress {
        /// The window's number of the press (`Window.pressNumber`): its reports come before the next.
        var press: Int
        /// The pointer's column at the press, the pane's left edge then, and the open menu.
        var pointerX: Int
        var paneX: Int
        var wasOpen: SideMenuSide?
        /// The menu the drag opens or closes, from its first cell of motion.
        var side: SideMenuSide = .left
        /// The drag, once the pointer moved a cell; a tap until then.
        var interaction: InteractiveTransition?
    }

    /// Takes a mouse event that reached the controller up the chain (see `mouseEvent(_:at:)`):
    /// a press on the pane's navigation bar grabs the pane.
    func controllerMouseEvent(_ event: MouseEvent, at point: Point) -> Bool {
        guard isViewLoaded else { return false }
        let grabbable = event.kind == .press(.left) && paneView.isOnNavigationBar(point - paneView.frame.origin)
        return paneMouseEvent(event, grabbable: grabbable)
    }

    /// Whether the user is dragging the pane now.
    public var isDraggingPane: Bool { paneGrab?.interaction?.isActive ?? false }

    /// Takes the mouse events that reach the pane (see the extension's notes).
    func paneMouseEvent(_ event: MouseEvent, grabbable: Bool) -> Bool {
        switch event.kind {
        case .press(.left):
            guard grabbable, isViewLoaded else { return false }
            paneGrab = PaneGrab(
                press: view.window?.pressNumber ?? 0, pointerX: event.position.x, paneX: paneView.frame.minX,
                wasOpen: visibleMenu)
            return true
        case .drag(.left):
            guard Window.follows(&paneGrab, in: view.window) else { return false }
            dragPane(to: event.position)
            return true
        case .release:
            guard Window.follows(&paneGrab, in: view.window), let grab = paneGrab else { return false }
            if grab.interaction == nil {
                paneGrab = nil
                if visibleMenu != nil { setMenuVisible(false, animated: true) }
            } else {
                settleDraggedPane(velocity: grab.interaction?.velocity ?? 0)
            }
            return true
        default:
            return false
        }
    }

    /// Moves the pane with the pointer, starting the drag at its first cell of motion.
    private func dragPane(to position: Point) {
        guard var grab = paneGrab else { return }
        if grab.interaction == nil {
            // Docked, the pane does not slide by hand (a tap still closes the right menu).
            guard position.x != grab.pointerX, !isDocked, let window = view.window else { return }
            let side = grab.wasOpen ?? (position.x > grab.pointerX ? .left : .right)
            // Towards a right menu there is none of: not a drag.
            guard exposure(of: side) != 0 else { return }
            grab.interaction = InteractiveTransition.begun(
                owner: self, at: Point(x: grab.pointerX, y: position.y), in: window
            ) { [weak self] in self?.settleDraggedPane(velocity: 0) }
            grab.side = side
            // The drag heads for the other state; the release may still cancel it.
            setVisibleMenu(grab.wasOpen == nil ? side : nil, animated: true)
        }
        grab.interaction?.update(to: position)
        paneGrab = grab
        let x = grab.paneX + position.x - grab.pointerX
        let open = exposure(of: grab.side)
        paneView.frame.origin.x = min(max(min(0, open), x), max(0, open))
    }

    /// Ends the drag: the pane slides open or closed by the release rule (`velocity` in cells
    /// per second), with the delegate's calls for a completed or cancelled opening or closing.
    func settleDraggedPane(velocity: Double) {
        guard let grab = paneGrab, let interaction = grab.interaction else { return }
        paneGrab = nil
        interaction.end()
        // Measured towards the menu: for the right one, leftwards.
        let sign = grab.side == .left ? 1 : -1
        let distance = abs(exposure(of: grab.side))
        // A menu that went away meanwhile (or a terminal with no room for it) cannot open.
        let open =
            distance > 0
            && InteractiveTransition.releaseFinishes(
                velocity: velocity * Double(sign), position: paneView.frame.minX * sign, distance: distance)
        // Cancelled: `setVisibleMenu` makes the reverse of the call the drag began with.
        setVisibleMenu(open ? grab.side : nil, animated: true)
        if visibleMenu != grab.wasOpen { moveFocus(to: visibleMenu) }
        // The arrival ends the showing or hiding (`slidePane`).
        slidePane(to: .menuState, animated: true, minimumSpeed: abs(velocity)) { _ in }
    }
}
