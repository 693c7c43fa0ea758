/// A size in terminal cells. Negative values are never produced by Shoji; `init` clamps them to 0.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public static let zero = Size(width: 0, height: 0)

    /// True when the size holds no cell.
    public var isEmpty: Bool { width == 0 || height == 0 }

    public var description: String { "\(width)x\(height)" }
}
