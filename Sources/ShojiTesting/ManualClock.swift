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
/// - Durations add up exactly: the clock's `now` is a whole number of nanoseconds, and
///   `advance(by:)` (here and in `Pilot`) adds nanoseconds, so from any start a deadline reached
///   by adding durations (a task that sleeps 100 ms five times) and the instant reached by
///   advancing by their sum (`advance(by: 0.5)`) are the same instant. A duration given in
///   seconds is taken to the nearest nanosecond.
/// - `seconds`, the main loop's time, is the instant the clock was moved to: exactly the value
///   `advance(to:)` was given (the loop computes its deadlines in seconds and reaches them
///   exactly), or `now` in seconds after an advance by a duration. `now` is always `seconds`
///   to the nearest nanosecond.
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
    /// A point in a manual clock's time: whole nanoseconds since its origin.
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// Nanoseconds since the clock's origin.
        public var nanoseconds: Int64

        /// The instant `nanoseconds` after the clock's zero.
        public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

        /// The instant `seconds` after the clock's zero, to the nearest nanosecond.
        public init(seconds: Double) { nanoseconds = Self.nearestNanosecond(to: seconds) }

        /// Seconds since the clock's origin.
        public var seconds: Double { Double(nanoseconds) / 1e9 }

        /// The instant `duration` later (earlier for a negative one), to the nearest nanosecond.
        public func advanced(by duration: Duration) -> Instant {
            Instant(nanoseconds: nanoseconds + duration.wholeNanoseconds)
        }

        /// How long from this instant to `other` (negative when `other` is earlier).
        public func duration(to other: Instant) -> Duration { .nanoseconds(other.nanoseconds - nanoseconds) }

        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

        public var description: String { "\(seconds) s" }

        static func nearestNanosecond(to seconds: Double) -> Int64 {
            guard seconds.isFinite else { return seconds > 0 ? .max : 0 }
            return Int64(max(-9.2e18, min(9.2e18, (seconds * 1e9).rounded())))
        }

    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var seconds: Double
        var now: Instant
        var sleepers: [Sleeper] = []
        var cancelled: Set<Int> = []
        var nextID = 0
    }

    private let state: Mutex<State>

    /// A clock standing at `start` seconds (to the nearest nanosecond).
    public init(start: Double = 0) {
        let start = start.isFinite ? max(0, start) : 0
        state = Mutex(State(seconds: start, now: Instant(seconds: start)))
    }

    /// The current time in seconds (the main loop's time; see the type's guarantees).
    public var seconds: Double { state.withLock { $0.seconds } }

    /// The current time as an `Instant` (the Swift `Clock`'s time).
    public var now: Instant { state.withLock { $0.now } }

    /// Any duration can be slept exactly, to the nanosecond.
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// The earliest deadline of a sleeping task, in seconds, or `nil` when none sleeps.
    public var nextWakeUp: Double? { state.withLock { $0.sleepers.map(\.deadline).min()?.seconds } }

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
                    if deadline <= state.now { return .success(()) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
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

    /// Moves time forward by `seconds`, to the nearest nanosecond (negative values are ignored:
    /// the clock is monotonic), and wakes the sleepers it passes.
    public func advance(by seconds: Double) {
        advance(by: .nanoseconds(Instant.nearestNanosecond(to: max(0, seconds))))
    }

    /// The instant `seconds` (to the nearest nanosecond; a negative value counts as 0) after now,
    /// in seconds: what `advance(by:)` moves to, for callers that stop at deadlines on the way.
    func seconds(after seconds: Double) -> Double {
        now.advanced(by: .nanoseconds(Instant.nearestNanosecond(to: max(0, seconds)))).seconds
    }

    /// Moves time forward by `duration` (a negative one is ignored) and wakes the sleepers it
    /// passes.
    public func advance(by duration: Duration) {
        let target = state.withLock { $0.now.advanced(by: max(.zero, duration)) }
        advance(to: target)
    }

    /// Moves time to `instant` seconds if that is later than now (an earlier instant is ignored;
    /// `seconds` then reads exactly `instant`) and wakes the sleepers whose deadline it reached.
    public func advance(to instant: Double) {
        guard instant.isFinite else { return }
        move { state in
            guard instant > state.seconds else { return }
            state.seconds = instant
            state.now = max(state.now, Instant(seconds: instant))
        }
    }

    /// Moves time to `instant` if it is later than now (an earlier instant is ignored) and wakes
    /// the sleepers whose deadline it reached.
    public func advance(to instant: Instant) {
        move { state in
            guard instant > state.now else { return }
            state.now = instant
            state.seconds = max(state.seconds, instant.seconds)
        }
    }

    /// Moves time as `change` says, then wakes the sleepers whose deadline is reached.
    private func move(_ change: (inout State) -> Void) {
        let due: [Sleeper] = state.withLock { state in
            change(&state)
            let now = state.now
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
    /// The duration in whole nanoseconds, rounded to the nearest (halves away from zero).
    var wholeNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let perNanosecond: Int64 = 1_000_000_000
        let rounded = (attoseconds + (attoseconds >= 0 ? perNanosecond / 2 : -perNanosecond / 2)) / perNanosecond
        return seconds * perNanosecond + rounded
    }
}
