import Shoji
import ShojiTesting
import Testing
@testable import ShojiDemoKit

/// The `form` pane in the assembled demo (inside the side menu and its navigation host),
/// headless: typing, Tab, Enter, paste, the cursor and the status line.
@MainActor
struct FormPaneTests {
    /// The demo at `size`, showing the built-in menu's form pane (chosen from the menu).
    private func showForm(size: Size = Size(width: 60, height: 16)) throws -> (FormPane, Pilot) {
        let app = try DemoApp(menu: try MenuFile.builtIn(), options: try DemoOptions.parse(["--no-animation"]), seconds: { 0 })
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
        #expect(form.status.hasPrefix("name Ada mq 日本 · password: 0 characters"))
        #expect(pilot.text.contains(form.status))
    }

    @Test func tabEnterAndThePasswordAndNotes() throws {
        let (form, pilot) = try showForm()
        pilot.type("Ada")
        pilot.press(.enter)
        #expect(pilot.window.firstResponder === form.passwordField, "Enter goes to the next field")
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

    @Test func tinyScreensLayOutWithoutTrouble() throws {
        for size in [Size(width: 12, height: 4), Size(width: 3, height: 2), Size(width: 1, height: 1)] {
            let (form, pilot) = try showForm(size: size)
            pilot.type("abc")
            pilot.paste("x\ny")
            #expect(pilot.isRunning)
            #expect(form.nameField.frame.width >= 1)
            if let cursor = pilot.cursor {
                #expect(Rect(origin: .zero, size: size).contains(cursor))
            }
        }
    }
}
