/// Where a line of text sits across the width it is given, as UIKit's `NSTextAlignment`
/// (without `.justified` and `.natural`: terminal text is laid out left to right).
public enum TextAlignment: Hashable, Sendable {
    /// Flush with the left edge.
    case left
    /// Centred; an odd spare column goes to the right.
    case center
    /// Flush with the right edge.
    case right

    /// The column, from 0, at which a line `lineWidth` columns wide starts in `width` columns.
    /// A centred line that cannot be centred exactly leans left (the extra column goes right).
    /// A line wider than `width` starts at 0 whatever the alignment, so its start stays visible.
    public func offset(ofLineWidth lineWidth: Int, in width: Int) -> Int {
        let spare = max(0, width - lineWidth)
        switch self {
        case .left: return 0
        case .center: return spare / 2
        case .right: return spare
        }
    }
}
