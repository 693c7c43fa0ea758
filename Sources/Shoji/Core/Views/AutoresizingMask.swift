/// How a view follows its superview's size changes, as UIKit's `UIView.AutoresizingMask`.
///
/// When the superview's size changes by some cells along an axis, the change is shared among
/// the flexible parts of that axis (left margin, width, right margin; or top, height, bottom)
/// in proportion to their current sizes, or equally when they are all zero; rounding goes to the
/// size so that edges stay on whole cells. With no flexible part the view keeps its frame.
public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    /// The bits; use the named parts instead.
    public let rawValue: UInt8
    /// A mask from its bits (`OptionSet`).
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The space left of the view takes a share of a width change (the view moves right as it grows).
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    /// The view's width takes a share of a width change.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// The space right of the view takes a share of a width change.
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    /// The space above the view takes a share of a height change (the view moves down as it grows).
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    /// The view's height takes a share of a height change.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    /// The space below the view takes a share of a height change.
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)

    /// Width and height follow the superview: the usual mask for a view that fills its parent.
    public static let flexibleSize: AutoresizingMask = [.flexibleWidth, .flexibleHeight]

    /// The frame `frame` should have after its superview went from `old` to `new`.
    public func resize(_ frame: Rect, from old: Size, to new: Size) -> Rect {
        let (x, width) = Self.axis(
            origin: frame.minX, size: frame.width, container: old.width, delta: new.width - old.width,
            flexible: (contains(.flexibleLeftMargin), contains(.flexibleWidth), contains(.flexibleRightMargin)))
        let (y, height) = Self.axis(
            origin: frame.minY, size: frame.height, container: old.height, delta: new.height - old.height,
            flexible: (contains(.flexibleTopMargin), contains(.flexibleHeight), contains(.flexibleBottomMargin)))
        return Rect(x: x, y: y, width: width, height: height)
    }

    private static func axis(
        origin: Int, size: Int, container: Int, delta: Int,
        flexible: (lead: Bool, size: Bool, trail: Bool)
    ) -> (Int, Int) {
        guard delta != 0, flexible.lead || flexible.size || flexible.trail else { return (origin, size) }
        let trail = max(0, container - origin - size)
        let parts = [(flexible.lead, max(0, origin)), (flexible.size, size), (flexible.trail, trail)]
        let total = parts.reduce(0) { $0 + ($1.0 ? $1.1 : 0) }
        let count = parts.reduce(0) { $0 + ($1.0 ? 1 : 0) }
        func share(_ index: Int) -> Double {
            guard parts[index].0 else { return 0 }
            return total > 0 ? Double(parts[index].1) / Double(total) : 1 / Double(count)
        }
        let leadDelta = Int((Double(delta) * share(0)).rounded(.toNearestOrAwayFromZero))
        let trailDelta = Int((Double(delta) * share(2)).rounded(.toNearestOrAwayFromZero))
        let sizeDelta = flexible.size ? delta - leadDelta - trailDelta : 0
        let lead = flexible.size ? leadDelta : (flexible.trail ? leadDelta : delta)
        return (origin + lead, max(0, size + sizeDelta))
    }
}
