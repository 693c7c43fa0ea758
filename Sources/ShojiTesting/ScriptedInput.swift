import Shoji
import Synchronization

/// An input source fed by the test: events are queued with `enqueue` and handed out in order.
///
/// Waiting with a time-out and no queued event advances the `ManualClock` by the time-out, as if
/// the time had passed with no input. Waiting with neither (an idle app in a blocking
/// `MainLoop.run()`) would wait forever, so it delivers `.terminate` instead and sets `ranDry`:
/// a test can never hang on an empty script.
@MainActor
public final class ScriptedInput: InputSource {
    /// The clock a timed-out wait advances.
    public let clock: ManualClock
    private var queue: [InputEvent] = []
    private let wakes = Mutex(0)

    /// The most events one wait hands out (default: all that are queued), to model a
    /// terminal's bounded reads.
    public var maximumEventsPerRead = Int.max {
        didSet { maximumEventsPerRead = max(1, maximumEventsPerRead) }
    }

    /// True once the script ran out while the loop waited with no deadline.
    public private(set) var ranDry = false

    /// An empty script on `clock`.
    public init(clock: ManualClock) { self.clock = clock }

    /// Queues events for the loop, after those already queued.
    public func enqueue(_ events: InputEvent...) { queue.append(contentsOf: events) }

    /// Queues events for the loop, after those already queued.
    public func enqueue(contentsOf events: [InputEvent]) { queue.append(contentsOf: events) }

    /// Events queued and not yet delivered.
    public var pending: [InputEvent] { queue }

    public func nextEvents(timeout: Double?) -> [InputEvent] {
        nextEvents(timeout: timeout, readingInput: true)
    }

    /// As `nextEvents(timeout:)`; with `readingInput` false the queued events stay queued and
    /// the wait goes on as if there were none.
    public func nextEvents(timeout: Double?, readingInput: Bool) -> [InputEvent] {
        if readingInput, !queue.isEmpty {
            let batch = Array(queue.prefix(maximumEventsPerRead))
            queue.removeFirst(batch.count)
            return batch
        }
        if wakes.withLock({ count in
            defer { count = 0 }; return count > 0
        }) {
            return []
        }
        if let timeout {
            clock.advance(by: timeout)
            return []
        }
        ranDry = true
        return [.terminate]
    }

    /// Whether the loop asked for key releases (`reportKeyReleases(_:)`), as a terminal would
    /// be asked: a test can check who asks. Releases are delivered only as the test queues them.
    public private(set) var reportsKeyReleases = false

    /// Records the loop's request in `reportsKeyReleases`.
    public func reportKeyReleases(_ report: Bool) { reportsKeyReleases = report }

    /// How many times `wake()` was called and not yet consumed by a wait.
    public var pendingWakeCount: Int { wakes.withLock { $0 } }

    public nonisolated func wake() { wakes.withLock { $0 += 1 } }
}
