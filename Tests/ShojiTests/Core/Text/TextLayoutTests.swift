import Testing
@testable import Shoji
import ShojiTesting

/// `TextLayout`: after every edit, the rows updated from the edit equal the rows of the whole
/// new text wrapped afresh (random texts and edits, seeded).
struct TextLayoutTests {
    /// Pieces that stress wrapping and grapheme joins: words short and long, runs of spaces,
    /// every kind of line break (a lone CR that a later LF joins), wide characters, combining
    /// marks, ZWJ and emoji, regional indicators (which pair up), a control character.
    static let pieces: [String] = [
        "a", "to", "word", "supercalifragilistic", " ", "  ", "   ", "\n", "\r", "\r\n", "\u{85}", "\u{2028}",
        "日本", "語", "e", "\u{301}", "\u{200D}", "👩", "🍵", "\u{1F1EF}", "\u{1F1F5}", "\u{FE0F}", "❤", "\u{1}",
        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
    ]

    /// The rows of a full rewrap, as UTF-8 offsets.
    static func rows(of text: String, width: Int, tabWidth: Int = TextWrapper.defaultTabWidth) -> [Range<Int>] {
        TextWrapper.rows(of: text, width: width, tabWidth: tabWidth).map {
            text.utf8.distance(
                from: text.startIndex, to: $0.lowerBound)..<text.utf8.distance(from: text.startIndex, to: $0.upperBound)
        }
    }

    static func random(_ count: Int, _ generator: inout SeededGenerator) -> String {
        (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
    }

    /// Random texts of `pieces` (`texts` of them, up to `length` pieces long, at widths up to
    /// `widths`), each edited `steps` times at random (replacements up to `replacement` pieces
    /// long, tab stops every `tabWidths` columns, the width changed before one edit in ten,
    /// blocks of `blockSize` paragraphs): after every edit the row found for a few
    /// random offsets is the row of a full rewrap that holds it, and every third edit (and at the
    /// end) all the rows are those of a full rewrap, with their count exact. Between those the
    /// layout keeps what edits left estimated.
    static func checkRandomEdits(
        pieces: [String], seed: UInt64, texts: Int, length: Int, widths: Int, steps: Int, replacement: Int,
        tabWidths: ClosedRange<Int> = 8...8, blockSize: Int = 1_024
    ) {
        func random(_ count: Int, _ generator: inout SeededGenerator) -> String {
            (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
        }
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<texts {
            var text = random(Int(generator.next() % UInt64(length)), &generator)
            var width = 1 + Int(generator.next() % UInt64(widths))
            let tabWidth = tabWidths.lowerBound + Int(generator.next() % UInt64(tabWidths.count))
            let layout = TextLayout(text: text, width: width, tabWidth: tabWidth, blockSize: blockSize)
            for step in 0..<steps {
                if generator.next() % 10 == 0 {
                    width = 1 + Int(generator.next() % UInt64(widths))
                    layout.setWidth(width, tabWidth: tabWidth)
                }
                let range = TextEditingBufferTests.randomRange(in: text, &generator)
                let replacement =
                    generator.next() % 3 == 0 ? "" : random(1 + Int(generator.next() % UInt64(replacement)), &generator)
                let before = text
                let lower = text.utf8.index(text.startIndex, offsetBy: range.lowerBound)
                let anchor =
                    lower == text.startIndex
                    ? 0 : text.utf8.distance(from: text.startIndex, to: text.index(before: lower))
                text.replaceSubrange(
                    lower..<text.utf8.index(text.startIndex, offsetBy: range.upperBound), with: replacement)
                layout.replace(range, anchor: anchor, withCount: replacement.utf8.count, in: text)
                let expected = Self.rows(of: text, width: width, tabWidth: tabWidth)
                for _ in 0..<3 {
                    let offset = Int(generator.next() % UInt64(text.utf8.count + 1))
                    let found = layout.row(containing: offset, in: text).map { layout.row($0, in: text) }
                    #expect(
                        found == expected.last { $0.lowerBound <= offset },
                        "step \(step) at width \(width), offset \(offset) in \(text.debugDescription)")
                }
                guard generator.next() % 3 == 0 || step == steps - 1 else { continue }
                #expect(
                    layout.allRows(in: text) == expected && layout.rowCount == expected.count && layout.isExact,
                    "step \(step) at width \(width), tabs \(tabWidth): \(before.debugDescription) with \(range) replaced by \(replacement.debugDescription)"
                )
                if layout.allRows(in: text) != expected { return }
            }
        }
    }

    @Test func editsGiveTheRowsOfAFullRewrap() {
        Self.checkRandomEdits(
            pieces: Self.pieces, seed: 19, texts: 120, length: 40, widths: 24, steps: 60, replacement: 4)
    }

    /// The random edits with blocks of two and three paragraphs, so edits move paragraphs
    /// between blocks, open closed ones and add them up again; now and then at a new width,
    /// which closes every block.
    @Test(arguments: [2, 3])
    func editsAcrossSmallBlocksGiveTheRowsOfAFullRewrap(blockSize: Int) {
        Self.checkRandomEdits(
            pieces: Self.pieces, seed: 23, texts: 120, length: 60, widths: 24, steps: 60, replacement: 6,
            blockSize: blockSize)
    }

    /// The random edits with tabs among the pieces (gaps and indentation that reach tab stops,
    /// stops every 1 to 8 columns).
    @Test func editsAmongTabsGiveTheRowsOfAFullRewrap() {
        let pieces = ["a", "to", "word", "supercalifragilistic", " ", "\t", "\t\t", " \t", "\n", "日本", "e\u{301}"]
        Self.checkRandomEdits(
            pieces: pieces, seed: 43, texts: 200, length: 30, widths: 20, steps: 40, replacement: 3, tabWidths: 1...8)
    }

    /// A row of zero-width characters only (U+200B) takes no columns: a word shortened to
    /// `width - 1` after it fits on it again. The edit's row is not where rewrapping may start.
    @Test func aRowOfOnlyZeroWidthCharactersBeforeTheEditIsRewrapped() {
        let width = 4
        var text = "abcd \u{200B} efg\u{200B}X"
        let layout = TextLayout(text: text, width: width)
        #expect(TextWrapper.lines(of: text, width: width) == ["abcd", "\u{200B}", "efg\u{200B}X"])
        let start = text.utf8.count - 1
        let anchor = start - "\u{200B}".utf8.count
        text.removeLast()
        layout.replace(start..<(start + 1), anchor: anchor, withCount: 0, in: text)
        #expect(TextWrapper.lines(of: text, width: width) == ["abcd", "\u{200B} efg\u{200B}"])
        #expect(layout.allRows(in: text) == Self.rows(of: text, width: width))
    }

    /// The random edits above with zero-width spaces among the pieces, so rows of only
    /// zero-width characters come up.
    @Test func editsAmongZeroWidthSpacesGiveTheRowsOfAFullRewrap() {
        let pieces = ["a", "to", "word", " ", "  ", "\n", "\u{200B}", "\u{200B}\u{200B}", "日本", "e\u{301}", "xxxxxxx"]
        Self.checkRandomEdits(pieces: pieces, seed: 31, texts: 200, length: 30, widths: 8, steps: 40, replacement: 3)
    }

    @Test func typingAndDeletingInAlongParagraphRewrapsAsAWhole() {
        // Prose typed one grapheme at a time into the middle of a long paragraph, then deleted.
        var generator = SeededGenerator(seed: 5)
        let words = ["a", "to", "the", "wrapping", "日本語", "e\u{301}", "supercalifragilisticexpialidocious"]
        var text = (0..<300).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " ")
        for width in [7, 30] {
            let layout = TextLayout(text: text, width: width)
            var point = text.utf8.count / 2
            for character in "typed in the middle, with a verylongwordthatmustbecut and more" {
                let lower = text.utf8.index(text.startIndex, offsetBy: point)
                let anchor = text.utf8.distance(from: text.startIndex, to: text.index(before: lower))
                text.insert(character, at: lower)
                layout.replace(point..<point, anchor: anchor, withCount: character.utf8.count, in: text)
                point += character.utf8.count
                #expect(layout.allRows(in: text) == Self.rows(of: text, width: width))
            }
            for _ in 0..<30 {
                let upper = text.utf8.index(text.startIndex, offsetBy: point)
                let lower = text.index(before: upper)
                let start = text.utf8.distance(from: text.startIndex, to: lower)
                let anchor = text.utf8.distance(from: text.startIndex, to: text.index(before: lower))
                text.removeSubrange(lower..<upper)
                layout.replace(start..<point, anchor: anchor, withCount: 0, in: text)
                point = start
                #expect(layout.allRows(in: text) == Self.rows(of: text, width: width))
            }
        }
    }

    /// A layout costs a scan for line breaks: nothing is wrapped until asked for. An edit wraps
    /// what it leaves at once when it is small (typing keeps an exact layout exact), and leaves a
    /// large paste estimated, to be wrapped as it shows.
    @Test func smallEditsAreWrappedAtOnceAndLargeOnesLeftEstimated() {
        var text = (0..<1_000).map { "line \($0) with some words" }.joined(separator: "\n")
        let layout = TextLayout(text: text, width: 10)
        #expect(layout.wrappedParagraphCount == 0 && layout.paragraphCount == 1_000)
        _ = layout.allRows(in: text)
        #expect(layout.isExact)
        let end = text.utf8.count
        let anchor = text.utf8.distance(from: text.startIndex, to: text.index(before: text.endIndex))
        text += "\ntyped"
        layout.replace(end..<end, anchor: anchor, withCount: 6, in: text)
        #expect(layout.isExact && layout.rowCount == Self.rows(of: text, width: 10).count, "typing: still exact")
        let paste = String(repeating: "a pasted line of text\n", count: 5_000)
        let before = text.utf8.count
        text += paste
        layout.replace(before..<before, anchor: before - 1, withCount: paste.utf8.count, in: text)
        #expect(!layout.isExact, "115 KB pasted: estimated until shown")
        #expect(layout.allRows(in: text) == Self.rows(of: text, width: 10))
    }

    /// Rows asked for by number in any order (back from the end, then at random), after a
    /// lookup by offset and after other paragraphs were wrapped (their counts corrected), are
    /// the rows of a full rewrap: the walk that finds a screenful's rows one after another never
    /// starts from a row it passed or from one whose number has moved.
    @Test func rowsFoundInAnyOrderAreTheRowsOfAFullRewrap() {
        var generator = SeededGenerator(seed: 3)
        let text = (0..<60).map { line in
            (0..<Int(generator.next() % 12)).map { _ in String(repeating: "w", count: 1 + Int(generator.next() % 9)) }
                .joined(separator: " ") + " \(line)"
        }.joined(separator: "\n")
        for blockSize in [8, 1_024] {
            let layout = TextLayout(text: text, width: 10, blockSize: blockSize)
            let expected = Self.rows(of: text, width: 10)
            _ = layout.row(containing: text.utf8.count - 1, in: text)
            layout.prepareEnd(height: expected.count, in: text)
            #expect(layout.isExact && layout.rowCount == expected.count)
            for row in (0..<expected.count).reversed() {
                #expect(layout.row(row, in: text) == expected[row], "row \(row), blocks of \(blockSize)")
            }
            for _ in 0..<500 {
                let row = Int(generator.next() % UInt64(expected.count))
                #expect(layout.row(row, in: text) == expected[row], "row \(row), blocks of \(blockSize)")
            }
        }
    }

    /// The byte scan for line breaks finds exactly where `Character.isNewline` graphemes end,
    /// every kind (LF, VT, FF, CR, CR LF, NEL, LS, PS) among text that holds their bytes'
    /// look-alikes (other C2 and E2 80 sequences, a CR then text, a lone LF after CR LF), in
    /// random texts and in any part of them.
    @Test func theLineBreakScanFindsEveryKindOfBreak() {
        var generator = SeededGenerator(seed: 12)
        let pieces = [
            "a", "日本", "\n", "\u{0B}", "\u{0C}", "\r", "\r\n", "\u{85}", "\u{2028}", "\u{2029}", "\u{A9}", "\u{2027}",
            "\u{202A}", "\u{2020}", "é", "\u{1}", "\r\u{301}", "\n\n"
        ]
        for _ in 0..<2_000 {
            let text = (0..<Int(generator.next() % 20)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))]
            }
            .joined()
            var expected: [Int] = []
            var offset = 0
            for character in text {
                offset += character.utf8.count
                if character.isNewline { expected.append(offset) }
            }
            var found: [Int] = []
            TextLayout.appendParagraphStarts(of: text, in: 0..<text.utf8.count, to: &found)
            #expect(found == expected, "\(text.debugDescription)")
            // From a paragraph's start to any later one, the same breaks.
            let starts = [0] + expected
            let from = starts[Int(generator.next() % UInt64(starts.count))]
            var part: [Int] = []
            TextLayout.appendParagraphStarts(of: text, in: from..<text.utf8.count, to: &part)
            #expect(part == expected.filter { $0 > from }, "\(text.debugDescription) from \(from)")
        }
    }
}
