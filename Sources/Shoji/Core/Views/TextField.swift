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
///   its end; Ctrl-Y yanks (inserts) the killed text, consecutive kills joining as in readline.
///   Enter calls `onReturn` (handled only when it is set). Every other key (Tab, Escape,
///   Up/Down, function keys, Ctrl-C) goes on up the responder chain, so Tab still moves the
///   focus and `q` quits only when typed outside a field (`acceptsTextInput` is true).
/// - A paste (`InputEvent.paste`) inserts its text as one change, made inert first: line
///   breaks and tabs become spaces; other control characters (C0, DEL, C1) and bidirectional
///   override, embedding and isolate controls are dropped, so pasted text can neither act on
///   the terminal nor read otherwise than it is stored. Typed text cannot hold controls (keys
///   with Ctrl are commands). Text set in code is kept as given and drawn inert (caret
///   notation, see `DisplayWidth`).
/// - `maximumLength` (graphemes) cuts an insertion or paste to what fits; `shouldChangeText`
///   can refuse any change the user makes; `onChange` follows every change the user makes,
///   after `text` changed. Setting `text` in code calls neither (as UIKit's delegate is not
///   told of programmatic changes) and puts the insertion point at the end.
/// - Display: the text on the top row in `style` (default underlined, so an empty field reads
///   as a field without colour), over the whole width; `placeholder` in `placeholderStyle`
///   while the text is empty; with `isSecureTextEntry` each grapheme shows as `secureCharacter`
///   and word motions and kills take the whole text as one word (and keep nothing to yank), so
///   its words cannot be probed. Text wider than the field scrolls horizontally to keep the
///   insertion point in view (and no further than needed: deleting brings text back).
/// - The terminal's cursor shows at the insertion point while the field is the first
///   responder (`cursorPosition`), and nowhere else. Focus comes with Tab or a click; a click
///   also moves the insertion point to the clicked grapheme.
/// - Callbacks are held strongly: capture owners weakly. Main actor only.
@MainActor
open class TextField: View {
    /// The edited text and insertion point.
    var buffer: TextEditingBuffer

    /// The text. Setting it puts the insertion point at the end, scrolls to show it, and calls
    /// neither `shouldChangeText` nor `onChange`. It is kept as given (not cut to
    /// `maximumLength`, control characters drawn inert).
    public var text: String {
        get { buffer.text }
        set {
            guard newValue != buffer.text else { return }
            buffer.setText(newValue)
            scrollToInsertionPoint()
            setNeedsDisplay()
        }
    }

    /// Shown, in `placeholderStyle`, while the text is empty (UIKit's `placeholder`).
    public var placeholder: String { didSet { if placeholder != oldValue { setNeedsDisplay() } } }

    /// When true each grapheme shows as `secureCharacter` (UIKit's `isSecureTextEntry`), word
    /// motions and kills take the whole text as one word, and kills keep nothing.
    public var isSecureTextEntry = false {
        didSet {
            guard isSecureTextEntry != oldValue else { return }
            buffer.treatsLinesAsOneWord = isSecureTextEntry
            buffer.keepsKills = !isSecureTextEntry
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

    /// The first display column of the text shown at the field's left edge (horizontal scroll).
    public private(set) var scrollOffset = 0

    /// An enabled, empty-or-`text` field with the insertion point at the end; give it a frame.
    public init(text: String = "", placeholder: String = "", frame: Rect = .zero) {
        buffer = TextEditingBuffer(text: text)
        self.placeholder = placeholder
        super.init(frame: frame)
    }

    // MARK: Insertion point

    /// The insertion point, as the number of graphemes (`Character`s) before it. Setting it
    /// clamps to `0...text.count` and scrolls to show it.
    public var insertionPoint: Int {
        get { buffer.text[..<buffer.cursorIndex].count }
        set {
            let clamped = min(max(0, newValue), buffer.text.count)
            let index = buffer.text.index(buffer.text.startIndex, offsetBy: clamped)
            buffer.apply(.move(to: buffer.offset(index)))
            scrollToInsertionPoint()
            setNeedsDisplay()
        }
    }

    /// The cell of the insertion point in the field's coordinates while it is shown, on the top
    /// row; `nil` for a field with no room.
    open override var cursorPosition: Point? {
        guard bounds.width > 0, bounds.height > 0 else { return nil }
        return Point(x: min(bounds.width - 1, max(0, column(of: buffer.cursor) - scrollOffset)), y: 0)
    }

    // MARK: Layout

    /// Display width of one grapheme as the field shows it (secure text: 1).
    private func width(of character: Character) -> Int {
        isSecureTextEntry ? 1 : DisplayWidth.of(character)
    }

    /// The display column where the grapheme at UTF-8 offset `offset` starts (the text's width
    /// for the end).
    private func column(of offset: Int) -> Int {
        let text = buffer.text
        let prefix = text[..<buffer.index(offset)]
        return isSecureTextEntry ? prefix.count : DisplayWidth.of(prefix)
    }

    /// The text's width as shown.
    private var displayWidth: Int { column(of: buffer.text.utf8.count) }

    /// Scrolls as little as needed to show the insertion point (and its cell), never past what
    /// fills the field, and only to grapheme starts, so no wide character is cut at the left.
    private func scrollToInsertionPoint() {
        let width = bounds.width
        guard width > 0 else {
            scrollOffset = 0
            return
        }
        let cursorColumn = column(of: buffer.cursor)
        var offset = scrollOffset
        if cursorColumn < offset { offset = cursorColumn }
        if cursorColumn >= offset + width { offset = cursorColumn - width + 1 }
        // No blank space at the right while text is hidden at the left.
        offset = max(0, min(offset, displayWidth + 1 - width))
        scrollOffset = graphemeStart(atOrAfter: offset)
    }

    /// The first column at or after `column` where a grapheme starts (or the text's end).
    private func graphemeStart(atOrAfter column: Int) -> Int {
        guard column > 0 else { return 0 }
        var start = 0
        for character in buffer.text {
            if start >= column { return start }
            start += width(of: character)
        }
        return start
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        scrollToInsertionPoint()  // a new width shows more or less
    }

    // MARK: Focus and input

    open override var canBecomeFocused: Bool { isEnabled }

    open override var acceptsTextInput: Bool { true }

    open override func focusDidChange() {
        super.focusDidChange()
        guard buffer.setEditing(isFocused) else { return }
        if isFocused { onBeginEditing?(self) } else { onEndEditing?(self) }
    }

    open override func keyPressed(_ event: KeyEvent) -> Bool {
        guard isEnabled else { return false }
        let modifiers = event.modifiers.subtracting(.shift)
        switch event.key {
        case .home where modifiers.isEmpty || modifiers == .ctrl: perform(.moveToLineStart)
        case .end where modifiers.isEmpty || modifiers == .ctrl: perform(.moveToLineEnd)
        case .enter where modifiers.isEmpty:
            guard let onReturn else { return false }
            onReturn(self)
        default:
            guard var command = TextEditingCommand.readline(event) else { return false }
            if case .insert(let typed) = command {
                command = .insert(TextEditingBuffer.inert(typed, newline: " ", tab: " "))
            }
            perform(command)
        }
        return true
    }

    open override func paste(_ text: String) -> Bool {
        guard isEnabled else { return false }
        perform(.insert(TextEditingBuffer.inert(text, newline: " ", tab: " ")))
        return true
    }

    open override func mouseEvent(_ event: MouseEvent, at point: Point) -> Bool {
        guard case .press(.left) = event.kind, isEnabled else { return false }
        // The grapheme under the click (its left half for a wide one) gets the point before it.
        let target = scrollOffset + point.x
        var column = 0
        var index = buffer.text.startIndex
        while index < buffer.text.endIndex {
            let next = column + width(of: buffer.text[index])
            if next > target { break }
            column = next
            index = buffer.text.index(after: index)
        }
        if buffer.offset(index) != buffer.cursor {
            buffer.apply(.move(to: buffer.offset(index)))
            scrollToInsertionPoint()
            setNeedsDisplay()
        }
        return true
    }

    /// Applies a command the user asked for: a change is cut to `maximumLength`, offered to
    /// `shouldChangeText`, applied and reported to `onChange`; a move just moves.
    private func perform(_ command: TextEditingCommand) {
        guard var change = buffer.change(for: command) else { return }
        if case .replace(let range, var replacement, let kill) = change {
            if let maximumLength, !replacement.isEmpty {
                let removed = buffer.text[buffer.index(range.lowerBound)..<buffer.index(range.upperBound)].count
                let room = max(0, maximumLength - (buffer.text.count - removed))
                replacement = String(replacement.prefix(room))
                if replacement.isEmpty && range.isEmpty { return }
                change = .replace(range, with: replacement, kill: kill)
            }
            if let shouldChangeText,
                !shouldChangeText(self, buffer.index(range.lowerBound)..<buffer.index(range.upperBound), replacement)
            {
                return
            }
        }
        buffer.apply(change)
        scrollToInsertionPoint()
        setNeedsDisplay()
        if case .replace = change { onChange?(self) }
    }

    // MARK: Drawing

    open override func draw(in canvas: inout Canvas) {
        let width = canvas.size.width
        guard width > 0, canvas.size.height > 0 else { return }
        var row = style, look = buffer.text.isEmpty ? placeholderStyle : style
        if !isEnabled {
            row.attributes.insert(.dim)
            look.attributes.insert(.dim)
        }
        canvas.fill(Rect(x: 0, y: 0, width: width, height: 1), style: row)
        if buffer.text.isEmpty {
            canvas.write(DisplayWidth.truncate(placeholder, toWidth: width), at: .zero, style: look)
            return
        }
        let shown: String
        if isSecureTextEntry {
            let mark = DisplayWidth.of(secureCharacter) == 1 ? secureCharacter : "*"
            shown = String(repeating: mark, count: buffer.text.count)
        } else {
            shown = buffer.text
        }
        // Columns left of the field are skipped but counted; a wide grapheme cut by either edge
        // is not drawn (its visible column stays blank).
        canvas.write(
            shown, at: Point(x: -scrollOffset, y: 0), style: look, within: Rect(x: 0, y: 0, width: width, height: 1))
    }
}
