/// The real monotonic clock (`ContinuousClock`), in seconds since the clock was created.
public final class SystemClock: TimeSource {
    private let clock = ContinuousClock()
    private let origin: ContinuousClock.Instant

    /// A clock whose `seconds` is 0 at creation.
    public init() { origin = clock.now }

    public var seconds: Double {
        let d = origin.duration(to: clock.now)
        return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }
}
