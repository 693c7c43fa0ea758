/// Drives several main loops on the main actor with one wait for all of them: the windows of a
/// process that serves many terminals at once (an SSH server, `ShojiSSH`), each with its own
/// `Application`, window, screen, input and frame pacing.
///
/// Guarantees:
/// - A pass does, for every loop in the order they were added, what `MainLoop.run()` does in
///   one of its passes (`performDueWork()`, then its input read without waiting and the events
///   dispatched with `MainLoop.receive(_:)`); in between it waits once, until the earliest of
///   the loops' deadlines (`MainLoop.waitTimeout`, `InputSource.inputDeadline`) or a wake-up
///   (`waiter`). An idle group waits with no time limit, so idle windows use no CPU.
/// - Loops share the thread, never state: each keeps its own timers, frames, held-back events
///   and dispatch budget, so a loop drawing or dispatching has no effect on another's frame
///   times (only on when the shared thread gets to it). What each loop does per pass is bounded
///   (its dispatch budget, one frame), so none can keep the others waiting for long.
/// - A loop that stops (its app quit, or `.terminate` from its input) is dropped at the end of
///   the pass, after which its `whenStopped` runs once.
///
/// Threading: main actor only; `waiter.wake()` may be called from any thread.
@MainActor
public final class MainLoopGroup {
    /// The one wait of every pass, woken by any loop's input (or anything else with work for
    /// the main actor).
    public let waiter: any LoopWaiter
    /// The loops driven now, in the order they were added.
    public var loops: [MainLoop] { members.map(\.loop) }
    private var members: [(loop: MainLoop, whenStopped: @MainActor () -> Void)] = []

    /// A group with no loops, which waits on `waiter`.
    public init(waiter: any LoopWaiter) {
        self.waiter = waiter
    }

    /// Starts `loop` (`MainLoop.start()`, so its first frame is due) and drives it from the
    /// next pass on; `whenStopped` runs once after the pass in which it stopped. Its input
    /// should wake `waiter` when it has events (the group reads it without waiting).
    public func add(_ loop: MainLoop, whenStopped: @escaping @MainActor () -> Void = {}) {
        loop.start()
        members.append((loop, whenStopped))
    }

    /// How long the next pass waits at most: until the earliest deadline of any loop, `nil`
    /// when every loop is idle.
    public var waitTimeout: Double? {
        var earliest: Double?
        for (loop, _) in members where loop.isRunning {
            let own = [loop.waitTimeout, loop.input.inputDeadline.map { max(0, $0 - loop.clock.seconds) }]
            for case let timeout? in own { earliest = min(earliest ?? timeout, timeout) }
        }
        return earliest
    }

    /// One pass over every loop: due work, then (with `waiting`) the wait, then each loop's
    /// input. `waiting` false is for tests on a manual clock, which step time themselves.
    public func runPass(waiting: Bool = true) {
        for (loop, _) in members where loop.isRunning { loop.performDueWork() }
        if waiting { waiter.wait(timeout: waitTimeout) }
        for (loop, _) in members where loop.isRunning {
            loop.receive(loop.input.nextEvents(timeout: 0, readingInput: loop.isReadingInput))
        }
        dropStoppedLoops()
    }

    /// Runs passes while `condition` holds (checked before each).
    public func run(while condition: () -> Bool) {
        while condition() { runPass() }
    }

    private func dropStoppedLoops() {
        guard members.contains(where: { !$0.loop.isRunning }) else { return }
        let stopped = members.filter { !$0.loop.isRunning }
        members.removeAll { !$0.loop.isRunning }
        for member in stopped { member.whenStopped() }
    }
}

/// The wait of a `MainLoopGroup`'s pass: blocks the main thread until `wake()` or the time-out,
/// serving the main actor's jobs meanwhile where the platform needs it (the terminal backend's
/// waiter does, as `TerminalInput` does for one loop).
@MainActor
public protocol LoopWaiter: AnyObject, Sendable {
    /// Waits until `wake()` (since the last wait), or `timeout` seconds (`nil`: no limit).
    func wait(timeout: Double?)

    /// Ends the current or the next `wait` from any thread; never blocks.
    nonisolated func wake()
}
