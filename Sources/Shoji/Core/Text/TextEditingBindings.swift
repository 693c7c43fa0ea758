/// The editing keys `TextField` and `TextView` share, readline's (what terminal users know from
/// their shell), as key bindings with titles, so the key help lists them and an app can rebind
/// them. The moves are bound with Shift too: with Shift they select.
enum TextEditingBindings {
    private static func key(_ key: Key, _ modifiers: KeyModifiers = []) -> KeyEvent {
        KeyEvent(key, modifiers: modifiers)
    }

    private static func ctrl(_ character: Character) -> KeyEvent { KeyEvent(.character(character), modifiers: .ctrl) }
    private static func alt(_ character: Character) -> KeyEvent { KeyEvent(.character(character), modifiers: .alt) }

    /// A move's keys, and its named keys (arrows, Home, End) also with Shift, which selects
    /// (a terminal sends no Shift with Ctrl or Alt and a letter).
    private static func withShift(_ keys: [KeyEvent]) -> [KeyEvent] {
        let named = keys.filter { key in
            if case .character = key.key { return false }
            return true
        }
        return keys + named.map { KeyEvent($0.key, modifiers: $0.modifiers.union(.shift)) }
    }

    /// The bindings, in key-help order.
    static let bindings = [
        KeyBinding(.moveBackward, keys: withShift([key(.left), ctrl("b")]), title: "Back a character"),
        KeyBinding(.moveForward, keys: withShift([key(.right), ctrl("f")]), title: "Forward a character"),
        KeyBinding(
            .moveWordBackward, keys: withShift([alt("b"), key(.left, .ctrl), key(.left, .alt)]), title: "Back a word"),
        KeyBinding(
            .moveWordForward, keys: withShift([alt("f"), key(.right, .ctrl), key(.right, .alt)]),
            title: "Forward a word"),
        KeyBinding(.moveToLineStart, keys: withShift([ctrl("a"), key(.home)]), title: "To the line's start"),
        KeyBinding(.moveToLineEnd, keys: withShift([ctrl("e"), key(.end)]), title: "To the line's end"),
        KeyBinding(.deleteBackward, keys: [key(.backspace)], title: "Delete back"),
        KeyBinding(.deleteForward, keys: [key(.delete), ctrl("d")], title: "Delete forward"),
        KeyBinding(.killToLineEnd, keys: [ctrl("k")], title: "Cut to the line's end"),
        KeyBinding(.killToLineStart, keys: [ctrl("u")], title: "Cut to the line's start"),
        KeyBinding(.killWhitespaceWordBackward, keys: [ctrl("w")], title: "Cut back to a space"),
        KeyBinding(
            .killWordBackward, keys: [key(.backspace, .alt), key(.backspace, .ctrl)], title: "Cut back a word"),
        KeyBinding(
            .killWordForward, keys: [alt("d"), key(.delete, .alt), key(.delete, .ctrl)], title: "Cut forward a word"),
        KeyBinding(.yank, keys: [ctrl("y")], title: "Paste what was cut")
    ]

    /// Every editing binding, the clipboard's and the undo keys', in key-help order: a text
    /// view's table.
    static let all = bindings + TextClipboardBindings.bindings + TextUndoBindings.bindings

    /// The editing command a key performs by these bindings (Shift included), `nil` for keys
    /// they do not bind.
    static func command(for key: KeyEvent) -> TextEditingCommand? {
        bindings.first { $0.keys.contains(key) }.flatMap { TextEditingCommand($0.command) }
    }
}
