/// The name of something a responder can do from the keyboard: what a key binding
/// (`KeyBinding`) stands for, as a `UIKeyCommand`'s action does in UIKit, but as data rather
/// than a selector, so bindings can be listed, compared and rebound.
///
/// The built-in views and containers use the constants below; an app names its own with
/// `KeyCommand("…")`. Two commands are equal when their names are.
public struct KeyCommand: Hashable, Sendable, CustomStringConvertible {
    /// The command's name, unique within the responders that handle it.
    public let name: String

    /// A command named `name`.
    public init(_ name: String) { self.name = name }

    public var description: String { name }
}

extension KeyCommand {
    /// Stop the app (`Application`; Ctrl-C and `q` by default).
    public static let quit = KeyCommand("quit")
    /// Repaint the whole screen (`Application`; Ctrl-L).
    public static let redrawScreen = KeyCommand("redrawScreen")
    /// Show or hide the list of active keys (`Application`; F1 and `?`).
    public static let toggleKeyHelp = KeyCommand("toggleKeyHelp")
    /// Show the command palette, hide it when shown (`Application`; Ctrl-P).
    public static let toggleCommandPalette = KeyCommand("toggleCommandPalette")
    /// Move the focus to the next focusable view (`Window`; Tab).
    public static let focusNext = KeyCommand("focusNext")
    /// Move the focus to the previous focusable view (`Window`; Shift-Tab).
    public static let focusPrevious = KeyCommand("focusPrevious")
    /// Show a hidden menu, hide a shown one (side menu: F2 and `m`; overlay menu: F4).
    public static let toggleMenu = KeyCommand("toggleMenu")
    /// Show the side menu's right-hand menu, hide it when shown (side menu: F3 and `M`).
    public static let toggleRightMenu = KeyCommand("toggleRightMenu")
    /// Hide a shown menu (side and overlay menus; Escape).
    public static let closeMenu = KeyCommand("closeMenu")
    /// Go back one screen (navigation controller; Escape and Alt-Left).
    public static let goBack = KeyCommand("goBack")
    /// Open the context menu of the focused view or the nearest view around it that has one
    /// (`View.contextMenuProvider`; the window: Shift-F10).
    public static let showContextMenu = KeyCommand("showContextMenu")
    /// Open the submenu of the selected row (menus; Right).
    public static let openSubmenu = KeyCommand("openSubmenu")
    /// Close a submenu, back to its parent menu (menus; Left).
    public static let closeSubmenu = KeyCommand("closeSubmenu")
    /// Dismiss the presented controller (a presentation; Escape).
    public static let dismiss = KeyCommand("dismiss")
    /// Choose the cancel action (alert; Escape).
    public static let cancel = KeyCommand("cancel")
    /// Select the next tab, wrapping around (tab bar controller; Ctrl-PageDown).
    public static let nextTab = KeyCommand("nextTab")
    /// Select the previous tab, wrapping around (tab bar controller; Ctrl-PageUp).
    public static let previousTab = KeyCommand("previousTab")
    /// Select a tab by number: the binding's n-th key selects the n-th tab (tab bar controller;
    /// Alt-1…Alt-9).
    public static let selectTab = KeyCommand("selectTab")
    /// Move the selection or highlight one step up (lists, alerts, the overlay menu; Up).
    public static let moveUp = KeyCommand("moveUp")
    /// Move the selection or highlight one step down (Down).
    public static let moveDown = KeyCommand("moveDown")
    /// Move the selection, highlight or focus one step left (the tab bar, alerts; Left).
    public static let moveLeft = KeyCommand("moveLeft")
    /// Move the selection, highlight or focus one step right (Right).
    public static let moveRight = KeyCommand("moveRight")
    /// Move the selection a page back (lists; PageUp).
    public static let pageUp = KeyCommand("pageUp")
    /// Move the selection a page forward (lists; PageDown).
    public static let pageDown = KeyCommand("pageDown")
    /// Move the selection to the first row (lists; Home).
    public static let moveToStart = KeyCommand("moveToStart")
    /// Move the selection to the last row (lists; End).
    public static let moveToEnd = KeyCommand("moveToEnd")
    /// Open or press what is selected or focused (lists and buttons; Enter, Space on buttons
    /// and switches).
    public static let activate = KeyCommand("activate")
    /// Raise a value by a step (stepper; `+` and Right).
    public static let increment = KeyCommand("increment")
    /// Lower a value by a step (stepper; `-` and Left).
    public static let decrement = KeyCommand("decrement")
    /// Move to the next link of a read-only text, in reading order (text views; Tab, until the
    /// last link: then Tab moves the focus on).
    public static let nextLink = KeyCommand("nextLink")
    /// Move to the previous link of a read-only text (text views; Shift-Tab, until the first).
    public static let previousLink = KeyCommand("previousLink")
    /// Expand the selected item and the items below it (outlines; `*`).
    public static let expandAll = KeyCommand("expandAll")
    /// Sort by the next sortable column, ascending, wrapping around (tables; `s`).
    public static let sortByNextColumn = KeyCommand("sortByNextColumn")
    /// Reverse the order of the current sort (tables; `S`).
    public static let reverseSortOrder = KeyCommand("reverseSortOrder")
    /// Copy the selected text to the window's pasteboard (text fields and views; Alt-C, while
    /// text is selected). Ctrl-Shift-C belongs to the terminal.
    public static let copy = KeyCommand("copy")
    /// Copy the selected text and delete it (editable text fields and views; Alt-X, while text
    /// is selected).
    public static let cut = KeyCommand("cut")
    /// Insert the pasteboard's text, replacing the selection (editable text fields and views;
    /// Alt-V). Ctrl-Y stays readline's yank of the kill buffer.
    public static let paste = KeyCommand("paste")

    // Text editing (text fields and editable text views; readline's keys, see
    // `TextField`). With Shift, the moves select.

    /// Move the insertion point back one character (Left, Ctrl-B).
    public static let moveBackward = KeyCommand("moveBackward")
    /// Move the insertion point forward one character (Right, Ctrl-F).
    public static let moveForward = KeyCommand("moveForward")
    /// Move back to the start of this or the previous word (Alt-B, Ctrl- or Alt-Left).
    public static let moveWordBackward = KeyCommand("moveWordBackward")
    /// Move forward to the end of this or the next word (Alt-F, Ctrl- or Alt-Right).
    public static let moveWordForward = KeyCommand("moveWordForward")
    /// Move to the start of the line (Ctrl-A, Home).
    public static let moveToLineStart = KeyCommand("moveToLineStart")
    /// Move to the end of the line (Ctrl-E, End).
    public static let moveToLineEnd = KeyCommand("moveToLineEnd")
    /// Delete the character before the insertion point, or the selection (Backspace).
    public static let deleteBackward = KeyCommand("deleteBackward")
    /// Delete the character after the insertion point, or the selection (Delete, Ctrl-D).
    public static let deleteForward = KeyCommand("deleteForward")
    /// Cut to the end of the line into the kill buffer (Ctrl-K).
    public static let killToLineEnd = KeyCommand("killToLineEnd")
    /// Cut to the start of the line into the kill buffer (Ctrl-U).
    public static let killToLineStart = KeyCommand("killToLineStart")
    /// Cut back to the previous whitespace into the kill buffer (Ctrl-W, readline's
    /// `unix-word-rubout`).
    public static let killWhitespaceWordBackward = KeyCommand("killWhitespaceWordBackward")
    /// Cut back to the start of the word into the kill buffer (Alt- or Ctrl-Backspace).
    public static let killWordBackward = KeyCommand("killWordBackward")
    /// Cut forward to the end of the word into the kill buffer (Alt-D, Alt- or Ctrl-Delete).
    public static let killWordForward = KeyCommand("killWordForward")
    /// Insert the kill buffer (Ctrl-Y, readline's yank).
    public static let yank = KeyCommand("yank")
    /// Revert the last change (text fields and editable text views: their own `undoManager`'s
    /// last step; Ctrl-/, which most terminals send as Ctrl-_). Ctrl-Z stays the terminal's
    /// suspend.
    public static let undo = KeyCommand("undo")
    /// Make the last undone change again (Alt-/, Alt-_).
    public static let redo = KeyCommand("redo")
}

extension KeyCommand {
    /// The keys and title the built-in views give this command, when it has usual keys: the
    /// arrows for the moves, PageUp/PageDown, Home/End, Enter to activate, Tab and Shift-Tab
    /// to step the focus, Escape to hide a menu. `nil` for the others.
    public var standardBinding: KeyBinding? {
        guard let (key, modifiers, title) = Self.standardKeys[self] else { return nil }
        return KeyBinding(self, keys: [KeyEvent(key, modifiers: modifiers)], title: title)
    }

    /// The standard keys and titles, made once.
    private static let standardKeys: [KeyCommand: (Key, KeyModifiers, String)] = [
        .moveUp: (.up, [], "Up"), .moveDown: (.down, [], "Down"),
        .moveLeft: (.left, [], "Left"), .moveRight: (.right, [], "Right"),
        .pageUp: (.pageUp, [], "Page up"), .pageDown: (.pageDown, [], "Page down"),
        .moveToStart: (.home, [], "To the start"), .moveToEnd: (.end, [], "To the end"),
        .activate: (.enter, [], "Open"), .focusNext: (.tab, [], "Next"),
        .focusPrevious: (.tab, .shift, "Previous"), .closeMenu: (.escape, [], "Hide the menu")
    ]
}
