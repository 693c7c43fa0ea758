import Testing
@testable import Shoji
import ShojiTesting

/// `TextView`: wrapping, scrolling (keys and wheel), read-only and editable, Up/Down by display
/// row, paste, clicks and the terminal's cursor, headless.
@MainActor
struct TextViewTests {
    /// A text view of `width` x `height` at (1, 1) in a window two cells larger each way.
    @MainActor
    final class Fixture {
        let view: TextView
        let pilot: Pilot

        init(width: Int = 10, height: Int = 3, text: String = "", editable: Bool = true, focused: Bool = true) {
            view = TextView(text: text, frame: Rect(x: 1, y: 1, width: width, height: height))
            view.isEditable = editable
            pilot = ShojiTests.pilot(showing: view, size: Size(width: width + 2, height: height + 2))
            if focused {
                #expect(view.becomeFirstResponder())
                pilot.advance(by: 0.1)
            }
        }

        /// The view's rows as shown (trailing blanks dropped).
        var shown: [String] {
            guard let frame = pilot.screen.lastFrame else { return [] }
            return (1...view.frame.height).map { y in
                var row = (1...view.frame.width).map { frame[$0, y] }.filter { !$0.isContinuation }.map(\.grapheme)
                    .joined()
                while row.last == " " { row.removeLast() }
                return row
            }
        }

        /// The cursor in the view's coordinates, or nil when hidden.
        var cursor: Point? { pilot.cursor.map { Point(x: $0.x - 1, y: $0.y - 1) } }

        func press(_ key: Key, _ modifiers: KeyModifiers = []) { pilot.press(key, modifiers: modifiers) }
    }

    // MARK: Read-only

    @Test func aReadOnlyViewWrapsAndScrollsByKeysAndWheel() {
        let text = "one two three four five six seven eight nine ten eleven twelve"
        let f = Fixture(width: 10, height: 3, text: text, editable: false)
        #expect(
            f.view.wrappedLines == ["one two", "three four", "five six", "seven", "eight nine", "ten eleven", "twelve"])
        #expect(f.shown == ["one two", "three four", "five six"])
        #expect(f.cursor == nil, "read-only: no cursor")
        f.press(.down)
        #expect(f.shown.first == "three four")
        f.press(.pageDown)
        #expect(f.view.scrollOffset == 4)
        f.press(.end)
        #expect(f.view.scrollOffset == 4, "the last screenful ends at the last row")
        #expect(f.shown == ["eight nine", "ten eleven", "twelve"])
        f.press(.down)
        #expect(f.view.scrollOffset == 4)
        f.press(.pageUp)
        #expect(f.view.scrollOffset == 1)
        f.press(.home)
        #expect(f.view.scrollOffset == 0)
        f.pilot.scroll(.wheelDown, at: Point(x: 2, y: 2))
        #expect(f.view.scrollOffset == 3)
        f.pilot.scroll(.wheelUp, at: Point(x: 2, y: 2))
        #expect(f.view.scrollOffset == 0)
        #expect(!f.view.acceptsTextInput)
        #expect(!f.view.keyPressed(KeyEvent(.character("q"))), "typed characters go on (q still quits)")
    }

    @Test func endInAMillionLinesShowsTheEndInOneFrame() {
        let text = (1...1_000_000).map { "\($0)" }.joined(separator: "\n")
        let fixture = Fixture(width: 10, height: 3, text: text, editable: false)
        let frames = fixture.pilot.screen.frames.count
        fixture.press(.end)
        #expect(fixture.shown == ["999998", "999999", "1000000"])
        #expect(fixture.pilot.screen.frames.count == frames + 1, "one frame")
        fixture.press(.home)
        #expect(fixture.shown == ["1", "2", "3"])
    }

    @Test func appendingWrapsAsSettingTheWholeTextAndKeepsTheOffset() {
        let pieces = ["first line", " joined to it", "\nsecond line that wraps", "\n", "\r", "\n日本語のテキスト", "e\u{301}"]
        let fixture = Fixture(width: 10, height: 3, text: "start", editable: false, focused: false)
        var whole = "start"
        for piece in pieces {
            let offset = fixture.view.scrollOffset
            fixture.view.append(piece)
            whole += piece
            let reference = TextView(text: whole, frame: fixture.view.frame)
            #expect(fixture.view.text == whole)
            #expect(fixture.view.wrappedLines == reference.wrappedLines, "after appending \(piece.debugDescription)")
            #expect(fixture.view.lineCount == reference.lineCount)
            #expect(fixture.view.scrollOffset == offset, "the offset stays")
        }
        fixture.view.scroll(to: fixture.view.maximumScrollOffset)
        fixture.pilot.advance(by: 0.1)
        #expect(fixture.shown.last == TextView(text: whole, frame: fixture.view.frame).wrappedLines.last)
    }

    @Test func aResizeRewrapsAndKeepsTheOffsetInRange() {
        let f = Fixture(width: 10, height: 3, text: String(repeating: "word ", count: 12), editable: false)
        f.press(.end)
        #expect(f.view.scrollOffset == 3)
        f.pilot.resize(to: Size(width: 32, height: 5))
        f.view.frame.size.width = 30
        f.pilot.advance(by: 0.1)
        #expect(f.view.rowCount == 2)
        #expect(f.view.scrollOffset == 0, "clamped: everything fits")
        f.view.horizontalMargin = 2
        f.pilot.advance(by: 0.1)
        #expect(f.view.textWidth == 26)
        #expect(f.shown.first == "  word word word word word")
    }

    // MARK: Editing

    @Test func typingEnterAndTheCursorAcrossLines() {
        let f = Fixture(width: 10, height: 4)
        #expect(f.cursor == Point(x: 0, y: 0), "an empty editable view shows the cursor at the start")
        f.pilot.type("ab")
        f.press(.enter)
        f.pilot.type("日本")
        #expect(f.view.text == "ab\n日本")
        #expect(f.shown == ["ab", "日本", "", ""])
        #expect(f.cursor == Point(x: 4, y: 1))
        f.press(.enter)
        #expect(f.cursor == Point(x: 0, y: 2), "a new empty line")
        f.press(.backspace)
        f.press(.up)
        #expect(f.cursor == Point(x: 2, y: 0), "the column kept: 4 does not exist on row 0, so its end")
        f.press(.home)
        f.press(.down)
        #expect(f.cursor == Point(x: 0, y: 1))
        f.press(.end)
        #expect(f.cursor == Point(x: 4, y: 1))
        f.press(.home, .ctrl)
        #expect(f.cursor == Point(x: 0, y: 0))
        f.press(.end, .ctrl)
        #expect(f.cursor == Point(x: 4, y: 1))
        f.press(.down)
        #expect(f.cursor == Point(x: 4, y: 1), "Down on the last row goes to the end of the text")
        f.press(.up)
        f.press(.up)
        #expect(f.cursor == Point(x: 0, y: 0), "Up on the first row goes to the start")
    }

    @Test func upAndDownMoveByDisplayRowAndKeepTheColumn() {
        // Wrapped at 10: "alpha beta" / "gamma" / "日本語のテ" / "キスト".
        let f = Fixture(width: 10, height: 4, text: "alpha beta gamma\n日本語のテキスト")
        #expect(f.view.wrappedLines == ["alpha beta", "gamma", "日本語のテ", "キスト"])
        f.press(.home, .ctrl)
        f.press(.right)
        f.press(.right)
        f.press(.right)
        #expect(f.cursor == Point(x: 3, y: 0))
        f.press(.down)
        #expect(f.cursor == Point(x: 3, y: 1), "down one display row inside the same line")
        f.press(.down)
        #expect(f.cursor == Point(x: 2, y: 2), "column 3 is the middle of 本: before it")
        f.press(.down)
        #expect(f.cursor == Point(x: 2, y: 3))
        f.press(.up)
        f.press(.up)
        f.press(.up)
        #expect(f.cursor == Point(x: 3, y: 0), "the goal column came back")
        f.press(.end)
        #expect(f.cursor == Point(x: 5, y: 1), "End: the end of the logical line, on its last row")
        f.press(.up)
        #expect(f.cursor == Point(x: 5, y: 0), "column 5 on row 0, after alpha")
        f.press(.right)
        #expect(f.cursor == Point(x: 6, y: 0))
        f.press(.right, .ctrl)
        #expect(f.cursor == Point(x: 9, y: 0), "after beta: the break's space is past the last column")
        f.press(.right)
        #expect(f.cursor == Point(x: 0, y: 1), "after the break's space: the next row")
    }

    @Test func theSameReadlineKeysAsAFieldWithLines() {
        let f = Fixture(width: 20, height: 4, text: "first line\nsecond line")
        f.press(.home, .ctrl)
        f.pilot.press(.ctrl("e"))
        #expect(f.view.insertionPoint == 10)
        f.pilot.press(.ctrl("k"))
        #expect(f.view.text == "first linesecond line", "Ctrl-K at a line's end joins the next line")
        f.pilot.press(.ctrl("y"))
        #expect(f.view.text == "first line\nsecond line")
        f.pilot.press(.ctrl("a"))
        #expect(f.cursor == Point(x: 0, y: 1), "Ctrl-A: the start of the line, here the second")
        f.pilot.press(.ctrl("k"))
        #expect(f.view.text == "first line\n")
        f.pilot.press(.ctrl("w"))
        #expect(f.view.text == "first ", "Ctrl-W kills back over the line break and a word")
        f.press(.left, .ctrl)
        #expect(f.view.insertionPoint == 0)
    }

    @Test func editingScrollsToKeepTheInsertionPointInView() {
        let f = Fixture(width: 10, height: 2)
        for line in ["one", "two", "three"] {
            f.pilot.type(line)
            f.press(.enter)
        }
        #expect(f.view.scrollOffset == 2)
        #expect(f.shown == ["three", ""])
        #expect(f.cursor == Point(x: 0, y: 1))
        f.pilot.scroll(.wheelUp, at: Point(x: 2, y: 1))
        #expect(f.view.scrollOffset == 0)
        #expect(f.cursor == nil, "the insertion point is scrolled out of view: no cursor")
        f.pilot.type("x")
        #expect(f.view.scrollOffset == 2, "typing brings it back")
        #expect(f.cursor == Point(x: 1, y: 1))
        f.press(.pageUp)
        #expect(f.view.scrollOffset == 0)
        #expect(f.cursor == Point(x: 1, y: 1), "a screen (2 rows) up: from three to two, same column")
    }

    @Test func aPasteKeepsLineBreaksAndMakesTheRestInert() {
        let f = Fixture(width: 20, height: 4)
        var changes = 0
        f.view.onChange = { _ in changes += 1 }
        f.pilot.paste("a\r\nb\tc\u{1B}[2Jd\u{202E}e\u{85}f\u{0}")
        #expect(f.view.text == "a\nb\tc[2Jde\nf", "the tab is kept, as a typed one would be")
        #expect(changes == 1)
        #expect(f.shown == ["a", "b       c[2Jde", "f", ""])
    }

    /// A tab shows as the spaces to the next tab stop and stays one character of the text: the
    /// insertion point after it is at the stop, a click inside its span lands before it, Left
    /// steps over it whole, a selection covers its columns, and a new tab width redraws.
    @Test func aTabReachesTheNextTabStop() {
        let f = Fixture(width: 20, height: 3, text: "a\tb\n\tx")
        #expect(f.shown == ["a       b", "        x", ""])
        #expect(f.view.text == "a\tb\n\tx")
        f.pilot.click(at: Point(x: 1 + 9, y: 1))
        #expect(f.cursor == Point(x: 9, y: 0), "after b")
        f.press(.left)
        f.press(.left)
        #expect(f.cursor == Point(x: 1, y: 0), "over b, then over the whole tab")
        f.pilot.click(at: Point(x: 1 + 5, y: 1))
        #expect(f.cursor == Point(x: 1, y: 0), "a click inside the tab's span: before the tab")
        f.press(.right, .shift)
        #expect(f.view.selectedRange == 1..<2, "the tab, one grapheme")
        let selected = (1...7).map { f.pilot.screen.lastFrame![1 + $0, 1].style }
        #expect(selected.allSatisfy { $0 == f.view.theme.selected(f.view.style) }, "the tab's seven columns")
        f.press(.down)
        #expect(f.cursor == Point(x: 8, y: 1), "down keeps column 8: after the second row's tab")
        f.view.tabWidth = 4
        f.pilot.advance(by: 0.1)
        #expect(f.shown == ["a   b", "    x", ""])
        #expect(f.cursor == Point(x: 4, y: 1))
    }

    /// Tab moves the focus by default; with `tabKeyInsertsTab` it types a tab, kept in the text
    /// as a pasted one is. Shift-Tab moves the focus either way.
    @Test func theTabKeyTypesATabOnlyWhenAsked() {
        let f = Fixture(width: 20, height: 3, text: "ab")
        let other = TextField(frame: Rect(x: 0, y: 0, width: 5, height: 1))
        f.view.superview?.addSubview(other)
        f.press(.tab)
        #expect(f.view.text == "ab" && other.isFocused, "Tab moved on: nothing typed")
        #expect(f.view.becomeFirstResponder())
        f.view.tabKeyInsertsTab = true
        f.press(.tab)
        #expect(f.view.text == "ab\t")
        #expect(f.cursor == Point(x: 8, y: 0))
        f.press(.tab, .shift)
        #expect(f.view.text == "ab\t" && !f.view.isFocused, "Shift-Tab still leaves")
    }

    /// Every bidirectional embedding, override and isolate control is dropped from a paste,
    /// whichever it is and wherever it stands (between letters, at a line's end, joined to a
    /// combining mark).
    @Test(arguments: Array(0x202A...0x202E) + Array(0x2066...0x2069))
    func aPasteDropsEachBidirectionalControl(value: UInt32) throws {
        let control = try #require(Unicode.Scalar(value))
        let f = Fixture(width: 20, height: 4)
        f.pilot.paste("a\(control)b\(control)\n\(control)\u{301}c\(control)")
        #expect(f.view.text == "ab\n\u{301}c")
        #expect(!f.view.text.unicodeScalars.contains(control))
    }

    @Test func aClickMovesTheInsertionPoint() {
        let f = Fixture(width: 10, height: 3, text: "日本語\nabc")
        f.pilot.click(at: Point(x: 1 + 3, y: 1))
        #expect(f.view.insertionPoint == 1, "the right half of 本: before it")
        #expect(f.cursor == Point(x: 2, y: 0))
        f.pilot.click(at: Point(x: 1 + 8, y: 2))
        #expect(f.view.insertionPoint == 7, "past the end of a line: its end")
        f.pilot.click(at: Point(x: 1, y: 3))
        #expect(f.view.insertionPoint == 7, "below the text: the end")
    }

    @Test func changesCanBeRefusedAndTextSetInCodeIsNotReported() {
        let f = Fixture(width: 10, height: 3)
        var reported: [String] = []
        f.view.onChange = { reported.append($0.text) }
        f.view.shouldChangeText = { _, _, replacement in !replacement.contains("!") }
        f.pilot.type("hi!")
        #expect(f.view.text == "hi")
        #expect(reported == ["h", "hi"])
        f.view.text = "new"
        #expect(reported.count == 2)
        #expect(f.view.insertionPoint == 3)
    }

    @Test func aReadOnlyViewTakesNoPasteAndAnEditableOneTakesQ() {
        let readOnly = Fixture(text: "x", editable: false)
        #expect(!readOnly.view.paste("y"))
        let app = Application(
            rootViewController: HostController([TextView(frame: Rect(x: 0, y: 0, width: 10, height: 2))]))
        let pilot = Pilot(app, size: Size(width: 10, height: 2))
        pilot.advance(by: 0.1)
        pilot.type("q")
        #expect(pilot.isRunning, "q went into the focused editable view")
        #expect(pilot.line(0).hasPrefix("q"))
    }

    // MARK: Long texts

    @Test func aLongWordWrapsIntoRowsOfTheWidthAndAResizeRewrapsIt() {
        // Columns 1, 1, 2, 1: at width 9 a row holds 9 columns, or 8 when a 日 does not fit.
        let word = String(repeating: "ab日é", count: 3_000)
        let f = Fixture(width: 9, height: 3, text: word, editable: false)
        for width in [9, 10, 1] {
            if width != 9 {
                f.pilot.resize(to: Size(width: width + 2, height: 5))
                f.view.frame.size.width = width
                f.pilot.advance(by: 0.1)
            }
            let lines = f.view.wrappedLines
            #expect(lines.joined() == word, "nothing lost, no grapheme split at width \(width)")
            #expect(
                lines.dropLast().allSatisfy {
                    DisplayWidth.of($0) == width || DisplayWidth.of($0) == width - 1 || $0 == "日"
                })
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= max(width, 2) })
        }
        #expect(f.view.wrappedLines.count == word.count, "at width 1 each grapheme stands alone, 日 too")
    }

    @Test func aWordThatShrinksMovesUpToTheRowBeforeAndBackDownWhenItGrows() {
        let f = Fixture(width: 10, height: 3, text: "a bbbbbbbbb")
        #expect(f.view.wrappedLines == ["a", "bbbbbbbbb"], "2 + 9 columns do not fit in 10")
        f.press(.backspace)
        #expect(f.view.wrappedLines == ["a bbbbbbbb"])
        #expect(f.cursor == Point(x: 9, y: 0))
        f.pilot.type("b")
        #expect(f.view.wrappedLines == ["a", "bbbbbbbbb"])
        #expect(f.cursor == Point(x: 9, y: 1))
    }

    /// The rows a view shows, as UTF-8 ranges.
    static func shown(_ view: TextView) -> [Range<Int>] {
        view.visibleLines.map { view.textLayout.row($0, in: view.text) }
    }

    /// A long text of many lines, edited at random by keys, typing and pastes (and resized now
    /// and then): after every step the rows, the cursor and the line count are those of a view
    /// made afresh from the new text.
    @Test func randomEditsOfALongTextGiveTheRowsAndCursorOfAFullRewrap() throws {
        var generator = SeededGenerator(seed: 2_024)
        let words = ["a", "to", "word", "日本", "e\u{301}", "🍵", "supercalifragilistic", "  ", "\n"]
        let pieces: [String] = [
            "a", "b", " ", " ", "日", "e", "\u{301}", "\u{200D}", "👩", "\u{1F1EF}", "\u{1F1F5}", "word"
        ]
        let keys: [KeyEvent] = [
            KeyEvent(.left), KeyEvent(.right), KeyEvent(.up), KeyEvent(.down), KeyEvent(.home), KeyEvent(.end),
            KeyEvent(.enter), KeyEvent(.backspace), KeyEvent(.delete), KeyEvent(.pageUp), KeyEvent(.pageDown),
            .ctrl("k"), .ctrl("u"), .ctrl("w"), .ctrl("y"), KeyEvent(.left, modifiers: .alt),
            KeyEvent(.backspace, modifiers: .alt), KeyEvent(.home, modifiers: .ctrl), KeyEvent(.end, modifiers: .ctrl)
        ]
        func pick<T>(_ array: [T]) -> T { array[Int(generator.next() % UInt64(array.count))] }
        for _ in 0..<6 {
            let text = (0..<400).map { _ in pick(words) }.joined(separator: " ")
            let f = Fixture(width: 3 + Int(generator.next() % 30), height: 1 + Int(generator.next() % 6), text: text)
            f.view.insertionPoint = Int(generator.next() % UInt64(text.count + 1))
            for step in 0..<150 {
                switch generator.next() % 12 {
                case 0..<4: f.pilot.press(pick(keys))
                case 4..<10:
                    for scalar in pick(pieces).unicodeScalars { f.pilot.press(.character(Character(scalar))) }
                case 10: f.pilot.paste((0..<Int(generator.next() % 8)).map { _ in pick(words) }.joined(separator: " "))
                default:
                    let width = 3 + Int(generator.next() % 30)
                    f.pilot.resize(to: Size(width: width + 2, height: f.view.frame.height + 2))
                    f.view.frame.size.width = width
                    f.pilot.advance(by: 0.1)
                }
                // A fresh view wrapped whole, scrolled to the text the edited one shows first: the
                // rows that show and the cursor are the same (the edited view's row numbers may
                // still count estimates for paragraphs it never showed).
                let text = f.view.text
                let top = f.view.textLayout.row(f.view.scrollOffset, in: text).lowerBound
                let fresh = TextView(text: text, frame: f.view.frame)
                fresh.buffer.moveCursor(toBoundaryAtOrAfter: f.view.buffer.cursor)
                let freshRows = fresh.rows
                fresh.scroll(to: try #require(fresh.textLayout.row(containing: top, in: text)))
                #expect(Self.shown(f.view) == Self.shown(fresh), "step \(step)")
                #expect(f.view.cursorPosition == fresh.cursorPosition, "step \(step)")
                #expect(
                    f.view.lineCount == text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count)
                if step % 10 == 9 {
                    #expect(f.view.rows == freshRows, "step \(step)")
                    if f.view.rows != freshRows { return }
                }
                if Self.shown(f.view) != Self.shown(fresh) { return }
            }
        }
    }

    // MARK: Random editing

    @Test func randomEditingKeepsThePointOnABoundaryAndTheCursorOnScreen() throws {
        var generator = SeededGenerator(seed: 99)
        let pieces: [String] = [
            "a", "b", " ", " ", "日", "e", "\u{301}", "\u{200D}", "👩", "🍵", "\u{1F1EF}", "\u{1F1F5}", "word"
        ]
        let keys: [KeyEvent] = [
            KeyEvent(.left), KeyEvent(.right), KeyEvent(.up), KeyEvent(.down), KeyEvent(.home), KeyEvent(.end),
            KeyEvent(.enter), KeyEvent(.backspace), KeyEvent(.delete), KeyEvent(.pageUp), KeyEvent(.pageDown),
            .ctrl("k"), .ctrl("u"), .ctrl("w"), .ctrl("y"), KeyEvent(.left, modifiers: .alt)
        ]
        for _ in 0..<15 {
            let f = Fixture(width: 1 + Int(generator.next() % 12), height: 1 + Int(generator.next() % 4))
            for _ in 0..<80 {
                if generator.next() % 3 == 0 {
                    f.pilot.press(keys[Int(generator.next() % UInt64(keys.count))])
                } else {
                    let piece = pieces[Int(generator.next() % UInt64(pieces.count))]
                    for scalar in piece.unicodeScalars { f.pilot.press(.character(Character(scalar))) }
                }
                let text = f.view.text
                let point = f.view.buffer.cursorIndex
                #expect(point == text.endIndex || text.indices.contains(point), "the point is on a grapheme boundary")
                #expect((0...f.view.maximumScrollOffset).contains(f.view.scrollOffset))
                let cursor = try #require(f.cursor, "after a key the insertion point is in view")
                #expect(
                    cursor.x >= 0 && cursor.x < f.view.frame.width && cursor.y >= 0 && cursor.y < f.view.frame.height)
                let frame = try #require(f.pilot.screen.lastFrame)
                #expect(frame[cursor.x + 1, cursor.y + 1].width != 0, "never on the right half of a wide character")
            }
        }
    }

    @Test func aTextViewFollowingItsEndShowsAppendedLinesAndKeepsItsEndAcrossANewWidth() throws {
        let view = TextView(text: "one", frame: Rect(x: 0, y: 0, width: 20, height: 3))
        view.isEditable = false
        view.followsEnd = true
        let pilot = pilot(showing: view, size: Size(width: 20, height: 3))
        for number in 2...9 { view.append("\nline \(number) of a log that wraps at ten") }
        pilot.settle()
        let last = try #require(view.wrappedLines.last)
        #expect(view.scrollOffset > 0 && pilot.line(2).hasPrefix(last), "the last row shows: \(pilot.lines)")
        view.frame.size.width = 10
        pilot.settle()
        let rewrapped = try #require(view.wrappedLines.last)
        #expect(
            view.scrollOffset == view.maximumScrollOffset && pilot.line(2).hasPrefix(rewrapped) && rewrapped != last,
            "rewrapped, the last row still shows: \(pilot.lines)")
        view.scroll(to: 0)
        view.append("\nmore")
        pilot.settle()
        #expect(view.scrollOffset == 0 && pilot.line(0).hasPrefix("one"), "scrolled to the top, it stays there")
    }
}
