/// The clipboard keys `TextField` and `TextView` share: Alt-C copies, Alt-X cuts, Alt-V
/// pastes. The terminal keeps Ctrl-Shift-C/V (its own copy and paste) and Ctrl-C (quit), and
/// Ctrl-Y stays readline's yank, so the keys are Alt with the usual letters, which every
/// terminal sends (as Escape and the letter) and no built-in responder binds.
enum TextClipboardBindings {
    /// The bindings, in key-help order.
    static let bindings = [
        KeyBinding(.copy, keys: [KeyEvent(.character("c"), modifiers: .alt)], title: "Copy the selection"),
        KeyBinding(.cut, keys: [KeyEvent(.character("x"), modifiers: .alt)], title: "Cut the selection"),
        KeyBinding(.paste, keys: [KeyEvent(.character("v"), modifiers: .alt)], title: "Paste")
    ]
}
