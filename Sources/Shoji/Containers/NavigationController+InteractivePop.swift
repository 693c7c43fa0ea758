/// The interactive pop, as UIKit's edge swipe: a left press on the first column of the content
/// area (below a screen that can be popped) grabs the top screen; dragged right, it follows the
/// pointer over the screen below, and the release pops it or puts it back by how fast the
/// pointer moved at the end and where the screen is (`InteractiveTransition.releaseFinishes`:
/// faster than `InteractiveTransition.flingSpeed` the direction decides, slower half the width).
///
/// Appearance as UIKit's: when the screen first moves, the top gets `viewWillDisappear(true)` and
/// the one below `viewWillAppear(true)`. Popped: `viewDidDisappear`/`viewDidAppear`, then the
/// top leaves the stack (`willMove(toParent: nil)`, `removeFromParent()`). Put back: the reverse
/// calls (the one below `viewWillDisappear`, the top `viewWillAppear`, then their did-calls) and
/// the stack stays. Keys and other stack changes wait during the drag and its last slide.
extension NavigationController {
    /// What an interactive pop under way holds: the change the queue opened for it and the
    /// transition between the two screens.
    struct PopDrag {
        var change: ChildChange?
        var transition: ChildTransition?
    }

    /// The left edge's gesture, made once (`popGesture`).
    func makePopGesture() -> PanGesture {
        let gesture = PanGesture(owner: self)
        gesture.shouldBegin = { [unowned self] gesture, point in
            point.x > gesture.startPosition.x && canBeginInteractivePop
        }
        gesture.onStateChange = { [unowned self] gesture in popGestureChanged(gesture) }
        gesture.onTap = { [unowned self] _ in popDrag = nil }
        return gesture
    }

    /// Whether the user is dragging the top screen now.
    public var isDraggingToPop: Bool { popGesture.isDragging }

    /// Takes the mouse events of the content area's left edge (see the extension's notes).
    func popMouseEvent(_ event: MouseEvent) -> Bool {
        guard case .press(.left) = event.kind else { return popGesture.handle(event) }
        guard canBeginInteractivePop, let window = view.window else { return false }
        popDrag = PopDrag()
        popGesture.press(at: event.position, in: window)
        return true
    }

    /// Whether a pop could start now: a screen below the top, no change under way, on screen.
    var canBeginInteractivePop: Bool {
        isViewLoaded && view.window != nil && children.count > 1 && !changes.isBusy && !isTransitioning
    }

    /// Follows the gesture: at its first cell to the right the pop begins (the queue's change,
    /// the screen below put under the top one); the top screen moves with the pointer; the
    /// release (or the window ending the drag) settles it.
    private func popGestureChanged(_ gesture: PanGesture) {
        switch gesture.state {
        case .began:
            // The change stays open until the release settles it, so other stack changes wait.
            changes.submit(StackRequest(stack: children, animated: true, interactive: true))
            guard let change = pendingInteractiveChange else {
                popGesture.reset()
                popDrag = nil
                return
            }
            pendingInteractiveChange = nil
            let top = children[children.count - 1], below = children[children.count - 2]
            let transition = beginTransition(from: top, to: below, animated: true)
            below.view.fill(contentArea)
            transition.insertIncoming(in: contentArea, at: 0)
            popDrag = PopDrag(change: change, transition: transition)
            moveTopScreen(with: gesture)
        case .changed: moveTopScreen(with: gesture)
        case .ended: settleInteractivePop(velocity: gesture.velocity)
        case .cancelled: settleInteractivePop(velocity: 0)
        case .possible: break
        }
    }

    /// Moves the top screen right by the gesture's translation, within the content area.
    private func moveTopScreen(with gesture: PanGesture) {
        guard let top = children.last?.viewIfLoaded else { return }
        top.frame.origin.x = min(max(0, gesture.translation.x), contentArea.bounds.width)
    }

    /// Ends the drag: the top screen slides off (popped) or back (kept) by the release rule.
    func settleInteractivePop(velocity: Double) {
        guard let drag = popDrag, let change = drag.change, let transition = drag.transition else {
            popDrag = nil
            return
        }
        popDrag = nil
        // The stack changed under the drag (the dragged screen taken by another parent): there
        // is nothing left to slide; the calls the drag began are ended, the change closed.
        guard children.count >= 2 else {
            transition.end()
            finishInteractiveChange(change)
            return
        }
        let top = children[children.count - 1], below = children[children.count - 2]
        let width = contentArea.bounds.width
        let x = top.viewIfLoaded?.frame.minX ?? 0
        let pops = InteractiveTransition.releaseFinishes(velocity: velocity, position: x, distance: width)
        let speed = InteractiveTransition.slideSpeed(
            distance: width, duration: transitionDuration ?? defaultTransitionDuration, fling: velocity)
        if pops {
            animateTransition(withSpeed: speed, curve: .easeOut, animations: { top.view.frame.origin.x = width }) {
                [weak self] _ in
                guard let self else { return }
                transition.removeOutgoing()
                top.viewIfLoaded?.frame.origin.x = 0
                transition.end()
                _ = self.changeChildStack(to: Array(self.children.dropLast()), in: change)
                self.finishInteractiveChange(change)
            }
        } else {
            // Put back: the reverse transition takes both screens over (the reverse calls now).
            let back = beginTransition(from: below, to: top, animated: true)
            back.insertIncoming(in: contentArea)
            animateTransition(withSpeed: speed, curve: .easeOut, animations: { top.view.frame.origin.x = 0 }) {
                [weak self] _ in
                back.end()
                transition.end()
                self?.finishInteractiveChange(change)
            }
        }
    }
}
