/// Distances in cells inward from each edge of a rectangle, as UIKit's `UIEdgeInsets`.
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
    /// Rows from the top edge.
    public var top: Int
    /// Columns from the left edge.
    public var left: Int
    /// Rows from the bottom edge.
    public var bottom: Int
    /// Columns from the right edge.
    public var right: Int

    /// Insets of `top`, `left`, `bottom` and `right` cells (negative values count as 0 where
    /// a view uses them).
    public init(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No insets.
    public static let zero = EdgeInsets()

    public var description: String { "(top \(top), left \(left), bottom \(bottom), right \(right))" }
}
