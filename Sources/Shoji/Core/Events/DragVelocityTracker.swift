/// How fast a drag moves at its end: the pointer's column over the last motion reports, as a
/// pan gesture's velocity in UIKit (`UIPanGestureRecognizer.velocity(in:)`), in cells per second.
///
/// Guarantees:
/// - Only the reports of the last `window` seconds before the latest count, so a drag that
///   sped up or turned at the end has the speed of its end, and a pointer held still for longer
///   than `window` before the release has velocity 0 (a release after a pause never flings).
/// - Fewer than two reports, or reports closer together than `minimumSpan` (reports that
///   waited and were handled in one go, microseconds apart by the clock: their spacing says
///   nothing about the hand's speed), give 0; never infinite or NaN.
/// - A value: it keeps at most `capacity` reports, so a long drag costs nothing extra.
public struct DragVelocityTracker: Hashable, Sendable {
    /// Seconds of reports the velocity is measured over (default 0.1).
    public var window: Double
    /// The most recent reports kept.
    public static let capacity = 8
    /// The shortest time the counted reports must span to give a speed (a 120 Hz mouse's two
    /// reports and more; less is reports handled together).
    public static let minimumSpan = 0.02

    private var samples: [Sample] = []

    private struct Sample: Hashable, Sendable {
        var time: Double
        var position: Int
    }

    /// An empty tracker measuring over `window` seconds.
    public init(window: Double = 0.1) {
        self.window = window
    }

    /// Records the pointer at column (or row) `position` at `time` (seconds, never decreasing).
    public mutating func add(_ position: Int, at time: Double) {
        samples.append(Sample(time: time, position: position))
        if samples.count > Self.capacity { samples.removeFirst(samples.count - Self.capacity) }
    }

    /// Cells per second at `time` (positive: towards higher columns): see the type.
    public func velocity(at time: Double) -> Double {
        guard let last = samples.last, time - last.time <= window else { return 0 }
        guard let first = samples.first(where: { last.time - $0.time <= window }) else { return 0 }
        let elapsed = last.time - first.time
        guard elapsed >= Self.minimumSpan else { return 0 }
        return Double(last.position - first.position) / elapsed
    }
}
