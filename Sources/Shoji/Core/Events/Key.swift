/// A key, independent of the terminal's encoding of it.
///
/// Printable input, including non-ASCII text, arrives as `.character`. Control combinations
/// arrive as the letter with `.ctrl` in the modifiers (Ctrl-C is `.character("c")` + `.ctrl`),
/// never as a C0 control character. Shift-Tab is `.tab` with `.shift`.
public enum Key: Hashable, Sendable, CustomStringConvertible {
    /// A typed character: a whole grapheme (`"é"`, `"日"`, `"👍"`), uppercase for Shift with a letter.
    case character(Character)
    /// An arrow key.
    case up, down, left, right
    /// A navigation key.
    case home, end, pageUp, pageDown
    /// Insert, or Delete (forward delete; Backspace is `.backspace`).
    case insert, delete
    /// Enter (Return), Escape, Tab (Shift-Tab: `.tab` with `.shift`), Backspace (DEL and ^H both).
    case enter, escape, tab, backspace
    /// F1 is `.function(1)`, up to F12 (and beyond if the terminal sends them).
    case function(Int)
    /// The Menu (application) key beside the right Ctrl, which opens a context menu. Only
    /// terminals speaking the kitty keyboard protocol report it; elsewhere Shift-F10 does.
    case menu

    /// The key's name as a user reads it: `"q"` in quotes, `Up`, `PageDown`, `F2`.
    public var description: String {
        switch self {
        case .character(let c): return "\"\(c)\""
        case .up: return "Up"
        case .down: return "Down"
        case .left: return "Left"
        case .right: return "Right"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PageUp"
        case .pageDown: return "PageDown"
        case .insert: return "Insert"
        case .delete: return "Delete"
        case .enter: return "Enter"
        case .escape: return "Escape"
        case .tab: return "Tab"
        case .backspace: return "Backspace"
        case .function(let n): return "F\(n)"
        case .menu: return "Menu"
        }
    }
}
