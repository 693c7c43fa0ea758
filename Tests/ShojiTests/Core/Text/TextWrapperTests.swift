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

    /// A tab shows as the spaces to the next stop (8 columns, or as set), counted from the
    /// row's start: in indentation, between words, after wide characters; it is a break like a
    /// space, and a row never goes past the width because of one.
    @Test func tabsReachTheNextTabStop() {
        #expect(wrap("a\tb", 20) == ["a       b"], "a to column 8")
        #expect(wrap("abcdefgh\tb", 20) == ["abcdefgh        b"], "at a stop, to the next one")
        #expect(wrap("\tindented", 20) == ["        indented"])
        #expect(wrap(" \tx", 20) == ["        x"], "a space then a tab: still the first stop")
        #expect(wrap("日本\tx", 20) == ["日本    x"], "wide characters count two columns")
        #expect(TextWrapper.lines(of: "a\tb\tc", width: 20, tabWidth: 4) == ["a   b   c"])
        #expect(wrap("word\tnext", 10) == ["word", "next"], "a break: the tab goes with it")
        #expect(wrap("abc\t", 10) == ["abc"], "trailing tabs go, as trailing spaces")
        #expect(wrap("\t\tx", 10) == ["         x"], "indentation to column 16, capped at width - 1")
        #expect(wrap("ab\tc d\te", 12) == ["ab      c d", "e"], "c d ends at 11: the tab to 16 breaks")
        #expect(TextWrapper.width(of: "ab\tc", tabWidth: 8) == 9)
        #expect(TextWrapper.expandingTabs("x\ty\t", tabWidth: 3) == "x  y  ")
    }

    /// Random texts with tabs: every line is as wide as the width at most and has no tab left,
    /// and the rows' lines are the lines.
    @Test func randomTextsWithTabsStayWithinTheWidth() {
        var generator = SeededGenerator(seed: 11)
        let pieces = ["a", "word", "日本", " ", "\t", "\t\t", "\n", "supercalifragilistic"]
        for _ in 0..<300 {
            let text = (0..<Int(generator.next() % 25)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))]
            }.joined()
            let width = 1 + Int(generator.next() % 20), tabWidth = 1 + Int(generator.next() % 8)
            let lines = TextWrapper.lines(of: text, width: width, tabWidth: tabWidth)
            for line in lines {
                #expect(!line.contains("\t"))
                #expect(
                    DisplayWidth.of(line) <= width || (line.count == 1 && DisplayWidth.of(line) == 2),
                    "\(text.debugDescription) at \(width), tabs \(tabWidth): \(line.debugDescription)")
            }
            #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " && $0 != "\t" && $0 != "\n" })
        }
    }
}
