/// A position in terminal cells: `x` counts columns to the right, `y` rows down, both 0-based.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Column, 0-based, growing to the right.
    public var x: Int
    /// Row, 0-based, growing downwards.
    public var y: Int

    /// The cell at column `x`, row `y`.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    /// The top-left cell.
    public static let zero = Point(x: 0, y: 0)

    public var description: String { "(\(x), \(y))" }

    /// Component-wise sum (moving a point by an offset).
    public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    /// Component-wise difference (the offset from `rhs` to `lhs`).
    public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
}
