/// The eighth blocks every bar-drawing view shares (the progress bar, the sparkline, the bar
/// chart), and their ASCII stand-ins, so a bar of the same length reads the same everywhere.
enum BlockGlyphs {
    /// One to seven eighths of a cell, filled from the left.
    static let leftEighths: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    /// One to eight eighths of a cell, filled from the bottom.
    static let lowerEighths: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// How many of `cells * 8` eighths `value` fills within `range`, rounded down (a bar is never
    /// longer than its value); when `showsSmallValues`, a value above the bottom of the range fills
    /// at least one eighth, so it reads as not zero. NaN, an empty range or no cells fill nothing.
    static func eighths(_ value: Double, in range: ClosedRange<Double>, cells: Int, showsSmallValues: Bool) -> Int {
        guard !value.isNaN, cells > 0, range.upperBound > range.lowerBound else { return 0 }
        let fraction =
            (min(max(value, range.lowerBound), range.upperBound) - range.lowerBound)
            / (range.upperBound - range.lowerBound)
        let filled = Int((fraction * Double(cells * 8)).rounded(.down))
        return showsSmallValues && fraction > 0 ? max(1, filled) : filled
    }

    /// A bar growing to the right, `eighths` long: its text and how many columns it takes.
    /// `.unicode` draws whole cells `█` then the partial cell; `.ascii` whole cells `#` only, except
    /// that a bar shorter than a cell still shows one `#` when it is not empty and `roundsUpPartial`.
    static func horizontalBar(eighths: Int, glyphs: GlyphSet, roundsUpPartial: Bool = false) -> (
        text: String, columns: Int
    ) {
        let eighths = max(0, eighths)
        switch glyphs {
        case .unicode:
            let whole = eighths / 8, part = eighths % 8
            let text = String(repeating: "█", count: whole) + (part > 0 ? String(leftEighths[part - 1]) : "")
            return (text, whole + (part > 0 ? 1 : 0))
        case .ascii:
            let whole = roundsUpPartial && eighths > 0 ? max(1, eighths / 8) : eighths / 8
            return (String(repeating: "#", count: whole), whole)
        }
    }

    /// The glyph of a cell filled `eighths` (1...8) from the bottom: a lower eighth block, or in
    /// ASCII `_` (up to a quarter), `-` (up to five eighths), `=` (up to seven) and `#` (full).
    static func vertical(_ eighths: Int, glyphs: GlyphSet) -> Character {
        let eighths = min(8, max(1, eighths))
        switch glyphs {
        case .unicode: return lowerEighths[eighths - 1]
        case .ascii:
            switch eighths {
            case ...2: return "_"
            case 3...5: return "-"
            case 6...7: return "="
            default: return "#"
            }
        }
    }

    /// Draws a bar rising from `bottom` in column `x`, `eighths` tall, at most `rows` rows: whole
    /// cells under the partial top one.
    static func drawVerticalBar(
        eighths: Int, x: Int, bottom: Int, rows: Int, glyphs: GlyphSet, style: Style, in canvas: inout Canvas
    ) {
        var left = eighths, row = bottom
        while left > 0, row > bottom - rows, row >= 0 {
            canvas.write(String(vertical(min(8, left), glyphs: glyphs)), at: Point(x: x, y: row), style: style)
            left -= 8
            row -= 1
        }
    }
}
