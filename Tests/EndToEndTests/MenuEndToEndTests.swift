import Foundation
import Testing

/// Menus in the real `shoji-demo` in tmux, on the `form` pane: Shift-F10 opens the focused
/// field's edit menu at its insertion point and a right click (an SGR mouse report) opens the
/// email field's at the pointer; letters and Enter choose in them, and the choices act on the
/// fields, and its Undo takes a paste back. The priority pop-up button opens on a click and chooses a value by keys.
@Suite(.timeLimit(.minutes(2)))
struct MenuEndToEndTests {
    let form = FormEndToEndTests()

    @Test func shiftF10AndARightClickOpenTheFieldsEditMenusWhoseChoicesCopyAndPaste() throws {
        let (tmux, _) = try form.startForm()
        try tmux.sendLiteral("Ada")
        try tmux.waitFor("name Ada ·")
        try tmux.send("S-F10")
        var screen = try tmux.waitFor("Select All")
        let field = try form.position(of: "Ada", in: screen)
        let paste = try form.position(of: "Paste", in: screen)
        #expect(paste.y > field.y, "the menu opens below the insertion point:\n\(screen)")
        #expect(screen.contains("Alt-v"), "key equivalents show")
        // Nothing selected: Cut and Copy are disabled, so "s" goes to Select All.
        try tmux.send("s")
        try tmux.send("Enter")
        try tmux.waitFor { !$0.contains("Select All") }
        try tmux.send("S-F10")
        try tmux.waitFor("Select All")
        try tmux.send("c")
        try tmux.send("c")
        try tmux.send("Enter")
        screen = try tmux.waitFor { !$0.contains("Select All") }
        // A right click on the email field (SGR report: button 2 is the right one).
        let email = try form.position(of: "you@example.com", in: screen)
        let column = email.x + 3, row = email.y + 1
        try tmux.sendLiteral("\u{1B}[<2;\(column);\(row)M\u{1B}[<2;\(column);\(row)m")
        screen = try tmux.waitFor("Select All")
        let menuPaste = try form.position(of: "Paste", in: screen)
        #expect(menuPaste.y > email.y && menuPaste.x >= column, "below and right of the pointer:\n\(screen)")
        try tmux.send("p")
        try tmux.send("Enter")
        try tmux.waitFor("email Ada ·")
        // The paste was one step of the email field's: its menu's Undo (shown with its key) takes it back.
        try tmux.sendLiteral("\u{1B}[<2;\(column);\(row)M\u{1B}[<2;\(column);\(row)m")
        screen = try tmux.waitFor("Select All")
        let undo = try #require(rows(screen).first { $0.contains("Undo") }, "\(screen)")
        #expect(undo.contains("Ctrl-"), "Undo shows its key: \(undo)")
        try tmux.send("u")
        try tmux.send("Enter")
        try tmux.waitFor { !$0.contains("email Ada ·") && !$0.contains("Select All") }
    }

    private func rows(_ screen: String) -> [String] { screen.components(separatedBy: "\n") }

    @Test func thePriorityPopUpButtonOpensOnAClickAndChoosesAValueByKeys() throws {
        let (tmux, _) = try form.startForm()
        var screen = try tmux.waitFor("[ Normal ▾ ]")
        let button = try form.position(of: "[ Normal ▾ ]", in: screen)
        let column = button.x + 3, row = button.y + 1
        try tmux.sendLiteral("\u{1B}[<0;\(column);\(row)M\u{1B}[<0;\(column);\(row)m")
        screen = try tmux.waitFor { $0.contains("Low") && $0.contains("High") }
        #expect(screen.contains("✓ Normal"), "the chosen value is checked:\n\(screen)")
        try tmux.send("Down")
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains("[ High ▾ ]") && $0.contains("Priority: High.") }
    }
}
