import Shoji

/// Word wrapping by display columns (`DisplayWidth`), for text panes.
///
/// Guarantees, for `lines(of:width:)` with `width > 0`:
/// - Every newline (`Character.isNewline`) ends a paragraph; each paragraph starts a new
///   line, and an empty paragraph is an empty line, so blank lines stay.
/// - Lines break at spaces: as many words as fit go on a line, the spaces at a break are
///   dropped, the spaces between words on a line are kept as written, a paragraph's leading
///   spaces (its indentation) stay on its first line, and its trailing spaces go (so a
///   paragraph of spaces is a blank line).
/// - No line is wider than `width`, except when a single character is wider than `width`
///   (a wide character at width 1), which then stands alone on its line.
/// - A word wider than `width` is cut between characters (grapheme clusters), never inside
///   one, so a wide character is never split.
/// - Other control characters are kept; `Surface` draws them as caret notation, and they are
///   measured as such.
/// `width <= 0` gives no lines.
public enum TextWrapper {
    public static func lines(of text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var result: [String] = []
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            wrap(paragraph, width: width, into: &result)
        }
        return result
    }

    private static func wrap(_ paragraph: Substring, width: Int, into result: inout [String]) {
        let firstLine = result.count
        var line = ""
        var lineWidth = 0
        var lineHasWord = false
        var isFirstWord = true
        var gap = 0  // spaces seen since the last word
        func endLine() {
            result.append(line)
            line = ""
            lineWidth = 0
            lineHasWord = false
        }

        var index = paragraph.startIndex
        while index < paragraph.endIndex {
            if paragraph[index] == " " {
                gap += 1
                index = paragraph.index(after: index)
                continue
            }
            var end = index
            while end < paragraph.endIndex, paragraph[end] != " " { end = paragraph.index(after: end) }
            var word = String(paragraph[index..<end])
            var wordWidth = DisplayWidth.of(word)
            index = end

            // Spaces go before the word only between words on a line, or as indentation.
            var spaces = lineHasWord || isFirstWord ? gap : 0
            if lineHasWord, lineWidth + spaces + wordWidth > width {
                endLine()
                spaces = 0
            }
            if !lineHasWord { spaces = min(spaces, width - 1) }  // indentation leaves room for a character
            line += String(repeating: " ", count: spaces)
            lineWidth += spaces

            // A word wider than what is left of the line is cut between characters.
            while lineWidth + wordWidth > width {
                var (head, headWidth) = DisplayWidth.prefix(of: word, fittingWidth: width - lineWidth)
                if head.isEmpty {
                    if lineWidth > 0 {
                        endLine()
                        continue
                    }
                    // One character wider than the whole width: it stands alone.
                    head = word.prefix(1)
                    headWidth = DisplayWidth.of(head)
                }
                line += head
                lineWidth += headWidth
                endLine()
                word = String(word[head.endIndex...])
                wordWidth -= headWidth
            }
            line += word
            lineWidth += wordWidth
            if !word.isEmpty { lineHasWord = true }
            isFirstWord = false
            gap = 0
        }
        if lineHasWord || !line.isEmpty || result.count == firstLine { endLine() }
    }
}
