import Testing
import ShojiTesting
@testable import ShojiDemoKit

/// The form pane inside the side menu, as the demo shows it: typing into its fields, and the
/// alert, action sheet and sheet its buttons present, by keys and by clicks.
@MainActor
struct FormPaneTests {
    private func demo() throws -> (Pilot, SideMenuController, FormPane) {
        let form = FormPane(title: "Form", text: nil)
        let menu = try SideMenuController(viewControllers: [form, ColorPane(title: "Red", color: .red, text: nil)],
                                          menuTitles: ["Form", "Red"])
        let pilot = Pilot(Application(rootViewController: menu), size: Size(width: 70, height: 20))
        return (pilot, menu, form)
    }

    @Test func typingGoesIntoTheFieldsTheSecureOneShowsBulletsAndMIsTyped() throws {
        let (pilot, menu, form) = try demo()
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

    @Test func theSubmitAlertIsChosenByKeysAndByClickAndTheStatusSaysWhat() throws {
        let (pilot, menu, form) = try demo()
        pilot.type("Ada")
        try pilot.click(on: "[ Submit… ]")
        pilot.settle()
        #expect(pilot.text.contains("Submit the form?") && pilot.text.contains("Name: Ada"))
        pilot.press(.character("m"))
        pilot.press(.function(2))
        pilot.settle()
        #expect(!menu.isMenuVisible, "keys go nowhere under the alert")
        pilot.press(.right)
        pilot.press(.enter)
        pilot.settle()
        #expect(form.status == "Submitted as Ada." && !pilot.text.contains("Submit the form?"))
        #expect(pilot.window.firstResponder === form.submitButton, "the focus goes back to the button")
        pilot.press(.enter)
        pilot.settle()
        try pilot.click(on: "[ Cancel ]")
        pilot.settle()
        #expect(form.status == "Cancelled.")
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window))
    }

    @Test func theActionSheetAndTheAboutSheet() throws {
        let (pilot, _, form) = try demo()
        form.presentShareSheet()
        pilot.settle()
        try pilot.click(on: "[ Mail ]")
        pilot.settle()
        #expect(form.status == "Shared by Mail.")
        try pilot.click(on: "[ About… ]")
        pilot.settle()
        #expect(pilot.text.contains("A sheet, presented over the dimmed") && pilot.text.contains("[ Close ]"))
        pilot.press(.escape)
        pilot.settle()
        #expect(!pilot.text.contains("A sheet, presented") && pilot.window.presentedViewControllers.isEmpty)
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window))
    }
}
