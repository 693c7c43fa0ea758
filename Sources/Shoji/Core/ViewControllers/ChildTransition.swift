/// One swap of the views of two children of a container, with their appearance calls: the
/// engine under every container transition (`transition(from:to:…)`, `transitionBack`, a side
/// menu's replacement), for containers whose motion is their own.
///
/// A container begins it with `beginTransition(from:to:animated:)`, moves whatever it likes
/// (its children's views, a pane that holds them) over as many animations as it likes, puts
/// the incoming view in place with `insertIncoming(in:at:)` and takes the outgoing one out with
/// `removeOutgoing()` at the moments its choreography says, then calls `end()`.
///
/// Guarantees:
/// - Appearance, ordered and balanced also when interrupted: when the container is appearing,
///   `from` gets `viewWillDisappear` (if it was appearing) and `to` `viewWillAppear` at the
///   begin (loading `to`'s view), before any view changes; `from` gets `viewDidDisappear` when
///   its view leaves, `to` `viewDidAppear` at `end()`. Every call carries `animated`.
/// - Claims: the transition claims `from` at the begin and `to` once its view is in place. A
///   later transition that takes one over (showing `from` again to reverse, say), or anyone
///   who removes its view, ends the claim: this transition then leaves that controller alone
///   (its `removeOutgoing()` and `end()` do nothing to it).
/// - No containment calls: the caller (or the `ChildChange` it runs in) makes them, in UIKit's
///   order around the transition.
/// - A window's modal presentations use the same engine with the window as the host (no
///   `container`): the presented controller is `to` when it is presented and `from` when it is
///   dismissed, and what a full-screen presentation covers is `from` of a transition to
///   nothing. Appearance then follows the window's visibility instead of a container's phase.
/// - Main actor only; every step may be called at most once, in the order above, and each
///   tolerates controllers that went away meanwhile (it holds them weakly).
@MainActor
public final class ChildTransition {
    /// The container whose children swap (`nil` for a window's presentation, or once the
    /// container went away).
    public private(set) weak var container: ViewController?
    /// The window whose presentations these are, for a transition made by the window (no
    /// container).
    private weak var presentingWindow: Window?
    /// The child whose view leaves, if any.
    public private(set) weak var from: ViewController?
    /// The child whose view enters, if any.
    public private(set) weak var to: ViewController?
    /// Whether the appearance calls say `animated`: true exactly when the caller's motion
    /// plays over time.
    public let animated: Bool
    private let claim: Int
    /// Puts `from`'s view back at its resting place after its removal (styled transitions).
    var restore: ((View, TransitionState.Rest) -> Void)?

    init(container: ViewController, from: ViewController?, to: ViewController?, animated: Bool) {
        self.container = container
        self.from = from
        self.to = to
        self.animated = animated
        claim = TransitionState.newClaim()
        begin()
    }

    /// A transition of `window`'s presentations (see the type's notes): `from` leaves the
    /// window, `to` enters it; their appearance follows the window's visibility.
    init(window: Window, from: ViewController?, to: ViewController?, animated: Bool) {
        presentingWindow = window
        self.from = from
        self.to = to
        self.animated = animated
        claim = TransitionState.newClaim()
        begin()
    }

    /// Whether the host shows its controllers now: the container is appearing, or the window
    /// is visible.
    private var hostIsAppearing: Bool {
        if let container { return container.isAppearing }
        return presentingWindow?.isVisible ?? false
    }

    private func begin() {
        from?.transitionState.claim = claim
        if let from, hostIsAppearing, from.isAppearing { from.beginAppearanceTransition(false, animated: animated) }
        // `to` appears only if the host still does: a hook of `from` may have hidden it.
        if let to, hostIsAppearing { to.beginAppearanceTransition(true, animated: animated) }
    }

    /// Puts `to`'s view in `containerView` at subview `index`, or on top of the others when
    /// `nil`, and claims `to`. A view already in `containerView` below `index` stays where it
    /// is (a reversal keeps the order it had). Moving a view from another superview drops the
    /// claims on it, so the claim is taken after the move.
    public func insertIncoming(in containerView: View, at index: Int? = nil) {
        guard let to else { return }
        let toView = to.view
        if let index {
            let current = containerView.subviews.firstIndex { $0 === toView }
            if current.map({ $0 >= index }) ?? true { containerView.insertSubview(toView, at: index) }
        } else {
            containerView.addSubview(toView)
        }
        to.transitionState.claim = claim
    }

    /// Whether this transition still moves `controller` (no later transition took it over and
    /// its view was not removed by someone else).
    public func claims(_ controller: ViewController) -> Bool {
        controller.transitionState.claim == claim
    }

    /// Takes `from`'s view out of its superview, if this transition still claims `from`;
    /// `from` then completes its disappearance. A styled transition then puts the view back at
    /// the frame, alpha and mask it rested at before it moved.
    public func removeOutgoing() {
        guard let from, claims(from) else { return }
        let rest = from.transitionState.rest
        from.transitionState.claim = nil
        from.transitionState.rest = nil
        if let fromView = from.viewIfLoaded, fromView.superview != nil {
            fromView.removeFromSuperview()
            if let rest { restore?(fromView, rest) }
            // Out of the window no frame's layout pass reaches it: a resize since the last pass
            // (or the restored frame) is laid out now, so a controller that waits off screen
            // (covered by a full-screen presentation, popped) agrees with its own bounds.
            fromView.layoutIfNeeded()
        }
        if from.appearanceState.phase == .willDisappear { from.endAppearanceTransition() }
    }

    /// Ends the transition: `from` is removed if it is still there (as `removeOutgoing()`), and
    /// `to`, if still claimed and shown in the container's view, is brought in line with the
    /// container (`viewDidAppear` when the container appeared; a hook may have hidden it
    /// meanwhile, and then it disappears instead).
    public func end() {
        removeOutgoing()
        guard let to, claims(to) else { return }
        to.transitionState.claim = nil
        if let container, to.parent === container, let toView = to.viewIfLoaded, let view = container.viewIfLoaded,
            toView.isDescendant(of: view)
        {
            container.bringAppearanceInLine(to)
        } else if let presentingWindow, to.parent == nil, to.viewIfLoaded?.window === presentingWindow {
            presentingWindow.bringAppearanceInLine(to)
        }
    }
}

extension ViewController {
    /// Begins a `ChildTransition` from the shown child `from` to the child `to` (either may be
    /// `nil`): both get their will-calls now, with `animated`. For containers that move views
    /// their own way; the others use `transition(from:to:…)`, which is built on it.
    ///
    /// Both must be children of this controller (precondition).
    public func beginTransition(from: ViewController?, to: ViewController?, animated: Bool) -> ChildTransition {
        for child in [from, to].compactMap({ $0 }) {
            precondition(
                child.parent === self,
                "ViewController.transition: \(child.debugIdentifier) is not a child of \(debugIdentifier)")
        }
        return ChildTransition(container: self, from: from, to: to, animated: animated)
    }
}
