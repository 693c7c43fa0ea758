/// A focusable, editable line of text, as UIKit's `UITextField`.
///
/// Guarantees:
/// - Editing is by grapheme (Swift `Character`): the insertion point never stops inside one,
///   so a wide character, a letter with combining marks, an emoji ZWJ sequence or a flag is
///   moved over and deleted whole, and the field never shows half a wide character (one cut by
///   an edge of the field shows as blanks). A combining mark typed after its letter joins it.
/// - Keys, while focused (readline's, which terminal users know from their shell):
///   characters insert; Left/Right and Ctrl-B/Ctrl-F move a grapheme; Alt- or Ctrl-Left/Right
///   and Alt-B/Alt-F a word (letters and digits); Home/End and Ctrl-A/Ctrl-E to the start/end;
///   Backspace and Delete (Ctrl-D) delete a grapheme; Ctrl-K kills to the end, Ctrl-U to the
///   start, Ctrl-W back to the previous space, Alt-Backspace back to the word's start, Alt-D to
///   its end; Ctrl-Y yanks (inserts) the killed text, consecutive kills joining as in readline;
///   Ctrl-/ (Ctrl-_) undoes and Alt-/ (Alt-_) redoes, a word of typing at a time (see
///   `TextInputView`; Ctrl-Z stays the terminal's suspend). These are key bindings (`KeyCommand.moveBackward`, `.killToLineEnd`, …), listed with their
///   titles by the key help and rebindable through `keyBindings`; typing and Enter are the
///   field's own. Enter calls `onReturn` (handled only when it is set). Every other key (Tab, Escape,
///   Up/Down, function keys, Ctrl-C) goes on up the responder chain, so Tab still moves the
///   focus and `q` quits only when typed outside a field (`acceptsTextInput` is true).
/// - Selection (a range of the text, by grapheme): Shift with Left/Right, Home/End (and their
///   Ctrl-B/F, Ctrl-A/E keys' arrows), Alt-Shift-Left/Right by word, or a mouse drag (press,
///   drag, release) selects from where it started to the insertion point; it is drawn in the
///   theme's selection look (`Theme.selected(_:)`: reverse video toggled, so it reads without
///   colour). Typing, pasting or yanking replaces it; Backspace and Delete delete it; a move
///   without Shift, a click or setting `text` drops it. Alt-C copies it to the window's
///   pasteboard (`Window.pasteboard`: the terminal's clipboard through OSC 52 where it takes
///   it), Alt-X cuts it, Alt-V pastes the pasteboard's text; these three are key bindings
///   (`KeyCommand.copy`, `.cut`, `.paste`), listed by the key help while they can act. Secure
///   text can be selected (to replace it) but not copied or cut.
/// - A paste (`InputEvent.paste`) inserts its text as one change, made inert first: line
///   breaks and tabs become spaces; other control characters (C0, DEL, C1) and bidirectional
///   override, embedding and isolate controls are dropped, so pasted text can neither act on
///   the terminal nor read otherwise than it is stored. Typed text cannot hold controls (keys
///   with Ctrl are commands). Text set in code is kept as given and drawn inert (caret
///   notation, see `DisplayWidth`).
/// - Undo steps are the field's own (`undoManager`): setting `text` forgets them; secure text
///   entry keeps none.
/// - `maximumLength` (graphemes) cuts an insertion or paste to what fits; `shouldChangeText`
///   can refuse any change the user makes; `onChange` follows every change the user makes,
///   after `text` changed. Setting `text` in code calls neither (as UIKit's delegate is not
///   told of programmatic changes) and puts the insertion point at the end.
/// - Display: the text on the top row in `style` (default underlined, so an empty field reads
///   as a field without colour), over the whole width; `placeholder` in `placeholderStyle`
///   while the text is empty; both in the theme's focus look while focused (reverse video in
///   the standard theme, as every focused item) and with the theme's `disabled` attributes
///   while disabled; with `isSecureTextEntry` each grapheme shows as `secureCharacter`
///   and word motions and kills take the whole text as one word (and keep nothing to yank), so
///   its words cannot be probed. Text wider than the field scrolls horizontally to keep the
///   insertion point in view (and no further than needed: deleting brings text back).
/// - It scrolls as a `ScrollView` (it is one), sideways only: the text is the content, drawn on
///   its one row by a view as wide as the text plus the insertion point's cell at its end;
///   `contentOffset.x` is the first display column shown. Keeping the insertion point in view sets the offset,
///   always to a grapheme's start, so a wide grapheme is never cut at the left edge; where that
///   leaves blank columns past the end, `contentSize` reaches as far as the field shows.
///   `contentOffset` set in code scrolls (clamped; a wide grapheme it cuts shows as blanks, and
///   the cursor hides while the insertion point is out of view) until the next edit, move,
///   click or new width shows the insertion point again. The field sets `contentSize` itself.
///   Both scroll bars are off by default (a horizontal bar takes a row: a one-row field then
///   shows no text). No key scrolls the field but by moving the insertion point: the scroll
///   view's keys are not bound here (Left/Right and Home/End move the point, Space types). The
///   wheel does nothing in a field: it goes on to the views around it (a form's scroll view).
/// - The terminal's cursor shows at the insertion point while the field is the first
///   responder (`cursorPosition`), and nowhere else. Focus comes with Tab or a click; a click
///   also moves the insertion point to the clicked grapheme.
/// - A key costs what it changes and what the field shows, not the length of the text: the
///   insertion point's column and the text's width (the content's) are kept up to date from the
///   edit, scrolling and drawing look at the shown columns only, and `characterCount` is kept up
///   to date. Setting `text` in code or switching `isSecureTextEntry` measures the text once.
/// - Callbacks are held strongly: capture owners weakly. Main actor only.
@MainActor
open class TextField: TextInputView {
    /// A text field named by its placeholder, its value the text (a secure field's: how many
    /// characters, never the text).
    open override var defaultAccessibility: AccessibilityDescription {
        let count = text.count
        let value = isSecureTextEntry ? (count == 1 ? "1 character" : "\(count) characters") : text
        return AccessibilityDescription(label: placeholder, value: value, traits: .textEntry, isElement: true)
    }

    /// The display column where the insertion point is, as the field shows the text (each
    /// grapheme 1 column in secure entry), kept up to date by each change.
    private var cursorColumn: Int

    /// The grapheme that covers content column `column` (the left edge's, when last asked), as
    /// its first column and UTF-8 offset: drawing and clicks walk from it instead of from the
    /// insertion point. `nil` once the text changed.
    private var leftEdge: (column: Int, start: Int, offset: Int)?

    /// The width the offset was last set for: a new width scrolls again at layout, and until
    /// then an offset set in code holds.
    private var scrolledWidth: Int?

    /// Draws the text (the content), from the grapheme at the left edge; the scroll view moves it.
    private lazy var documentView = OwnerDrawnView { [unowned self] canvas in self.drawText(in: &canvas) }

    /// Text set in code is measured once and the field scrolls to show the insertion point
    /// at its end; it is kept as given (not cut to `maximumLength`, control characters drawn
    /// inert).
    override func textWasReplaced() {
        leftEdge = nil
        cursorColumn = textColumns
        scrollToInsertionPoint()
    }

    /// How many graphemes (`Character`s) the text holds: `text.count`, kept up to date by each
    /// change, so reading it costs nothing.
    public var characterCount: Int { buffer.characterCount }

    /// Shown, in `placeholderStyle`, while the text is empty (UIKit's `placeholder`).
    public var placeholder: String { didSet { if placeholder != oldValue { setNeedsDisplay() } } }

    /// When true each grapheme shows as `secureCharacter` (UIKit's `isSecureTextEntry`), word
    /// motions and kills take the whole text as one word, and kills and undo keep nothing
    /// (turning it on forgets the field's undo steps).
    public var isSecureTextEntry = false {
        didSet {
            guard isSecureTextEntry != oldValue else { return }
            buffer.treatsLinesAsOneWord = isSecureTextEntry
            buffer.keepsKills = !isSecureTextEntry
            if isSecureTextEntry { forgetUndoSteps() }
            leftEdge = nil
            cursorColumn = columns(buffer.text[..<buffer.cursorIndex])
            scrollToInsertionPoint()
            setNeedsDisplay()
        }
    }

    /// What a grapheme of secure text shows as: one column, default "•". A character that is
    /// not one column wide is replaced by "*".
    public var secureCharacter: Character = "•" {
        didSet { if secureCharacter != oldValue { setNeedsDisplay() } }
    }

    /// The most graphemes the user can make the text hold (`nil`, the default: no limit). An
    /// insertion or paste that would pass it is cut to fit; a full field takes no more.
    public var maximumLength: Int?

    /// When false the field is drawn dimmed and cannot take focus or edits (UIKit's
    /// `isEnabled`); a focused field that becomes disabled loses focus at the window's next
    /// frame or key.
    public var isEnabled = true { didSet { if isEnabled != oldValue { setNeedsDisplay() } } }

    /// The style of the text and of the field's whole row (default underlined).
    public var style = Style(attributes: .underline) { didSet { if style != oldValue { setNeedsDisplay() } } }

    /// The style of the placeholder (default dim and underlined).
    public var placeholderStyle = Style(attributes: [.underline, .dim]) {
        didSet { if placeholderStyle != oldValue { setNeedsDisplay() } }
    }

    /// Asked before each change the user makes, with the range of `text` it replaces and the
    /// replacement (already inert and cut to `maximumLength`); return false to refuse it, as
    /// UIKit's `textField(_:shouldChangeCharactersIn:replacementString:)`. Not asked for
    /// changes made in code.
    public var shouldChangeText: (@MainActor (TextField, Range<String.Index>, String) -> Bool)?

    /// Called after each change the user makes to `text` (UIKit's `.editingChanged`).
    public var onChange: (@MainActor (TextField) -> Void)?

    /// Called when the user presses Enter (UIKit's `textFieldShouldReturn`); while `nil`,
    /// Enter goes on up the responder chain.
    public var onReturn: (@MainActor (TextField) -> Void)?

    /// Called when the field becomes the first responder (UIKit's `textFieldDidBeginEditing`).
    public var onBeginEditing: (@MainActor (TextField) -> Void)?

    /// Called when the field stops being the first responder (UIKit's `textFieldDidEndEditing`).
    public var onEndEditing: (@MainActor (TextField) -> Void)?

    /// An enabled, empty-or-`text` field with the insertion point at the end, scrolled to show
    /// it at the first layout; give it a frame.
    public init(text: String = "", placeholder: String = "", frame: Rect = .zero) {
        let buffer = TextEditingBuffer(text: text, countsColumns: true)
        cursorColumn = buffer.columnCount
        self.placeholder = placeholder
        super.init(buffer: buffer, newline: " ", tab: " ", frame: frame)
        contentView.addSubview(documentView)
        sizeContent(showing: 0)
    }

    /// One row, and no width of its own (`View.noIntrinsicMetric`): a field is as wide as its
    /// layout makes it (a stack view stretches it) and scrolls text that does not fit, so
    /// typing never resizes it or moves the views beside it. `sizeThatFits(_:)` answers the
    /// width given and one row.
    open override var intrinsicContentSize: Size {
        var size = Size(width: 0, height: 1)
        size.width = View.noIntrinsicMetric
        return size
    }

    // MARK: Insertion point

    /// The cell of the insertion point in the field's coordinates, on the top row; `nil` for a
    /// field with no room, and while an offset set in code leaves the point out of view.
    open override var cursorPosition: Point? {
        let x = cursorColumn - contentOffset.x
        guard x >= 0, x < bounds.width, visibleSize.height > 0 else { return nil }
        return Point(x: x, y: 0)
    }

    // MARK: Layout

    /// Display width of one grapheme as the field shows it (secure text: 1).
    private func width(of character: Character) -> Int {
        isSecureTextEntry ? 1 : DisplayWidth.of(character)
    }

    /// The columns `text` (from a grapheme boundary to another) takes as shown. Widths add up
    /// between boundaries, so a column is found from any boundary whose column is known.
    private func columns(_ text: Substring) -> Int {
        isSecureTextEntry ? text.count : DisplayWidth.of(text)
    }

    /// The columns the whole text takes as shown: kept up to date by the buffer from each edit
    /// (the graphemes around it), so the content's width costs a key nothing however long the
    /// text is; measuring the text for it would cost every key the text's length.
    private var textColumns: Int { isSecureTextEntry ? buffer.characterCount : buffer.columnCount }

    /// Applies `change` to the buffer and finds the insertion point's column again from what the
    /// change touched: the columns before the grapheme before the edit stay as they were.
    override func apply(_ change: TextEditingBuffer.Change, extendingSelection: Bool = false) {
        let text = buffer.text, old = buffer.cursor
        let anchor: Int
        switch change {
        case .move(let target): anchor = min(max(0, target), text.utf8.count)
        case .replace(let range, _, _): anchor = buffer.offset(before: range.lowerBound)
        }
        // The anchor's column, from the point's (the point is an end of a replaced range).
        let anchorColumn =
            anchor == 0
            ? 0
            : anchor <= old
                ? cursorColumn - columns(text[buffer.index(anchor)..<buffer.index(old)])
                : cursorColumn + columns(text[buffer.index(old)..<buffer.index(anchor)])
        buffer.apply(change, extendingSelection: extendingSelection)
        if case .replace = change { leftEdge = nil }
        cursorColumn = anchorColumn + columns(buffer.text[buffer.index(anchor)..<buffer.cursorIndex])
    }

    /// Scrolls as little as needed to show the insertion point (and its cell), never past what
    /// fills the field, and only to grapheme starts, so no wide character is cut at the left.
    /// Looks at the field's width of text around the point, not at the whole text.
    override func scrollToInsertionPoint() {
        let width = bounds.width
        scrolledWidth = width
        guard width > 0 else {
            scroll(toColumn: 0)
            return
        }
        var offset = contentOffset.x
        if cursorColumn < offset { offset = cursorColumn }
        if cursorColumn >= offset + width { offset = cursorColumn - width + 1 }
        // No blank space at the right while text is hidden at the left.
        offset = max(0, min(offset, textColumns + 1 - width))
        let start = graphemeStart(atOrAfter: offset)
        leftEdge = (start.column, start.column, start.offset)
        scroll(toColumn: start.column)
    }

    /// Sizes the content for `column` at the left edge and scrolls there: the content grows
    /// before the offset moves and shrinks after, so the offset is never clamped on the way and
    /// the delegate hears of one scroll.
    private func scroll(toColumn column: Int) {
        let grows = contentWidth(showing: column) >= contentSize.width
        if grows { sizeContent(showing: column) }
        setContentOffset(Point(x: column, y: contentOffset.y), animated: false)
        if !grows { sizeContent(showing: column) }
    }

    /// The content's width with `column` at the left edge: the text and the insertion point's
    /// cell at its end, or as far as the field shows when keeping a wide grapheme whole at the
    /// left edge leaves blank columns past that.
    private func contentWidth(showing column: Int) -> Int {
        max(textColumns + 1, column > 0 ? column + bounds.width : 0)
    }

    /// Sets `contentSize` (and the text's view) for `column` at the left edge. One row, or none
    /// when a horizontal scroll bar (with its insets) takes the field's only row: the content
    /// never scrolls up or down.
    private func sizeContent(showing column: Int) {
        let width = contentWidth(showing: column)
        let insets = horizontalScrollIndicatorInsets
        let barRows =
            showsHorizontalScrollIndicator && width > bounds.width ? 1 + max(0, insets.top) + max(0, insets.bottom) : 0
        let height = min(1, max(0, bounds.height - barRows))
        let textFrame = Rect(x: 0, y: 0, width: textColumns + 1, height: height)
        if documentView.frame != textFrame { documentView.frame = textFrame }
        contentSize = Size(width: width, height: height)
    }

    /// The first column at or after `column` (at most the insertion point's) where a grapheme
    /// starts, with the grapheme's UTF-8 offset: found walking back from the insertion point.
    private func graphemeStart(atOrAfter column: Int) -> (column: Int, offset: Int) {
        let text = buffer.text
        var index = buffer.cursorIndex
        var start = cursorColumn
        while index > text.startIndex {
            let previous = text.index(before: index)
            let previousStart = start - width(of: text[previous])
            if previousStart < column { break }
            start = previousStart
            index = previous
        }
        return (start, buffer.offset(index))
    }

    /// The first column and UTF-8 offset of the grapheme covering content column `column` (the
    /// one starting there, or the end of the text): the one last found, or found walking from
    /// the insertion point, whose column is known (as far as the edge is from the point).
    private func grapheme(covering column: Int) -> (start: Int, offset: Int) {
        if let edge = leftEdge, edge.column == column { return (edge.start, edge.offset) }
        let text = buffer.text
        var index = buffer.cursorIndex
        var start = cursorColumn
        if column < start {
            while index > text.startIndex, start > column {
                index = text.index(before: index)
                start -= width(of: text[index])
            }
        } else {
            while index < text.endIndex {
                let next = start + width(of: text[index])
                if next > column { break }
                start = next
                index = text.index(after: index)
            }
        }
        let offset = buffer.offset(index)
        leftEdge = (column, start, offset)
        return (start, offset)
    }

    /// The content follows the text's width and the field's size.
    open override func layoutContent() { sizeContent(showing: contentOffset.x) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        // A new width shows more or less; an offset set in code holds until then.
        if bounds.width != scrolledWidth { scrollToInsertionPoint() }
    }

    // MARK: Focus and input

    open override var canBecomeFocused: Bool { isEnabled }

    override var allowsEditing: Bool { isEnabled }

    override var allowsCopying: Bool { isEnabled && !isSecureTextEntry }

    /// Secure text keeps no undo steps: they would hold the text.
    override var recordsUndo: Bool { !isSecureTextEntry }

    /// Cut to `maximumLength`.
    override func fitted(_ replacement: String, replacing range: Range<Int>) -> String {
        guard let maximumLength else { return replacement }
        let removed = buffer.text[buffer.index(range.lowerBound)..<buffer.index(range.upperBound)].count
        return String(replacement.prefix(max(0, maximumLength - (buffer.characterCount - removed))))
    }

    override func shouldChange(_ range: Range<String.Index>, to replacement: String) -> Bool {
        shouldChangeText?(self, range, replacement) ?? true
    }

    override func textDidChange() { onChange?(self) }

    override func editingDidChange(began: Bool) { if began { onBeginEditing?(self) } else { onEndEditing?(self) } }

    open override var acceptsTextInput: Bool { true }

    /// The editing keys (readline's, see the type's notes) and the clipboard's (Alt-C copy,
    /// Alt-X cut, Alt-V paste), in place of the scroll view's: the arrows, Home/End and Space
    /// move the insertion point or type here, and the field scrolls only to follow the point.
    open override var defaultKeyBindings: KeyBindings {
        KeyBindings(title: "Text field", TextEditingBindings.all)
    }

    /// Not the scroll view's scrolling commands (a binding of them added here goes on as
    /// unbound): what shows follows the insertion point.
    open override func canPerform(_ command: KeyCommand) -> Bool {
        switch command {
        case .moveUp, .moveDown, .moveLeft, .moveRight, .pageUp, .pageDown, .moveToStart, .moveToEnd: return false
        default: return super.canPerform(command)
        }
    }

    open override func keyPressed(_ event: KeyEvent) -> Bool {
        guard isEnabled else { return false }
        let modifiers = event.modifiers.subtracting(.shift)
        let shift = event.modifiers.contains(.shift)
        switch event.key {
        // One line: Ctrl-Home and Ctrl-End are its start and end too.
        case .home where modifiers == .ctrl: perform(.moveToLineStart, extendingSelection: shift)
        case .end where modifiers == .ctrl: perform(.moveToLineEnd, extendingSelection: shift)
        // Enter alone: Shift+Enter goes to the responders above, as in a text view.
        case .enter where event.modifiers.isEmpty:
            guard let onReturn else { return false }
            onReturn(self)
        default: return insertTyped(event)
        }
        return true
    }

    /// A left press moves the insertion point to the clicked grapheme and drops the selection;
    /// dragging with the button held selects from there to the grapheme under the pointer (the
    /// window sends the drag and the release to the field that took the press, wherever the
    /// pointer is: past an edge the field scrolls). Anything else (the wheel) goes on to the
    /// views around the field.
    open override func mouseEvent(_ event: MouseEvent, at point: Point) -> Bool {
        guard isEnabled else { return false }
        // The grapheme under the pointer (its left half for a wide one) gets the point before it.
        return trackPointer(event) { grapheme(covering: max(0, contentOffset.x + point.x)).offset }
    }

    // MARK: Drawing

    /// The style of what the field shows: `style`, or `placeholderStyle` over an empty text,
    /// in the focus look while focused, dimmed while disabled.
    private func look(placeholder: Bool) -> Style {
        var look = placeholder ? placeholderStyle : style
        if !isEnabled { look.attributes.formUnion(theme.disabled) } else if isFocused { look = focusLook(look) }
        return look
    }

    /// The field's row in `style` over its whole width (so an empty field reads as a field), and
    /// the placeholder over an empty text; the text is drawn by its content view, on top.
    open override func draw(in canvas: inout Canvas) {
        let width = canvas.size.width
        guard width > 0, canvas.size.height > 0 else { return }
        canvas.fill(Rect(x: 0, y: 0, width: width, height: 1), style: look(placeholder: false))
        if buffer.text.isEmpty {
            canvas.write(DisplayWidth.truncate(placeholder, toWidth: width), at: .zero, style: look(placeholder: true))
        }
    }

    /// Draws the text in `canvas` (the content's): only the graphemes from the one at the left
    /// edge to the first one past the clip's right edge, the selected ones in the theme's
    /// selection look. A wide grapheme cut by an edge shows as blanks.
    private func drawText(in canvas: inout Canvas) {
        let text = buffer.text
        let right = canvas.clip.maxX - canvas.origin.x
        guard !text.isEmpty, canvas.size.height > 0, !canvas.clip.isEmpty else { return }
        let (first, offset) = grapheme(covering: contentOffset.x)
        let start = buffer.index(offset)
        let selected = buffer.selectedRange
        var end = start
        var graphemes = 0, column = first
        // The columns where the selection starts and ends among the shown graphemes.
        var selectionStart = first, selectionEnd = first
        func noteSelection(at here: Int) {
            guard let selected else { return }
            if here <= selected.lowerBound { selectionStart = column }
            if here <= selected.upperBound { selectionEnd = column }
        }
        while end < text.endIndex, column < right {
            noteSelection(at: buffer.offset(end))
            column += self.width(of: text[end])
            graphemes += 1
            end = text.index(after: end)
        }
        noteSelection(at: buffer.offset(end))
        let shown: String
        if isSecureTextEntry {
            let mark = DisplayWidth.of(secureCharacter) == 1 ? secureCharacter : "*"
            shown = String(repeating: mark, count: graphemes)
        } else {
            shown = String(text[start..<end])
        }
        canvas.write(shown, at: Point(x: first, y: 0), style: look(placeholder: false))
        if selectionEnd > selectionStart {
            let theme = theme
            canvas.restyle(Rect(x: selectionStart, y: 0, width: selectionEnd - selectionStart, height: 1)) {
                theme.selected($0)
            }
        }
    }
}
