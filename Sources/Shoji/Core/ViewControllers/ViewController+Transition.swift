extension ViewController {
    /// The style a container last showed this controller with (default `none`). The styled
    /// `transition(from:to:in:style:…)` sets it on the controller it shows, and
    /// `transitionBack(from:to:…)` plays its `inverse` when it removes the controller, whatever
    /// happened in between (a resize: the inverse is computed from the container's bounds at
    /// removal).
    public var transitionStyle: TransitionStyle {
        get { transitionState.style }
        set { transitionState.style = newValue }
    }

    /// How long a transition of this container takes when it has no duration of its own: its
    /// window's `transitionDuration` (the app's one motion setting), or
    /// `TransitionStyle.defaultDuration` outside a window.
    public var defaultTransitionDuration: Double {
        window?.transitionDuration ?? TransitionStyle.defaultDuration
    }

    /// Replaces the shown child `from` with the child `to`, as UIKit's method of the same name:
    /// adds `to.view` to `from.view`'s superview (on top, with `to.view.frame` as the caller set
    /// it), runs `animations` as an animation block (`View.animate`, with the curve `options`
    /// names), and when that animation ends removes `from.view` and calls
    /// `completion(finished)`.
    ///
    /// Appearance, ordered and balanced also when interrupted: when this controller is
    /// appearing, `from` gets `viewWillDisappear` (if it was appearing) and `to`
    /// `viewWillAppear` before the views change, then `viewDidDisappear` and `viewDidAppear`
    /// when the animation ends; `animated` is true exactly when the animation plays (see
    /// `Animator.plays(duration:)`). A later transition that takes over one of the two
    /// controllers (showing `from` again, say, to reverse) settles that one itself, and this
    /// transition's end leaves it alone. While the animation runs the controller
    /// `isTransitioning`: the window holds back events addressed to it.
    ///
    /// The caller does the containment around it, in UIKit's order:
    /// `from.willMove(toParent: nil)`, `addChild(to)`, this call, then in the completion
    /// `to.didMove(toParent: self)` and `from.removeFromParent()`.
    ///
    /// Both must be children of this controller and `from.view` must be in a superview; a
    /// violation stops with a precondition failure naming the problem.
    @discardableResult
    public func transition(
        from: ViewController, to: ViewController, duration: Double,
        options: AnimationOptions = [], animations: (() -> Void)?,
        completion: ((Bool) -> Void)?
    ) -> Animation {
        precondition(
            from.parent === self && to.parent === self,
            "ViewController.transition: \(from.debugIdentifier) and \(to.debugIdentifier) must both be children of \(debugIdentifier)"
        )
        guard let container = from.viewIfLoaded?.superview else {
            preconditionFailure("ViewController.transition: \(from.debugIdentifier)'s view is not in a superview")
        }
        return Self.runTransition(
            host: .container(self), from: from, to: to, in: container, duration: duration,
            curve: AnimationCurve(options), incomingOnTop: true, prepare: nil,
            animations: animations ?? {}, restore: nil, completion: completion)
    }

    /// Shows the child `to` and removes the shown child `from` with a transition `style`; either
    /// may be `nil` (to show a child where none was, or remove one with nothing in its place).
    /// `to` remembers the style (`transitionStyle`), so `transitionBack` can undo it.
    ///
    /// `containerView` defaults to `from.view`'s superview, else this controller's view. `to`
    /// ends at the frame it has (the caller sets it, as in UIKit), or, when it is already in the
    /// container (a reversal), where it rested before; it starts where the style says, or where
    /// it is if already shown. `from.view` is removed at the end and gets back the frame and
    /// alpha (and mask) it rested at (autoresized if the container changed size meanwhile). Appearance,
    /// containment, events and interruption are as in
    /// `transition(from:to:duration:options:animations:completion:)`.
    ///
    /// Both must be children of this controller, and `from.view` in `containerView`
    /// (precondition).
    @discardableResult
    public func transition(
        from: ViewController?, to: ViewController?, in containerView: View? = nil,
        style: TransitionStyle, duration: Double = TransitionStyle.defaultDuration,
        curve: AnimationCurve = .easeInOut, completion: ((Bool) -> Void)? = nil
    ) -> Animation {
        to?.transitionStyle = style
        return styledTransition(
            from: from, to: to, in: containerView, style: style, duration: duration, curve: curve,
            completion: completion)
    }

    /// Removes the shown child `from` with the inverse of the style it was shown with (a pop
    /// after a push), showing `to` (if any) in its place; `to` keeps its own `transitionStyle`.
    /// The inverse is computed against the container as it is now, so it stays right after a
    /// resize. Otherwise as `transition(from:to:in:style:duration:curve:completion:)`.
    @discardableResult
    public func transitionBack(
        from: ViewController, to: ViewController?, in containerView: View? = nil,
        duration: Double = TransitionStyle.defaultDuration, curve: AnimationCurve = .easeInOut,
        completion: ((Bool) -> Void)? = nil
    ) -> Animation {
        styledTransition(
            from: from, to: to, in: containerView, style: from.transitionStyle.inverse, duration: duration,
            curve: curve, completion: completion)
    }

    private func styledTransition(
        from: ViewController?, to: ViewController?, in containerView: View?,
        style played: TransitionStyle, duration: Double, curve: AnimationCurve,
        completion: ((Bool) -> Void)?
    ) -> Animation {
        precondition(from != nil || to != nil, "ViewController.transition: nothing to show or remove")
        for child in [from, to].compactMap({ $0 }) {
            precondition(
                child.parent === self,
                "ViewController.transition: \(child.debugIdentifier) is not a child of \(debugIdentifier)")
        }
        let container = containerView ?? from?.viewIfLoaded?.superview ?? view
        return Self.runStyledTransition(
            host: .container(self), from: from, to: to, in: container, style: played,
            duration: duration, curve: curve, alongside: nil, completion: completion)
    }

    /// The styled transition, for a container's children or a window's presentations (`host`):
    /// `to` ends at the frame it has (or where it rested, if a transition is moving it out),
    /// `from` is removed at the end and put back where it rested; `alongside` makes more
    /// changes in the same animation block (a presentation's dimming), so the completion runs
    /// once everything has ended. `from.view` must be in `container` (precondition).
    static func runStyledTransition(
        host: TransitionHost, from: ViewController?, to: ViewController?, in container: View,
        style played: TransitionStyle, duration: Double, curve: AnimationCurve,
        alongside: (() -> Void)?, completion: ((Bool) -> Void)?
    ) -> Animation {
        let fromView = from?.viewIfLoaded
        precondition(
            from == nil || fromView?.superview === container,
            "ViewController.transition: \(from?.debugIdentifier ?? "")'s view is not in the container view")
        let size = container.bounds.size
        // The incoming view ends where it rests: as the caller placed it, or, if a transition
        // is moving it out (a reversal), where it rested before that one.
        let toView = to?.view
        var incomingRest = toView?.frame ?? .zero
        var incomingRestMask = toView?.targetMask
        if let to, let toView, toView.superview === container {
            let rest = to.transitionState.rest
            incomingRest = rest?.frame(in: size, mask: toView.autoresizingMask) ?? toView.targetFrame
            incomingRestMask = rest.map { $0.viewMask(at: incomingRest) } ?? toView.targetMask
            to.transitionState.rest = nil
        }
        // The outgoing view's resting place, kept until it is removed (or comes back).
        if let from, let fromView {
            from.transitionState.rest =
                from.transitionState.rest.map {
                    let frame = $0.frame(in: size, mask: fromView.autoresizingMask)
                    return TransitionState.Rest(
                        frame: frame, alpha: $0.alpha, containerSize: size, mask: $0.viewMask(at: frame))
                }
                ?? TransitionState.Rest(
                    frame: fromView.targetFrame, alpha: fromView.targetAlpha, containerSize: size,
                    mask: fromView.targetMask)
        }
        let outgoingRest = from?.transitionState.rest?.frame ?? .zero
        let plan = played.plan(incoming: incomingRest, outgoing: outgoingRest, in: container.bounds)
        return runTransition(
            host: host, from: from, to: to, in: container, duration: played == .none ? 0 : duration, curve: curve,
            incomingOnTop: plan.incomingOnTop,
            prepare: {
                toView?.frame = plan.incomingStart.frame
                toView?.alpha = plan.incomingStart.alpha
                if let mask = plan.incomingStartMask { toView?.mask = mask }
            },
            animations: {
                toView?.frame = incomingRest
                toView?.alpha = plan.incomingEndAlpha
                toView?.mask = incomingRestMask
                fromView?.frame = plan.outgoingEnd.frame
                fromView?.alpha = plan.outgoingEnd.alpha
                if let mask = plan.outgoingEndMask { fromView?.mask = mask }
                alongside?()
            },
            restore: { [weak container] fromView, rest in
                let frame = rest.frame(
                    in: container?.bounds.size ?? rest.containerSize, mask: fromView.autoresizingMask)
                fromView.frame = frame
                fromView.alpha = rest.alpha
                fromView.mask = rest.viewMask(at: frame)
            },
            completion: completion)
    }

    /// Animates the changes `animations` makes (as `View.animate`) as this controller's
    /// transition: while it runs the controller `isTransitioning`, so the window holds back
    /// events addressed to it. For containers that move their own views (a side menu sliding
    /// its content).
    @discardableResult
    public func animateTransition(
        withDuration duration: Double, delay: Double = 0, curve: AnimationCurve = .easeInOut,
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) -> Animation {
        AnimationTransaction.run(
            duration: duration, delay: delay, curve: curve, owner: self,
            context: viewIfLoaded?.window, changes: animations, completion: completion)
    }

    /// `animateTransition(withDuration:…)` at `speed` cells per second: the duration is the
    /// farthest frame edge's move in the block divided by `speed` (Textual's `animate(speed=)`),
    /// at once for no move or a speed that is not positive and finite. The returned animation
    /// keeps the speed, so `retarget` times the rest of a move by the distance left.
    @discardableResult
    public func animateTransition(
        withSpeed speed: Double, curve: AnimationCurve = .easeInOut,
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) -> Animation {
        AnimationTransaction.run(
            duration: 0, delay: 0, curve: curve, owner: self, speed: speed,
            context: viewIfLoaded?.window, changes: animations, completion: completion)
    }

    /// The transition both public methods share, on a `ChildTransition`: `prepare` places a
    /// `to.view` that is not in the container yet, before it is added; `restore` puts
    /// `from.view` back at its resting place after its removal.
    private static func runTransition(
        host: TransitionHost, from: ViewController?, to: ViewController?, in container: View,
        duration: Double, curve: AnimationCurve, incomingOnTop: Bool,
        prepare: (() -> Void)?, animations: () -> Void,
        restore: ((View, TransitionState.Rest) -> Void)?,
        completion: ((Bool) -> Void)?
    ) -> Animation {
        let animated = container.window?.animator.plays(duration: duration) ?? false
        let swap = host.beginTransition(from: from, to: to, animated: animated)
        swap.restore = restore
        if let to {
            if to.view.superview !== container { prepare?() }
            let below =
                incomingOnTop
                ? nil
                : from?.viewIfLoaded.flatMap { outgoing in
                    container.subviews.firstIndex { $0 === outgoing }
                }
            swap.insertIncoming(in: container, at: below)
        }
        return AnimationTransaction.run(
            duration: duration, delay: 0, curve: curve, owner: host.animationOwner, context: container.window,
            changes: animations
        ) { finished in
            swap.end()
            completion?(finished)
        }
    }
}
