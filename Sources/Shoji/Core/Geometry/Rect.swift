/// A rectangle of terminal cells: `origin` is its top-left cell, `size` its extent.
/// `maxX`/`maxY` are exclusive, so a rect at x = 2 of width 3 covers columns 2, 3 and 4.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left cell.
    public var origin: Point
    /// Columns and rows covered.
    public var size: Size

    /// The cells from `origin` spanning `size`.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// The cells from (`x`, `y`) spanning `width` x `height` (negative extents become 0).
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// An empty rect at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The first column.
    public var minX: Int { origin.x }
    /// The first row.
    public var minY: Int { origin.y }
    /// The column just past the last one (exclusive).
    public var maxX: Int { origin.x + size.width }
    /// The row just past the last one (exclusive).
    public var maxY: Int { origin.y + size.height }
    /// Columns covered.
    public var width: Int { size.width }
    /// Rows covered.
    public var height: Int { size.height }
    /// True when the rect covers no cell.
    public var isEmpty: Bool { size.isEmpty }

    /// Whether the cell at `point` lies inside.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The cells both rectangles cover; an empty rect (at the clamped origin) when they do not meet.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// The rect moved by `dx`, `dy` cells.
    public func offsetBy(dx: Int, dy: Int) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    public var description: String { "(\(minX), \(minY), \(width)x\(height))" }
}
