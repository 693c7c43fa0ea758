import Testing

/// Undo and redo in the `form` pane of the real `shoji-demo` in tmux: the keys as a terminal
/// sends them (Ctrl-/ arrives as Ctrl-_, 0x1F; Alt-/ as Escape and `/`), in a field and in the
/// notes, read back from the screen.
@Suite(.timeLimit(.minutes(2)))
struct UndoEndToEndTests {
    @Test func ctrlUnderscoreUndoesAWordAndAltSlashRedoesItInAFieldAndTheNotes() throws {
        let form = FormEndToEndTests()
        let (tmux, _) = try form.startForm()
        try tmux.sendLiteral("Ada Lovelace")
        try tmux.waitFor("name Ada Lovelace ·")
        try tmux.send("C-_")
        let undone = try tmux.waitFor("name Ada  ·")
        let field = try form.position(of: "Ada", in: undone)
        try tmux.waitForCursor(x: field.x + 4, y: field.y)
        try tmux.send("C-_")
        try tmux.waitFor("no name ·")
        try tmux.send("M-/")
        try tmux.waitFor("name Ada  ·")
        try tmux.send("M-/")
        try tmux.waitFor("name Ada Lovelace ·")
        try tmux.waitForCursor(x: field.x + 12, y: field.y)

        // The notes (Tab past the email and the password): lines typed, undone a word at a time.
        try tmux.send("Tab", "Tab", "Tab")
        try tmux.sendLiteral("one quokka")
        try tmux.send("Enter")
        try tmux.sendLiteral("wombat")
        try tmux.waitFor { $0.contains("wombat") && $0.contains("notes: 2 lines") }
        try tmux.send("C-_")
        try tmux.waitFor { !$0.contains("wombat") && $0.contains("one quokka") }
        try tmux.send("C-_")
        try tmux.waitFor { !$0.contains("quokka") && $0.contains("one") && $0.contains("notes: 1 lines") }
        try tmux.send("M-/", "M-/")
        try tmux.waitFor { $0.contains("one quokka") && $0.contains("wombat") && $0.contains("notes: 2 lines") }
        // The name field kept its own steps: undone from there, the notes stay.
        try tmux.send("BTab", "BTab", "BTab")
        try tmux.send("C-_")
        try tmux.waitFor { $0.contains("name Ada  ·") && $0.contains("wombat") }
        try tmux.send("C-c")
        #expect(try tmux.waitForExit() == 0)
    }
}
