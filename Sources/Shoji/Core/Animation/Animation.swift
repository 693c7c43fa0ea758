/// One call of `View.animate` (or `animateFrame`, or a controller's transition): the property
/// changes it recorded, played together over `duration`, and the completion that runs when the
/// last of them ends. Returned by those calls so the caller can stop it.
///
/// Guarantees:
/// - The completion runs exactly once: with `true` when every change reached its end (played
///   out, `finish()`, or at once because nothing could play), with `false` when any was cut
///   short (`cancel()`, a new animation of the same property, a direct set, its view leaving
///   the window, the window going away).
/// - A call that plays (positive duration, animations enabled, a window) runs for its duration
///   even when its block changed nothing, from the window's first frame if it has not run yet.
/// - Under reduced motion (`View.areAnimationsEnabled` false) a call in a window sets its end
///   values at once and completes on the next frame: an animation that restarts itself from
///   its completion (a spinner) then runs once per frame instead of never returning.
/// - A call with no positive duration, or whose views are in no window, sets its end values and
///   completes before it returns (or, if called from another completion, right after that one).
///   So a completion that restarts such a call unconditionally never ends: check `finished`.
/// - Retargeting (`retarget(_:toFrame:from:speed:)`) sends a running frame change elsewhere
///   from where it is, keeping the completion: the clock restarts, over the distance left at the
///   animation's speed (one made with a speed, Textual's `animate(speed=)`) or over the time it
///   had left.
/// - Main actor only. The completion runs on the tick that ends the call (before that frame is
///   drawn), or inside the call that ends it early (`cancel()`, `finish()`, a new animation or
///   a direct set of one of its properties), after the animator's state is consistent.
@MainActor
public final class Animation {
    /// Seconds from start to end (excluding `delay`); from the last retarget on, from then.
    public private(set) var duration: Double
    /// Cells per second, for an animation made with a speed rather than a duration: its
    /// duration is the farthest frame edge's move divided by it, also when retargeted.
    public private(set) var speed: Double?
    /// Seconds between the call and the first move.
    public let delay: Double
    /// How time maps to progress.
    public let curve: AnimationCurve
    /// Clock time of the first move (call time plus delay); `nil` while waiting for its window's
    /// first frame, and for a call that completed at once.
    public private(set) var startTime: Double?
    /// `nil` while running; then whether every change reached its end (the completion's value).
    public private(set) var finished: Bool?

    /// True until the completion has run.
    public var isRunning: Bool { finished == nil }

    /// The controller that runs this as its transition (it `isTransitioning` meanwhile).
    weak var owner: ViewController?
    /// The animator ticking it (or that will, once bound); `nil` for a call completed at once.
    weak var animator: Animator?
    /// Its property animations still running, in recording order.
    var members: [PropertyAnimation] = []
    /// Set when a member was cut short.
    var interrupted = false
    /// For a call with nothing to move that still takes time: it ends at this clock time.
    var endTime: Double?
    /// Reduced motion: its values are set (its members stand still at their ends), and it ends
    /// at the next frame instead of after its duration.
    var endsAtNextFrame = false
    private var completion: ((Bool) -> Void)?

    init(
        duration: Double, delay: Double, curve: AnimationCurve, owner: ViewController?, speed: Double? = nil,
        completion: ((Bool) -> Void)?
    ) {
        self.duration = duration
        self.speed = speed
        self.delay = delay
        self.curve = curve
        self.owner = owner
        self.completion = completion
    }

    /// Starts its clock at `now`: its values move from `now + delay`.
    func begin(at now: Double) {
        let start = endsAtNextFrame ? now : now + max(0, delay)
        startTime = start
        if members.isEmpty { endTime = endsAtNextFrame ? start : start + duration }
    }

    /// Stops every change where it is now; the completion gets `false`. Does nothing once
    /// completed.
    public func cancel() {
        guard isRunning else { return }
        interrupted = true
        for member in members { Animator.end(member, how: .interrupted) }
        endTime = nil
        Animator.queueCompletionIfDone(self)
        Animator.runPendingCompletions()
    }

    /// Moves every change to its end now; the completion gets `true` unless a change was
    /// already cut short. Does nothing once completed.
    public func finish() {
        guard isRunning else { return }
        for member in members { Animator.end(member, how: .finishedNow) }
        endTime = nil
        Animator.queueCompletionIfDone(self)
        Animator.runPendingCompletions()
    }

    /// Seconds a move of `distance` cells takes at `speed` cells per second; 0 (at once) for no
    /// move, or a speed that is not positive and finite.
    public static func duration(forDistance distance: Int, speed: Double) -> Double {
        guard distance > 0, speed > 0, speed.isFinite else { return 0 }
        return Double(distance) / speed
    }

    /// Sends the change of `view`'s frame to `frame`, from where it is now (or from `start`,
    /// which it takes at once), keeping the completion: nothing is cut short. The clock
    /// restarts now: over the distance left at `speed` (else the animation's own, for one made
    /// with a speed; a given speed is kept for later retargets), or, for one made with a
    /// duration, over the time it had left. Its other changes go on from where they are to
    /// their ends over the same time. A still animation (reduced motion) takes the new frame
    /// at once and still ends at the next frame; one with nothing left to move ends at the next
    /// tick, never inside this call (a retarget from layout must not run completions that
    /// change children). Does nothing once completed, or when `view`'s frame is not one of its
    /// changes.
    public func retarget(_ view: View, toFrame frame: Rect, from start: Rect? = nil, speed newSpeed: Double? = nil) {
        guard isRunning, let member = view.frameAnimation, member.group === self else { return }
        if let newSpeed { speed = newSpeed }
        if endsAtNextFrame {
            member.restart(towards: frame, from: frame)
            member.apply(progress: 1)
            return
        }
        let from = start ?? view.frame
        if let start { view.applyFrame(start) }
        let now = animator?.mainLoop?.clock.seconds
        if let speed {
            duration = Self.duration(forDistance: from.edgeDistance(to: frame), speed: speed)
        } else if let now, let startTime {
            duration = max(0, duration - max(0, now - startTime))
        }
        for other in members {
            other.restart(towards: other === member ? frame : nil, from: other === member ? from : nil)
        }
        if let now { startTime = now }
    }

    /// True when nothing of it runs any more and the completion may run.
    var isDone: Bool { members.isEmpty && endTime == nil }

    /// Records the result and runs the completion, once.
    func complete() {
        guard isRunning else { return }
        finished = !interrupted
        let completion = self.completion
        self.completion = nil
        completion?(!interrupted)
    }
}
