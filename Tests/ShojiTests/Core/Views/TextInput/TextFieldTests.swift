import Testing
@testable import Shoji
import ShojiTesting

/// `TextField`: editing by grapheme, readline keys, paste, display, scrolling, focus and the
/// terminal's cursor, all headless.
@MainActor
struct TextFieldTests {
    /// A field of `width` at (2, 1) in a 30x4 window, focused.
    @MainActor
    final class Fixture {
        let field: TextField
        let pilot: Pilot

        init(width: Int = 20, text: String = "", focused: Bool = true) {
            field = TextField(text: text, frame: Rect(x: 2, y: 1, width: width, height: 1))
            pilot = ShojiTests.pilot(showing: field, size: Size(width: 30, height: 4))
            if focused {
                #expect(field.becomeFirstResponder())
                pilot.advance(by: 0.1)
            }
        }

        /// What the field's row shows (the field's columns only).
        var shown: String {
            guard let frame = pilot.screen.lastFrame else { return "" }
            return (2..<min(frame.size.width, 2 + field.frame.width)).map { frame[$0, 1] }.filter { !$0.isContinuation }
                .map(\.grapheme).joined()
        }

        /// The cursor's column inside the field, or nil when hidden.
        var cursorColumn: Int? {
            guard let cursor = pilot.cursor else { return nil }
            #expect(cursor.y == 1, "the cursor is on the field's row")
            return cursor.x - 2
        }

        func press(_ key: Key, _ modifiers: KeyModifiers = []) { pilot.press(key, modifiers: modifiers) }
        func ctrl(_ letter: Character) { pilot.press(.ctrl(letter)) }
        func alt(_ letter: Character) { pilot.press(.character(letter), modifiers: .alt) }
    }

    // MARK: Typing and moving

    @Test func typingInsertsAtTheInsertionPointAndTheCursorFollows() {
        let f = Fixture()
        #expect(f.cursorColumn == 0, "an empty focused field shows the cursor at its start")
        f.pilot.type("hello")
        #expect(f.field.text == "hello")
        #expect(f.shown.hasPrefix("hello"))
        #expect(f.cursorColumn == 5)
        f.press(.left)
        f.press(.left)
        f.pilot.type("XY")
        #expect(f.field.text == "helXYlo")
        #expect(f.cursorColumn == 5)
        #expect(f.field.insertionPoint == 5)
        f.press(.home)
        #expect(f.cursorColumn == 0)
        f.press(.end)
        #expect(f.cursorColumn == 7)
        f.ctrl("a")
        #expect(f.cursorColumn == 0)
        f.ctrl("f")
        f.ctrl("f")
        #expect(f.cursorColumn == 2)
        f.ctrl("b")
        #expect(f.cursorColumn == 1)
        f.ctrl("e")
        #expect(f.cursorColumn == 7)
        f.press(.right)
        #expect(f.cursorColumn == 7, "Right at the end stays")
    }

    @Test func backspaceDeleteAndCtrlDDeleteOneGrapheme() {
        let f = Fixture(text: "abcd")
        f.press(.backspace)
        #expect(f.field.text == "abc")
        f.press(.home)
        f.press(.backspace)
        #expect(f.field.text == "abc", "nothing before the start")
        f.press(.delete)
        #expect(f.field.text == "bc")
        f.ctrl("d")
        #expect(f.field.text == "c")
        #expect(f.cursorColumn == 0)
    }

    @Test func wordMotionsFollowReadline() {
        let f = Fixture(width: 28, text: "hello, brave new_world 42")
        // From the end: back to "42", "world", "new", "brave".
        f.alt("b")
        #expect(f.field.insertionPoint == 23)
        f.press(.left, .ctrl)
        #expect(f.field.insertionPoint == 17, "_ is not a word character (readline's alnum)")
        f.press(.left, .alt)
        #expect(f.field.insertionPoint == 13)
        f.alt("b")
        f.alt("b")
        #expect(f.field.insertionPoint == 0)
        f.alt("f")
        #expect(f.field.insertionPoint == 5, "to the end of hello")
        f.press(.right, .ctrl)
        #expect(f.field.insertionPoint == 12, "over \", \" to the end of brave")
        f.press(.right, .alt)
        #expect(f.cursorColumn == 16)
    }

    @Test func killsAndYankFollowReadline() {
        let f = Fixture(width: 28, text: "one two three four")
        f.ctrl("w")
        #expect(f.field.text == "one two three ")
        f.ctrl("w")
        #expect(f.field.text == "one two ", "consecutive Ctrl-W")
        f.ctrl("y")
        #expect(f.field.text == "one two three four", "consecutive kills joined in the kill buffer")
        f.ctrl("a")
        f.alt("d")
        #expect(f.field.text == " two three four")
        f.ctrl("e")
        f.press(.backspace, .alt)
        #expect(f.field.text == " two three ")
        f.ctrl("a")
        f.alt("f")
        f.ctrl("k")
        #expect(f.field.text == " two")
        f.ctrl("u")
        #expect(f.field.text == "")
        f.ctrl("y")
        #expect(f.field.text == " two three ", "Ctrl-K then Ctrl-U are consecutive kills: joined in text order")
        f.ctrl("y")
        #expect(f.field.text == " two three  two three ", "a yank can repeat")
    }

    // MARK: Graphemes

    @Test func wideCharactersMoveAndDeleteWholeAndTheCursorCountsColumns() {
        let f = Fixture()
        f.pilot.type("日本語")
        #expect(f.cursorColumn == 6)
        f.press(.left)
        #expect(f.cursorColumn == 4, "one wide character back: two columns")
        f.press(.backspace)
        #expect(f.field.text == "日語")
        #expect(f.cursorColumn == 2)
        #expect(f.shown.hasPrefix("日語"))
        f.pilot.type("x")
        #expect(f.field.text == "日x語")
        #expect(f.cursorColumn == 3)
    }

    @Test func aCombiningMarkJoinsItsLetterAndIsDeletedWithIt() {
        let f = Fixture()
        f.pilot.type("e")
        f.pilot.press(.character("\u{301}"))
        #expect(f.field.text == "e\u{301}")
        #expect(f.field.text.count == 1)
        #expect(f.cursorColumn == 1)
        // One grapheme, arriving scalar by scalar as a terminal sends it.
        for scalar in "a\u{308}\u{323}".unicodeScalars { f.pilot.press(.character(Character(scalar))) }
        #expect(f.field.text.count == 2)
        #expect(f.cursorColumn == 2)
        f.press(.left)
        #expect(f.cursorColumn == 1)
        f.press(.delete)
        #expect(f.field.text == "e\u{301}")
        f.press(.backspace)
        #expect(f.field.text == "")
        // A mark typed at the start has no letter: it stays, as a zero-width grapheme.
        f.pilot.press(.character("\u{301}"))
        f.pilot.type("b")
        #expect(f.field.text.unicodeScalars.count == 2)
    }

    @Test func anEmojiZWJSequenceTypedScalarByScalarIsOneGrapheme() {
        let f = Fixture()
        f.pilot.type("a")
        for scalar in "👨‍👩‍👧".unicodeScalars { f.pilot.press(.character(Character(scalar))) }
        f.pilot.type("b")
        #expect(f.field.text == "a👨‍👩‍👧b")
        #expect(f.field.text.count == 3)
        #expect(f.cursorColumn == 4, "a (1) + the family (2) + b (1)")
        f.press(.left)
        f.press(.left)
        #expect(f.cursorColumn == 1, "over the whole sequence at once")
        f.press(.delete)
        #expect(f.field.text == "ab")
        // Regional indicators pair into a flag, one grapheme (1 column under the width rule).
        f.pilot.press(.character("\u{1F1EF}"))
        f.pilot.press(.character("\u{1F1F5}"))
        #expect(f.field.text == "a🇯🇵b")
        #expect(f.field.insertionPoint == 2)
        f.press(.backspace)
        #expect(f.field.text == "ab")
    }

    @Test func anInsertionBetweenTwoHalvesOfAFlagLeavesThePointOnABoundary() {
        let f = Fixture(text: "\u{1F1EF}x\u{1F1F5}")
        f.press(.left)
        f.press(.backspace)  // the two indicators meet and pair into one flag
        #expect(f.field.text == "🇯🇵")
        #expect(f.field.text.count == 1)
        #expect(f.field.insertionPoint == 1, "after the flag, not inside it")
        #expect(f.cursorColumn == 2, "a flag takes two columns")
    }

    // MARK: Paste and hostile text

    @Test func aPasteIsOneInsertionMadeInert() {
        let f = Fixture(width: 28)
        var changes = 0
        f.field.onChange = { _ in changes += 1 }
        f.pilot.type("<")
        f.pilot.paste("a\u{1B}[31mb\nc\td\u{7F}e\u{202E}f\u{9B}g\u{0}h\r\ni\u{2028}j")
        #expect(f.field.text == "<a[31mb c defgh i j")
        #expect(changes == 2, "one change for the key, one for the whole paste")
        #expect(!f.pilot.text.contains("^"), "nothing shows as caret notation: the controls are gone")
        #expect(
            f.field.text.unicodeScalars.allSatisfy {
                $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) && $0 != "\u{202E}"
            })
    }

    /// Every bidirectional embedding, override and isolate control is dropped from a paste,
    /// whichever it is and wherever it stands (between letters, joined to a combining mark).
    @Test(arguments: Array(0x202A...0x202E) + Array(0x2066...0x2069))
    func aPasteDropsEachBidirectionalControl(value: UInt32) throws {
        let control = try #require(Unicode.Scalar(value))
        let f = Fixture()
        f.pilot.paste("a\(control)b\(control)\u{301}c\(control)")
        #expect(f.field.text == "ab\u{301}c")
        #expect(!f.field.text.unicodeScalars.contains(control))
    }

    @Test func textSetInCodeKeepsItsControlsButDrawsThemInert() {
        let f = Fixture(text: "a\u{1B}b")
        #expect(f.field.text == "a\u{1B}b")
        #expect(f.shown.hasPrefix("a^[b"))
        #expect(f.cursorColumn == 4, "measured as drawn")
        f.press(.left)
        #expect(f.cursorColumn == 3)
        f.press(.left)
        #expect(f.cursorColumn == 1, "the control is one grapheme, two columns")
    }

    @Test func qAndMAndAPasteGoIntoAFieldInsideTheSideMenu() throws {
        let form = FormPane()
        let menu = try SideMenuController(viewControllers: [form], menuTitles: ["Form"])
        let app = Application(rootViewController: menu)
        let pilot = Pilot(app, size: Size(width: 40, height: 6))
        #expect(form.field.becomeFirstResponder())
        pilot.type("qm")
        pilot.paste("q")
        pilot.settle()
        #expect(pilot.isRunning, "q typed into the field does not quit")
        #expect(!menu.isMenuVisible, "m typed into the field does not open the menu")
        #expect(form.field.text == "qmq")
        pilot.press(.function(2))
        pilot.settle()
        #expect(menu.isMenuVisible, "F2 still opens the menu")
        #expect(pilot.cursor == nil, "the menu's list has the focus: no cursor")
        pilot.press(.escape)
        pilot.settle()
        #expect(!menu.isMenuVisible)
        #expect(form.field.becomeFirstResponder())
        pilot.press(.character("q"))
        #expect(form.field.text == "qmqq")
        #expect(pilot.isRunning)
    }

    @Test func anUnhandledPasteIsDroppedNeverTyped() {
        let button = Button(title: "OK", frame: Rect(x: 0, y: 0, width: 6, height: 1))
        let app = Application(rootViewController: HostController([button]))
        let pilot = Pilot(app, size: Size(width: 20, height: 2))
        pilot.paste("q")
        #expect(pilot.isRunning, "a pasted q is not the quit key")
        pilot.press(.character("q"))
        #expect(!pilot.isRunning)
    }

    // MARK: Display

    @Test func thePlaceholderShowsWhileEmptyInItsStyle() throws {
        let f = Fixture(focused: false)
        f.field.placeholder = "Your name"
        f.pilot.advance(by: 0.1)
        #expect(f.shown.hasPrefix("Your name"))
        let frame = try #require(f.pilot.screen.lastFrame)
        #expect(frame[2, 1].style.attributes.contains(.dim))
        #expect(frame[2, 1].style.attributes.contains(.underline))
        #expect(
            frame[21, 1].style.attributes.contains(.underline), "the whole field is underlined, so it reads as a field")
        #expect(frame[22, 1].style.attributes.isEmpty, "and nothing past it")
        f.field.becomeFirstResponder()
        f.pilot.type("Al")
        #expect(f.shown.hasPrefix("Al       "))
        #expect(f.pilot.screen.lastFrame?[2, 1].style.attributes.contains(.dim) == false)
    }

    @Test func secureEntryShowsBulletsAndHidesItsWords() {
        let f = Fixture()
        f.field.isSecureTextEntry = true
        f.pilot.type("pa55 word")
        f.pilot.press(.character("日"))
        #expect(f.field.text == "pa55 word日")
        #expect(f.shown.hasPrefix("••••••••••" + " "))
        #expect(f.cursorColumn == 10, "one column per grapheme, wide or not")
        f.alt("b")
        #expect(f.cursorColumn == 0, "a word motion goes to the start: no word boundaries show")
        f.ctrl("e")
        f.ctrl("w")
        #expect(f.field.text == "", "Ctrl-W kills the whole secret")
        f.ctrl("y")
        #expect(f.field.text == "", "and keeps nothing to yank")
    }

    @Test func theMaximumLengthCutsTypingAndPastesByGrapheme() {
        let f = Fixture()
        f.field.maximumLength = 5
        f.pilot.type("日本")
        f.pilot.paste("語のテキスト")
        #expect(f.field.text == "日本語のテ")
        f.pilot.type("x")
        #expect(f.field.text == "日本語のテ", "a full field takes no more")
        f.press(.backspace)
        f.pilot.paste("e\u{301}z")
        #expect(f.field.text == "日本語のe\u{301}", "a letter with its mark is one grapheme")
    }

    @Test func longTextScrollsToKeepTheInsertionPointInView() {
        let f = Fixture(width: 5)
        f.pilot.type("abcdefghij")
        #expect(f.shown == "ghij ")
        #expect(f.cursorColumn == 4)
        #expect(f.field.contentOffset.x == 6)
        f.press(.home)
        #expect(f.shown == "abcde")
        #expect(f.cursorColumn == 0)
        f.press(.end)
        f.press(.backspace)
        f.press(.backspace)
        f.press(.backspace)
        #expect(f.shown == "defg ", "deleting at the end brings hidden text back")
        f.ctrl("u")
        #expect(f.shown == "     ")
        #expect(f.field.contentOffset.x == 0)
    }

    @Test func scrollingNeverShowsHalfAWideCharacter() throws {
        let f = Fixture(width: 5)
        f.pilot.type("a日本語")  // 7 columns
        // The insertion point at the end needs columns 7: the view starts at a grapheme.
        #expect(f.field.contentOffset.x == 3, "the start of 本, not the middle of 日")
        #expect(f.shown == "本語 ")
        f.press(.home)
        f.press(.right)
        f.press(.right)
        #expect(f.shown == "a日本")
        let f2 = Fixture(width: 4)
        f2.pilot.type("日本語")
        // 6 columns and the cursor's cell after 語 do not fit in 4: starting at 本's middle
        // (column 3) would cut it, so the view starts at 語.
        #expect(f2.shown == "語  ")
        #expect(f2.cursorColumn == 2)
        f2.press(.left)
        f2.press(.left)
        f2.press(.left)
        #expect(f2.cursorColumn == 0)
        #expect(f2.shown == "日本")
        let frame = try #require(f2.pilot.screen.lastFrame)
        for x in 2..<6 where frame[x, 1].width == 0 {
            #expect(frame[x - 1, 1].width == 2, "every continuation follows its lead")
        }
    }

    @Test func aResizeRescrollsTheField() {
        let f = Fixture(width: 10)
        f.pilot.type("0123456789abc")
        #expect(f.shown == "456789abc ")
        f.field.frame.size.width = 20
        f.pilot.advance(by: 0.1)
        #expect(f.field.contentOffset.x == 0, "everything fits again")
        #expect(f.cursorColumn == 13)
    }

    // MARK: Callbacks

    @Test func changeReturnAndValidationCallbacks() {
        let f = Fixture()
        var changes: [String] = []
        var returns = 0
        f.field.onChange = { changes.append($0.text) }
        f.field.onReturn = { _ in returns += 1 }
        f.field.shouldChangeText = { field, range, replacement in
            // Digits only.
            replacement.allSatisfy(\.isNumber) && range.lowerBound <= field.text.endIndex
        }
        f.pilot.type("1a2")
        #expect(f.field.text == "12")
        #expect(changes == ["1", "12"])
        f.press(.left)
        #expect(changes.count == 2, "a move is not a change")
        f.press(.enter)
        #expect(returns == 1)
        f.field.text = "99"
        #expect(changes.count == 2, "a change made in code is not reported")
        #expect(f.field.insertionPoint == 2)
        f.field.onReturn = nil
        #expect(!f.field.keyPressed(KeyEvent(.enter)), "without onReturn, Enter goes on up the chain")
    }

    @Test func beginAndEndEditingFollowTheFocus() {
        let first = TextField(frame: Rect(x: 0, y: 0, width: 10, height: 1))
        let second = TextField(frame: Rect(x: 0, y: 2, width: 10, height: 1))
        var log: [String] = []
        first.onBeginEditing = { _ in log.append("begin 1") }
        first.onEndEditing = { _ in log.append("end 1") }
        second.onBeginEditing = { _ in log.append("begin 2") }
        second.onEndEditing = { _ in log.append("end 2") }
        let pilot = pilot(showing: first, second, size: Size(width: 20, height: 4))
        #expect(log == ["begin 1"], "the first focusable view takes the focus at the first frame")
        pilot.press(.tab)
        #expect(log == ["begin 1", "end 1", "begin 2"])
        second.removeFromSuperview()
        #expect(log.last == "end 2", "leaving the window ends editing")
    }

    // MARK: Focus and the cursor

    @Test func theCursorShowsOnlyInTheFocusedFieldAndFollowsTabAndClicks() throws {
        let first = TextField(text: "first", frame: Rect(x: 1, y: 0, width: 10, height: 1))
        let second = TextField(text: "second", frame: Rect(x: 1, y: 2, width: 10, height: 1))
        let button = Button(title: "OK", frame: Rect(x: 1, y: 3, width: 6, height: 1))
        let pilot = pilot(showing: first, second, button, size: Size(width: 20, height: 4))
        pilot.advance(by: 0.1)
        #expect(pilot.window.firstResponder === first, "the first focusable view takes the focus")
        #expect(pilot.cursor == Point(x: 6, y: 0), "at the end of first")
        pilot.press(.tab)
        #expect(pilot.cursor == Point(x: 7, y: 2), "at the end of second")
        pilot.press(.tab)
        #expect(pilot.window.firstResponder === button)
        #expect(pilot.cursor == nil, "no text view focused: the cursor is hidden")
        pilot.click(at: Point(x: 3, y: 0))
        #expect(pilot.window.firstResponder === first)
        #expect(first.insertionPoint == 2, "the click put the point before the clicked grapheme")
        #expect(pilot.cursor == Point(x: 3, y: 0))
        pilot.click(at: Point(x: 10, y: 2))
        #expect(second.insertionPoint == 6, "a click past the text goes to its end")
        #expect(pilot.cursor == Point(x: 7, y: 2))
    }

    @Test func aClickOnTheRightHalfOfAWideCharacterGoesBeforeIt() {
        let f = Fixture(text: "日本")
        f.pilot.click(at: Point(x: 2 + 3, y: 1))
        #expect(f.field.insertionPoint == 1)
        #expect(f.cursorColumn == 2)
    }

    @Test func theCursorHidesWhenTheFieldIsHiddenOrClippedAway() {
        let box = View(frame: Rect(x: 0, y: 0, width: 10, height: 2))
        let field = TextField(text: "abc", frame: Rect(x: 0, y: 0, width: 8, height: 1))
        box.addSubview(field)
        let pilot = pilot(showing: box, size: Size(width: 20, height: 3))
        field.becomeFirstResponder()
        pilot.advance(by: 0.1)
        #expect(pilot.cursor == Point(x: 3, y: 0))
        field.frame.origin.x = 8  // the insertion point's cell (11) is outside the box (10 wide)
        pilot.advance(by: 0.1)
        #expect(pilot.cursor == nil, "clipped away by the superview")
        field.frame.origin.x = 0
        box.alpha = 0
        pilot.advance(by: 0.1)
        #expect(pilot.cursor == nil, "a transparent ancestor shows nothing")
        box.alpha = 1
        pilot.advance(by: 0.1)
        #expect(pilot.cursor == Point(x: 3, y: 0))
    }

    @Test func aDisabledFieldTakesNeitherFocusNorEdits() {
        let f = Fixture(text: "x")
        f.field.isEnabled = false
        f.pilot.type("abc")
        #expect(f.field.text == "x")
        #expect(f.pilot.window.firstResponder !== f.field, "it lost the focus")
        #expect(f.pilot.cursor == nil)
        #expect(f.pilot.screen.lastFrame?[2, 1].style.attributes.contains(.dim) == true)
    }

    // MARK: Random editing

    @Test func randomEditingKeepsThePointOnABoundaryAndTheCursorInTheField() throws {
        var generator = SeededGenerator(seed: 12)
        let pieces: [String] = [
            "a", "Z", " ", "日", "本", "e", "\u{301}", "\u{200D}", "👨", "👩", "🍵", "\u{1F1EF}", "\u{1F1F5}", "-", "1"
        ]
        let keys: [KeyEvent] = [
            KeyEvent(.left), KeyEvent(.right), KeyEvent(.home), KeyEvent(.end), KeyEvent(.backspace), KeyEvent(.delete),
            KeyEvent(.left, modifiers: .ctrl), KeyEvent(.right, modifiers: .alt), .ctrl("k"), .ctrl("u"), .ctrl("w"),
            .ctrl("y"),
            KeyEvent(.character("d"), modifiers: .alt), KeyEvent(.backspace, modifiers: .alt)
        ]
        for run in 0..<20 {
            let f = Fixture(width: 1 + Int(generator.next() % 12))
            f.field.isSecureTextEntry = run % 5 == 4
            for _ in 0..<60 {
                if generator.next() % 3 == 0 {
                    f.pilot.press(keys[Int(generator.next() % UInt64(keys.count))])
                } else {
                    f.pilot.press(.character(Character(pieces[Int(generator.next() % UInt64(pieces.count))])))
                }
                let text = f.field.text
                let point = f.field.buffer.cursorIndex
                #expect(point == text.endIndex || text.indices.contains(point), "the point is on a grapheme boundary")
                let column = try #require(f.cursorColumn)
                #expect((0..<f.field.frame.width).contains(column), "the cursor stays in the field")
                let frame = try #require(f.pilot.screen.lastFrame)
                #expect(frame[column + 2, 1].width != 0, "the cursor never sits on the right half of a wide character")
            }
        }
    }

    /// What the field did when it measured the whole text at every key: the scroll offset kept
    /// from `previous` for the text, point and width (secure: a column a grapheme).
    private static func fullTextScroll(previous: Int, of field: TextField) -> Int {
        let text = field.text, width = field.frame.width
        guard width > 0 else { return 0 }
        func columns(_ part: Substring) -> Int { field.isSecureTextEntry ? part.count : DisplayWidth.of(part) }
        let cursorColumn = columns(text[..<field.buffer.cursorIndex])
        var offset = previous
        if cursorColumn < offset { offset = cursorColumn }
        if cursorColumn >= offset + width { offset = cursorColumn - width + 1 }
        offset = max(0, min(offset, columns(text[...]) + 1 - width))
        guard offset > 0 else { return 0 }
        var start = 0
        for character in text {
            if start >= offset { return start }
            start += field.isSecureTextEntry ? 1 : DisplayWidth.of(character)
        }
        return start
    }

    /// Random keys, typing, pastes, clicks, resizes and secure entry switched on and off, in texts
    /// longer than the field: after every step the scroll offset, the content's width, the
    /// cursor and the row drawn are those of measuring and drawing the whole text (the field
    /// keeps only the insertion point's column and the text's width, and looks at the shown
    /// columns).
    @Test func randomEditingShowsWhatMeasuringTheWholeTextShows() throws {
        var generator = SeededGenerator(seed: 31)
        let pieces: [String] = [
            "a", "Z", " ", "日", "本", "e", "\u{301}", "\u{200D}", "👩", "🍵", "\u{1F1EF}", "\u{1F1F5}", "word", "\u{FE0F}"
        ]
        let keys: [KeyEvent] = [
            KeyEvent(.left), KeyEvent(.right), KeyEvent(.home), KeyEvent(.end), KeyEvent(.backspace), KeyEvent(.delete),
            KeyEvent(.left, modifiers: .ctrl), KeyEvent(.right, modifiers: .alt), .ctrl("k"), .ctrl("u"), .ctrl("w"),
            .ctrl("y"), KeyEvent(.character("d"), modifiers: .alt), KeyEvent(.backspace, modifiers: .alt)
        ]
        func pick<T>(_ array: [T]) -> T { array[Int(generator.next() % UInt64(array.count))] }
        for run in 0..<12 {
            let start = (0..<Int(generator.next() % 60)).map { _ in pick(pieces) }.joined()
            let f = Fixture(width: 1 + Int(generator.next() % 14), text: start)
            f.field.maximumLength = run % 3 == 2 ? 50 : nil
            var scroll = Self.fullTextScroll(previous: 0, of: f.field)
            for step in 0..<120 {
                switch generator.next() % 20 {
                case 0..<7: f.pilot.press(pick(keys))
                case 7..<16:
                    for scalar in pick(pieces).unicodeScalars { f.pilot.press(.character(Character(scalar))) }
                case 16: f.pilot.paste((0..<Int(generator.next() % 12)).map { _ in pick(pieces) }.joined())
                case 17: f.pilot.click(at: Point(x: 2 + Int(generator.next() % UInt64(f.field.frame.width)), y: 1))
                case 18: f.field.isSecureTextEntry.toggle()
                default:
                    f.field.frame.size.width = 1 + Int(generator.next() % 14)
                    f.pilot.advance(by: 0.1)
                }
                f.pilot.advance(by: 0.05)
                scroll = Self.fullTextScroll(previous: scroll, of: f.field)
                #expect(f.field.contentOffset.x == scroll, "step \(step): \(f.field.text.debugDescription)")
                #expect(f.field.contentOffset == Point(x: scroll, y: 0), "the field scrolls as a scroll view")
                #expect(f.field.characterCount == f.field.text.count)
                // The content: the text (its width kept up to date from each edit) and the
                // insertion point's cell, or as far as the field shows past a wide grapheme kept
                // whole at the left edge.
                let textColumns =
                    f.field.isSecureTextEntry ? f.field.text.count : DisplayWidth.of(f.field.text)
                #expect(
                    f.field.contentSize.width == max(textColumns + 1, scroll > 0 ? scroll + f.field.frame.width : 0),
                    "step \(step)")
                let expectedColumn =
                    f.field.isSecureTextEntry
                    ? f.field.text[..<f.field.buffer.cursorIndex].count
                    : DisplayWidth.of(f.field.text[..<f.field.buffer.cursorIndex])
                #expect(
                    f.field.cursorPosition
                        == Point(x: min(f.field.frame.width - 1, max(0, expectedColumn - scroll)), y: 0))
                // The whole text drawn from column -scroll, clipped to the field.
                var expected = Surface(size: Size(width: f.field.frame.width, height: 1))
                let mark: Character = "•"
                let shown =
                    f.field.isSecureTextEntry ? String(repeating: mark, count: f.field.text.count) : f.field.text
                expected.write(
                    shown, at: Point(x: -scroll, y: 0), clip: Rect(x: 0, y: 0, width: f.field.frame.width, height: 1))
                let frame = try #require(f.pilot.screen.lastFrame)
                for x in 0..<f.field.frame.width {
                    #expect(frame[x + 2, 1].grapheme == expected[x, 0].grapheme, "step \(step), column \(x)")
                }
                if f.field.contentOffset.x != scroll { return }
            }
        }
    }
}
