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
/// `width <= 0` gives no lines. Cost: one pass over the text.
///
/// `rows(of:width:)` gives the same lines as ranges of the text, for views that map between
/// the text and the screen (an editable `TextView`): the rows of a paragraph cover it end to
/// end with no gap (the spaces at a break end the row before it; line breaks belong to no row),
/// and `line(_:of:width:)` turns a row into its line.
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
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            wrap(paragraph, width: width, into: &result)
        }
        return result
    }

    private static func wrap(_ paragraph: Substring, width: Int, into result: inout [Range<String.Index>]) {
        let end = paragraph.endIndex
        let firstRow = result.count
        var rowStart = paragraph.startIndex
        var index = paragraph.startIndex
        while index < end, paragraph[index] == " " { index = paragraph.index(after: index) }
        // Indentation counts, but always leaves room for a character.
        var rowWidth = min(paragraph.distance(from: rowStart, to: index), width - 1)
        var rowHasWord = false

        while index < end {
            var gap = 0
            while index < end, paragraph[index] == " " {
                gap += 1
                index = paragraph.index(after: index)
            }
            guard index < end else { break }
            var wordStart = index
            var wordEnd = index
            while wordEnd < end, paragraph[wordEnd] != " " { wordEnd = paragraph.index(after: wordEnd) }
            var wordWidth = DisplayWidth.of(paragraph[wordStart..<wordEnd])
            index = wordEnd

            if rowHasWord {
                if rowWidth + gap + wordWidth > width {
                    // The gap ends this row; the word starts the next.
                    result.append(rowStart..<wordStart)
                    rowStart = wordStart
                    rowWidth = 0
                    rowHasWord = false
                } else {
                    rowWidth += gap
                }
            }
            // A word wider than what is left of the row is cut between characters.
            while rowWidth + wordWidth > width {
                let room = width - rowWidth
                let word = String(paragraph[wordStart..<wordEnd])
                var (head, headWidth) = DisplayWidth.prefix(of: word, fittingWidth: room)
                if head.isEmpty {
                    if rowWidth > 0 {
                        result.append(rowStart..<wordStart)
                        rowStart = wordStart
                        rowWidth = 0
                        continue
                    }
                    // One character wider than the whole width: it stands alone.
                    head = word.prefix(1)
                    headWidth = DisplayWidth.of(head)
                }
                let cut = paragraph.index(wordStart, offsetBy: head.count)
                result.append(rowStart..<cut)
                rowStart = cut
                wordStart = cut
                rowWidth = 0
                wordWidth -= headWidth
            }
            rowWidth += wordWidth
            if wordStart < wordEnd { rowHasWord = true }
        }
        // The last row takes the trailing spaces; an empty paragraph is one empty row.
        if rowStart < end || result.count == firstRow { result.append(rowStart..<end) }
    }
}
