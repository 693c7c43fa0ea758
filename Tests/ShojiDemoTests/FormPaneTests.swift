import Shoji
import ShojiTesting
import Testing
@testable import ShojiDemoKit

/// The `form` pane inside the side menu, headless: typing, Tab, Enter, paste, the cursor and
/// the status line (in the assembled demo, chosen from the built-in menu), and the alert,
/// action sheet and sheet its buttons present, by keys and by clicks (animated).
@MainActor
struct FormPaneTests {
    /// The demo at `size`, showing the built-in menu's form pane (chosen from the menu).
    private func showForm(size: Size = Size(width: 80, height: 18)) throws -> (FormPane, Pilot) {
        let app = try DemoApp(
            menu: try MenuFile.builtIn(), options: try DemoOptions.parse(["--no-animation"]), seconds: { 0 })
        let pilot = Pilot(app, size: size)
        let index = try #require(app.menu.items.firstIndex { $0.kind == .form })
        pilot.press(.function(2))
        pilot.settle()
        for _ in 0..<index { pilot.press(.down) }
        pilot.press(.enter)
        pilot.settle()
        let form = try #require(app.panes[index] as? FormPane)
        return (form, pilot)
    }

    /// A side menu showing a form pane first, animated, as the demo nests it.
    private func animatedDemo() throws -> (Pilot, SideMenuController, FormPane) {
        let form = FormPane(title: "Form", text: nil)
        let menu = try SideMenuController(
            viewControllers: [form, ColorPane(title: "Red", color: .red, text: nil)],
            menuTitles: ["Form", "Red"])
        let pilot = Pilot(Application(rootViewController: menu), size: Size(width: 70, height: 20))
        return (pilot, menu, form)
    }

    // MARK: Text input

    /// Shift+Enter (a key of its own where the terminal has the kitty keyboard protocol)
    /// presents the submit alert from the fields and the notes; Enter keeps its meaning there.
    @Test func shiftEnterSubmitsFromTheFieldsAndTheNotes() throws {
        let (form, pilot) = try showForm()
        pilot.type("Ada")
        pilot.press(.enter)
        pilot.settle()
        #expect(pilot.window.presentedViewControllers.isEmpty && form.emailField.isFocused)
        pilot.press(KeyEvent(.enter, modifiers: .shift))
        pilot.settle()
        #expect(pilot.text.contains("Submit the form?") && pilot.text.contains("Name: Ada"))
        pilot.press(.escape)
        pilot.settle()
        form.notesView.becomeFirstResponder()
        pilot.press(KeyEvent(.enter, modifiers: .shift))
        pilot.settle()
        #expect(pilot.window.presentedViewControllers.count == 1, "from the notes too")
        #expect(form.notesView.text.isEmpty, "no line break typed")
    }

    @Test func typingGoesIntoTheNameFieldWithTheCursorAfterIt() throws {
        let (form, pilot) = try showForm()
        #expect(pilot.window.firstResponder === form.nameField, "the name field has the focus when the pane appears")
        let start = try #require(pilot.position(of: "Your name"), "the placeholder shows")
        #expect(pilot.cursor == start)
        pilot.type("Ada mq 日本")
        #expect(form.nameField.text == "Ada mq 日本")
        #expect(pilot.isRunning, "q typed into the field does not quit")
        #expect(pilot.line(0).contains("Form"), "m typed into the field does not open the menu")
        #expect(pilot.cursor == Point(x: start.x + 11, y: start.y), "after 日本: 7 + 4 columns")
        #expect(form.status.hasPrefix("name Ada mq 日本 · no email · password: 0 characters"))
        #expect(pilot.text.contains(form.status))
    }

    @Test func theNameFieldStopsAtItsMaximumLength() throws {
        let (form, pilot) = try showForm()
        pilot.type(String(repeating: "é", count: FormPane.nameLength + 5))
        #expect(form.nameField.text == String(repeating: "é", count: FormPane.nameLength))
        pilot.press(.enter)
        #expect(pilot.window.firstResponder === form.emailField, "Enter goes to the next field")
    }

    @Test func tabEnterAndThePasswordAndNotes() throws {
        let (form, pilot) = try showForm()
        pilot.type("Ada")
        pilot.press(.enter)
        #expect(pilot.window.firstResponder === form.emailField, "Enter goes to the next field")
        pilot.type("ada@example.com")
        #expect(form.status.contains("email ada@example.com"))
        pilot.press(.enter)
        #expect(pilot.window.firstResponder === form.passwordField)
        pilot.type("s3cret!")
        #expect(pilot.text.contains("•••••••"))
        #expect(!pilot.text.contains("s3cret"), "the password never shows")
        #expect(form.status.contains("password: 7 characters"))
        pilot.press(.enter)
        #expect(pilot.window.firstResponder === form.notesView)
        pilot.type("line one")
        pilot.press(.enter)
        pilot.paste("two\r\nthree\u{1B}[2J")
        #expect(form.notesView.text == "line one\ntwo\nthree[2J")
        #expect(form.status.hasSuffix("notes: 3 lines"))
        let notes = try #require(pilot.position(of: "three[2J"))
        #expect(pilot.cursor == Point(x: notes.x + 8, y: notes.y))
        pilot.press(.tab, modifiers: .shift)
        #expect(pilot.window.firstResponder === form.passwordField, "Shift-Tab goes back")
        pilot.press(.function(2))
        pilot.settle()
        #expect(pilot.cursor == nil, "the open menu has the focus: no cursor")
    }

    /// The status line reads no more of the fields than it shows: a long email is cut where the
    /// line cuts it anyway (what shows is what the whole text would show), and the notes' line
    /// count follows edits that add and join lines.
    @Test func theStatusLineShowsLongTextsAsBeforeAndCountsTheNotesLines() throws {
        let (form, pilot) = try showForm()
        pilot.press(.enter)
        let email = String(repeating: "a.long.address", count: 40) + "@example.com"
        pilot.paste(email)
        let whole = "no name · email \(email) · password: 0 characters · notes: 0 lines"
        #expect(pilot.text.contains(DisplayWidth.truncate(whole, toWidth: form.view.bounds.width - 2)))
        #expect(form.status.utf8.count < email.utf8.count, "the email goes in only as far as the line shows")
        _ = form.notesView.becomeFirstResponder()
        pilot.type("one")
        for line in ["two", "three"] {
            pilot.press(.enter)
            pilot.type(line)
        }
        #expect(form.status.hasSuffix("notes: 3 lines"))
        pilot.press(.ctrl("a"))
        pilot.press(.backspace)
        #expect(form.notesView.text == "one\ntwothree")
        #expect(form.status.hasSuffix("notes: 2 lines"), "a line break deleted")
        pilot.paste("x\r\ny\n\n")
        #expect(form.status.hasSuffix("notes: 5 lines"))
        pilot.press(.home, modifiers: .ctrl)
        pilot.press(.ctrl("k"))
        pilot.press(.ctrl("k"))
        #expect(form.status.hasSuffix("notes: 4 lines"), "Ctrl-K at a line's end joins the next line")
        let lines = form.notesView.text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count
        #expect(form.status.hasSuffix("notes: \(lines) lines"))
    }

    @Test func tinyScreensLayOutWithoutTrouble() throws {
        for size in [Size(width: 12, height: 4), Size(width: 3, height: 2), Size(width: 1, height: 1)] {
            let (form, pilot) = try showForm(size: size)
            pilot.type("abc")
            pilot.paste("x\ny")
            #expect(pilot.isRunning)
            #expect(form.nameField.text == "abcx y", "typing reaches the field however small it is")
            let paneBounds = form.view.bounds
            for field in [form.nameField, form.emailField, form.passwordField] as [View] + [form.notesView] {
                let origin = field.convertToWindow(.zero) - form.view.convertToWindow(.zero)
                let frame = Rect(origin: origin, size: field.frame.size)
                #expect(frame.width >= 0 && frame.height >= 0)
                #expect(frame.maxX <= paneBounds.maxX && frame.maxY <= paneBounds.maxY, "inside the pane")
            }
            if let cursor = pilot.cursor {
                #expect(Rect(origin: .zero, size: size).contains(cursor))
            }
            form.presentSubmitAlert()
            pilot.settle()
            #expect(pilot.window.presentedViewControllers.count == 1 && pilot.isRunning)
            pilot.press(.escape)
            pilot.settle()
            #expect(pilot.window.presentedViewControllers.isEmpty && form.lastChoice == "Cancelled.")
        }
    }

    // MARK: Dialogs

    @Test func typingGoesIntoTheFieldsTheSecureOneShowsBulletsAndMIsTyped() throws {
        let (pilot, menu, form) = try animatedDemo()
        #expect(pilot.window.firstResponder === form.nameField, "the first field has the focus")
        pilot.type("Ada m")
        pilot.press(.tab)
        pilot.type("ada@example.com")
        pilot.press(.tab)
        pilot.type("secret")
        #expect(form.nameField.text == "Ada m" && !menu.isMenuVisible, "m is typed, not the menu key")
        #expect(form.emailField.text == "ada@example.com" && form.passwordField.text == "secret")
        #expect(pilot.text.contains("••••••") && !pilot.text.contains("secret"))
        pilot.press(.tab)
        pilot.type("line one")
        pilot.press(.enter)
        pilot.type("line two")
        #expect(form.notesView.text == "line one\nline two")
    }

    @Test func theSubmitAlertIsChosenByKeysAndByClickAndTheLastLineSaysWhat() throws {
        let (pilot, menu, form) = try animatedDemo()
        pilot.type("Ada")
        try pilot.click(on: "[ Submit… ]")
        pilot.settle()
        #expect(pilot.text.contains("Submit the form?") && pilot.text.contains("Name: Ada"))
        pilot.press(.character("m"))
        pilot.press(.function(2))
        pilot.settle()
        #expect(!menu.isMenuVisible, "keys go nowhere under the alert")
        #expect((pilot.window.firstResponder as? Button)?.title == "Submit", "the focus starts on the default action")
        pilot.press(.left)
        #expect((pilot.window.firstResponder as? Button)?.title == "Cancel")
        pilot.press(.right)
        pilot.press(.enter)
        pilot.settle()
        #expect(form.lastChoice == "Submitted as Ada." && !pilot.text.contains("Submit the form?"))
        #expect(pilot.text.contains("Submitted as Ada."))
        #expect(form.status.hasPrefix("name Ada ·"), "the status line still follows the fields")
        #expect(pilot.window.firstResponder === form.submitButton, "the focus goes back to the button")
        pilot.press(.enter)
        pilot.settle()
        try pilot.click(on: "[ Cancel ]")
        pilot.settle()
        #expect(form.lastChoice == "Cancelled.")
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window))
    }

    @Test func theActionSheetAndTheAboutSheet() throws {
        let (pilot, _, form) = try animatedDemo()
        form.presentShareSheet()
        pilot.settle()
        try pilot.click(on: "[ Mail ]")
        pilot.settle()
        #expect(form.lastChoice == "Shared by Mail.")
        try pilot.click(on: "[ About… ]")
        pilot.settle()
        #expect(pilot.text.contains("A sheet, presented over the dimmed") && pilot.text.contains("[ Close ]"))
        // Tab from Close to the link; Enter opens it in the app: the sheet shows its URL.
        pilot.press(.tab)
        pilot.press(.enter)
        pilot.settle()
        #expect(pilot.text.contains("Link: \(AboutSheet.linkURL)"))
        pilot.press(.escape)
        pilot.settle()
        #expect(!pilot.text.contains("A sheet, presented") && pilot.window.presentedViewControllers.isEmpty)
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window))
    }
}
