/// One editing command of the text views (`TextField`, `TextView`), independent of the key that
/// asked for it. Lines are the text's logical lines (between newlines); a `TextField` has one.
enum TextEditingCommand: Equatable {
    /// Insert text at the insertion point (already made inert).
    case insert(String)
    /// Delete the grapheme before / after the insertion point (Backspace, Delete, Ctrl-D).
    case deleteBackward, deleteForward
    /// Move one grapheme back / forward (Left, Right, Ctrl-B, Ctrl-F).
    case moveBackward, moveForward
    /// Move to the start of this or the previous word / the end of this or the next word
    /// (Alt- or Ctrl-Left/Right, Alt-B, Alt-F). Words are runs of letters and digits.
    case moveWordBackward, moveWordForward
    /// Move to the start / end of the line (Ctrl-A, Ctrl-E; Home and End in a field).
    case moveToLineStart, moveToLineEnd
    /// Kill (cut into the kill buffer) to the end of the line, or the line break when already
    /// there (Ctrl-K) / to the start of the line (Ctrl-U).
    case killToLineEnd, killToLineStart
    /// Kill back to the previous whitespace (Ctrl-W, readline's `unix-word-rubout`).
    case killWhitespaceWordBackward
    /// Kill back to the start of the word / forward to its end (Alt-Backspace, Alt-D).
    case killWordBackward, killWordForward
    /// Insert the kill buffer (Ctrl-Y).
    case yank

    /// Whether the command only moves the insertion point (so Shift with its key extends the
    /// selection).
    var isMotion: Bool {
        switch self {
        case .moveBackward, .moveForward, .moveWordBackward, .moveWordForward, .moveToLineStart, .moveToLineEnd:
            return true
        default: return false
        }
    }

    /// The command readline binds `event` to, for the keys both text views share; `nil` for
    /// every other key (Home, End, Up, Down, Enter, Tab, Escape… are each view's own).
    /// Shift is ignored here: with a motion key the view extends the selection instead of
    /// dropping it (`isMotion`); a character typed with Ctrl or Alt is never inserted.
    static func readline(_ event: KeyEvent) -> TextEditingCommand? {
        let modifiers = event.modifiers.subtracting(.shift)
        let word = modifiers.contains(.ctrl) || modifiers.contains(.alt)
        switch event.key {
        case .character(let character):
            switch modifiers {
            case []: return .insert(String(character))
            case .ctrl:
                switch character {
                case "a": return .moveToLineStart
                case "e": return .moveToLineEnd
                case "b": return .moveBackward
                case "f": return .moveForward
                case "d": return .deleteForward
                case "k": return .killToLineEnd
                case "u": return .killToLineStart
                case "w": return .killWhitespaceWordBackward
                case "y": return .yank
                default: return nil
                }
            case .alt:
                switch character {
                case "b": return .moveWordBackward
                case "f": return .moveWordForward
                case "d": return .killWordForward
                default: return nil
                }
            default: return nil
            }
        case .left: return word ? .moveWordBackward : .moveBackward
        case .right: return word ? .moveWordForward : .moveForward
        case .backspace: return word ? .killWordBackward : .deleteBackward
        case .delete: return word ? .killWordForward : .deleteForward
        default: return nil
        }
    }
}
