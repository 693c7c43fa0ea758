import Shoji

/// A clock that moves only when told: tests step time to exact instants, so animations and
/// timers are checked frame by frame, deterministically.
@MainActor
public final class ManualClock: TimeSource {
    /// The current time in seconds. Starts at `start` (default 0).
    public private(set) var now: Double

    /// A clock standing at `start` seconds.
    public init(start: Double = 0) { now = start }

    /// Moves time forward by `seconds` (negative values are ignored: the clock is monotonic).
    public func advance(by seconds: Double) { now += max(0, seconds) }

    /// Moves time to `instant` if it is later than now; an earlier instant is ignored.
    public func advance(to instant: Double) { now = max(now, instant) }
}
