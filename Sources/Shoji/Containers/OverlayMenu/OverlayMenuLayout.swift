/// Where an overlay menu's entries go in a view of a given size: on a ring around the centre
/// when they fit there (a ring of icons), else in a grid of one-row entries.
///
/// Guarantees:
/// - Ring: entry `i` sits at angle `-90° + 360°·i/n` (the first on top, then clockwise) on an
///   ellipse around the centre, as a box 3 rows high; every box lies inside the bounds, no
///   two boxes touch (a column apart at least), and none covers the centre label. When that
///   cannot be had (too many entries, too little room), the grid is used instead.
/// - Grid: the label on the first row, then one-row entries row by row, left to right, as many
///   columns as fit (at least one), the block centred. Rows past the bottom are laid out
///   anyway (the view scrolls them in); entries wider than the bounds are cut to them.
/// - Pure: the same widths and size give the same layout; nothing is stored between calls.
struct OverlayMenuLayout: Equatable {
    /// How the entries are arranged.
    enum Style: Equatable {
        case ring, grid
    }

    /// Ring boxes: `│ ` + content + ` │`, 3 rows.
    static let boxPadding = 4
    /// Grid entries: a blank on each side of the content, 1 row.
    static let linePadding = 2
    /// The widest entry content (symbol, blank, title) before it is cut with "…".
    static let maximumContentWidth = 28
    /// Columns between grid entries.
    static let gridGap = 2

    let style: Style
    /// Each entry's rectangle in the overlay's coordinates, in entry order.
    let frames: [Rect]
    /// Where the label (the highlighted entry's title, and a hint in a ring) goes; may be empty.
    let labelFrame: Rect
    /// Grid columns (entries per row); 1 for a ring.
    let columns: Int

    /// The layout for entries whose contents are `contentWidths` columns wide, in a view of
    /// `size`, with a label as wide as `labelWidth` (2 rows in a ring, 1 in a grid).
    init(contentWidths: [Int], labelWidth: Int, in size: Size) {
        let contents = contentWidths.map { min(max(1, $0), Self.maximumContentWidth) }
        if let ring = Self.ring(contents: contents, labelWidth: labelWidth, in: size) {
            self = ring
        } else {
            self = Self.grid(contents: contents, labelWidth: labelWidth, in: size)
        }
    }

    private init(style: Style, frames: [Rect], labelFrame: Rect, columns: Int) {
        self.style = style
        self.frames = frames
        self.labelFrame = labelFrame
        self.columns = columns
    }

    private static func ring(contents: [Int], labelWidth: Int, in size: Size) -> OverlayMenuLayout? {
        guard !contents.isEmpty, size.height >= 7 else { return nil }
        let widths = contents.map { $0 + boxPadding }
        let widest = widths.max()!
        guard widest <= size.width else { return nil }
        // Centre rows and columns, as the middle of the cells 0..<size.
        let cx = Double(size.width - 1) / 2, cy = Double(size.height - 1) / 2
        // A box's middle row must leave a row above and below it; its half-width must fit.
        let ry = cy - 1
        var rx = (Double(size.width) - Double(widest)) / 2
        // Cells are about twice as tall as wide: past twice the height the ring looks stretched.
        rx = min(rx, 2.5 * ry)
        guard ry >= 1, rx >= 1 else { return nil }
        var frames: [Rect] = []
        for (index, width) in widths.enumerated() {
            let (cosine, sine) = Self.direction(turns: Double(index) / Double(widths.count) - 0.25)
            let x = Int((cx + rx * cosine).rounded()), y = Int((cy + ry * sine).rounded())
            frames.append(Rect(x: x - width / 2, y: y - 1, width: width, height: 3))
        }
        let labelColumns = min(labelWidth, size.width)
        let label = Rect(x: Int(cx.rounded()) - labelColumns / 2, y: Int(cy.rounded()), width: labelColumns, height: 2)
        let bounds = Rect(origin: .zero, size: size)
        // One column of air on each side, so neighbours never touch.
        func padded(_ rect: Rect) -> Rect {
            Rect(x: rect.minX - 1, y: rect.minY, width: rect.width + 2, height: rect.height)
        }
        for (index, frame) in frames.enumerated() {
            guard frame.intersection(bounds) == frame, padded(frame).intersection(label).isEmpty else { return nil }
            for other in frames[..<index] where !padded(frame).intersection(other).isEmpty { return nil }
        }
        return OverlayMenuLayout(style: .ring, frames: frames, labelFrame: label, columns: 1)
    }

    /// Cosine and sine of `turns` whole turns (1 turn = 360°). The core imports no C module,
    /// so no `cos`/`sin`: Taylor series on the angle reduced to ±45°, exact to about 1e-15,
    /// far below what rounding to cells can tell.
    static func direction(turns: Double) -> (cos: Double, sin: Double) {
        let octant = (turns * 4).rounded()  // nearest quarter turn
        let x = (turns * 4 - octant) * Double.pi / 2  // within ±π/4
        var c = 1.0, s = 0.0, term = 1.0
        for n in 1...18 {
            term *= x / Double(n)
            switch n % 4 {
            case 1: s += term
            case 2: c -= term
            case 3: s -= term
            default: c += term
            }
        }
        switch Int(octant) & 3 {
        case 0: return (c, s)
        case 1: return (-s, c)
        case 2: return (-c, -s)
        default: return (s, -c)
        }
    }

    private static func grid(contents: [Int], labelWidth: Int, in size: Size) -> OverlayMenuLayout {
        let width = min((contents.max() ?? 0) + linePadding, size.width)
        let columns = max(1, min(contents.count, (size.width + gridGap) / max(1, width + gridGap)))
        let rows = (contents.count + columns - 1) / columns
        let blockWidth = columns * width + (columns - 1) * gridGap
        let left = max(0, (size.width - blockWidth) / 2)
        // The label and a blank row above the entries when there is room for them and a row.
        let hasLabel = size.height >= 3
        let top = hasLabel ? max(0, (size.height - rows - 2) / 2) : 0
        let firstRow = hasLabel ? top + 2 : 0
        let frames = contents.indices.map { index in
            Rect(
                x: left + (index % columns) * (width + gridGap), y: firstRow + index / columns, width: width, height: 1)
        }
        let labelColumns = min(labelWidth, size.width)
        let label = hasLabel ? Rect(x: (size.width - labelColumns) / 2, y: top, width: labelColumns, height: 1) : .zero
        return OverlayMenuLayout(style: .grid, frames: frames, labelFrame: label, columns: columns)
    }
}
