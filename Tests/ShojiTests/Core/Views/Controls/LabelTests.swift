import Testing
import Shoji
import ShojiTesting

@MainActor
struct LabelTests {
    private func lines(_ text: String, width: Int, height: Int = 1, alignment: TextAlignment = .left) -> [String] {
        let label = Label(text: text, frame: Rect(x: 0, y: 0, width: width, height: height))
        label.textAlignment = alignment
        return pilot(showing: label, size: Size(width: width, height: height)).lines
    }

    @Test func alignsEachLineLeftCentreOrRight() {
        #expect(lines("abc", width: 10, alignment: .left) == ["abc       "])
        #expect(lines("abc", width: 10, alignment: .center) == ["   abc    "], "7 spare columns: 3 left, 4 right")
        #expect(lines("abc", width: 10, alignment: .right) == ["       abc"])
        #expect(lines("ab\nlonger", width: 8, height: 2, alignment: .right) == ["      ab", "  longer"])
    }

    /// A tab shows as the spaces to the next tab stop (not `^I`), truncated, aligned, wrapped
    /// and measured as such; `text` keeps it.
    @Test func aTabReachesTheNextTabStop() {
        #expect(lines("a\tb", width: 12) == ["a       b   "])
        #expect(lines("a\tb", width: 12, alignment: .right) == ["   a       b"], "9 columns wide")
        #expect(lines("abc\tdefgh", width: 10) == ["abc     d…"])
        let label = Label(text: "a\tb\n\tc")
        #expect(label.intrinsicContentSize == Size(width: 9, height: 2))
        #expect(label.text == "a\tb\n\tc")
        label.tabWidth = 4
        #expect(label.intrinsicContentSize == Size(width: 5, height: 2))
        label.lineBreakMode = .byWordWrapping
        #expect(
            label.sizeThatFits(Size(width: 4, height: 9)) == Size(width: 4, height: 3),
            "a, b, then c after its indentation cut to 3 columns")
        label.frame = Rect(x: 0, y: 0, width: 6, height: 3)
        #expect(pilot(showing: label, size: Size(width: 6, height: 3)).lines == ["a   b ", "    c ", "      "])
    }

    @Test func centresCJKAndEmojiByDisplayWidth() {
        // 日本語 is 6 columns, so 2 spare on each side; the line holds 3 characters for 6 cells.
        #expect(lines("日本語", width: 10, alignment: .center) == ["  日本語  "])
        #expect(lines("😀ok", width: 8, alignment: .right) == ["    😀ok"])
    }

    @Test func truncatesWithAnEllipsisThatTakesOneColumn() {
        #expect(lines("Hello, world", width: 8) == ["Hello, …"])
        #expect(lines("Hello, world", width: 12) == ["Hello, world"], "an exact fit is not truncated")
        #expect(lines("Hello", width: 1) == ["…"])
    }

    @Test func neverShowsHalfAWideCharacterAtTheCut() {
        // 6 columns: 日本 (4) + … (1); 語 would straddle the cut, so the last column is blank.
        let label = Label(text: "日本語テキスト", frame: Rect(x: 0, y: 0, width: 6, height: 1))
        let pilot = pilot(showing: label, size: Size(width: 6, height: 1))
        #expect(pilot.lines == ["日本… "])
        #expect(pilot.screen.lastFrame![5, 0] == Cell.blank(), "no half of 語 in the last column")
        #expect(lines("😀😀😀", width: 4) == ["😀… "])
        #expect(lines("😀😀😀", width: 4, alignment: .right) == [" 😀…"], "the spare column moves with the alignment")
    }

    @Test func splitsLinesAtEveryKindOfNewlineAndMarksHiddenLines() {
        #expect(lines("one\r\ntwo\nthree", width: 5, height: 3) == ["one  ", "two  ", "three"])
        #expect(lines("a\nb\nc", width: 3, height: 2) == ["a  ", "b… "], "the last row says more text is hidden")
        #expect(lines("abc\nd\ne", width: 3, height: 1) == ["ab…"])
    }

    @Test func stylesOnlyTheTextCells() {
        let label = Label(text: "hi", style: Style(attributes: .bold), frame: Rect(x: 0, y: 0, width: 6, height: 1))
        label.textAlignment = .center
        let pilot = pilot(showing: label, size: Size(width: 6, height: 1))
        #expect(pilot.styledText == "  {bold}hi{/}  ")
    }

    @Test func showsATextChangeOnTheNextFrame() {
        let label = Label(text: "before", frame: Rect(x: 0, y: 0, width: 8, height: 1))
        let pilot = pilot(showing: label, size: Size(width: 8, height: 1))
        label.text = "after"
        pilot.advance(by: 0.1)
        #expect(pilot.lines == ["after   "])
    }

    @Test func sizesToFitTheWidestLineInDisplayColumns() {
        let label = Label(text: "日本\nabc")
        #expect(label.intrinsicContentSize == Size(width: 4, height: 2))
        label.frame.origin = Point(x: 2, y: 1)
        label.sizeToFit()
        #expect(label.frame == Rect(x: 2, y: 1, width: 4, height: 2))
        #expect(Label(text: "").intrinsicContentSize == .zero)
    }

    @Test func wrapsWordsOntoTheNextRowsWhenAsked() {
        let text = "A long message that does not fit on one row. 日本語のテキスト"
        let label = Label(text: text, frame: Rect(x: 0, y: 0, width: 12, height: 6))
        let pilot = pilot(showing: label, size: Size(width: 12, height: 6))
        #expect(pilot.lines[0] == "A long mess…", "truncated by default")
        label.lineBreakMode = .byWordWrapping
        pilot.advance(by: 0.1)
        #expect(pilot.lines == ["A long      ", "message that", "does not fit", "on one row. ", "日本語のテキ", "スト        "])
        label.frame.size.height = 4
        pilot.advance(by: 0.1)
        #expect(pilot.lines[3] == "on one row.…", "more rows than fit: the last shown ends in …")
        label.textAlignment = .center
        pilot.advance(by: 0.1)
        #expect(pilot.lines[0] == "   A long   ", "each wrapped row is aligned")
    }

    @Test func sizeThatFitsGivesTheHeightAWrappingLabelNeeds() {
        let label = Label(text: "one two three\nfour")
        #expect(
            label.sizeThatFits(Size(width: 100, height: 1)) == Size(width: 13, height: 2),
            "truncating: the natural size")
        #expect(label.sizeThatFits(Size(width: 5, height: 1)) == Size(width: 5, height: 2), "truncating: capped width")
        label.lineBreakMode = .byWordWrapping
        #expect(label.sizeThatFits(Size(width: 8, height: 1)) == Size(width: 7, height: 3), "one two / three / four")
        #expect(label.sizeThatFits(Size(width: 0, height: 9)) == .zero)
        #expect(Label(text: "").sizeThatFits(Size(width: 9, height: 9)) == .zero)
    }

    @Test func numberOfLinesLimitsTheRowsShownAndMeasured() {
        let label = Label(text: "one two three four five", frame: Rect(x: 0, y: 0, width: 9, height: 4))
        label.lineBreakMode = .byWordWrapping
        let pilot = pilot(showing: label, size: Size(width: 9, height: 4))
        #expect(pilot.lines == ["one two  ", "three    ", "four five", "         "])
        label.numberOfLines = 2
        pilot.advance(by: 0.1)
        #expect(
            pilot.lines == ["one two  ", "three…   ", "         ", "         "], "cut: the last row shown ends in …")
        #expect(label.sizeThatFits(Size(width: 9, height: 9)) == Size(width: 7, height: 2))
        let lines = Label(text: "a\nbbb\ncc")
        lines.numberOfLines = 2
        #expect(lines.intrinsicContentSize == Size(width: 3, height: 2), "the lines shown")
        lines.numberOfLines = -1
        #expect(lines.intrinsicContentSize == Size(width: 3, height: 3), "negative: no limit")
    }

    @Test func letsClicksThroughToTheViewBehind() {
        let label = Label(text: "x", frame: Rect(x: 0, y: 0, width: 3, height: 1))
        let container = View(frame: Rect(x: 0, y: 0, width: 3, height: 1))
        container.addSubview(label)
        #expect(container.hitTest(Point(x: 1, y: 0)) === container)
    }
}

@MainActor
struct TextTruncationTests {
    @Test func keepsTextThatFitsAndCutsByDisplayColumns() {
        #expect(DisplayWidth.truncate("abc", toWidth: 3) == "abc")
        #expect(DisplayWidth.truncate("abcd", toWidth: 3) == "ab…")
        #expect(DisplayWidth.truncate("abc", toWidth: 0) == "")
        #expect(DisplayWidth.truncate("日本語", toWidth: 4) == "日…", "本 would straddle the cut")
        #expect(DisplayWidth.truncate("日本語", toWidth: 5) == "日本…")
        #expect(DisplayWidth.of(DisplayWidth.truncate("日本語", toWidth: 4)) == 3)
    }

    @Test func keepsClustersWholeAndCountsControlsAsDrawn() {
        // e + combining acute is one cluster of width 1.
        #expect(DisplayWidth.truncate("e\u{301}e\u{301}xyz", toWidth: 3) == "e\u{301}e\u{301}…")
        // TAB is drawn as ^I (2 columns).
        #expect(DisplayWidth.truncate("a\tbcd", toWidth: 4) == "a\t…")
        let prefix = DisplayWidth.prefix(of: "👍🏽ab", fittingWidth: 3)
        #expect(prefix.text == "👍🏽a" && prefix.width == 3, "the skin tone stays with its emoji")
    }
}
