/// Word wrapping by display columns (`DisplayWidth`), for `Label`, `TextView` and anything else
/// that shows long text.
///
/// Guarantees, for `lines(of:width:)` with `width > 0`:
/// - Every newline (`Character.isNewline`) ends a paragraph; each paragraph starts a new
///   line, and an empty paragraph is an empty line, so blank lines stay.
/// - Lines break at spaces: as many words as fit go on a line, the spaces at a break are
///   dropped, the spaces between words on a line are kept as written, a paragraph's leading
///   spaces (its indentation) stay on its first line (at most `width - 1` of them, so a
///   character still fits), and its trailing spaces go (so a paragraph of spaces is a blank
///   line).
/// - No line is wider than `width`, except when a single character is wider than `width`
///   (a wide character at width 1), which then stands alone on its line.
/// - A word wider than `width` is cut between characters (grapheme clusters), never inside
///   one, so a wide character is never split. A word that does not fit after others starts
///   the next line before it is cut.
/// - A tab is a blank that reaches the next tab stop (every `tabWidth` columns from the row's
///   start, 8 by default): between words it is a break like a space, in a paragraph's
///   indentation it counts to its stop, and a line shows it as the spaces it covers.
/// - Other control characters are kept; `Surface` draws them as caret notation, and they are
///   measured as such.
/// `width <= 0` gives no lines. Cost: one pass over the text, each grapheme measured once (a
/// word of a million characters too).
///
/// `rows(of:width:)` gives the same lines as ranges of the text, for views that map between
/// the text and the screen (an editable `TextView`): the rows of a paragraph cover it end to
/// end with no gap (the spaces at a break end the row before it; line breaks belong to no row),
/// and `line(_:of:width:)` turns a row into its line.
///
/// A row's place depends only on its paragraph and the width, and the rows after a row start
/// depend only on the text from there: `TextLayout` relies on both to rewrap only what an edit
/// touched.
public enum TextWrapper {
    /// The columns between tab stops unless a view says otherwise (a terminal's own).
    public static let defaultTabWidth = 8

    /// The lines of `text` wrapped to `width` columns, tabs shown as spaces to their stops (see
    /// the type's guarantees).
    public static func lines(of text: String, width: Int, tabWidth: Int = defaultTabWidth) -> [String] {
        rows(of: text, width: width, tabWidth: tabWidth).map { line($0, of: text, width: width, tabWidth: tabWidth) }
    }

    /// The line a row of `rows(of:width:tabWidth:)` shows: the row's text without the blanks
    /// that end it (they are the break), its indentation cut to `width - 1` columns, and each
    /// tab as the spaces to its stop.
    public static func line(
        _ row: Range<String.Index>, of text: String, width: Int, tabWidth: Int = defaultTabWidth
    ) -> String {
        var shown = text[row]
        while let last = shown.last, isBlank(last) { shown = shown.dropLast() }
        let blanks = shown.prefix(while: isBlank)
        let indentation = self.width(of: blanks, tabWidth: tabWidth)
        let kept = indentation >= width && width > 0 ? width - 1 : indentation
        // Without a tab the indentation is spaces: the row as it is, less the ones cut.
        guard shown.utf8.contains(0x09) else { return String(shown.dropFirst(indentation - kept)) }
        return expandingTabs(shown.dropFirst(blanks.count), tabWidth: tabWidth, from: kept, prefix: kept)
    }

    /// `text` with each tab replaced by the spaces to the next tab stop (every `tabWidth`
    /// columns, counted from the text's start), the rest as it is.
    public static func expandingTabs(_ text: some StringProtocol, tabWidth: Int = defaultTabWidth) -> String {
        expandingTabs(Substring(text), tabWidth: tabWidth, from: 0, prefix: 0)
    }

    /// `text` drawn from column `column`, after `prefix` spaces, its tabs expanded.
    private static func expandingTabs(_ text: Substring, tabWidth: Int, from column: Int, prefix: Int) -> String {
        guard text.utf8.contains(0x09) else { return String(repeating: " ", count: prefix) + text }
        var result = String(repeating: " ", count: prefix)
        var column = column
        for character in text {
            if character == "\t" {
                let stop = nextTabStop(after: column, tabWidth: tabWidth)
                result += String(repeating: " ", count: stop - column)
                column = stop
            } else {
                result.append(character)
                column += DisplayWidth.of(character)
            }
        }
        return result
    }

    /// The display width of `text` drawn from a row's start, each tab reaching its stop.
    public static func width(of text: some StringProtocol, tabWidth: Int = defaultTabWidth) -> Int {
        guard text.utf8.contains(0x09) else { return DisplayWidth.of(Substring(text)) }
        var column = 0
        for character in text { column = advance(column, by: character, tabWidth: tabWidth) }
        return column
    }

    /// The column after `character` drawn at `column`: a tab's next stop, else its width on.
    @inline(__always)
    static func advance(_ column: Int, by character: Character, tabWidth: Int) -> Int {
        character == "\t" ? nextTabStop(after: column, tabWidth: tabWidth) : column + DisplayWidth.of(character)
    }

    /// The first tab stop after `column` (stops every `tabWidth` columns, at least 1).
    @inline(__always)
    static func nextTabStop(after column: Int, tabWidth: Int) -> Int {
        let interval = max(1, tabWidth)
        return (column / interval + 1) * interval
    }

    /// A space or a tab: where lines break, and what a paragraph's indentation is made of.
    @inline(__always)
    static func isBlank(_ character: Character) -> Bool { character == " " || character == "\t" }

    /// The rows of `text` wrapped to `width` columns, as ranges of `text` (see the type's
    /// guarantees); empty for `width <= 0`.
    public static func rows(of text: String, width: Int, tabWidth: Int = defaultTabWidth) -> [Range<String.Index>] {
        guard width > 0 else { return [] }
        var result: [Range<String.Index>] = []
        var start = text.startIndex
        while true {
            let end = wrapParagraph(of: text, from: start, atParagraphStart: true, width: width, tabWidth: tabWidth) {
                row in
                result.append(row)
                return true
            }
            guard let end, end < text.endIndex else { break }
            start = text.index(after: end)
        }
        return result
    }

    /// Wraps the paragraph of `text` that goes on from `start` to the next line break (or the
    /// end), handing each row to `emit` in order. Returns where the paragraph ends (its line
    /// break, or `text.endIndex`), or `nil` once `emit` returns false.
    ///
    /// `start` is the paragraph's start (`atParagraphStart`: its leading spaces are indentation)
    /// or a row start inside it, which `rows(of:width:)` gave for the same text before `start`:
    /// the rows from a row start depend only on the text from there, so wrapping from it gives
    /// the same rows as wrapping the whole paragraph. `width` must be positive; tab stops are
    /// every `tabWidth` columns from each row's start.
    static func wrapParagraph(
        of text: String, from start: String.Index, atParagraphStart: Bool, width: Int,
        tabWidth: Int = defaultTabWidth, emit: (Range<String.Index>) -> Bool
    ) -> String.Index? {
        let end = text.endIndex
        var rowStart = start
        var index = start
        var rowWidth = 0
        var emitted = false
        if atParagraphStart {
            // Indentation counts, but always leaves room for a character.
            var indentation = 0
            while index < end, isBlank(text[index]) {
                indentation = advance(indentation, by: text[index], tabWidth: tabWidth)
                index = text.index(after: index)
            }
            rowWidth = min(indentation, width - 1)
        }
        var rowHasWord = false

        while true {
            // The gap's columns from where the row is (a tab's depend on it).
            var gapEnd = rowWidth
            while index < end, isBlank(text[index]) {
                gapEnd = advance(gapEnd, by: text[index], tabWidth: tabWidth)
                index = text.index(after: index)
            }
            let gap = gapEnd - rowWidth
            guard index < end, !text[index].isNewline else { break }
            var wordStart = index
            var wordWidth = 0
            while index < end {
                let character = text[index]
                if isBlank(character) || character.isNewline { break }
                wordWidth += DisplayWidth.of(character)
                index = text.index(after: index)
            }
            let wordEnd = index

            if rowHasWord {
                if rowWidth + gap + wordWidth > width {
                    // The gap ends this row; the word starts the next.
                    emitted = true
                    guard emit(rowStart..<wordStart) else { return nil }
                    rowStart = wordStart
                    rowWidth = 0
                    rowHasWord = false
                } else {
                    rowWidth += gap
                }
            }
            // A word wider than what is left of the row is cut between characters, each measured
            // once: the cut walks on from the last cut.
            while rowWidth + wordWidth > width {
                let room = width - rowWidth
                var cut = wordStart
                var headWidth = 0
                while cut < wordEnd {
                    // Zero-width characters after the last one that fits stay with it.
                    let next = headWidth + DisplayWidth.of(text[cut])
                    if next > room { break }
                    headWidth = next
                    cut = text.index(after: cut)
                }
                if cut == wordStart {
                    if rowWidth > 0 {
                        emitted = true
                        guard emit(rowStart..<wordStart) else { return nil }
                        rowStart = wordStart
                        rowWidth = 0
                        continue
                    }
                    // One character wider than the whole width: it stands alone.
                    headWidth = DisplayWidth.of(text[cut])
                    cut = text.index(after: cut)
                }
                emitted = true
                guard emit(rowStart..<cut) else { return nil }
                rowStart = cut
                wordStart = cut
                rowWidth = 0
                wordWidth -= headWidth
            }
            rowWidth += wordWidth
            if wordStart < wordEnd { rowHasWord = true }
        }
        // The last row takes the trailing spaces; an empty paragraph is one empty row.
        if rowStart < index || !emitted {
            guard emit(rowStart..<index) else { return nil }
        }
        return index
    }
}
