/// The family of editable text views: what `TextField` (one line) and `TextView` (many lines,
/// wrapped) share, as UIKit's `UITextInput` is what its two text views share. Not meant to be
/// created on its own: it has no drawing or layout of its text, which are its subclasses'.
///
/// Guarantees, for every text input:
/// - The text is held in one editing buffer: edits are by grapheme (`Character`), the insertion
///   point never stops inside one, and `selectedRange` and `insertionPoint` count graphemes.
/// - The editing keys are the key-binding tables' (`TextEditingBindings`: readline's keys and
///   the clipboard's Alt-C, Alt-X and Alt-V, with titles, so the key help lists them and an app
///   can rebind them); they act while the input is editable (`TextField.isEnabled`,
///   `TextView.isEditable`). Copy acts while text is selected and the input lets it be copied
///   (not a secure field); cut needs that and editing; paste needs editing.
/// - Every change the user makes (a key, a paste, a cut, a yank) goes one way: it is cut to fit
///   where the subclass limits it (`TextField.maximumLength`), offered to the subclass's
///   `shouldChangeText`, applied, the insertion point shown, and then reported to `onChange`.
///   Text set in code is not offered or reported (as UIKit's delegates are not told).
/// - A paste inserts as one change, made inert first (control characters and bidirectional
///   controls dropped; line breaks and tabs as the subclass keeps them), so pasted text can
///   neither act on the terminal nor read otherwise than it is stored.
/// - Becoming the first responder begins editing and leaving it ends it, each reported once to
///   `onBeginEditing` / `onEndEditing`.
/// - A left press puts the insertion point at the grapheme under the pointer and drops the
///   selection; a drag or the release selects from there to the grapheme under the pointer.
///
/// Main actor only.
@MainActor
open class TextInputView: ScrollView {
    /// The edited text, insertion point, selection and kill ring.
    var buffer: TextEditingBuffer

    /// What a paste or typed text's line breaks and tabs become (the rest of its controls are
    /// dropped).
    let inertRules: (newline: String, tab: String)

    /// An input holding `buffer`, whose pasted line breaks and tabs become `newline` and `tab`.
    init(buffer: TextEditingBuffer, newline: String, tab: String, frame: Rect) {
        self.buffer = buffer
        inertRules = (newline, tab)
        super.init(frame: frame)
        showsVerticalScrollIndicator = false
        showsHorizontalScrollIndicator = false
    }

    // MARK: What subclasses decide

    /// Updates what the subclass derives from the text after `text` was set in code.
    func textWasReplaced() {}

    /// Whether the user can edit now (`TextField.isEnabled`, `TextView.isEditable`).
    var allowsEditing: Bool { true }

    /// Whether the selection may leave the input through the pasteboard (not secure text).
    var allowsCopying: Bool { true }

    /// Applies `change` to the buffer and updates what the subclass derives from the text or
    /// the insertion point (a column, the wrapped rows).
    func apply(_ change: TextEditingBuffer.Change, extendingSelection: Bool = false) {
        buffer.apply(change, extendingSelection: extendingSelection)
    }

    /// Scrolls as little as needed to show the insertion point.
    func scrollToInsertionPoint() {}

    /// The replacement a user's change of `range` may insert (cut to a limit), `replacement`
    /// itself by default.
    func fitted(_ replacement: String, replacing range: Range<Int>) -> String { replacement }

    /// Asks the subclass's `shouldChangeText` about a change the user makes.
    func shouldChange(_ range: Range<String.Index>, to replacement: String) -> Bool { true }

    /// Tells the subclass's `onChange` of a change the user made.
    func textDidChange() {}

    /// Tells the subclass's `onBeginEditing` (`true`) or `onEndEditing` (`false`).
    func editingDidChange(began: Bool) {}

    // MARK: Text and selection

    /// The text. Setting it puts the insertion point at the end, drops the selection and calls
    /// neither `shouldChangeText` nor `onChange` (as UIKit's delegates are not told of changes
    /// made in code); a field then scrolls to show the insertion point, a text view keeps its
    /// `scrollOffset` (clamped).
    public var text: String {
        get { buffer.text }
        set {
            guard newValue != buffer.text else { return }
            buffer.setText(newValue)
            textWasReplaced()
            setNeedsDisplay()
        }
    }

    /// The selected graphemes, as a range of grapheme (`Character`) counts: `nil` when nothing
    /// is selected. Setting it (clamped to the text; an empty range or `nil` drops the selection)
    /// puts the insertion point at its end and scrolls to show it.
    public var selectedRange: Range<Int>? {
        get { buffer.selectedCharacterRange }
        set {
            guard let newValue, !newValue.isEmpty else {
                if buffer.clearSelection() { setNeedsDisplay() }
                return
            }
            apply(.move(to: buffer.offset(afterCharacters: newValue.lowerBound)))
            apply(.move(to: buffer.offset(afterCharacters: newValue.upperBound)), extendingSelection: true)
            scrollToInsertionPoint()
            setNeedsDisplay()
        }
    }

    /// The selected text, exactly as it is in the text (`nil` when nothing is selected).
    public var selectedText: String? { buffer.selectedText }

    /// The insertion point, as the number of graphemes (`Character`s) before it. Setting it
    /// clamps to `0...text.count`, drops the selection and scrolls to show it.
    public var insertionPoint: Int {
        get { buffer.characters(before: buffer.cursor) }
        set {
            apply(.move(to: buffer.offset(afterCharacters: newValue)))
            scrollToInsertionPoint()
            setNeedsDisplay()
        }
    }

    // MARK: Editing

    /// Applies a command the user asked for: a change is fitted, offered to `shouldChangeText`,
    /// applied and reported to `onChange`; a move just moves, extending the selection when asked
    /// and dropping it otherwise (also when it goes nowhere).
    func perform(_ command: TextEditingCommand, extendingSelection: Bool = false) {
        guard var change = buffer.change(for: command) else {
            if command.isMotion, !extendingSelection, buffer.clearSelection() { setNeedsDisplay() }
            return
        }
        if case .replace(let range, let replacement, let kill) = change {
            let fitted = replacement.isEmpty ? replacement : fitted(replacement, replacing: range)
            if fitted.isEmpty && range.isEmpty { return }
            change = .replace(range, with: fitted, kill: kill)
            guard shouldChange(buffer.index(range.lowerBound)..<buffer.index(range.upperBound), to: fitted) else {
                return
            }
        }
        apply(change, extendingSelection: extendingSelection)
        scrollToInsertionPoint()
        setNeedsDisplay()
        if case .replace = change { textDidChange() }
    }

    /// Inserts what `event` types, made inert; false for a key that types nothing.
    func insertTyped(_ event: KeyEvent) -> Bool {
        guard case .insert(let typed) = TextEditingCommand.typed(event) else { return false }
        perform(.insert(inert(typed)))
        return true
    }

    /// `text` as a paste or a key may insert it.
    func inert(_ text: String) -> String {
        TextEditingBuffer.inert(text, newline: inertRules.newline, tab: inertRules.tab)
    }

    /// Inserts `text`, made inert, as one change, while editable.
    open override func paste(_ text: String) -> Bool {
        guard allowsEditing else { return false }
        perform(.insert(inert(text)))
        return true
    }

    // MARK: Commands and focus

    /// Copy while text is selected and may be copied, cut then too while editable, paste and the
    /// editing commands while editable; the rest as the scroll view decides.
    open override func canPerform(_ command: KeyCommand) -> Bool {
        switch command {
        case .copy: return allowsCopying && buffer.selectedRange != nil
        case .cut: return allowsCopying && allowsEditing && buffer.selectedRange != nil
        case .paste: return allowsEditing
        default: return TextEditingCommand(command) != nil ? allowsEditing : super.canPerform(command)
        }
    }

    /// Edits (a move with Shift selects), or copies, cuts or pastes through the window's
    /// pasteboard.
    open override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        if let editing = TextEditingCommand(command) {
            perform(editing, extendingSelection: key.modifiers.contains(.shift) && editing.isMotion)
            return true
        }
        switch command {
        case .copy, .cut:
            guard let selected = buffer.selectedText, let window else { return false }
            window.pasteboard.string = selected
            if command == .cut { perform(.deleteBackward) }
            return true
        case .paste:
            guard let window else { return false }
            if let string = window.pasteboard.string { _ = paste(string) }
            return true
        default: return super.perform(command, key: key)
        }
    }

    open override func focusDidChange() {
        super.focusDidChange()
        guard buffer.setEditing(isFocused) else { return }
        editingDidChange(began: isFocused)
    }

    // MARK: The pointer

    /// A left press puts the insertion point at `position()` and drops the selection; a drag or
    /// the release selects from there to it. False for any other event (it goes on).
    func trackPointer(_ event: MouseEvent, to position: () -> Int) -> Bool {
        let extending: Bool
        switch event.kind {
        case .press(.left): extending = false
        case .drag(.left), .release(.left), .release(nil): extending = true
        default: return false
        }
        if !extending, buffer.clearSelection() { setNeedsDisplay() }
        let target = position()
        if target != buffer.cursor {
            apply(.move(to: target), extendingSelection: extending)
            scrollToInsertionPoint()
            setNeedsDisplay()
        }
        return true
    }
}
