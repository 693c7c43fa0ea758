/// A key press with its modifiers.
public struct KeyEvent: Hashable, Sendable, CustomStringConvertible {
    /// The key, independent of how the terminal encoded it.
    public var key: Key
    /// Modifier keys held (an uppercase letter carries no `.shift`; see `Key`).
    public var modifiers: KeyModifiers

    /// `key` pressed with `modifiers`.
    public init(_ key: Key, modifiers: KeyModifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// Ctrl plus a letter, e.g. `KeyEvent.ctrl("c")`.
    public static func ctrl(_ letter: Character) -> KeyEvent {
        KeyEvent(.character(letter), modifiers: .ctrl)
    }

    /// Whether the key types a character (a character without Ctrl or Alt): containers leave
    /// such shortcut keys to a focused view that takes text input (`View.acceptsTextInput`).
    public var typesText: Bool {
        guard case .character = key else { return false }
        return modifiers.isDisjoint(with: [.ctrl, .alt])
    }

    /// The key as a key list shows it to a user: `q`, `?`, `Space`, `Ctrl-C`, `Alt-Left`,
    /// `Shift-Tab`, `F1` (a letter with Ctrl in capitals, as terminal manuals write it).
    public var displayName: String {
        var parts: [String] = []
        if modifiers.contains(.ctrl) { parts.append("Ctrl") }
        if modifiers.contains(.alt) { parts.append("Alt") }
        if modifiers.contains(.shift) { parts.append("Shift") }
        switch key {
        case .character(" "): parts.append("Space")
        case .character(let character):
            parts.append(modifiers.contains(.ctrl) ? character.uppercased() : String(character))
        default: parts.append(key.description)
        }
        return parts.joined(separator: "-")
    }

    public var description: String {
        var parts: [String] = []
        if modifiers.contains(.ctrl) { parts.append("Ctrl") }
        if modifiers.contains(.alt) { parts.append("Alt") }
        if modifiers.contains(.shift) { parts.append("Shift") }
        parts.append(key.description)
        return parts.joined(separator: "-")
    }
}
