/// A focusable view of many lines of text, wrapped to its width and scrolled, read-only or
/// editable, as UIKit's `UITextView`.
///
/// Guarantees:
/// - The text is wrapped by display width (`TextWrapper`: at spaces, long words cut between
///   graphemes, never half a wide character) to the width less `horizontalMargin` on each
///   side, and rows `scrollOffset…` are drawn.
/// - A text costs what shows (`TextLayout`): a `text` set in code or a new width costs a scan
///   for its line breaks, and a paragraph is wrapped when it first comes into view or holds the
///   insertion point; the others' rows are estimated from their length, so `rowCount`, the
///   scroll range and the scroll bar settle as the text is shown, while what shows is exact:
///   End (and following the end) shows the true last row, a scroll up brings in one row at a
///   time however wrong the estimate above was, and a new width keeps the text that showed
///   first at the top. An edit in a paragraph that showed rewraps from the row it can move until
///   the rows meet the old ones again (one that adds or removes line breaks, the paragraphs it
///   touched), so a key costs about the same in a long text or paragraph as in a short one;
///   `append(_:)` costs what is appended. Finding the
///   insertion point's row and column, drawing and `lineCount` do not grow with the text either
///   (`insertionPoint` and `wrappedLines` do: they count or wrap it all).
/// - It scrolls as a `ScrollView` (it is one): the wrapped rows are its content, one row per
///   content row, `scrollOffset` is `contentOffset.y`. A vertical scroll bar is off by default
///   (`showsVerticalScrollIndicator`); turned on, the text wraps one column narrower, so the
///   bar never covers it.
/// - `scrollOffset` stays in `0...maximumScrollOffset` through every key, wheel notch, resize
///   and text change; the last screenful ends at the last row (no blank screen past the end).
/// - Read-only (`isEditable` false): keys scroll (the scroll view's bindings, while focused):
///   Up/Down one row, PageUp/PageDown one screen, Home/End the top and the bottom; they are
///   consumed even at an end, so they do not reach the views around it. Typed characters go
///   on up the chain (`acceptsTextInput` is false), so `q` still quits. Tab and Shift-Tab
///   step through the `links` in reading order, each scrolled into view, before the focus
///   moves on past the last (or back past the first).
/// - Editable (the default, as UIKit's): the keys of `TextField` (readline's, by grapheme,
///   lines being the text's logical lines: Ctrl-K at a line's end joins the next line; key
///   bindings the key help lists, acting while editable), plus
///   Enter (a line break), Up/Down by display row (keeping the column the moves started from,
///   at the first or last row to the start or end of the text), PageUp/PageDown by a screen,
///   Home/End to the line's start/end and Ctrl-Home/Ctrl-End to the text's, and the undo keys
///   (Ctrl-/ undoes, Alt-/ redoes, a word of typing at a time, see `TextInputView`). The view scrolls
///   to keep the insertion point in view; the terminal's cursor shows there while the view is
///   the first responder. A click moves the insertion point to the clicked cell. A paste
///   inserts as one change, made inert (line breaks kept as `"\n"`, tabs kept as tabs, other
///   controls and bidirectional controls dropped). Tab moves the focus, as in every view;
///   with `tabKeyInsertsTab` it types a tab, which is then text as a pasted one is.
/// - A tab shows as the spaces to the next tab stop (every `tabWidth` columns from the row's
///   start, 8 by default) and is one character of `text`; the insertion point, a click and the
///   selection count it by the columns it covers. `shouldChangeText` can refuse a
///   change the user makes and `onChange` follows each; setting `text` in code calls neither.
/// - Selection, in both modes (a range of the text, by grapheme): Shift with the motion keys
///   (Left/Right, Up/Down, Home/End, Ctrl-Home/End, PageUp/PageDown), Alt-Shift-Left/Right by
///   word, or a mouse drag selects from where it started to the insertion point (hidden while
///   read-only, where a click or a drag puts it and Shift-keys move it). It is drawn in the
///   theme's selection look (`Theme.selected(_:)`, reverse video toggled: readable without
///   colour), a selected line break as one cell past its line. Editable, typing, pasting or
///   yanking replaces it, Backspace and Delete delete it, a move without Shift drops it. Alt-C
///   copies it to the window's pasteboard (`Window.pasteboard`, the terminal's clipboard
///   through OSC 52 where it takes it), in both modes; Alt-X cuts and Alt-V pastes while
///   editable. These three are key bindings (`KeyCommand.copy`, `.cut`, `.paste`), listed by
///   the key help while they can act.
/// - The wheel scrolls `wheelScrollLines` rows in both modes without moving the insertion point
///   (whose cursor hides while scrolled out of view).
/// - Callbacks are held strongly: capture owners weakly. Main actor only.
///
/// Differs from UIKit: no attributed text, no placeholder. An edit in the middle
/// of a long text still moves the bytes after it (Swift's `String` is one buffer), and so the
/// offsets of the paragraphs after it: a memory move, not a rewrap.
@MainActor
open class TextView: TextInputView {
    /// A text field when editable, else text to read; the app names it (`accessibilityLabel`).
    /// Its value is how many lines it has ("3 lines"), never the whole text; read-only with the
    /// insertion point on a link, then the link's text and place ("3 lines, link manual, 1 of 2").
    open override var defaultAccessibility: AccessibilityDescription {
        let lines = lineCount == 1 ? "1 line" : "\(lineCount) lines"
        guard !isEditable, let link = linkIndex(at: buffer.cursor) else {
            return AccessibilityDescription(
                value: lines, traits: isEditable ? .textEntry : .staticText, isElement: true)
        }
        let ordered = linksInReadingOrder
        let place = (ordered.firstIndex(of: link) ?? 0) + 1
        let span = linkSpans[link].range
        let shown = String(buffer.text[buffer.index(span.lowerBound)..<buffer.index(span.upperBound)])
        return AccessibilityDescription(
            value: "\(lines), link \(shown), \(place) of \(ordered.count)", traits: [.staticText, .link],
            isElement: true)
    }

    /// The wrapped rows of the text at the width they were last asked for; edits update it,
    /// a new width or text set in code makes a new one when it is next needed.
    private var layout: TextLayout?

    /// The display column Up and Down keep while they repeat (`nil` after any other key).
    private var goalColumn: Int?

    /// Text set in code is wrapped again when next shown (line breaks, `Character.isNewline`,
    /// start new lines); `scrollOffset` stays where it was (clamped).
    override func textWasReplaced() {
        linkSpans = []
        layout = nil
        goalColumn = nil
        clampScrollOffset()
    }

    /// Appends `string` to the text as setting `text` to the longer text would (the insertion
    /// point moves to the end, `scrollOffset` stays, neither `shouldChangeText` nor `onChange` is
    /// called), but rewraps only from the last row on: it costs what is appended, not the text's
    /// length (a log growing a line at a time). Unlike setting `text`, it keeps the undo steps:
    /// what they change lies before what it appends.
    public func append(_ string: String) {
        guard !string.isEmpty else { return }
        let end = buffer.text.utf8.count
        let anchor = buffer.offset(before: end)
        buffer.apply(.replace(end..<end, with: string, kill: nil))
        adjustLinks(replacing: end..<end, withCount: string.utf8.count)
        layout?.replace(end..<end, anchor: anchor, withCount: string.utf8.count, in: buffer.text)
        goalColumn = nil
        clampScrollOffset()
        setNeedsDisplay()
    }

    /// The columns between tab stops (default 8, a terminal's own; at least 1): a tab shows as
    /// the spaces to the next one. Differs from UIKit, whose tab stops are in points.
    public var tabWidth = TextWrapper.defaultTabWidth {
        didSet {
            guard tabWidth != oldValue else { return }
            clampScrollOffset()
            setNeedsDisplay()
        }
    }

    /// Whether Tab, typed while editable, inserts a tab (default false: Tab moves the focus to
    /// the next view, so the keyboard can leave the view; Shift-Tab always moves it back).
    public var tabKeyInsertsTab = false

    /// Whether the user can edit the text (UIKit's `isEditable`, default true). A read-only
    /// view scrolls with the keys and shows no cursor.
    public var isEditable = true { didSet { if isEditable != oldValue { setNeedsDisplay() } } }

    /// The style of the text.
    public var style = Style.plain { didSet { if style != oldValue { setNeedsDisplay() } } }

    /// Blank columns left and right of the text (as UIKit's `textContainerInset`, sideways only).
    public var horizontalMargin = 0 {
        didSet {
            guard horizontalMargin != oldValue else { return }
            clampScrollOffset()
            setNeedsDisplay()
        }
    }

    /// The first row shown (`contentOffset.y`).
    public var scrollOffset: Int { contentOffset.y }

    /// Draws the rows that show; the scroll view moves it.
    private lazy var documentView = OwnerDrawnView { [unowned self] canvas in self.drawRows(in: &canvas) }

    /// Asked before each change the user makes, with the range of `text` it replaces and the
    /// replacement (already inert); return false to refuse it, as UIKit's
    /// `textView(_:shouldChangeTextIn:replacementText:)`.
    public var shouldChangeText: (@MainActor (TextView, Range<String.Index>, String) -> Bool)?

    /// Called after each change the user makes to `text` (UIKit's `textViewDidChange`).
    public var onChange: (@MainActor (TextView) -> Void)?

    /// Called when the view becomes the first responder (UIKit's `textViewDidBeginEditing`).
    public var onBeginEditing: (@MainActor (TextView) -> Void)?

    /// Called when the view stops being the first responder (UIKit's `textViewDidEndEditing`).
    public var onEndEditing: (@MainActor (TextView) -> Void)?

    /// An editable view of `text` with the insertion point at its end; give it a frame.
    public init(text: String = "", frame: Rect = .zero) {
        super.init(buffer: TextEditingBuffer(text: text, keepsCounts: false), newline: "\n", tab: "\t", frame: frame)
        contentView.addSubview(documentView)
        updateContentSize()
    }

    // MARK: Wrapping and scrolling

    /// The width the text is wrapped to: the view's less the margins (and the scroll bar's
    /// column when it is on).
    public var textWidth: Int {
        bounds.width - 2 * max(0, horizontalMargin) - (showsVerticalScrollIndicator ? 1 : 0)
    }

    /// The layout at the current width and tab width: made when first needed after the text was
    /// set in code (a scan for its line breaks), estimated again for a new width, followed by
    /// edits. It wraps a paragraph when one of its rows is asked for.
    var textLayout: TextLayout {
        let width = textWidth
        if let layout {
            layout.setWidth(width, tabWidth: tabWidth)
            return layout
        }
        let fresh = TextLayout(text: buffer.text, width: width, tabWidth: tabWidth)
        layout = fresh
        return fresh
    }

    /// Row `index` as UTF-8 offsets (its paragraph wrapped if it was not).
    private func rowRange(_ index: Int) -> Range<Int> { textLayout.row(index, in: buffer.text) }

    /// Every wrapped row, as UTF-8 ranges of the text (the whole text wrapped: for tests).
    var rows: [Range<Int>] { textLayout.allRows(in: buffer.text) }

    /// The text wrapped to `textWidth`, one string per display row (empty when there is no
    /// room), as `TextWrapper.lines` gives it (tabs as spaces): the whole text wrapped.
    public var wrappedLines: [String] {
        let text = buffer.text, width = textWidth, tabWidth = tabWidth
        return rows.map {
            TextWrapper.line(
                buffer.index($0.lowerBound)..<buffer.index($0.upperBound), of: text, width: width, tabWidth: tabWidth)
        }
    }

    /// How many display rows the wrapped text has: exact for the paragraphs wrapped so far (those
    /// that showed, or held the insertion point), estimated from their length for the others, so
    /// it may change as the text scrolls into view (see `TextLayout`).
    public var rowCount: Int { textLayout.rowCount }

    /// How many logical lines the text has: its line breaks (`Character.isNewline`) plus one (1
    /// for an empty text): the layout's paragraphs, kept up to date by each change, so reading it
    /// costs nothing once the text was laid out.
    public var lineCount: Int { textLayout.paragraphCount }

    /// The largest `scrollOffset`: the one that shows the last row on the view's last row.
    public var maximumScrollOffset: Int { max(0, rowCount - bounds.height) }

    /// The rows on screen now.
    public var visibleLines: Range<Int> {
        let count = rowCount
        return min(scrollOffset, count)..<min(count, scrollOffset + max(0, bounds.height))
    }

    /// Scrolls so that row `offset` is the first shown, clamped to the text.
    public func scroll(to offset: Int) {
        updateContentSize()
        setContentOffset(Point(x: 0, y: offset), animated: false)
    }

    /// The content is the wrapped rows, as wide as the view's text area and its margins. The
    /// rows that show are wrapped first (`prepareRows`), so the content's height counts them
    /// exactly. After a new width the first row shown is the one holding the text that was
    /// first before.
    private func updateContentSize() {
        let top = layout.flatMap { old in
            old.width != textWidth && old.rowCount > 0 ? old.row(scrollOffset, in: buffer.text).lowerBound : nil
        }
        var offset = scrollOffset
        if let top, let row = textLayout.row(containing: top, in: buffer.text) { offset = row }
        for _ in 0..<4 {
            offset = prepareRows(top: offset)
            let size = Size(width: max(0, textWidth + 2 * max(0, horizontalMargin)), height: rowCount)
            documentView.frame = Rect(origin: .zero, size: size)
            contentSize = size
            if offset != scrollOffset { setContentOffset(Point(x: 0, y: offset), animated: false) }
            // Counts corrected meanwhile change the range: again, until the rows that show are exact.
            guard rowCount != size.height || offset != scrollOffset else { break }
            offset = scrollOffset
        }
    }

    /// Wraps the paragraphs of the rows that show from `top` (or of the last screenful, when the
    /// view shows or follows the end: its offset then moves to the true end) and returns where
    /// the first row shown is then.
    private func prepareRows(top: Int) -> Int {
        let layout = textLayout, height = max(1, bounds.height)
        if isFollowingEnd || (top > 0 && top >= maximumScrollOffset) {
            layout.prepareEnd(height: height, in: buffer.text)
            return max(0, layout.rowCount - bounds.height)
        }
        return layout.prepare(top: top, height: height, in: buffer.text)
    }

    /// A scroll by keys, the wheel, the scroll bar or code: the rows that come into view are
    /// wrapped (and the content's height corrected) before they are drawn.
    open override func contentOffsetDidChange() {
        super.contentOffsetDidChange()
        guard !isPreparingRows else { return }
        isPreparingRows = true
        defer { isPreparingRows = false }
        updateContentSize()
    }

    /// True while `updateContentSize()` runs from a scroll (a scroll it makes itself is not
    /// followed again).
    private var isPreparingRows = false

    /// The content sized to the rows again; the scroll view clamps the offset (or keeps the end
    /// showing, while following it).
    private func clampScrollOffset() { updateContentSize() }

    /// A new size wraps differently and shows a different number of rows.
    open override func layoutContent() { updateContentSize() }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if isEditable && isFocused { scrollToInsertionPoint() }
    }

    // MARK: The insertion point on screen

    /// The row showing UTF-8 offset `offset`: the last row starting at or before it.
    private func row(containing offset: Int) -> Int? {
        textLayout.row(containing: offset, in: buffer.text)
    }

    /// The display column of `offset` on `row` (a tab reaching its stop).
    private func column(of offset: Int, onRow row: Int) -> Int { column(of: offset, from: rowRange(row).lowerBound) }

    /// The display column of `offset` on the row starting at `rowStart`.
    private func column(of offset: Int, from rowStart: Int) -> Int {
        TextWrapper.width(of: buffer.text[buffer.index(rowStart)..<buffer.index(offset)], tabWidth: tabWidth)
    }

    /// The last position of `row` the insertion point can take and still show on it: a row the
    /// next one continues (a wrapped paragraph) ends before its last grapheme.
    private func lastPosition(onRow row: Int) -> Int {
        let range = rowRange(row)
        if row + 1 < rowCount, rowRange(row + 1).lowerBound == range.upperBound, !range.isEmpty {
            return max(range.lowerBound, buffer.offset(before: range.upperBound))
        }
        return range.upperBound
    }

    /// The position on `row` closest to display column `column`, not past it.
    private func position(onRow row: Int, column: Int) -> Int {
        let limit = lastPosition(onRow: row)
        var index = buffer.index(rowRange(row).lowerBound)
        let end = buffer.index(limit)
        var width = 0
        while index < end {
            let next = TextWrapper.advance(width, by: buffer.text[index], tabWidth: tabWidth)
            if next > column { break }
            width = next
            index = buffer.text.index(after: index)
        }
        return buffer.offset(index)
    }

    /// The insertion point's cell while the view is editable and it is on screen. In the
    /// spaces that end a wrapped row it is past the text: in the right margin when there is
    /// one, else on the row's last grapheme (its first column, for a wide one).
    open override var cursorPosition: Point? {
        guard isEditable, textWidth > 0, let row = row(containing: buffer.cursor) else { return nil }
        let y = row - scrollOffset
        guard y >= 0, y < bounds.height else { return nil }
        var x = column(of: buffer.cursor, onRow: row)
        if x >= textWidth {
            x = horizontalMargin > 0 ? textWidth : graphemeStart(covering: textWidth - 1, onRow: row)
        }
        return Point(x: max(0, horizontalMargin) + x, y: y)
    }

    /// The first column of the grapheme of `row` that covers `column` (`column` if none does).
    private func graphemeStart(covering column: Int, onRow row: Int) -> Int {
        var start = 0
        let range = rowRange(row)
        for character in buffer.text[buffer.index(range.lowerBound)..<buffer.index(range.upperBound)] {
            let end = TextWrapper.advance(start, by: character, tabWidth: tabWidth)
            if end > start, start <= column, column < end { return start }
            start = end
        }
        return column
    }

    /// Scrolls as little as needed to show the insertion point's row.
    override func scrollToInsertionPoint() {
        guard let row = row(containing: buffer.cursor), bounds.height > 0 else { return }
        if row < scrollOffset {
            scroll(to: row)
        } else if row >= scrollOffset + bounds.height {
            scroll(to: row - bounds.height + 1)
        }
    }

    // MARK: Focus and input

    open override var canBecomeFocused: Bool { true }

    open override var acceptsTextInput: Bool { isEditable }

    override var allowsEditing: Bool { isEditable }

    override func shouldChange(_ range: Range<String.Index>, to replacement: String) -> Bool {
        shouldChangeText?(self, range, replacement) ?? true
    }

    override func textDidChange() { onChange?(self) }

    override func editingDidChange(began: Bool) { if began { onBeginEditing?(self) } else { onEndEditing?(self) } }

    /// The scroll view's keys, without Space (a page down in a plain scroll view; typed text
    /// here, or left to the chain when read-only).
    /// Then the clipboard's: Alt-C copy, Alt-X cut, Alt-V paste; and, read-only, Tab and
    /// Shift-Tab from link to link (`.nextLink`, `.previousLink`).
    open override var defaultKeyBindings: KeyBindings {
        var bindings = super.defaultKeyBindings
        bindings.unbind(KeyEvent(.character(" ")))
        for binding in TextEditingBindings.all { bindings.set(binding) }
        bindings.set(KeyBinding(.nextLink, keys: [KeyEvent(.tab)], title: "Next link"))
        bindings.set(KeyBinding(.previousLink, keys: [KeyEvent(.tab, modifiers: .shift)], title: "Previous link"))
        return bindings
    }

    /// Read-only, the vertical scrolling keys are always taken, even at an end; editable, the
    /// keys edit instead (`keyPressed(_:)`). The link keys act read-only while there is a link
    /// to move to, so Tab past the last link (or in a text without links) moves the focus on.
    open override func canPerform(_ command: KeyCommand) -> Bool {
        switch command {
        case .moveUp, .moveDown, .pageUp, .pageDown, .moveToStart, .moveToEnd: return !isEditable
        case .nextLink: return adjacentLink(forward: true) != nil
        case .previousLink: return adjacentLink(forward: false) != nil
        default: return super.canPerform(command)
        }
    }

    /// The link keys move the insertion point to the start of the next or previous link,
    /// dropping the selection and scrolling the link into view: it is then drawn in the focus
    /// look, Enter opens it and the view's accessibility value names it.
    open override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        switch command {
        case .nextLink, .previousLink:
            guard let link = adjacentLink(forward: command == .nextLink) else { return false }
            move(to: linkSpans[link].range.lowerBound)
            return true
        default: return super.perform(command, key: key)
        }
    }

    /// A page is the whole view's height (keys and the scroll bar's track).
    open override func pageSize(along axis: ScrollAxis) -> Int {
        axis == .vertical ? max(1, bounds.height) : super.pageSize(along: axis)
    }

    /// Editable: the editing keys. Read-only: only Shift with a motion key, which selects from
    /// the hidden insertion point; every other key goes on (the bindings scroll).
    open override func keyPressed(_ event: KeyEvent) -> Bool {
        if isEditable { return editingKey(event) }
        if event == KeyEvent(.enter), let link = linkIndex(at: buffer.cursor) {
            onOpenLink?(self, links[link])
            return true
        }
        guard event.modifiers.contains(.shift) else { return false }
        return editingKey(event, motionsOnly: true)
    }

    /// An editable view's keys (see the type's guarantees); with `motionsOnly`, only the moves.
    private func editingKey(_ event: KeyEvent, motionsOnly: Bool = false) -> Bool {
        let modifiers = event.modifiers.subtracting(.shift)
        let shift = event.modifiers.contains(.shift)
        let page = pageSize(along: .vertical)
        switch (event.key, modifiers) {
        case (.up, []): moveVertically(by: -1, extendingSelection: shift)
        case (.down, []): moveVertically(by: 1, extendingSelection: shift)
        case (.pageUp, []):
            scroll(to: scrollOffset - page)
            moveVertically(by: -page, extendingSelection: shift)
        case (.pageDown, []):
            scroll(to: scrollOffset + page)
            moveVertically(by: page, extendingSelection: shift)
        case (.home, .ctrl): move(to: 0, extendingSelection: shift)
        case (.end, .ctrl): move(to: buffer.text.utf8.count, extendingSelection: shift)
        // Shift+Enter (sent apart from Enter only by terminals with the kitty keyboard
        // protocol) is left to the responders above: a form's submit, a chat's send.
        case (.enter, []) where !motionsOnly && !shift: perform(.insert("\n"), typed: true)
        case (.tab, []) where !motionsOnly && !shift && tabKeyInsertsTab: perform(.insert("\t"), typed: true)
        default:
            // Read-only, the editing bindings do not act: Shift with one of their moves selects.
            if motionsOnly, let command = TextEditingBindings.command(for: event), command.isMotion {
                perform(command, extendingSelection: true)
                return true
            }
            return !motionsOnly && insertTyped(event)
        }
        return true
    }

    /// The wheel scrolls without moving the insertion point; a press, a drag and the release
    /// move it or select (`TextInputView`).
    open override func mouseEvent(_ event: MouseEvent, at point: Point) -> Bool {
        switch event.kind {
        case .wheelUp: scroll(to: scrollOffset - max(1, wheelScrollLines))
        case .wheelDown: scroll(to: scrollOffset + max(1, wheelScrollLines))
        default:
            let target = position(at: point)
            let onLink = isEditable ? nil : linkSpans.indices.first { linkCells(of: $0, contain: point) }
            let handled = trackPointer(event) { target }
            switch event.kind {
            case .press(.left): pressedLink = onLink
            case .release:
                if let pressed = pressedLink, pressed == onLink { onOpenLink?(self, links[pressed]) }
                pressedLink = nil
            default: break
            }
            return handled
        }
        return true
    }

    /// The position under `point` (in the view's coordinates): the start of the text above
    /// the first row, its end below the last, and the grapheme under the point on a row.
    private func position(at point: Point) -> Int {
        let row = scrollOffset + point.y
        if row >= rowCount { return buffer.text.utf8.count }
        if row < 0 { return 0 }
        return position(onRow: row, column: max(0, point.x - max(0, horizontalMargin)))
    }

    /// Moves the insertion point `delta` display rows, keeping the goal column; past the first
    /// or last row it goes to the start or end of the text.
    private func moveVertically(by delta: Int, extendingSelection: Bool = false) {
        guard let row = row(containing: buffer.cursor) else { return }
        let goal = goalColumn ?? column(of: buffer.cursor, onRow: row)
        let target = row + delta
        if target < 0 {
            move(to: 0, extendingSelection: extendingSelection)
        } else if target >= rowCount {
            move(to: buffer.text.utf8.count, extendingSelection: extendingSelection)
        } else {
            move(to: position(onRow: target, column: goal), extendingSelection: extendingSelection)
        }
        goalColumn = goal
    }

    /// Moves the insertion point to a boundary (from a key or click) and shows it, extending the
    /// selection or dropping it.
    private func move(to offset: Int, extendingSelection: Bool = false) {
        endUndoRun()
        apply(.move(to: offset), extendingSelection: extendingSelection)
        scrollToInsertionPoint()
        setNeedsDisplay()
    }

    /// Ends a run of Up and Down keys, then edits as every text input does.
    override func perform(
        _ command: TextEditingCommand, extendingSelection: Bool = false, typed: Bool = false,
        actionName: String? = nil
    ) {
        goalColumn = nil
        super.perform(command, extendingSelection: extendingSelection, typed: typed, actionName: actionName)
    }

    /// A replacement rewraps only the rows it changed, from the grapheme before it (which may
    /// join what is inserted), and keeps the scroll offset in range.
    override func apply(_ change: TextEditingBuffer.Change, extendingSelection: Bool = false) {
        goalColumn = nil
        guard case .replace(let range, let replacement, _) = change else {
            buffer.apply(change, extendingSelection: extendingSelection)
            return
        }
        let anchor = buffer.offset(before: range.lowerBound)
        buffer.apply(change)
        adjustLinks(replacing: range, withCount: replacement.utf8.count)
        layout?.replace(range, anchor: anchor, withCount: replacement.utf8.count, in: buffer.text)
        clampScrollOffset()
    }

    // MARK: Drawing

    /// Draws the rows of the content that show in `canvas` (the document view's), each at its
    /// row, the selected part in the theme's selection look: only the visible ones are
    /// visited, however long the text.
    func drawRows(in canvas: inout Canvas) {
        guard canvas.size.width > 0, textWidth > 0, !canvas.clip.isEmpty else { return }
        let text = buffer.text, width = textWidth, tabWidth = tabWidth
        let first = max(0, canvas.clip.minY - canvas.origin.y)
        let end = min(rowCount, canvas.clip.maxY - canvas.origin.y)
        guard first < end else { return }
        for row in first..<end {
            let range = rowRange(row)
            let line = TextWrapper.line(
                buffer.index(range.lowerBound)..<buffer.index(range.upperBound), of: text, width: width,
                tabWidth: tabWidth)
            canvas.write(line, at: Point(x: max(0, horizontalMargin), y: row), style: style)
            if !linkSpans.isEmpty { drawLinks(onRow: row, range: range, in: &canvas) }
            if let selected = buffer.selectedRange { drawSelection(selected, onRow: row, range: range, in: &canvas) }
        }
    }

    /// Restyles the part of `selected` on `row` (already drawn): the columns of its graphemes
    /// as the row shows them (less an indentation cut to fit), and one cell past the text for a
    /// selected line break that ends the row.
    private func drawSelection(_ selected: Range<Int>, onRow row: Int, range: Range<Int>, in canvas: inout Canvas) {
        let width = textWidth, text = buffer.text
        let lower = max(selected.lowerBound, range.lowerBound), upper = min(selected.upperBound, range.upperBound)
        let breakSelected =
            selected.upperBound > range.upperBound && range.upperBound < text.utf8.count
            && text[buffer.index(range.upperBound)].isNewline
        guard lower < upper || (breakSelected && selected.lowerBound <= range.upperBound) else { return }
        // TextWrapper.line cuts an indentation as wide as the row to `width - 1` columns.
        let rowText = text[buffer.index(range.lowerBound)..<buffer.index(range.upperBound)]
        let cut = TextLink.indentationCut(ofRow: rowText, width: width, tabWidth: tabWidth)
        let start = max(0, column(of: lower, from: range.lowerBound) - cut)
        var end = max(0, column(of: upper, from: range.lowerBound) - cut)
        if breakSelected { end += 1 }
        end = min(end, width)
        guard end > start else { return }
        let theme = theme
        canvas.restyle(Rect(x: max(0, horizontalMargin) + start, y: row, width: end - start, height: 1)) {
            theme.selected($0)
        }
    }

    // MARK: Links

    /// The links as UTF-8 offsets of the text, in the order `links` gave them.
    private var linkSpans: [(range: Range<Int>, url: String)] = [] { didSet { setNeedsDisplay() } }

    /// The link a left press went down on (read-only), opened if the release is on it too.
    private var pressedLink: Int?

    /// The links on ranges of the text (see `TextLink`), drawn underlined in the tint and, where
    /// the terminal supports it, sent to it as links (OSC 8) it makes clickable. Default none.
    ///
    /// Read-only, Enter with the insertion point on a link's text (where a click, Tab or
    /// Shift-Tab put it), or a click on a link's text (press and release on the same link),
    /// calls `onOpenLink`; the link
    /// at the insertion point is drawn in the focus look while the view is focused. Editable, a
    /// click only moves the insertion point and Enter types a line break, as in any editor.
    /// An edit the user makes (or `append(_:)`) moves the links after it with their text and
    /// removes a link whose text it changes (typing right after or before a link does not
    /// extend it); setting `text` in code removes them all, its ranges being the old text's:
    /// set them after the text. Reading `links` gives them as they stand, in the order set.
    /// Setting or reading it costs a pass over the text.
    public var links: [TextLink] {
        get {
            let text = buffer.text
            return linkSpans.map { span in
                let lower = text.distance(from: text.startIndex, to: buffer.index(span.range.lowerBound))
                let count = text.distance(
                    from: buffer.index(span.range.lowerBound), to: buffer.index(span.range.upperBound))
                return TextLink(range: lower..<lower + count, url: span.url)
            }
        }
        set {
            let text = buffer.text
            linkSpans = newValue.compactMap { link in
                guard let range = link.indices(in: text) else { return nil }
                return (buffer.offset(range.lowerBound)..<buffer.offset(range.upperBound), link.url)
            }
        }
    }

    /// Called with a link the user activated (see `links`), as UIKit's
    /// `textView(_:shouldInteractWith:in:)`; the app decides what opening it means. Shoji never
    /// opens a URL itself. Held strongly: capture owners weakly.
    public var onOpenLink: (@MainActor (TextView, TextLink) -> Void)?

    /// The links' indices in `linkSpans`, in the order they stand in the text.
    private var linksInReadingOrder: [Int] {
        linkSpans.indices.sorted { linkSpans[$0].range.lowerBound < linkSpans[$1].range.lowerBound }
    }

    /// Read-only, the link Tab (`forward`) or Shift-Tab moves to, in reading order: from the
    /// link at the (hidden) insertion point while it starts on screen, the next or previous
    /// one; else, as the text was scrolled away from it, the first link starting on screen or
    /// below, or the last starting on screen or above. `nil` when there is none, or editable.
    private func adjacentLink(forward: Bool) -> Int? {
        guard !isEditable, !linkSpans.isEmpty else { return nil }
        let shown = shownTextRange
        let ordered = linksInReadingOrder
        if let current = linkIndex(at: buffer.cursor), shown.contains(linkSpans[current].range.lowerBound) {
            let start = linkSpans[current].range.lowerBound
            return forward
                ? ordered.first { linkSpans[$0].range.lowerBound > start }
                : ordered.last { linkSpans[$0].range.lowerBound < start }
        }
        return forward
            ? ordered.first { linkSpans[$0].range.lowerBound >= shown.lowerBound }
            : ordered.last { linkSpans[$0].range.lowerBound < shown.upperBound }
    }

    /// The UTF-8 offsets of the text on the rows shown, from the first shown row's start to the
    /// last's end (the text's end when the last row shows).
    private var shownTextRange: Range<Int> {
        let end = min(rowCount, scrollOffset + max(1, bounds.height))
        guard scrollOffset < end else { return 0..<0 }
        let lower = rowRange(scrollOffset).lowerBound
        let upper = end == rowCount ? buffer.text.utf8.count : rowRange(end - 1).upperBound
        return lower..<max(lower, upper)
    }

    /// The index of the link whose text holds UTF-8 offset `offset` (its first grapheme up to
    /// its last), if any.
    private func linkIndex(at offset: Int) -> Int? {
        linkSpans.indices.first { linkSpans[$0].range.contains(offset) }
    }

    /// Follows a replacement of `range` by `count` bytes: links after it move, a link it touches
    /// inside goes.
    private func adjustLinks(replacing range: Range<Int>, withCount count: Int) {
        guard !linkSpans.isEmpty else { return }
        let delta = count - range.count
        linkSpans = linkSpans.compactMap { span in
            if span.range.upperBound <= range.lowerBound { return span }
            if span.range.lowerBound >= range.upperBound {
                return (span.range.lowerBound + delta..<span.range.upperBound + delta, span.url)
            }
            return nil
        }
    }

    /// Whether link `index` covers the cell at `point` (view coordinates).
    private func linkCells(of index: Int, contain point: Point) -> Bool {
        let row = scrollOffset + point.y
        guard row >= 0, row < rowCount, textWidth > 0 else { return false }
        return linkColumns(of: index, onRow: row, range: rowRange(row))?.contains(point.x - max(0, horizontalMargin))
            ?? false
    }

    /// The columns (from the text's first column) that link `index` covers on `row`, whose
    /// UTF-8 range is `range`, as the row is drawn.
    private func linkColumns(of index: Int, onRow row: Int, range: Range<Int>) -> Range<Int>? {
        let span = linkSpans[index].range
        guard span.lowerBound < range.upperBound, span.upperBound > range.lowerBound else { return nil }
        let text = buffer.text, width = textWidth
        let rowRange = buffer.index(range.lowerBound)..<buffer.index(range.upperBound)
        let cut = TextLink.indentationCut(ofRow: text[rowRange], width: width, tabWidth: tabWidth)
        let columns = TextLink.columns(
            of: buffer.index(span.lowerBound)..<buffer.index(span.upperBound), onRow: rowRange, of: text,
            tabWidth: tabWidth, cut: cut)
        guard let columns, columns.lowerBound < width else { return nil }
        return columns.lowerBound..<min(columns.upperBound, width)
    }

    /// Draws the links on `row` (already drawn): their cells carry the link and the link look,
    /// the one at the insertion point in the focus look while read-only and focused.
    private func drawLinks(onRow row: Int, range: Range<Int>, in canvas: inout Canvas) {
        let tint = tintColor ?? .default
        let focused = !isEditable && isFocused ? linkIndex(at: buffer.cursor) : nil
        for index in linkSpans.indices {
            guard let columns = linkColumns(of: index, onRow: row, range: range) else { continue }
            let rect = Rect(x: max(0, horizontalMargin) + columns.lowerBound, y: row, width: columns.count, height: 1)
            let look = { (style: Style) in TextLink.look(style, tint: tint) }
            canvas.restyle(rect) { index == focused ? self.focusLook(look($0)) : look($0) }
            canvas.setLink(Hyperlink(linkSpans[index].url), in: rect)
        }
    }
}
