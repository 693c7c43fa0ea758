import Testing
@testable import Shoji
import ShojiTesting

/// Selection in `TextField` and `TextView`: by keys and by mouse drag, drawn in the theme's
/// selection look, replaced by typing, and copied, cut and pasted through the window's (in-app)
/// pasteboard, all headless.
@MainActor
struct TextSelectionTests {
    /// A focused field at (2, 1), 20 wide, in a 30x4 window.
    private func field(_ text: String) -> (TextField, Pilot) {
        let field = TextField(text: text, frame: Rect(x: 2, y: 1, width: 20, height: 1))
        let pilot = pilot(showing: field, size: Size(width: 30, height: 4))
        #expect(field.becomeFirstResponder())
        pilot.advance(by: 0.1)
        return (field, pilot)
    }

    /// A focused text view at (0, 0), 20x5, in a 30x6 window.
    private func textView(_ text: String, editable: Bool = true) -> (TextView, Pilot) {
        let view = TextView(text: text, frame: Rect(x: 0, y: 0, width: 20, height: 5))
        view.isEditable = editable
        let pilot = pilot(showing: view, size: Size(width: 30, height: 6))
        #expect(view.becomeFirstResponder())
        pilot.advance(by: 0.1)
        return (view, pilot)
    }

    /// Which columns of row `y` are drawn reversed.
    private func reversedColumns(_ pilot: Pilot, row y: Int, in columns: Range<Int>) -> [Int] {
        guard let frame = pilot.screen.lastFrame else { return [] }
        return columns.filter { frame[$0, y].style.attributes.contains(.reverse) }
    }

    // MARK: Keys

    @Test func shiftArrowsHomeAndEndSelectInAField() {
        let (field, pilot) = field("hello world")
        pilot.press(.left, modifiers: .shift)
        pilot.press(.left, modifiers: .shift)
        #expect(field.selectedText == "ld")
        #expect(field.selectedRange == 9..<11)
        pilot.press(.home, modifiers: .shift)
        #expect(field.selectedText == "hello world")
        pilot.press(.right, modifiers: [.alt, .shift])
        #expect(field.selectedText == " world", "Alt-Shift-Right moves the free end by a word")
        pilot.press(.right)
        #expect(field.selectedRange == nil, "a move without Shift drops the selection")
        pilot.press(.end)
        pilot.press(.left, modifiers: [.alt, .shift])
        #expect(field.selectedText == "world")
    }

    @Test func typingReplacesTheSelectionAndBackspaceDeletesIt() {
        let (field, pilot) = field("hello world")
        pilot.press(.left, modifiers: [.alt, .shift])
        pilot.type("there")
        #expect(field.text == "hello there")
        #expect(field.selectedRange == nil)
        pilot.press(.home, modifiers: .shift)
        pilot.press(.backspace)
        #expect(field.text == "", "Backspace deletes the whole selection, not a grapheme")
        field.text = "abc"
        pilot.press(.home)
        pilot.press(.right, modifiers: .shift)
        pilot.press(.delete)
        #expect(field.text == "bc")
        pilot.press(.end, modifiers: .shift)
        pilot.paste("x\ny")
        #expect(field.text == "x y", "a paste replaces it too, made inert")
    }

    @Test func shiftUpAndDownSelectByRowInATextView() {
        let (view, pilot) = textView("one\ntwo\nthree")
        pilot.press(.up, modifiers: .shift)
        #expect(view.selectedText == "\nthree", "to the end of the row above (its column is past it)")
        pilot.press(.home, modifiers: [.ctrl, .shift])
        #expect(view.selectedText == "one\ntwo\nthree")
        pilot.press(.down, modifiers: .shift)
        #expect(view.selectedText == "two\nthree", "the anchor stays where the selection began")
        pilot.type("X")
        #expect(view.text == "one\nX")
    }

    // MARK: Mouse

    @Test func aDragSelectsInAField() {
        let (field, pilot) = field("hello world")
        pilot.press(at: Point(x: 2 + 6, y: 1))
        pilot.drag(to: Point(x: 2 + 9, y: 1))
        #expect(field.selectedText == "wor")
        pilot.drag(to: Point(x: 2 + 30, y: 1))
        pilot.release(at: Point(x: 2 + 30, y: 1))
        #expect(field.selectedText == "world", "past the text's end selects to the end")
        pilot.click(at: Point(x: 2 + 11, y: 1))
        #expect(field.selectedRange == nil, "a click at the insertion point drops it too")
        pilot.press(.home, modifiers: .shift)
        pilot.click(at: Point(x: 2 + 1, y: 1))
        #expect(field.selectedRange == nil, "a click drops it")
        #expect(field.insertionPoint == 1)
    }

    @Test func aDragSelectsAcrossRowsInAReadOnlyTextView() {
        let (view, pilot) = textView("alpha beta\ngamma", editable: false)
        pilot.press(at: Point(x: 6, y: 0))
        pilot.drag(to: Point(x: 2, y: 1))
        pilot.release(at: Point(x: 2, y: 1))
        #expect(view.selectedText == "beta\nga")
        #expect(reversedColumns(pilot, row: 0, in: 0..<20) == [6, 7, 8, 9, 10], "the line break shows as one cell")
        #expect(reversedColumns(pilot, row: 1, in: 0..<20) == [0, 1])
        pilot.press(.right, modifiers: .shift)
        #expect(view.selectedText == "beta\ngam", "Shift-keys move the hidden point of a read-only view")
        pilot.type("z")
        #expect(view.text == "alpha beta\ngamma", "read-only: typing changes nothing")
    }

    // MARK: Drawing

    @Test func theSelectionIsDrawnInTheSelectionLook() {
        let field = TextField(text: "hello", frame: Rect(x: 2, y: 1, width: 20, height: 1))
        let other = TextField(frame: Rect(x: 2, y: 2, width: 20, height: 1))
        let pilot = pilot(showing: field, other, size: Size(width: 30, height: 4))
        #expect(field.becomeFirstResponder())
        pilot.advance(by: 0.1)
        pilot.press(.left, modifiers: .shift)
        pilot.press(.left, modifiers: .shift)
        #expect(field.selectedText == "lo")
        // The focused field is reversed; the selection toggles reverse off, so it reads
        // without colour.
        let frame = pilot.screen.lastFrame!
        #expect(reversedColumns(pilot, row: 1, in: 2..<7) == [2, 3, 4])
        #expect(frame[5, 1].style.attributes.contains(.underline), "still underlined, as the field")
        #expect(other.becomeFirstResponder())
        pilot.advance(by: 0.1)
        #expect(reversedColumns(pilot, row: 1, in: 2..<7) == [5, 6], "unfocused: the selection alone is reversed")
    }

    @Test func aThemeCanGiveTheSelectionColours() {
        var theme = Theme.standard
        theme.selection = Style(attributes: .reverse, background: .blue)
        let selected = theme.selected(Style(attributes: .underline))
        #expect(selected.attributes == [.underline, .reverse])
        #expect(selected.background == .blue)
    }

    // MARK: Copy, cut, paste

    @Test func copyCutAndPasteGoThroughThePasteboard() {
        let (field, pilot) = field("hello world")
        #expect(!field.canPerform(.copy), "nothing to copy without a selection")
        pilot.press(.left, modifiers: [.alt, .shift])
        pilot.press(.character("c"), modifiers: .alt)
        #expect(pilot.window.pasteboard.string == "world")
        #expect(field.text == "hello world", "copy changes nothing")
        pilot.press(.home)
        pilot.press(.right, modifiers: [.alt, .shift])
        pilot.press(.character("x"), modifiers: .alt)
        #expect(pilot.window.pasteboard.string == "hello")
        #expect(field.text == " world")
        pilot.press(.end)
        pilot.press(.character("v"), modifiers: .alt)
        #expect(field.text == " worldhello")
        let titles = pilot.window.activeKeyBindings().first?.bindings.map(\.title) ?? []
        #expect(
            titles.contains("Paste") && !titles.contains("Copy the selection") && !titles.contains("Cut the selection"),
            "the key help lists paste, and copy and cut only while text is selected: \(titles)")
    }

    @Test func aReadOnlyTextViewCopiesButNeitherCutsNorPastes() {
        let (view, pilot) = textView("read only", editable: false)
        view.selectedRange = 0..<4
        pilot.press(.character("x"), modifiers: .alt)
        #expect(view.text == "read only")
        pilot.press(.character("c"), modifiers: .alt)
        #expect(pilot.window.pasteboard.string == "read")
        pilot.press(.character("v"), modifiers: .alt)
        #expect(view.text == "read only")
    }

    @Test func theCopyIsTheSelectedTextExactly() {
        let text = "a\u{1B}]52;c;x\u{07}b 日本 👍🏽"
        let (view, pilot) = textView("")
        view.text = text
        view.selectedRange = 0..<text.count
        pilot.press(.character("c"), modifiers: .alt)
        #expect(pilot.window.pasteboard.string == text, "control characters set in code are copied as they are")
    }

    @Test func secureTextCanBeReplacedButNotCopied() {
        let (field, pilot) = field("secret")
        field.isSecureTextEntry = true
        pilot.press(.home, modifiers: .shift)
        pilot.press(.character("c"), modifiers: .alt)
        pilot.press(.character("x"), modifiers: .alt)
        #expect(pilot.window.pasteboard.string == nil)
        #expect(field.text == "secret")
        pilot.type("new")
        #expect(field.text == "new")
    }
}
