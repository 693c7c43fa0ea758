/// A grid of cells the app draws into each frame; the screen presents it.
///
/// Whatever is drawn, a surface guarantees:
/// - no cell holds a scalar below U+0020 or in U+007F–U+009F: control characters in text are
///   drawn as visible, inert caret notation (see `DisplayWidth` for the rule);
/// - every cell's width is what `DisplayWidth` gives its grapheme;
/// - a wide grapheme is always a lead (width 2) immediately followed, on the same row, by its
///   continuation (width 0, empty grapheme), and there is never a lead or continuation alone:
///   a wide grapheme that does not fit is not drawn, and overwriting either half of one blanks
///   the other half (keeping that cell's style).
///
/// Two surfaces are equal when their sizes, cells and cursors are: `moves` are hints about how
/// the content got there, not content.
public struct Surface: Hashable, Sendable {
    /// Columns and rows; fixed for the surface's life.
    public let size: Size
    /// All cells row by row: cell (x, y) is at index `y * size.width + x`.
    public private(set) var cells: [Cell]
    /// What moved sideways since the previous frame, as the window saw it while drawing (see
    /// `SurfaceMove`); empty for a surface drawn any other way. Screens may use it to shift
    /// rows instead of redrawing them.
    public var moves: [SurfaceMove] = []

    public static func == (lhs: Surface, rhs: Surface) -> Bool {
        lhs.size == rhs.size && lhs.cursor == rhs.cursor && lhs.cells == rhs.cells
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(size)
        hasher.combine(cursor)
        hasher.combine(cells)
    }

    /// Where the terminal's cursor shows with this frame, or `nil` to hide it. The window sets it
    /// to the focused text view's insertion point (`View.cursorPosition`); a screen shows the real
    /// cursor there (`TerminalScreen`) or records it (`HeadlessScreen`). A point outside the
    /// surface hides the cursor too. Default `nil`.
    public var cursor: Point?

    /// A surface of `size` filled with blanks in `style`.
    public init(size: Size, style: Style = .plain) {
        self.size = size
        self.cells = Array(repeating: .blank(style), count: size.width * size.height)
    }

    /// Blanks every cell and forgets the moves, keeping the storage: the main loop reuses one
    /// surface for every frame of a size instead of allocating one per frame.
    mutating func clearForReuse() {
        moves.removeAll(keepingCapacity: true)
        let blank = Cell.blank()
        cells.withUnsafeMutableBufferPointer { $0.update(repeating: blank) }
    }

    /// The whole surface, at the origin.
    public var bounds: Rect { Rect(origin: .zero, size: size) }

    /// The cell at column `x`, row `y`; both must lie inside `bounds` (traps otherwise).
    public subscript(x: Int, y: Int) -> Cell {
        precondition(x >= 0 && x < size.width && y >= 0 && y < size.height, "cell (\(x), \(y)) outside \(size)")
        return cells[y * size.width + x]
    }

    /// Writes `text` on row `point.y` from column `point.x` in `style`, drawing only inside
    /// `clip` (default: the whole surface) and the surface.
    ///
    /// Text is sanitized and measured as `DisplayWidth` describes; a cluster of width 0 is not
    /// drawn. A wide grapheme cut by the edge of the drawable area is not drawn: its columns
    /// inside the area become blanks in `style`. Half-overwritten wide graphemes already on the
    /// surface become blanks. Columns left of the area (`point.x` may be negative) are skipped
    /// but counted.
    ///
    /// With `link`, every cell the text covers (both halves of a wide grapheme) carries it
    /// (`Cell.link`); without, they carry none.
    ///
    /// Returns the column just after the text's last column, clipped or not:
    /// `point.x + DisplayWidth.of(text)`.
    @discardableResult
    public mutating func write(
        _ text: String, at point: Point, style: Style = .plain, link: Hyperlink?, clip: Rect? = nil
    ) -> Int {
        guard let link else { return write(text, at: point, style: style, clip: clip) }
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        let end = write(text, at: point, style: style, clip: area)
        setLink(link, in: Rect(x: point.x, y: point.y, width: end - point.x, height: 1).intersection(area))
        return end
    }

    /// `write(_:at:style:link:clip:)` without a link.
    @discardableResult
    public mutating func write(_ text: String, at point: Point, style: Style = .plain, clip: Rect? = nil) -> Int {
        let content = TextSanitizer.scan(text)
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        guard point.y >= area.minY, point.y < area.maxY, point.x < area.maxX, area.minX < area.maxX else {
            // Nothing can be drawn, but callers still lay out by the returned column.
            return point.x + DisplayWidth.of(text, content: content)
        }
        switch content {
        case .printableASCII:
            return writeASCII(text, at: point, style: style, area: area)
        case .clean:
            return writeClusters(text, at: point, style: style, area: area)
        case .controls:
            return writeClusters(TextSanitizer.sanitized(text), at: point, style: style, area: area)
        }
    }

    /// Stores `cell` at `point`, inside `clip` (default: the whole surface) and the surface.
    ///
    /// The cell's grapheme is drawn in its style and with its link exactly as `write(cell.grapheme, ...)` draws
    /// it (sanitized and measured again, so a hand-made cell cannot break the surface's
    /// guarantees; its `width` is not trusted). A continuation (width 0) cannot be drawn on its
    /// own: the column becomes a blank in the cell's style. So to copy a wide grapheme from
    /// another surface, set its lead and skip its continuation.
    public mutating func set(_ cell: Cell, at point: Point, clip: Rect? = nil) {
        if cell.isContinuation {
            fill(Rect(origin: point, size: Size(width: 1, height: 1)).intersection(clip ?? bounds), style: cell.style)
        } else {
            write(cell.grapheme, at: point, style: cell.style, link: cell.link, clip: clip)
        }
    }

    /// Sets the link of every cell in `rect` (clipped to the surface) to `link` (nil: none),
    /// keeping graphemes, widths and styles, so no invariant can break. A wide grapheme the
    /// rect's edge splits takes the link in both halves, so a glyph is never half a link.
    public mutating func setLink(_ link: Hyperlink?, in rect: Rect) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let width = size.width
        for y in area.minY..<area.maxY {
            var low = area.minX, high = area.maxX
            if cells[y * width + low].isContinuation && low > 0 { low -= 1 }
            if high < width && cells[y * width + high].isContinuation { high += 1 }
            for x in low..<high { cells[y * width + x].link = link }
        }
    }

    /// Changes the style of every cell in `rect` (clipped to the surface) with `transform`,
    /// keeping graphemes and widths, so no invariant can break. Used for highlights such as a
    /// selected row drawn in reverse.
    public mutating func restyle(_ rect: Rect, _ transform: (Style) -> Style) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.minY..<area.maxY {
            for x in area.minX..<area.maxX {
                cells[y * size.width + x].style = transform(cells[y * size.width + x].style)
            }
        }
    }

    /// Fills `rect` (clipped to the surface) with blanks in `style`. A wide grapheme that the
    /// rect's left or right edge splits loses its outside half too: it becomes a blank in its
    /// own style.
    public mutating func fill(_ rect: Rect, style: Style) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let blank = Cell.blank(style)
        let width = size.width
        cells.withUnsafeMutableBufferPointer { buffer in
            for y in area.minY..<area.maxY {
                let start = y * width
                UnsafeMutableBufferPointer(rebasing: buffer[start + area.minX..<start + area.maxX]).update(
                    repeating: blank)
            }
        }
        for y in area.minY..<area.maxY { mendWideGraphemes(row: y, around: area.minX..<area.maxX) }
    }

    /// Row `y` as plain text: each cell's grapheme in order, continuations omitted, so a wide
    /// grapheme appears once and the string may hold fewer `Character`s than the row has
    /// columns. `y` must be a row of the surface (traps otherwise).
    public func text(row y: Int) -> String {
        precondition(y >= 0 && y < size.height, "row \(y) outside \(size)")
        var text = ""
        text.reserveCapacity(size.width)
        for cell in cells[y * size.width..<(y + 1) * size.width] where !cell.isContinuation {
            text += cell.grapheme
        }
        return text
    }

    /// All rows as plain text (see `text(row:)`), joined by newlines, without a final newline.
    public var plainText: String {
        (0..<size.height).map { text(row: $0) }.joined(separator: "\n")
    }

    // MARK: - Drawing

    /// `write` for text of printable ASCII only, where byte i is column `point.x + i`.
    private mutating func writeASCII(_ text: String, at point: Point, style: Style, area: Rect) -> Int {
        var text = text
        let end = point.x + text.utf8.count
        let low = max(point.x, area.minX), high = min(end, area.maxX)
        guard low < high else { return end }
        let rowStart = point.y * size.width
        text.withUTF8 { bytes in
            cells.withUnsafeMutableBufferPointer { buffer in
                for x in low..<high {
                    buffer[rowStart + x] = Cell(ascii: bytes[x - point.x], style: style)
                }
            }
        }
        mendWideGraphemes(row: point.y, around: low..<high)
        return end
    }

    /// `write` for control-free text: cluster by cluster, measuring each.
    private mutating func writeClusters(_ text: String, at point: Point, style: Style, area: Rect) -> Int {
        let rowStart = point.y * size.width
        let minX = area.minX, maxX = area.maxX
        var x = point.x
        // The columns drawn so far; always one run, since clusters are drawn left to right.
        var low = Int.max, high = Int.min
        cells.withUnsafeMutableBufferPointer { buffer in
            for character in text {
                let width = DisplayWidth.clusterWidth(character)
                guard width > 0 else { continue }
                let next = x + width
                if x < maxX && next > minX {
                    if x >= minX && next <= maxX {
                        buffer[rowStart + x] = Cell(storage: GraphemeStorage(character), width: width, style: style)
                        if width == 2 { buffer[rowStart + x + 1] = .continuation(style) }
                    } else {
                        // A wide grapheme cut by the area's edge: never draw half of it.
                        for column in max(x, minX)..<min(next, maxX) { buffer[rowStart + column] = .blank(style) }
                    }
                    if low == Int.max { low = max(x, minX) }
                    high = min(next, maxX)
                }
                x = next
            }
        }
        if low < high { mendWideGraphemes(row: point.y, around: low..<high) }
        return x
    }

    /// Restores the wide-grapheme invariant after `columns` of row `y` were overwritten with
    /// whole graphemes: a wide grapheme of which only one half was overwritten loses the other
    /// half, which becomes a blank in its own style. Only the two edges can be affected.
    private mutating func mendWideGraphemes(row y: Int, around columns: Range<Int>) {
        let rowStart = y * size.width
        let left = columns.lowerBound, right = columns.upperBound
        // A lead whose continuation was overwritten.
        if left > 0, cells[rowStart + left - 1].width == 2, !cells[rowStart + left].isContinuation {
            cells[rowStart + left - 1] = .blank(cells[rowStart + left - 1].style)
        }
        // A continuation whose lead was overwritten.
        if right < size.width, cells[rowStart + right].isContinuation, cells[rowStart + right - 1].width != 2 {
            cells[rowStart + right] = .blank(cells[rowStart + right].style)
        }
    }
}
