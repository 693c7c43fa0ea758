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

    /// The editing command a key command names, `nil` for any other.
    init?(_ command: KeyCommand) {
        switch command {
        case .moveBackward: self = .moveBackward
        case .moveForward: self = .moveForward
        case .moveWordBackward: self = .moveWordBackward
        case .moveWordForward: self = .moveWordForward
        case .moveToLineStart: self = .moveToLineStart
        case .moveToLineEnd: self = .moveToLineEnd
        case .deleteBackward: self = .deleteBackward
        case .deleteForward: self = .deleteForward
        case .killToLineEnd: self = .killToLineEnd
        case .killToLineStart: self = .killToLineStart
        case .killWhitespaceWordBackward: self = .killWhitespaceWordBackward
        case .killWordBackward: self = .killWordBackward
        case .killWordForward: self = .killWordForward
        case .yank: self = .yank
        default: return nil
        }
    }

    /// The text a key types: a character without Ctrl or Alt (with or without Shift), `nil`
    /// for every other key (the editing keys are bindings, `TextEditingBindings`).
    static func typed(_ event: KeyEvent) -> TextEditingCommand? {
        guard case .character(let character) = event.key, event.modifiers.subtracting(.shift).isEmpty else {
            return nil
        }
        return .insert(String(character))
    }
}
