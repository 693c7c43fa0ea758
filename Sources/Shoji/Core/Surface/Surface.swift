/// A grid of cells the app draws into each frame; the screen presents it.
///
/// PLACEHOLDER: the full implementation (display widths, clipping, wide-character blanking,
/// sanitizing control characters) replaces this.
public struct Surface: Hashable, Sendable {
    public let size: Size
    public private(set) var cells: [Cell]

    public init(size: Size, style: Style = .plain) {
        self.size = size
        self.cells = Array(repeating: .blank(style), count: size.width * size.height)
    }

    public var bounds: Rect { Rect(origin: .zero, size: size) }

    public subscript(x: Int, y: Int) -> Cell {
        cells[y * size.width + x]
    }

    /// Writes `text` from `point` in `style`, clipped to `clip` (and the surface).
    /// Returns the column just after the text's last column, clipped or not.
    @discardableResult
    public mutating func write(_ text: String, at point: Point, style: Style = .plain, clip: Rect? = nil) -> Int {
        let area = (clip ?? bounds).intersection(bounds)
        var x = point.x
        for ch in text {
            let p = Point(x: x, y: point.y)
            if area.contains(p) { cells[p.y * size.width + p.x] = Cell(grapheme: String(ch), width: 1, style: style) }
            x += 1
        }
        return x
    }

    /// Fills `rect` (clipped to the surface) with blanks in `style`.
    public mutating func fill(_ rect: Rect, style: Style) {
        let area = rect.intersection(bounds)
        for y in area.minY..<area.maxY {
            for x in area.minX..<area.maxX { cells[y * size.width + x] = .blank(style) }
        }
    }

    /// Row `y` as plain text: one character per column, continuations omitted.
    public func text(row y: Int) -> String {
        var s = ""
        for x in 0..<size.width where !self[x, y].isContinuation { s += self[x, y].grapheme }
        return s
    }

    /// All rows as plain text, joined by newlines.
    public var plainText: String {
        (0..<size.height).map { text(row: $0) }.joined(separator: "\n")
    }
}
