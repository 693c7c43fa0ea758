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
/// - Main actor only. The completion runs on the tick that ends the call (before that frame is
///   drawn), or inside the call that ends it early (`cancel()`, `finish()`, a new animation or
///   a direct set of one of its properties), after the animator's state is consistent.
@MainActor
public final class Animation {
    /// Seconds from start to end (excluding `delay`).
    public let duration: Double
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
        duration: Double, delay: Double, curve: AnimationCurve, owner: ViewController?,
        completion: ((Bool) -> Void)?
    ) {
        self.duration = duration
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
