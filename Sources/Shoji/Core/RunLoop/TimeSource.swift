/// A monotonic clock in seconds. The run loop, timers and animations read time only from here,
/// so tests substitute `ShojiTesting.ManualClock` and step time by hand.
///
/// Threading: `seconds` may be read from any thread (a Swift `Clock` built on a time source
/// reads it where a task sleeps).
public protocol TimeSource: AnyObject, Sendable {
    /// Seconds since an arbitrary fixed origin; never decreases.
    var seconds: Double { get }
}
