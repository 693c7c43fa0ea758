import Shoji

/// A focusable, read-only view of long text: wrapped to its width (`TextWrapper`) and
/// scrolled by keys and the mouse wheel, with a footer row that says where you are.
///
/// Guarantees:
/// - Shows `wrappedLines[scrollOffset...]` on the rows above the footer (all rows when
///   `showsFooter` is false), between margins of `horizontalMargin` columns. The wrapping
///   follows the width: it is redone when the width or
///   the text changes, never on every frame.
/// - `scrollOffset` stays in `0...maximumScrollOffset` through every key, wheel notch, resize
///   and text change; the last screenful ends at the last line (no blank screen past the end).
/// - Keys (no modifiers, while focused): Up/Down one line, PageUp/PageDown one screen, Home and
///   End the top and the bottom. They are consumed even at an end, so they do not reach the
///   views around it. The wheel scrolls `wheelScrollLines` lines.
/// - The footer, in `footerStyle` (dim, readable without colour), shows `footerHint` on the
///   left and `lines A–B of N` on the right; the hint is truncated first when narrow.
@MainActor
public final class ScrollingTextView: View {
    /// The text; newlines start paragraphs.
    public var text: String {
        didSet {
            guard text != oldValue else { return }
            wrapped = nil
            clampScrollOffset()
            setNeedsDisplay()
        }
    }

    /// The style of the text.
    public var textStyle = Style.plain { didSet { if textStyle != oldValue { setNeedsDisplay() } } }
    /// The style of the footer row.
    public var footerStyle = Style(attributes: .dim) { didSet { if footerStyle != oldValue { setNeedsDisplay() } } }
    /// Shown on the left of the footer (key help, say).
    public var footerHint = "" { didSet { if footerHint != oldValue { setNeedsDisplay() } } }
    /// Whether the bottom row is the footer.
    public var showsFooter = true {
        didSet {
            guard showsFooter != oldValue else { return }
            clampScrollOffset()
            setNeedsDisplay()
        }
    }
    /// Blank columns left and right of the text (the footer spans the whole width).
    public var horizontalMargin = 0 {
        didSet {
            guard horizontalMargin != oldValue else { return }
            clampScrollOffset()
            setNeedsDisplay()
        }
    }
    /// Lines one wheel notch scrolls (at least 1 is used).
    public var wheelScrollLines = 3

    /// The first line shown.
    public private(set) var scrollOffset = 0

    private var wrapped: (width: Int, lines: [String])?

    public init(text: String = "", frame: Rect = .zero) {
        self.text = text
        super.init(frame: frame)
    }

    /// The text wrapped to the view's width less the margins (empty when nothing is left).
    public var wrappedLines: [String] {
        let width = bounds.width - 2 * max(0, horizontalMargin)
        if let wrapped, wrapped.width == width { return wrapped.lines }
        let lines = TextWrapper.lines(of: text, width: width)
        wrapped = (width, lines)
        return lines
    }

    /// Rows that show text: the height less the footer.
    public var textRows: Int { max(0, bounds.height - (showsFooter ? 1 : 0)) }

    /// The largest `scrollOffset`: the one that shows the last line on the last text row.
    public var maximumScrollOffset: Int { max(0, wrappedLines.count - textRows) }

    /// The lines on screen now.
    public var visibleLines: Range<Int> {
        let count = wrappedLines.count
        return min(scrollOffset, count)..<min(count, scrollOffset + textRows)
    }

    /// Scrolls so that line `offset` is the first shown, clamped to the text.
    public func scroll(to offset: Int) {
        let clamped = min(max(0, offset), maximumScrollOffset)
        guard clamped != scrollOffset else { return }
        scrollOffset = clamped
        setNeedsDisplay()
    }

    private func clampScrollOffset() { scroll(to: scrollOffset) }

    public override func layoutSubviews() {
        super.layoutSubviews()
        // A new size wraps differently and shows a different number of rows.
        clampScrollOffset()
    }

    // MARK: Input

    public override var canBecomeFocused: Bool { true }

    public override func keyPressed(_ event: KeyEvent) -> Bool {
        guard event.modifiers.isEmpty else { return false }
        let page = max(1, textRows)
        switch event.key {
        case .up: scroll(to: scrollOffset - 1)
        case .down: scroll(to: scrollOffset + 1)
        case .pageUp: scroll(to: scrollOffset - page)
        case .pageDown: scroll(to: scrollOffset + page)
        case .home: scroll(to: 0)
        case .end: scroll(to: maximumScrollOffset)
        default: return false
        }
        return true
    }

    public override func mouseEvent(_ event: MouseEvent, at point: Point) -> Bool {
        switch event.kind {
        case .wheelUp: scroll(to: scrollOffset - max(1, wheelScrollLines))
        case .wheelDown: scroll(to: scrollOffset + max(1, wheelScrollLines))
        default: return false
        }
        return true
    }

    // MARK: Drawing

    /// `lines A–B of N`, or `no text` when there is none.
    public var positionText: String {
        let lines = wrappedLines
        guard !lines.isEmpty else { return "no text" }
        let shown = visibleLines
        guard !shown.isEmpty else { return "\(lines.count) lines" }
        return "lines \(shown.lowerBound + 1)–\(shown.upperBound) of \(lines.count)"
    }

    public override func draw(in canvas: inout Canvas) {
        let width = canvas.size.width
        guard width > 0 else { return }
        let lines = wrappedLines
        for (row, index) in visibleLines.enumerated() {
            canvas.write(lines[index], at: Point(x: max(0, horizontalMargin), y: row), style: textStyle)
        }
        guard showsFooter, canvas.size.height > 0 else { return }
        let y = canvas.size.height - 1
        canvas.fill(Rect(x: 0, y: y, width: width, height: 1), style: footerStyle)
        let position = DisplayWidth.truncate(positionText, toWidth: width)
        let positionWidth = DisplayWidth.of(position)
        canvas.write(position, at: Point(x: width - positionWidth, y: y), style: footerStyle)
        let hintRoom = width - positionWidth - 2
        if hintRoom > 1, !footerHint.isEmpty {
            canvas.write(DisplayWidth.truncate(footerHint, toWidth: hintRoom), at: Point(x: 0, y: y), style: footerStyle)
        }
    }
}
