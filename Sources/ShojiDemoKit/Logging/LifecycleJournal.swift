import Shoji
import ShojiLogging

/// The demo's memory of lifecycle events: the last `capacity` events of every view controller,
/// oldest first, each with its time and its line as the lifecycle panes show it.
///
/// Guarantees:
/// - Once `start()`ed it records every non-layout event, in call order; when full, the oldest
///   entry goes for each new one, so memory stays bounded however long the demo runs.
///   `totalCount` counts every event recorded, so `totalCount - count` were dropped.
/// - Listeners are called after each recorded event, on the main actor, in the order they were
///   added; a listener whose owner was freed is dropped. Neither the journal nor its listeners
///   hold a controller.
@MainActor
public final class LifecycleJournal: LifecycleObserver {
    /// One recorded event.
    public struct Entry: Equatable, Sendable {
        /// Seconds since the journal's time origin.
        public var seconds: Double
        public var event: LifecycleEvent
        /// `0.250 "Red" ColorPane#2 viewWillAppear(false)` (`LifecycleLogFormat.readable`).
        public var line: String { LifecycleLogFormat.readable.line(for: event, at: seconds) }
    }

    /// The most entries kept.
    public let capacity: Int
    /// Every event recorded since the start, including the dropped ones.
    public private(set) var totalCount = 0

    private var ring: [Entry] = []
    /// Index in `ring` of the oldest entry, once the ring is full.
    private var head = 0
    private let seconds: @MainActor () -> Double
    private var listeners: [(owner: Weak, callback: @MainActor () -> Void)] = []

    private struct Weak {
        weak var object: AnyObject?
    }

    /// A journal keeping at most `capacity` (at least 1) entries, timed by `seconds()`.
    public init(capacity: Int = 1_000, seconds: @escaping @MainActor () -> Double) {
        self.capacity = max(1, capacity)
        self.seconds = seconds
    }

    /// Starts recording every controller's events in the process. Does nothing if already
    /// started.
    public func start() { ViewController.addLifecycleObserver(self) }

    /// Records the events of `root` and the controllers below it (its app's, when `root` is an
    /// app's root or one of its panes): several apps in one process keep journals apart.
    public func start(observing root: ViewController) { root.addLifecycleObserver(self) }

    /// Stops recording. Does nothing if not started.
    public func stop() { ViewController.removeLifecycleObserver(self) }

    /// Entries kept now.
    public var count: Int { ring.count }

    /// The entry at `index`, 0 being the oldest kept; `index` must be in `0..<count`.
    public subscript(index: Int) -> Entry {
        precondition(index >= 0 && index < ring.count, "LifecycleJournal: entry \(index) of \(ring.count)")
        return ring[(head + index) % ring.count]
    }

    /// The entries kept, oldest first.
    public var entries: [Entry] { (0..<count).map { self[$0] } }

    /// Calls `callback` after every recorded event for as long as `owner` lives.
    public func addListener(_ owner: AnyObject, _ callback: @escaping @MainActor () -> Void) {
        listeners.removeAll { $0.owner.object == nil }
        listeners.append((Weak(object: owner), callback))
    }

    public func lifecycleEvent(_ event: LifecycleEvent) {
        guard !event.method.isLayout else { return }
        let entry = Entry(seconds: seconds(), event: event)
        if ring.count < capacity {
            ring.append(entry)
        } else {
            ring[head] = entry
            head = (head + 1) % capacity
        }
        totalCount += 1
        listeners.removeAll { $0.owner.object == nil }
        for listener in listeners { listener.callback() }
    }
}
