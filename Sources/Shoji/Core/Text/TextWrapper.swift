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
    /// The lines of `text` wrapped to `width` columns (see the type's guarantees).
    public static func lines(of text: String, width: Int) -> [String] {
        rows(of: text, width: width).map { line($0, of: text, width: width) }
    }

    /// The line a row of `rows(of:width:)` shows: the row's text without the spaces that end it
    /// (they are the break) and with its indentation cut to `width - 1` columns.
    public static func line(_ row: Range<String.Index>, of text: String, width: Int) -> String {
        var shown = text[row]
        while shown.last == " " { shown = shown.dropLast() }
        let indentation = shown.prefix { $0 == " " }.count
        if indentation >= width, width > 0 {
            shown = shown.dropFirst(indentation - (width - 1))
        }
        return String(shown)
    }

    /// The rows of `text` wrapped to `width` columns, as ranges of `text` (see the type's
    /// guarantees); empty for `width <= 0`.
    public static func rows(of text: String, width: Int) -> [Range<String.Index>] {
        guard width > 0 else { return [] }
        var result: [Range<String.Index>] = []
        var start = text.startIndex
        while true {
            let end = wrapParagraph(of: text, from: start, atParagraphStart: true, width: width) { row in
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
    /// the same rows as wrapping the whole paragraph. `width` must be positive.
    static func wrapParagraph(
        of text: String, from start: String.Index, atParagraphStart: Bool, width: Int,
        emit: (Range<String.Index>) -> Bool
    ) -> String.Index? {
        let end = text.endIndex
        var rowStart = start
        var index = start
        var rowWidth = 0
        var emitted = false
        if atParagraphStart {
            // Indentation counts, but always leaves room for a character.
            var indentation = 0
            while index < end, text[index] == " " {
                indentation += 1
                index = text.index(after: index)
            }
            rowWidth = min(indentation, width - 1)
        }
        var rowHasWord = false

        while true {
            var gap = 0
            while index < end, text[index] == " " {
                gap += 1
                index = text.index(after: index)
            }
            guard index < end, !text[index].isNewline else { break }
            var wordStart = index
            var wordWidth = 0
            while index < end {
                let character = text[index]
                if character == " " || character.isNewline { break }
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
