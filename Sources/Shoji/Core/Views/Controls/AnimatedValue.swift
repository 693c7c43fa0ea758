/// A number a control draws, moving to a new value over time on its window's animator (a
/// progress bar's fill, a switch's knob).
///
/// The animator animates frames, alphas and masks; a value drawn inside a view is none of
/// those, so the motion is an animation with nothing to move (which still lasts its duration,
/// see `Animation`) and the view reads where the value is from that animation's clock when it
/// draws. So the value follows the animator's rules: time-based, one frame per tick while it
/// runs, no motion under reduced motion or while the window catches up, none outside a window.
@MainActor
struct AnimatedValue {
    /// Where the value goes (or is, once the motion ended).
    private(set) var target: Double
    /// Where the running motion started.
    private var start: Double
    /// The running motion, if any.
    private var motion: Animation?

    /// A value standing at `value`.
    init(_ value: Double) {
        target = value
        start = value
    }

    /// True while the value moves.
    var isMoving: Bool { motion?.isRunning ?? false }

    /// The value to draw now in `view`: along the motion's curve between its start and the
    /// target, by the window's clock; the start while the motion waits for the window's first
    /// frame; the target when nothing moves.
    func current(in view: View) -> Double {
        guard let motion, motion.isRunning else { return target }
        guard let begun = motion.startTime, let now = view.window?.mainLoop?.clock.seconds else { return start }
        guard motion.duration > 0 else { return target }
        let fraction = (now - begun) / motion.duration
        if fraction >= 1 { return target }
        return start + (target - start) * motion.curve.value(at: fraction)
    }

    /// Ends a running motion at its target, so a view that left its window keeps no animation
    /// (and no frames) going in it.
    mutating func settle() {
        let old = motion
        motion = nil
        old?.cancel()
        start = target
    }

    /// Moves to `value`: over `duration` seconds along `curve` from where it is now when
    /// `animated` and the animator of `view`'s window plays such an animation, else at once.
    /// A motion already running stops where it is and the new one starts from there. Asks
    /// `view` for a frame either way, and again when the motion ends.
    mutating func set(
        _ value: Double, animated: Bool, duration: Double, curve: AnimationCurve = .easeInOut, in view: View
    ) {
        let from = current(in: view)
        let old = motion
        motion = nil
        old?.cancel()
        start = from
        target = value
        view.setNeedsDisplay()
        guard animated, from != value, let window = view.window, window.animator.plays(duration: duration) else {
            return
        }
        motion = AnimationTransaction.run(
            duration: duration, delay: 0, curve: curve, owner: nil, context: window, changes: {},
            completion: { [weak view] _ in view?.setNeedsDisplay() })
    }
}
