/// The real monotonic clock (`ContinuousClock`), in seconds since the clock was created.
@MainActor
public final class SystemClock: TimeSource {
    private let clock = ContinuousClock()
    private let origin: ContinuousClock.Instant

    /// A clock whose `now` is 0 at creation.
    public init() { origin = clock.now }

    public var now: Double {
        let d = origin.duration(to: clock.now)
        return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }
}
