/// Animating views, as UIKit's `UIView.animate` family. Frames, `alpha` and `mask` animate;
/// frames and masks move in whole cells (see `Rect.interpolated(to:progress:)`).
extension View {
    // MARK: Settings

    /// Whether animations play (default true). When false (reduced motion) every animation
    /// takes its final values at once and completes with the same completion calls as if it had
    /// played: on the next frame for views in a window, at once otherwise (see `Animation`);
    /// animations already running play on. A terminal session turns it off when the
    /// environment has `SHOJI_ANIMATIONS=none` (see `animationsAllowed(byEnvironmentValue:)`).
    public static var areAnimationsEnabled = true

    /// Whether a value of the `SHOJI_ANIMATIONS` environment variable allows animations: all but
    /// `none` (any case, surrounding spaces ignored) do; unset (`nil`) does.
    public static func animationsAllowed(byEnvironmentValue value: String?) -> Bool {
        guard let value else { return true }
        return value.trimmingSpaces.lowercased() != "none"
    }

    /// Runs `changes` so that they take effect at once, even inside an animation block; any
    /// `animate` call made in it completes at once too. As UIKit's method of the same name.
    public static func performWithoutAnimation(_ changes: () -> Void) {
        let enabled = areAnimationsEnabled
        areAnimationsEnabled = false
        defer { areAnimationsEnabled = enabled }
        AnimationTransaction.withoutRecording(changes)
    }

    // MARK: Animating

    /// Animates the changes `animations` makes to views' frames and alphas, as UIKit's method
    /// of the same name: each property moves from its value before the block to the value the
    /// block left, over `duration` seconds after `delay`, along the curve `options` names. A
    /// property that was already animating starts from where it is (that animation completes
    /// with `false`).
    ///
    /// The animation plays in the window of the first view the block changed (from its first
    /// frame, if it has not run yet); views of other windows and views in no window take their
    /// new values at once. When it cannot play every value is set at once and `completion(true)`
    /// runs on the window's next frame (reduced motion) or before this returns (`duration` 0,
    /// no window). See `Animation` for the details.
    @discardableResult
    public static func animate(
        withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) -> Animation {
        animate(
            withDuration: duration, delay: delay, curve: AnimationCurve(options),
            animations: animations, completion: completion)
    }

    /// `animate(withDuration:delay:options:animations:completion:)` with any curve, such as a
    /// custom one.
    @discardableResult
    public static func animate(
        withDuration duration: Double, delay: Double = 0, curve: AnimationCurve,
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) -> Animation {
        AnimationTransaction.run(
            duration: duration, delay: delay, curve: curve, owner: nil, context: nil,
            changes: animations, completion: completion)
    }

    /// Animates this view's frame to `frame`, from where it is now (see `animate`).
    @discardableResult
    public func animateFrame(
        to frame: Rect, duration: Double, delay: Double = 0, curve: AnimationCurve = .easeInOut,
        completion: ((Bool) -> Void)? = nil
    ) -> Animation {
        AnimationTransaction.run(
            duration: duration, delay: delay, curve: curve, owner: nil, context: window,
            changes: { self.frame = frame }, completion: completion)
    }

    // MARK: Animation state

    /// Where the frame is going: the end of its running animation, else `frame`.
    public var targetFrame: Rect { frameAnimation?.targetFrame ?? frame }

    /// Stops the view's running animations where they are; their completions get `false`
    /// (see `Animation.cancel()`: other views of the same call stop too).
    public func cancelAnimations() {
        for group in [frameAnimation?.group, alphaAnimation?.group, maskAnimation?.group].compactMap({ $0 }) {
            group.cancel()
        }
    }

    /// Moves the view's running animations to their ends now (see `Animation.finish()`: other
    /// views of the same call finish too).
    public func finishAnimations() {
        for group in [frameAnimation?.group, alphaAnimation?.group, maskAnimation?.group].compactMap({ $0 }) {
            group.finish()
        }
    }
}

extension View {
    /// Where `alpha` is going: the end of its running animation, else `alpha`.
    var targetAlpha: Double {
        if case .alpha(_, let to)? = alphaAnimation?.values { return to }
        return alpha
    }

    /// Where `mask` is going: the end of its running animation, else `mask`.
    var targetMask: Rect? {
        if case .mask(_, let to)? = maskAnimation?.values { return to }
        return mask
    }
}
