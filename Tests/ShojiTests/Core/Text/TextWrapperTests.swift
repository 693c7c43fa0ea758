import Shoji
import Testing
import ShojiTesting

/// Word wrapping by display width.
struct TextWrapperTests {
    private func wrap(_ text: String, _ width: Int) -> [String] { TextWrapper.lines(of: text, width: width) }

    @Test func breaksAtSpacesGreedily() {
        #expect(wrap("the quick brown fox jumps", 10) == ["the quick", "brown fox", "jumps"])
        #expect(wrap("exactly ten", 11) == ["exactly ten"], "an exact fit stays on one line")
        #expect(wrap("a  b   c", 20) == ["a  b   c"], "spaces between words are kept")
        #expect(wrap("aaaa bbbb", 4) == ["aaaa", "bbbb"], "spaces at a break are dropped")
    }

    @Test func paragraphsAndBlankLinesStay() {
        #expect(wrap("one\n\ntwo\r\nthree", 10) == ["one", "", "two", "three"])
        #expect(wrap("", 10) == [""])
        #expect(wrap("   ", 10) == [""], "trailing spaces go: a paragraph of spaces is a blank line")
        #expect(wrap("ab  ", 10) == ["ab"])
        #expect(wrap("  indented text here", 10) == ["  indented", "text here"], "indentation on the first line only")
    }

    @Test func longWordsAreCutBetweenCharacters() {
        #expect(wrap("abcdefghij", 4) == ["abcd", "efgh", "ij"])
        #expect(wrap("ab abcdefgh", 5) == ["ab", "abcde", "fgh"])
    }

    @Test func aLongWordIsCutIntoRowsOfTheWidth() {
        // Columns 2, 1, 1 repeated: a row of width 7 holds 7 columns, or 6 when a 日 does not fit.
        let word = String(repeating: "日ab", count: 10_000)
        let lines = wrap("go " + word + "\non", 7)
        #expect(lines.first == "go")
        #expect(lines.last == "on")
        let cut = lines.dropFirst().dropLast()
        #expect(cut.joined() == word, "cut between graphemes, nothing lost")
        #expect(cut.dropLast().allSatisfy { [6, 7].contains(DisplayWidth.of($0)) })
        #expect(cut.allSatisfy { DisplayWidth.of($0) <= 7 })
    }

    @Test func wideCharactersAreMeasuredAndNeverSplit() {
        #expect(wrap("日本語のテキスト", 5) == ["日本", "語の", "テキ", "スト"], "5 columns hold two 2-column characters")
        #expect(wrap("Café ☕ ok", 6) == ["Café", "☕ ok"])
        #expect(wrap("日本", 1) == ["日", "本"], "a character wider than the width stands alone")
        #expect(
            wrap("e\u{301}e\u{301}e\u{301}", 2) == ["e\u{301}e\u{301}", "e\u{301}"],
            "combining marks stay with their letter")
    }

    /// Indentation is capped at `width - 1` columns, so a character still fits after it.
    @Test func indentationWiderThanTheRowIsCapped() {
        #expect(wrap("      abc", 5) == ["    a", "bc"])
        #expect(wrap("     ab", 5) == ["    a", "b"], "as wide as the row: capped too")
        #expect(wrap("    ab", 5) == ["    a", "b"], "a column short of it: kept whole")
    }

    @Test func noWidthNoLines() {
        #expect(wrap("text", 0) == [])
        #expect(wrap("text", -3) == [])
    }

    @Test func randomTextsStayWithinTheWidthAndLoseNoWord() {
        var generator = SeededGenerator(seed: 42)
        let words = ["a", "to", "日本", "☕", "word", "longerword", "é", "x\u{301}", "🍵🍵", "supercalifragilistic"]
        for _ in 0..<500 {
            let count = Int(generator.next() % 30)
            let text = (0..<count).map { _ in words[Int(generator.next() % UInt64(words.count))] }
                .joined(separator: generator.next() % 5 == 0 ? "  " : " ")
            let width = 1 + Int(generator.next() % 25)
            let lines = wrap(text, width)
            for line in lines {
                #expect(
                    DisplayWidth.of(line) <= width || (line.count == 1 && DisplayWidth.of(line) == 2),
                    "\(line) wider than \(width)")
            }
            #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " }, "\(text) at \(width)")
        }
    }

    @Test func rowsCoverTheTextEndToEndAndShowTheLines() {
        var generator = SeededGenerator(seed: 7)
        let pieces = ["a", "to", "日本", " ", "  ", "\n", "\r\n", "word", "e\u{301}", "🍵", "supercalifragilistic"]
        for _ in 0..<300 {
            let text = (0..<Int(generator.next() % 25)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))]
            }.joined()
            let width = 1 + Int(generator.next() % 20)
            let rows = TextWrapper.rows(of: text, width: width)
            #expect(
                rows.map { TextWrapper.line($0, of: text, width: width) } == TextWrapper.lines(of: text, width: width))
            // Between two rows there is nothing, or exactly one line break (a new paragraph).
            var position = text.startIndex
            for row in rows {
                if row.lowerBound != position {
                    #expect(
                        text[position].isNewline && text.index(after: position) == row.lowerBound,
                        "\(text.debugDescription) at \(width)")
                }
                position = row.upperBound
            }
            #expect(position == text.endIndex)
        }
    }
}
