/// The undo keys `TextField` and `TextView` share: Ctrl-/ undoes and Alt-/ redoes. Ctrl-Z stays
/// the terminal's suspend (as in a shell) and Ctrl-Y readline's yank, so the keys are Emacs's
/// and readline's undo (Ctrl-/, which most terminals send as Ctrl-_, 0x1F) and Alt with the
/// same key for redo (Alt-_ too, Escape and the character, which every terminal sends). A
/// terminal with the kitty keyboard protocol reports Ctrl-/ and Alt-/ as themselves, so both
/// forms are bound.
enum TextUndoBindings {
    private static func ctrl(_ character: Character) -> KeyEvent { KeyEvent(.character(character), modifiers: .ctrl) }
    private static func alt(_ character: Character) -> KeyEvent { KeyEvent(.character(character), modifiers: .alt) }

    /// The bindings, in key-help order.
    static let bindings = [
        KeyBinding(.undo, keys: [ctrl("/"), ctrl("_")], title: "Undo"),
        KeyBinding(.redo, keys: [alt("/"), alt("_")], title: "Redo")
    ]
}
