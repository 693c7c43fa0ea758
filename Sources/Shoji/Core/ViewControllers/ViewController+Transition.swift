extension ViewController {
    /// Replaces the shown child `from` with the child `to`, as UIKit's method of the same name:
    /// adds `to.view` to `from.view`'s superview (with `to.view.frame` as the caller set it),
    /// runs `animations`, removes `from.view`, and calls `completion(true)`.
    ///
    /// Appearance: when this controller is appearing, `from` gets `viewWillDisappear` and `to`
    /// `viewWillAppear` before the views change, then `viewDidDisappear` and `viewDidAppear`
    /// after; `animated` is true exactly when the transition animates.
    ///
    /// The caller does the containment around it, in UIKit's order:
    /// `from.willMove(toParent: nil)`, `addChild(to)`, this call, then in the completion
    /// `to.didMove(toParent: self)` and `from.removeFromParent()`.
    ///
    /// Both must be children of this controller and `from.view` must be in a superview; a
    /// violation stops with a precondition failure naming the problem.
    ///
    /// Until the animation layer lands, every transition completes at once (as with duration 0)
    /// and reports `animated` false.
    public func transition(from: ViewController, to: ViewController, duration: Double,
                           options: AnimationOptions = [], animations: (() -> Void)?,
                           completion: ((Bool) -> Void)?) {
        precondition(from.parent === self && to.parent === self,
                     "ViewController.transition: \(from.debugIdentifier) and \(to.debugIdentifier) must both be children of \(debugIdentifier)")
        guard let container = from.viewIfLoaded?.superview else {
            preconditionFailure("ViewController.transition: \(from.debugIdentifier)'s view is not in a superview")
        }
        let animated = false
        let shown = isAppearing && from.isAppearing
        if shown { from.beginAppearanceTransition(false, animated: animated) }
        // Fixed bug: `to` appeared whenever the transition started shown, even when a hook of
        // `from` had meanwhile hidden this controller (window hidden, parent removed): `to` got
        // `viewDidAppear` in a hidden tree. It appears only if this controller still is.
        let toAppears = shown && isAppearing
        if toAppears { to.beginAppearanceTransition(true, animated: animated) }
        container.addSubview(to.view)
        animations?()
        from.view.removeFromSuperview()
        if from.appearanceState.phase == .willDisappear { from.endAppearanceTransition() }
        // A hook may have changed this controller's state meanwhile (hidden before `to.view`
        // was in the tree, where the disappearance could not reach it): settle `to` with it.
        if toAppears { bringAppearanceInLine(to) }
        completion?(true)
    }
}
