/// A size in terminal cells. Negative values are never produced by Shoji, but for
/// `View.noIntrinsicMetric` in an `intrinsicContentSize`; `init` clamps them to 0.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Columns; never negative when made with `init`.
    public var width: Int
    /// Rows; never negative when made with `init`.
    public var height: Int

    /// A size of `width` columns and `height` rows; negative values become 0.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// No cells at all.
    public static let zero = Size(width: 0, height: 0)

    /// True when the size holds no cell.
    public var isEmpty: Bool { width == 0 || height == 0 }

    public var description: String { "\(width)x\(height)" }
}
