/// The direction a scroll bar runs in.
public enum ScrollAxis: Hashable, Sendable {
    /// Up and down: a bar along the right edge.
    case vertical
    /// Left and right: a bar along the bottom edge.
    case horizontal
}
