/// One cell of a `Surface`.
///
/// A wide grapheme (width 2) occupies its own cell plus the cell to its right, which holds a
/// *continuation* (`width == 0`, empty `grapheme`). The surface never stores half of a wide
/// grapheme: a lead without its continuation, or a continuation without its lead.
public struct Cell: Hashable, Sendable {
    /// The grapheme shown, already sanitized and measured; `" "` for a blank cell, `""` for a
    /// continuation.
    public var grapheme: String
    /// Columns the grapheme takes: 1 or 2, or 0 for the continuation of a wide grapheme.
    public var width: Int
    /// How the cell looks; a continuation shows in its lead's style.
    public var style: Style

    /// A cell as given, unchecked: surfaces re-measure and sanitize what is written to them.
    public init(grapheme: String, width: Int, style: Style) {
        self.grapheme = grapheme
        self.width = width
        self.style = style
    }

    /// A blank cell: a space in `style`.
    public static func blank(_ style: Style = .plain) -> Cell {
        Cell(grapheme: " ", width: 1, style: style)
    }

    /// True for the right half of a wide grapheme.
    public var isContinuation: Bool { width == 0 }
}
