/// A monotonic clock in seconds. The run loop, timers and animations read time only from here,
/// so tests substitute `ShojiTesting.ManualClock` and step time by hand.
@MainActor
public protocol TimeSource: AnyObject {
    /// Seconds since an arbitrary fixed origin; never decreases.
    var now: Double { get }
}
