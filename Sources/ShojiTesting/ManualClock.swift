import Synchronization

/// A clock that moves only when told: tests step time to exact instants, so animations, timers
/// and sleeping tasks are checked frame by frame, deterministically.
///
/// It is the main loop's `TimeSource` (in seconds) and a Swift `Clock` (in `Duration`), so code
/// that sleeps can be handed it instead of `ContinuousClock`:
///
///     try await Task.sleep(for: .seconds(1), clock: clock)   // `clock: any Clock<Duration>`
///
/// Guarantees:
/// - Time never goes back; it moves only in `advance(by:)` / `advance(to:)` (which `Pilot`
///   calls at every deadline on its way, sleepers' included).
/// - A sleeper wakes when time reaches its deadline: `advance` resumes every sleeper whose
///   deadline is at or before the new time, earliest deadline first (equal deadlines in the
///   order they began to sleep). A deadline not after now does not suspend at all. A cancelled
///   sleeper throws `CancellationError` at once.
/// - Thread-safe: `seconds`, `now` and sleeping work from any thread.
/// - Resumed sleepers continue, like every task `Pilot.runTasks()` lets run, on the main
///   actor's queue (see `Pilot.runTasks()`), so a test that then awaits `runTasks()` sees them
///   done.
public final class ManualClock: TimeSource, Clock {
    /// A point in a manual clock's time: seconds since its origin.
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// Seconds since the clock's origin.
        public var seconds: Double

        /// The instant `seconds` after the clock's zero.
        public init(seconds: Double) { self.seconds = seconds }

        /// The instant `duration` later (earlier for a negative one).
        public func advanced(by duration: Duration) -> Instant {
            Instant(seconds: seconds + duration.manualClockSeconds)
        }

        /// How long from this instant to `other` (negative when `other` is earlier).
        public func duration(to other: Instant) -> Duration { .seconds(other.seconds - seconds) }

        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.seconds < rhs.seconds }

        public var description: String { "\(seconds) s" }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Double
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var seconds: Double
        var sleepers: [Sleeper] = []
        var cancelled: Set<Int> = []
        var nextID = 0
    }

    private let state: Mutex<State>

    /// A clock standing at `start` seconds.
    public init(start: Double = 0) { state = Mutex(State(seconds: start)) }

    /// The current time in seconds (the main loop's time).
    public var seconds: Double { state.withLock { $0.seconds } }

    /// The current time as an `Instant` (the Swift `Clock`'s time).
    public var now: Instant { Instant(seconds: seconds) }

    /// Any duration can be slept exactly.
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// The earliest deadline of a sleeping task, or `nil` when none sleeps.
    public var nextWakeUp: Double? { state.withLock { $0.sleepers.map(\.deadline).min() } }

    /// How many tasks sleep on this clock now.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Suspends until `advance` reaches `deadline` (see the type's guarantees). `tolerance` is
    /// ignored: a manual clock wakes sleepers exactly.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    if deadline.seconds <= state.seconds { return .success(()) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline.seconds, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper: Sleeper? = state.withLock { state in
                if let index = state.sleepers.firstIndex(where: { $0.id == id }) {
                    return state.sleepers.remove(at: index)
                }
                state.cancelled.insert(id)  // cancelled before it began to wait
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `seconds` (negative values are ignored: the clock is monotonic)
    /// and wakes the sleepers it passes.
    public func advance(by seconds: Double) {
        let target = state.withLock { $0.seconds + max(0, seconds) }
        advance(to: target)
    }

    /// Moves time to `instant` if it is later than now (an earlier instant is ignored) and wakes
    /// the sleepers whose deadline it reached.
    public func advance(to instant: Double) {
        let due: [Sleeper] = state.withLock { state in
            state.seconds = max(state.seconds, instant)
            let now = state.seconds
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due.enumerated().sorted { ($0.element.deadline, $0.offset) < ($1.element.deadline, $1.offset) }.map(
                \.element)
        }
        guard !due.isEmpty else { return }
        SerialTasks.redirectingGlobalJobs {
            for sleeper in due { sleeper.continuation.resume() }
        }
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var manualClockSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}
