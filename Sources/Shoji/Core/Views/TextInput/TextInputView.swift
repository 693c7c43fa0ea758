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
/// - Every change the user makes is an undo step on the input's own `undoManager` (Ctrl-/ undoes,
///   Alt-/ redoes: `TextUndoBindings`, key bindings titled "Undo" and "Redo" that the key help
///   lists while they can act). Typing is grouped into words: typed characters join the step
///   while they go on where the last one went, until a letter or digit follows a space or
///   punctuation; Backspace and Delete runs are grouped the same way; a paste, a cut, a kill, a
///   yank or a replaced selection is a step of its own; a move, a click or a change of focus
///   ends a group. Undoing a step restores the text and the selection (or insertion point) as
///   they were before it; redoing it, as they were after. Undo and redo are reported to
///   `onChange` but not offered to `shouldChangeText` or cut to a limit (they bring back text
///   the input held). Setting `text` in code forgets the input's steps (as UIKit does).
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

    /// Whether the user's changes become undo steps (a secure field keeps none of its text).
    var recordsUndo: Bool { true }

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

    /// The text. Setting it puts the insertion point at the end, drops the selection, forgets the
    /// undo steps registered for the input (as UIKit's text views do) and calls neither
    /// `shouldChangeText` nor `onChange` (as UIKit's delegates are not told of changes made in
    /// code); a field then scrolls to show the insertion point, a text view keeps its
    /// `scrollOffset` (clamped).
    public var text: String {
        get { buffer.text }
        set {
            guard newValue != buffer.text else { return }
            forgetUndoSteps()
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
            undoRun = nil
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
            undoRun = nil
            apply(.move(to: buffer.offset(afterCharacters: newValue)))
            scrollToInsertionPoint()
            setNeedsDisplay()
        }
    }

    // MARK: Editing

    /// Applies a command the user asked for: a change is fitted, offered to `shouldChangeText`,
    /// applied, recorded as an undo step (named `actionName`, else after what it does; `typed`
    /// text and single deletions join the run before them) and reported to `onChange`; a move
    /// just moves, extending the selection when asked and dropping it otherwise (also when it
    /// goes nowhere), and ends the undo run.
    func perform(
        _ command: TextEditingCommand, extendingSelection: Bool = false, typed: Bool = false,
        actionName: String? = nil
    ) {
        guard var change = buffer.change(for: command) else {
            if command.isMotion {
                undoRun = nil
                if !extendingSelection, buffer.clearSelection() { setNeedsDisplay() }
            }
            return
        }
        guard case .replace(let range, let replacement, let kill) = change else {
            undoRun = nil
            apply(change, extendingSelection: extendingSelection)
            scrollToInsertionPoint()
            setNeedsDisplay()
            return
        }
        let fitted = replacement.isEmpty ? replacement : fitted(replacement, replacing: range)
        if fitted.isEmpty && range.isEmpty { return }
        change = .replace(range, with: fitted, kill: kill)
        guard shouldChange(buffer.index(range.lowerBound)..<buffer.index(range.upperBound), to: fitted) else {
            return
        }
        let edit = UndoableEdit(
            range: range, removed: String(buffer.text[buffer.index(range.lowerBound)..<buffer.index(range.upperBound)]),
            inserted: fitted, selection: currentSelection)
        let previous = typed ? buffer.text[..<buffer.index(range.lowerBound)].last : nil
        apply(change, extendingSelection: extendingSelection)
        recordUndo(
            edit, kind: runKind(of: command, typed: typed, selected: edit.selection.anchor != nil),
            previous: previous, name: actionName ?? Self.actionName(of: command, typed: typed))
        scrollToInsertionPoint()
        setNeedsDisplay()
        textDidChange()
    }

    /// Inserts what `event` types, made inert; false for a key that types nothing.
    func insertTyped(_ event: KeyEvent) -> Bool {
        guard case .insert(let typed) = TextEditingCommand.typed(event) else { return false }
        perform(.insert(inert(typed)), typed: true)
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
    /// editing commands while editable, undo and redo while editable and the undo manager has a
    /// step; the rest as the scroll view decides.
    open override func canPerform(_ command: KeyCommand) -> Bool {
        switch command {
        case .copy: return allowsCopying && buffer.selectedRange != nil
        case .cut: return allowsCopying && allowsEditing && buffer.selectedRange != nil
        case .paste: return allowsEditing
        case .undo: return allowsEditing && undoManager?.canUndo == true
        case .redo: return allowsEditing && undoManager?.canRedo == true
        default: return TextEditingCommand(command) != nil ? allowsEditing : super.canPerform(command)
        }
    }

    /// Edits (a move with Shift selects), copies, cuts or pastes through the window's
    /// pasteboard, or undoes or redoes the undo manager's last step.
    open override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        if let editing = TextEditingCommand(command) {
            perform(editing, extendingSelection: key.modifiers.contains(.shift) && editing.isMotion)
            return true
        }
        switch command {
        case .copy, .cut:
            guard let selected = buffer.selectedText, let window else { return false }
            window.pasteboard.string = selected
            if command == .cut { perform(.deleteBackward, actionName: "Cut") }
            return true
        case .paste:
            guard let window else { return false }
            if let string = window.pasteboard.string { _ = paste(string) }
            return true
        case .undo: undoManager?.undo()
        case .redo: undoManager?.redo()
        default: return super.perform(command, key: key)
        }
        return true
    }

    open override func focusDidChange() {
        super.focusDidChange()
        undoRun = nil
        guard buffer.setEditing(isFocused) else { return }
        editingDidChange(began: isFocused)
    }

    // MARK: Undo

    /// The input's own undo manager (made with it, `undoLevels` steps deep), not the window's
    /// as UIKit's text views use: the undo keys act on the focused input, and with one stack for
    /// the window they would revert a change in another input, out of view or out of the window.
    /// An app registers a change of its own to the input's text here, so the same keys undo it
    /// (see `UndoManager`); a subclass may return another manager (the window's, to share one).
    open override var undoManager: UndoManager? { textUndoManager }

    /// How many steps an input's own undo manager keeps (its `levelsOfUndo`, which an app may
    /// change): each step holds the text it removed.
    public static let undoLevels = 100

    /// See `undoManager`.
    private let textUndoManager: UndoManager = {
        let manager = UndoManager()
        manager.levelsOfUndo = TextInputView.undoLevels
        return manager
    }()

    /// The typing or deleting run the next key of its kind may join (see `TextUndoRun`).
    private var undoRun: TextUndoRun?

    /// A user's change about to be applied: the range of the text it replaces, what was there,
    /// what goes there, and the selection before it.
    private struct UndoableEdit {
        let range: Range<Int>
        let removed: String
        let inserted: String
        let selection: TextUndoStep.Selection
    }

    /// The selection now (its anchor only while text is selected) and the insertion point.
    private var currentSelection: TextUndoStep.Selection {
        TextUndoStep.Selection(
            anchor: buffer.selectedRange == nil ? nil : buffer.selectionAnchor, cursor: buffer.cursor)
    }

    /// The run a change by `command` may join: typed text, and Backspace or Delete with nothing
    /// selected; `nil` for a change that is a step of its own.
    private func runKind(of command: TextEditingCommand, typed: Bool, selected: Bool) -> TextUndoRun.Kind? {
        switch command {
        case .insert where typed: return .typing
        case .deleteBackward where !selected: return .deletingBackward
        case .deleteForward where !selected: return .deletingForward
        default: return nil
        }
    }

    /// What the undo manager calls a change by `command` (`UndoManager.undoActionName`).
    private static func actionName(of command: TextEditingCommand, typed: Bool) -> String {
        switch command {
        case .insert: return typed ? "Typing" : "Paste"
        case .yank: return "Yank"
        case .deleteBackward, .deleteForward: return "Delete"
        default: return "Cut"
        }
    }

    /// Records an applied change: it joins the open run when it may, else it is a new step
    /// (which starts a run of its `kind`, if any).
    private func recordUndo(_ edit: UndoableEdit, kind: TextUndoRun.Kind?, previous: Character?, name: String) {
        guard recordsUndo, let manager = undoManager else {
            undoRun = nil
            return
        }
        if let kind, let run = undoRun,
            run.joins(kind, range: edit.range, removed: edit.removed, inserted: edit.inserted, previous: previous)
        {
            run.join(range: edit.range, removed: edit.removed, inserted: edit.inserted, cursor: buffer.cursor)
            return
        }
        let step = TextUndoStep(
            range: edit.range.lowerBound..<(edit.range.lowerBound + edit.inserted.utf8.count),
            replacement: edit.removed, selection: edit.selection,
            inverseSelection: TextUndoStep.Selection(anchor: nil, cursor: buffer.cursor))
        register(step, on: manager)
        manager.setActionName(name)
        undoRun = kind.map { TextUndoRun(kind: $0, step: step) }
    }

    /// Registers `step` for this input on `manager`.
    private func register(_ step: TextUndoStep, on manager: UndoManager) {
        manager.registerUndo(withTarget: self) { input in input.revert(step) }
    }

    /// Undoes (or redoes) `step`: its replacement and selection, registering its inverse (which
    /// the undo manager puts on the other stack), and reports the change to `onChange`. A step
    /// that no longer fits the text (only possible if a subclass changed it behind the
    /// input's back) does nothing.
    private func revert(_ step: TextUndoStep) {
        undoRun = nil
        guard step.range.upperBound <= buffer.text.utf8.count else { return }
        let current = String(buffer.text[buffer.index(step.range.lowerBound)..<buffer.index(step.range.upperBound)])
        apply(.replace(step.range, with: step.replacement, kill: nil))
        let selection = step.selection
        if let anchor = selection.anchor, anchor != selection.cursor {
            apply(.move(to: anchor))
            apply(.move(to: selection.cursor), extendingSelection: true)
        } else {
            apply(.move(to: selection.cursor))
        }
        if let manager = undoManager {
            let inverse = TextUndoStep(
                range: step.range.lowerBound..<(step.range.lowerBound + step.replacement.utf8.count),
                replacement: current, selection: step.inverseSelection, inverseSelection: step.selection)
            register(inverse, on: manager)
        }
        scrollToInsertionPoint()
        setNeedsDisplay()
        textDidChange()
    }

    /// Forgets the undo steps registered for this input (text set in code, secure entry turned on).
    func forgetUndoSteps() {
        undoRun = nil
        undoManager?.removeAllActions(withTarget: self)
    }

    /// Ends the typing or deleting run: the next change is a new step (a subclass's own moves).
    func endUndoRun() { undoRun = nil }

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
        undoRun = nil
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
