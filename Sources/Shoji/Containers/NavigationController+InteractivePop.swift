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
    /// A press at the left edge being followed.
    struct PopDrag: FollowedPress {
        /// The window's number of the press (`Window.pressNumber`): its reports come before the next.
        var press: Int
        var pointerX: Int
        var interaction: InteractiveTransition?
        var change: ChildChange?
        var transition: ChildTransition?
    }

    /// Whether the user is dragging the top screen now.
    public var isDraggingToPop: Bool { popDrag?.interaction?.isActive ?? false }

    /// Takes the mouse events of the content area's left edge (see the extension's notes).
    func popMouseEvent(_ event: MouseEvent) -> Bool {
        switch event.kind {
        case .press(.left):
            // A press whose release was lost is forgotten; one still followed keeps the edge.
            guard !Window.follows(&popDrag, in: view.window), canBeginInteractivePop else { return false }
            popDrag = PopDrag(press: view.window?.pressNumber ?? 0, pointerX: event.position.x)
            return true
        case .drag(.left):
            guard Window.follows(&popDrag, in: view.window) else { return false }
            dragTopScreen(to: event.position)
            return true
        case .release:
            guard Window.follows(&popDrag, in: view.window), let drag = popDrag else { return false }
            if drag.interaction == nil {
                popDrag = nil
            } else {
                settleInteractivePop(velocity: drag.interaction?.velocity ?? 0)
            }
            return true
        default:
            return false
        }
    }

    /// Whether a pop could start now: a screen below the top, no change under way, on screen.
    var canBeginInteractivePop: Bool {
        isViewLoaded && view.window != nil && children.count > 1 && !changes.isBusy && !isTransitioning
    }

    /// Moves the top screen with the pointer, beginning the pop at its first cell to the right.
    private func dragTopScreen(to position: Point) {
        guard var drag = popDrag else { return }
        if drag.interaction == nil {
            guard position.x > drag.pointerX, canBeginInteractivePop, let window = view.window else { return }
            // The change stays open until the release settles it, so other stack changes wait.
            changes.submit(StackRequest(stack: children, animated: true, interactive: true))
            guard let change = pendingInteractiveChange else {
                popDrag = nil
                return
            }
            pendingInteractiveChange = nil
            let top = children[children.count - 1], below = children[children.count - 2]
            let transition = beginTransition(from: top, to: below, animated: true)
            below.view.fill(contentArea)
            transition.insertIncoming(in: contentArea, at: 0)
            let interaction = InteractiveTransition.begun(
                owner: self, at: Point(x: drag.pointerX, y: position.y), in: window
            ) { [weak self] in self?.settleInteractivePop(velocity: 0) }
            drag.change = change
            drag.transition = transition
            drag.interaction = interaction
        }
        drag.interaction?.update(to: position)
        popDrag = drag
        guard let top = children.last?.viewIfLoaded else { return }
        top.frame.origin.x = min(max(0, position.x - drag.pointerX), contentArea.bounds.width)
    }

    /// Ends the drag: the top screen slides off (popped) or back (kept) by the release rule.
    func settleInteractivePop(velocity: Double) {
        guard let drag = popDrag, let interaction = drag.interaction, let change = drag.change,
            let transition = drag.transition
        else {
            popDrag = nil
            return
        }
        popDrag = nil
        interaction.end()
        let top = children[children.count - 1], below = children[children.count - 2]
        let width = contentArea.bounds.width
        let x = top.viewIfLoaded?.frame.minX ?? 0
        let pops = InteractiveTransition.releaseFinishes(velocity: velocity, position: x, distance: width)
        let duration = transitionDuration ?? defaultTransitionDuration
        let speed = max(Double(max(1, width)) / max(duration, 0.001), abs(velocity))
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
