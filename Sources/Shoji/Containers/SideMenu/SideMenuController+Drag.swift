/// Dragging the pane: a left press on the pane's navigation bar (that no bar button took), or
/// anywhere on the pane while the menu is open, grabs it; the pane then follows the pointer cell
/// by cell between closed and open, and the release finishes or cancels the opening or closing
/// by how fast the pointer moved at the end and where the pane is.
///
/// The rule at the release (`InteractiveTransition.releaseFinishes`): faster than
/// `InteractiveTransition.flingSpeed` cells per second, the pointer's direction decides (right
/// opens); slower, the pane's position does (at least half of the exposed width opens). The pane then slides the rest of the way at its usual speed, or at the pointer's if
/// that was faster.
///
/// The delegate hears the drag as an opening or closing that may be cancelled, as UIKit's
/// appearance calls for a cancelled interactive pop: `sideMenuWillOpen` (or `WillClose`) when
/// the pane first moves; completed, `sideMenuDidOpen` (`DidClose`) when it arrives; cancelled,
/// the reverse calls (`sideMenuWillClose`, then `sideMenuDidClose` when it is back).
/// A press and release without motion is a tap: on the open menu's pane it closes the menu.
extension SideMenuController {
    /// A press on the pane being followed.
    struct PaneGrab {
        /// The pointer's column at the press, the pane's left edge then, and the menu's state.
        var pointerX: Int
        var paneX: Int
        var wasOpen: Bool
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
                pointerX: event.position.x, paneX: paneView.frame.minX, wasOpen: isMenuVisible)
            return true
        case .drag(.left):
            guard paneGrab != nil else { return false }
            dragPane(to: event.position)
            return true
        case .release:
            guard let grab = paneGrab else { return false }
            if grab.interaction == nil {
                paneGrab = nil
                if isMenuVisible { setMenuVisible(false, animated: true) }
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
            guard position.x != grab.pointerX, let window = view.window else { return }
            let interaction = InteractiveTransition(owner: self, at: Point(x: grab.pointerX, y: position.y))
            interaction.onInterruption = { [weak self] in self?.settleDraggedPane(velocity: 0) }
            interaction.begin(in: window)
            grab.interaction = interaction
            // The drag heads for the other state; the release may still cancel it.
            isMenuVisible = !grab.wasOpen
            if isMenuVisible { delegate?.sideMenuWillOpen(self) } else { delegate?.sideMenuWillClose(self) }
        }
        grab.interaction?.update(to: position)
        paneGrab = grab
        let x = grab.paneX + position.x - grab.pointerX
        paneView.frame.origin.x = min(max(0, x), effectiveExposedWidth)
    }

    /// Ends the drag: the pane slides open or closed by the release rule (`velocity` in cells
    /// per second), with the delegate's calls for a completed or cancelled opening or closing.
    func settleDraggedPane(velocity: Double) {
        guard let grab = paneGrab, let interaction = grab.interaction else { return }
        paneGrab = nil
        interaction.end()
        let width = effectiveExposedWidth
        let open = InteractiveTransition.releaseFinishes(
            velocity: velocity, position: paneView.frame.minX, distance: width)
        if open != isMenuVisible {
            // Cancelled: the reverse of the call the drag began with.
            isMenuVisible = open
            if open { delegate?.sideMenuWillOpen(self) } else { delegate?.sideMenuWillClose(self) }
        }
        if open != grab.wasOpen { moveFocus(toMenu: open) }
        slidePane(to: .menuState, animated: true, minimumSpeed: abs(velocity)) { [weak self] finished in
            guard let self, finished else { return }
            if open { self.delegate?.sideMenuDidOpen(self) } else { self.delegate?.sideMenuDidClose(self) }
        }
    }
}
