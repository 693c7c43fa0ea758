import Testing

@testable import Shoji
import ShojiTesting

/// Undo and redo in `TextField` and `TextView`, headless: typing grouped into words, deletions
/// grouped alike, a paste, a cut or a replaced selection as one step, the selection restored,
/// text set in code forgetting the steps, the keys in the key help.
@MainActor
struct TextUndoTests {
    /// Ctrl-_ (what Ctrl-/ sends in most terminals) and Alt-/.
    private let undoKey = KeyEvent(.character("_"), modifiers: .ctrl)
    private let redoKey = KeyEvent(.character("/"), modifiers: .alt)

    /// `input` focused, in a window of `size`.
    private func focused<Input: View>(_ input: Input, in size: Size) -> (Input, Pilot) {
        let pilot = pilot(showing: input, size: size)
        #expect(input.becomeFirstResponder())
        pilot.advance(by: 0.1)
        return (input, pilot)
    }

    /// A focused field at (2, 1), 30 wide, in a 40x4 window.
    private func field(_ text: String = "") -> (TextField, Pilot) {
        focused(TextField(text: text, frame: Rect(x: 2, y: 1, width: 30, height: 1)), in: Size(width: 40, height: 4))
    }

    /// A focused, editable text view at (0, 0), 20x5, in a 30x6 window.
    private func textView(_ text: String = "") -> (TextView, Pilot) {
        focused(TextView(text: text, frame: Rect(x: 0, y: 0, width: 20, height: 5)), in: Size(width: 30, height: 6))
    }

    @Test func typingIsUndoneAWordAtATimeAndRedoneTheSame() {
        let (field, pilot) = field()
        pilot.type("hello, big world")
        pilot.press(undoKey)
        #expect(field.text == "hello, big ")
        #expect(field.insertionPoint == 11)
        pilot.press(undoKey)
        #expect(field.text == "hello, ", "the word and the space after it are one step")
        pilot.press(undoKey)
        #expect(field.text == "")
        #expect(field.undoManager?.canUndo == false)
        pilot.press(undoKey)
        #expect(field.text == "", "nothing left to undo")
        pilot.press(redoKey)
        #expect(field.text == "hello, ")
        pilot.press(redoKey)
        pilot.press(redoKey)
        #expect(field.text == "hello, big world")
        #expect(field.insertionPoint == 16, "the insertion point as the typing left it")
        pilot.press(KeyEvent(.character("/"), modifiers: .ctrl))
        #expect(field.text == "hello, big ", "Ctrl-/ as the kitty protocol reports it undoes too")
        pilot.press(KeyEvent(.character("_"), modifiers: .alt))
        #expect(field.text == "hello, big world", "Alt-_ redoes too")
    }

    @Test func aMoveEndsTheTypingStepAndNewTypingClearsTheRedoSteps() {
        let (field, pilot) = field()
        pilot.type("ab")
        pilot.press(.left)
        pilot.press(.right)
        pilot.type("cd")
        pilot.press(undoKey)
        #expect(field.text == "ab")
        pilot.type("x")
        #expect(field.undoManager?.canRedo == false)
        pilot.press(redoKey)
        #expect(field.text == "abx")
    }

    @Test func backspacesAreGroupedByWordAndUndoneWithTheInsertionPoint() {
        let (field, pilot) = field("hello world")
        for _ in 0..<7 { pilot.press(.backspace) }
        #expect(field.text == "hell")
        pilot.press(undoKey)
        #expect(field.text == "hello", "the deleted word's letter is a step of its own")
        pilot.press(undoKey)
        #expect(field.text == "hello world")
        #expect(field.insertionPoint == 11)
        pilot.press(.home)
        pilot.press(.delete)
        pilot.press(.delete)
        pilot.press(.right)
        pilot.press(.backspace)
        #expect(field.text == "lo world")
        pilot.press(undoKey)
        #expect(field.text == "llo world", "a move ended the Delete run")
        #expect(field.insertionPoint == 1)
        pilot.press(undoKey)
        #expect(field.text == "hello world")
        #expect(field.insertionPoint == 0, "Delete leaves the insertion point where it was")
    }

    @Test func aPasteIsOneStepAndUndoingItSelectsWhatItReplaced() {
        let (field, pilot) = field("hello world")
        pilot.press(.left, modifiers: [.alt, .shift])
        #expect(field.selectedText == "world")
        pilot.paste("there, my friend")
        #expect(field.text == "hello there, my friend")
        #expect(field.undoManager?.undoActionName == "Paste")
        pilot.press(undoKey)
        #expect(field.text == "hello world")
        #expect(field.selectedRange == 6..<11, "the selection is back")
        #expect(field.selectedText == "world")
        pilot.press(redoKey)
        #expect(field.text == "hello there, my friend")
        #expect(field.selectedRange == nil)
        #expect(field.insertionPoint == 22)
    }

    @Test func typingOverASelectionIsOneStepWithTheWordTyped() {
        let (field, pilot) = field("one two")
        pilot.press(.home, modifiers: .shift)
        pilot.type("three")
        pilot.press(undoKey)
        #expect(field.text == "one two")
        #expect(field.selectedText == "one two")
        #expect(field.undoManager?.canUndo == false)
    }

    @Test func aCutAndAKillAreStepsOfTheirOwn() {
        let (field, pilot) = field("alpha beta gamma")
        pilot.press(.left, modifiers: [.alt, .shift])
        pilot.press(KeyEvent(.character("x"), modifiers: .alt))
        #expect(field.text == "alpha beta ")
        #expect(field.undoManager?.undoActionName == "Cut")
        pilot.press(KeyEvent(.character("u"), modifiers: .ctrl))
        #expect(field.text == "")
        pilot.press(undoKey)
        #expect(field.text == "alpha beta ")
        pilot.press(undoKey)
        #expect(field.text == "alpha beta gamma")
        #expect(field.selectedText == "gamma")
    }

    @Test func textSetInCodeForgetsTheSteps() {
        let (field, pilot) = field()
        pilot.type("typed")
        field.text = "set in code"
        #expect(field.undoManager?.canUndo == false)
        pilot.press(undoKey)
        #expect(field.text == "set in code", "nothing to undo: the key does nothing")
    }

    @Test func undoIsReportedToOnChangeAndNotOfferedToShouldChangeText() {
        let (field, pilot) = field()
        var changes = 0, offers = 0
        field.onChange = { _ in changes += 1 }
        field.shouldChangeText = { _, _, _ in
            offers += 1
            return true
        }
        pilot.type("ab")
        #expect(changes == 2 && offers == 2)
        pilot.press(undoKey)
        pilot.press(redoKey)
        #expect(changes == 4, "undo and redo are changes the user made")
        #expect(offers == 2, "they bring back text the field held: not asked")
    }

    @Test func aSecureFieldKeepsNoSteps() {
        let (field, pilot) = field()
        pilot.type("plain")
        field.isSecureTextEntry = true
        #expect(field.undoManager?.canUndo == false, "turning it on forgets the steps holding the text")
        pilot.type(" s3cret")
        #expect(field.undoManager?.canUndo == false)
        pilot.press(undoKey)
        #expect(field.text == "plain s3cret")
    }

    @Test func aDisabledFieldDoesNotUndo() {
        let (field, pilot) = field()
        pilot.type("abc")
        field.isEnabled = false
        #expect(!field.canPerform(.undo))
        field.isEnabled = true
        #expect(field.canPerform(.undo))
        #expect(pilot.window.firstResponder === field)
    }

    @Test func aTextViewUndoesItsLinesAndKeepsItsOwnSteps() {
        let (view, pilot) = textView("")
        pilot.type("one two")
        pilot.press(.enter)
        pilot.type("three")
        pilot.press(undoKey)
        #expect(view.text == "one two\n", "a line break ends a word as a space does")
        pilot.press(undoKey)
        #expect(view.text == "one ")
        pilot.press(redoKey)
        pilot.press(redoKey)
        #expect(view.text == "one two\nthree")
        // Up/Down end the run: the typing after is a step of its own.
        pilot.press(.up)
        pilot.press(.down)
        pilot.type("s")
        pilot.press(undoKey)
        #expect(view.text == "one two\nthree")
        view.isEditable = false
        #expect(!view.canPerform(.undo), "read-only: no undo")
    }

    @Test func appendKeepsTheStepsOfATextView() {
        let (view, pilot) = textView("log")
        pilot.type(" entry")
        view.append("\nmore")
        pilot.press(undoKey)
        #expect(view.text == "log \nmore", "the typed word goes; what was appended after it stays")
        pilot.press(undoKey)
        #expect(view.text == "log\nmore", "then the space typed before it")
    }

    @Test func eachInputHasItsOwnStepsAndAnAppCanAddToThem() {
        let first = TextField(frame: Rect(x: 0, y: 0, width: 20, height: 1))
        let second = TextField(frame: Rect(x: 0, y: 1, width: 20, height: 1))
        let pilot = pilot(showing: first, second, size: Size(width: 30, height: 3))
        first.becomeFirstResponder()
        pilot.type("first")
        second.becomeFirstResponder()
        pilot.type("second")
        pilot.press(undoKey)
        pilot.press(undoKey)
        #expect(second.text == "" && first.text == "first", "the keys undo the focused input only")
        // An app's own change to the field, on the field's manager: the same keys undo it.
        let saved = first.text
        first.text = "cleared"
        first.undoManager?.registerUndo(withTarget: pilot.window) { _ in first.text = saved }
        first.becomeFirstResponder()
        pilot.press(undoKey)
        #expect(first.text == "first")
    }

    /// A list of rows an app deletes from, undoably, on the window's manager.
    @MainActor private final class Rows {
        var items = ["a", "b"]

        func removeLast(registeringOn manager: UndoManager) {
            let removed = items.removeLast()
            manager.registerUndo(withTarget: self) { rows in
                rows.items.append(removed)
                manager.registerUndo(withTarget: rows) { $0.removeLast(registeringOn: manager) }
            }
        }
    }

    @Test func theWindowsOwnStepsAreUndoneByTheSameKeysWhenNothingNearerCan() throws {
        let button = Button(title: "Delete", frame: Rect(x: 0, y: 0, width: 10, height: 1))
        let field = TextField(frame: Rect(x: 0, y: 1, width: 20, height: 1))
        let pilot = pilot(showing: button, field, size: Size(width: 30, height: 3))
        let manager = try #require(pilot.window.undoManager)
        let rows = Rows()
        #expect(button.becomeFirstResponder())
        rows.removeLast(registeringOn: manager)
        let window = pilot.window.activeKeyBindings().first { $0.title == "Window" }
        #expect(window?.bindings.map(\.title).contains("Undo") == true, "listed while there is a step")
        pilot.press(undoKey)
        #expect(rows.items == ["a", "b"], "on a button, the keys undo the window's step")
        pilot.press(redoKey)
        #expect(rows.items == ["a"])
        // In a field, its own steps come first, then the window's.
        #expect(field.becomeFirstResponder())
        pilot.type("x")
        pilot.press(undoKey)
        #expect(field.text == "" && rows.items == ["a"])
        pilot.press(undoKey)
        #expect(rows.items == ["a", "b"])
        pilot.press(undoKey)
        #expect(rows.items == ["a", "b"] && field.text == "", "nothing left: nothing happens")
    }

    @Test func theKeyHelpListsUndoAndRedoWhileTheyCanAct() {
        let (_, pilot) = field()
        func titles() -> [String] { pilot.window.activeKeyBindings().first?.bindings.map(\.title) ?? [] }
        #expect(!titles().contains("Undo"), "nothing to undo yet")
        pilot.type("word")
        #expect(titles().contains("Undo") && !titles().contains("Redo"))
        let undo = pilot.window.activeKeyBindings().first?.bindings.first { $0.title == "Undo" }
        #expect(undo?.keys == [KeyEvent(.character("/"), modifiers: .ctrl), undoKey])
        pilot.press(undoKey)
        #expect(titles().contains("Redo"))
    }
}
