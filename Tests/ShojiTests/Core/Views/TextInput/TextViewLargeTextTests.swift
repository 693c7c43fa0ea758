import Testing
@testable import Shoji
import ShojiTesting

/// `TextView` with texts of many lines: what it costs follows what shows (paragraphs are wrapped
/// as they come into view, the rest estimated), and what the user sees is still exact: End shows
/// the true end, scrolling up from it moves a row at a time, a new width keeps the first line
/// shown, and the estimates settle to the true count.
@MainActor
struct TextViewLargeTextTests {
    /// `count` lines of 0 to 24 words (seeded), so that estimates from bytes are wrong both ways
    /// at width 40: words of up to 30 letters leave rows short (more rows than the bytes say),
    /// wide characters take 3 bytes for 2 columns (fewer).
    static func lines(_ count: Int) -> [String] {
        var generator = SeededGenerator(seed: 77)
        return (0..<count).map { index in
            let words = (0..<Int(generator.next() % 25)).map { _ in
                generator.next() % 3 == 0
                    ? String(repeating: "日本", count: 1 + Int(generator.next() % 6))
                    : String(repeating: "w", count: 1 + Int(generator.next() % 30))
            }
            return "\(index):" + words.joined(separator: " ")
        }
    }

    /// A read-only view of 40x10 showing `lines`, focused.
    static func view(_ lines: [String]) -> (TextView, Pilot) {
        let view = TextView(text: lines.joined(separator: "\n"), frame: Rect(x: 0, y: 0, width: 40, height: 10))
        view.isEditable = false
        let pilot = ShojiTests.pilot(showing: view, size: Size(width: 40, height: 10))
        #expect(view.becomeFirstResponder())
        pilot.advance(by: 0.1)
        return (view, pilot)
    }

    /// The screen's rows without their trailing blanks.
    static func shown(_ pilot: Pilot) -> [String] {
        pilot.lines.map { line in
            var line = Substring(line)
            while line.last == " " { line.removeLast() }
            return String(line)
        }
    }

    /// The rows of a full rewrap of `lines` at 40 columns, as the lines they show.
    static func wrapped(_ lines: [String]) -> [String] {
        TextWrapper.lines(of: lines.joined(separator: "\n"), width: 40)
    }

    /// Setting a text of 100,000 lines wraps only the paragraphs that show (and a few around):
    /// not the text.
    @Test func aLongTextWrapsOnlyWhatShows() {
        let lines = Self.lines(100_000)
        let (view, pilot) = Self.view(lines)
        #expect(Self.shown(pilot) == Array(Self.wrapped(Array(lines.prefix(20))).prefix(10)))
        #expect(view.textLayout.wrappedParagraphCount <= 10, "\(view.textLayout.wrappedParagraphCount) wrapped")
        #expect(view.textLayout.paragraphCount == 100_000)
        view.text = lines.reversed().joined(separator: "\n")
        pilot.advance(by: 0.1)
        #expect(view.textLayout.wrappedParagraphCount <= 10, "set in code: again only what shows")
    }

    /// End shows the true end however wrong the estimates were, and Up from there brings in one
    /// row at a time at the top, the rows below moving down one (no jump as the paragraphs above
    /// are wrapped and their counts corrected).
    @Test func endShowsTheTrueEndAndUpMovesOneRowAtATime() {
        // The last lines wrap into more rows than their bytes say (ten words of about 24 letters:
        // 7 rows estimated, 10 true), so an end found from the estimates falls short of the text's.
        let tail = (0..<20).map { line in
            (0..<10).map { word in "\(line)-\(word)" + String(repeating: "v", count: 20) }.joined(separator: " ")
        }
        let lines = Self.lines(5_000) + tail
        let all = Self.wrapped(lines)
        let (view, pilot) = Self.view(lines)
        pilot.press(.end)
        #expect(Self.shown(pilot) == Array(all.suffix(10)), "the last screenful of a full rewrap")
        #expect(view.scrollOffset == view.maximumScrollOffset && view.visibleLines.upperBound == view.rowCount)
        var shown = Self.shown(pilot)
        for step in 1...80 {
            pilot.press(.up)
            let now = Self.shown(pilot)
            #expect(Array(now.dropFirst()) == Array(shown.dropLast()), "Up \(step): one row in at the top")
            let expected: [String] = Array(all[(all.count - 10 - step)..<(all.count - step)])
            #expect(now == expected, "Up \(step)")
            shown = now
        }
        #expect(!view.textLayout.isExact, "the paragraphs never shown are still estimated")
    }

    /// A new width keeps the text that showed first at the top, and the estimated rows settle
    /// to the true count once every paragraph was shown.
    @Test func aNewWidthKeepsTheFirstLineShownAndTheCountSettles() {
        let lines = Self.lines(2_000)
        let (view, pilot) = Self.view(lines)
        view.scroll(to: 3_000)
        pilot.advance(by: 0.1)
        let first = view.textLayout.row(view.scrollOffset, in: view.text).lowerBound
        view.frame.size.width = 30
        pilot.advance(by: 0.1)
        #expect(view.textLayout.row(containing: first, in: view.text) == view.scrollOffset, "the same text first")
        let top = view.textLayout.row(view.scrollOffset, in: view.text)
        let text = view.text, utf8 = text.utf8
        let shown = TextWrapper.line(
            utf8.index(
                utf8.startIndex, offsetBy: top.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: top.upperBound),
            of: text, width: 30)
        #expect(Self.shown(pilot)[0] == shown, "that row drawn at the top")
        var offset = 0
        while offset < view.rowCount {
            view.scroll(to: offset)
            offset += 5
        }
        pilot.advance(by: 0.1)
        #expect(view.textLayout.isExact)
        #expect(view.rowCount == TextWrapper.rows(of: view.text, width: 30).count)
    }
}
