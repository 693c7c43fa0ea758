/// Plays a window's animations on its main loop's clock, like Textual's `Animator`: one tick
/// callback (the loop's display link) sets every animated value from the time before each
/// frame is drawn.
///
/// Guarantees:
/// - Time-based: on each tick a property is at `curve.value(at: (now - start) / duration)` of
///   the way, so a slow tick skips ahead instead of stretching the animation, and an animation
///   ends on the first tick at or after `start + duration` (a nanosecond of slack absorbs the
///   rounding of frame times such as `18 × 1/60`), exactly on its target.
/// - The first frame moves: an animation started while the window runs begins one frame
///   interval before the first frame it shows in, so that frame (the one that answers the key
///   that started it) already shows its first step, and it ends one frame interval sooner
///   after the key than its duration. One started before the window runs begins with the
///   window's first frame, which shows its starting values.
/// - The tick callback is registered only while something runs; with nothing animating the loop
///   has no deadline and sleeps.
/// - One animation per property of a view: a new one starts from the current value and ends
///   the old one, not finished.
/// - A view that left the window (or went away) ends its animations at the next tick, at their
///   target, not finished.
/// - Completions run after the animator's state is consistent, in the order the animations
///   ended, never while another completion runs (a completion that ends more animations queues
///   theirs behind it).
/// - Main actor only. Owned by its `Window` (`window.animator`), which binds it to the main
///   loop at its first main loop callback; animations started before wait for it and start
///   then (a spinner set up in `viewDidLoad` starts with the first frame). When the window goes
///   away its running animations are cancelled.
@MainActor
public final class Animator {
    /// The loop whose clock and frames drive the animations; `nil` until bound.
    public private(set) weak var mainLoop: MainLoop?

    /// The window whose views this animates.
    public private(set) weak var window: Window?

    /// The running animations, oldest first.
    public private(set) var animations: [Animation] = []

    /// Running property animations, in start order (the order ticks set them).
    private var members: [PropertyAnimation] = []
    private var tickCallback: Int?

    init(window: Window) {
        self.window = window
    }

    /// A window that goes away cancels what it was animating, so every completion still runs
    /// once (with `false`).
    isolated deinit {
        for animation in animations { animation.cancel() }
    }

    /// Uses `loop`'s clock and ticks from now on; animations that waited for it start now.
    func bind(to loop: MainLoop) {
        guard loop !== mainLoop else { return }
        if let id = tickCallback { mainLoop?.removeTickCallback(id) }
        tickCallback = nil
        mainLoop = loop
        for group in animations where group.startTime == nil { group.begin(at: loop.clock.seconds) }
        if !animations.isEmpty { startTicking() }
    }

    /// True while an animation runs.
    public var isAnimating: Bool { !animations.isEmpty }

    /// Whether an animation of `duration` seconds would play here (from the window's first
    /// frame, if it has not run yet) rather than take its end values at once: the duration is
    /// positive, animations are allowed (`Window.animationsAllowed`; without a window,
    /// `View.areAnimationsEnabled`) and the window is not working off a backlog of events
    /// (`Window.isCatchingUp`). Every transition and animation asks this, so the rule is the
    /// same for all of them.
    public func plays(duration: Double) -> Bool {
        duration > 0 && (window?.animationsAllowed ?? View.areAnimationsEnabled) && !(window?.isCatchingUp ?? false)
    }

    /// Whether an animation that `controller` runs as its transition is running.
    public func isAnimating(ownedBy controller: ViewController) -> Bool {
        animations.contains { $0.owner === controller }
    }

    /// Cancels every running animation (see `Animation.cancel()`), oldest first.
    public func cancelAll() {
        for animation in animations { animation.cancel() }
    }

    /// Finishes every running animation now (see `Animation.finish()`), oldest first.
    public func finishAll() {
        for animation in animations { animation.finish() }
    }

    // MARK: Starting

    /// Starts `group` with its members (already attached to their views); with none, it ends
    /// after its duration. With `atNextFrame` (reduced motion: its values are already set, its
    /// members stand still) it ends on the next frame. Before the animator is bound it waits
    /// for the loop.
    func start(_ group: Animation, atNextFrame: Bool) {
        group.animator = self
        group.endsAtNextFrame = atNextFrame
        animations.append(group)
        members.append(contentsOf: group.members)
        if let loop = mainLoop {
            group.begin(at: Self.beginTime(on: loop))
            startTicking()
        }
    }

    /// When an animation started now begins: one frame interval before the first frame it
    /// shows in (`MainLoop.firstFrameShowingChangesNow`), so that frame shows its first step. A
    /// motion then answers the key that started it in that key's frame; begun at that frame's
    /// time, the frame would show its starting values, which change nothing on screen, and the
    /// first step would wait a frame interval. Never later than now, never earlier than a frame
    /// interval ago.
    private static func beginTime(on loop: MainLoop) -> Double {
        let now = loop.clock.seconds
        return min(now, max(now - loop.frameInterval, loop.firstFrameShowingChangesNow - loop.frameInterval))
    }

    private func startTicking() {
        guard tickCallback == nil, let loop = mainLoop else { return }
        tickCallback = loop.addTickCallback(name: "Animator") { [weak self] now in self?.tick(now) ?? false }
    }

    // MARK: Ticking

    /// Sets every running value for the frame at `now`; returns whether to keep ticking.
    private func tick(_ now: Double) -> Bool {
        for member in members where member.isRunning {
            guard let view = member.view, view.window === window else {
                Self.end(member, how: .detached)
                continue
            }
            let group = member.group
            guard let start = group.startTime, now >= start else { continue }  // still in its delay
            let duration = group.endsAtNextFrame ? 0 : group.duration
            if now - start >= duration - Self.slack {
                Self.end(member, how: .completed)
            } else {
                member.apply(progress: group.curve.value(at: (now - start) / duration))
            }
        }
        members.removeAll { !$0.isRunning }
        for group in animations {
            if let end = group.endTime, now >= end - Self.slack { group.endTime = nil }
            Self.queueCompletionIfDone(group)
        }
        Self.runPendingCompletions()
        // A completion may have started new animations: they keep the same callback.
        if animations.isEmpty { tickCallback = nil }
        return tickCallback != nil
    }

    /// Seconds of tolerance at the end of an animation: frame times are sums of `1/fps`, so the
    /// frame meant for the end may fall a rounding error short of it.
    static let slack = 1e-9

    // MARK: Ending (shared by every animator, the frame setters and `Animation`)

    /// How a property animation ends.
    enum Ending {
        /// Reached its end on a tick.
        case completed
        /// Moved to its end early (`finish()`).
        case finishedNow
        /// Stopped where it is: cancelled, replaced by a new animation, or a direct set.
        case interrupted
        /// Its view left the window or went away: moved to its end, not finished.
        case detached
    }

    /// Ends `member`: moves it to its end if `how` says so, detaches it from its view and its
    /// group, and queues the group's completion if that was its last member. Removal from the
    /// animator's list happens at the next tick (it skips ended members).
    static func end(_ member: PropertyAnimation, how: Ending) {
        guard member.isRunning else { return }
        member.isRunning = false
        switch how {
        case .completed, .finishedNow, .detached: member.apply(progress: 1)
        case .interrupted: break
        }
        if how == .interrupted || how == .detached { member.group.interrupted = true }
        if let view = member.view {
            if view.frameAnimation === member { view.frameAnimation = nil }
            if view.alphaAnimation === member { view.alphaAnimation = nil }
            if view.maskAnimation === member { view.maskAnimation = nil }
        }
        member.group.members.removeAll { $0 === member }
        queueCompletionIfDone(member.group)
    }

    /// Ends `member`, if any, as cut short (a direct set or a new animation of its property).
    static func interrupt(_ member: PropertyAnimation?) {
        if let member { end(member, how: .interrupted) }
    }

    private static var pendingCompletions: [Animation] = []
    private static var isRunningCompletions = false

    /// Queues `group`'s completion if nothing of it runs any more.
    static func queueCompletionIfDone(_ group: Animation) {
        guard group.isRunning, group.isDone, !pendingCompletions.contains(where: { $0 === group }) else { return }
        group.animator?.animations.removeAll { $0 === group }
        pendingCompletions.append(group)
    }

    /// Runs the queued completions in order, unless a completion is already running (then the
    /// outer loop runs them). Each window whose animations ended hears about it afterwards, so
    /// it can deliver the events it held back.
    static func runPendingCompletions() {
        guard !isRunningCompletions else { return }
        isRunningCompletions = true
        defer { isRunningCompletions = false }
        while !pendingCompletions.isEmpty {
            let group = pendingCompletions.removeFirst()
            let window = group.animator?.window
            group.complete()
            window?.transitionDidEnd()
        }
    }
}
