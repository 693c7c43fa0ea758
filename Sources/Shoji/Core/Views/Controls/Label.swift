/// Read-only text of one or more lines, as UIKit's `UILabel`.
///
/// Guarantees:
/// - `text` is split into lines at every newline (`Character.isNewline`: LF, CR, CRLF, U+2028…),
///   drawn from the top row down. With `lineBreakMode` `.byTruncatingTail` (the default) a
///   line wider than the label is cut with `DisplayWidth.truncate` (ending in "…", never half a
///   wide character); with `.byWordWrapping` it wraps onto the next rows at spaces, by display
///   width (`TextWrapper`: long words cut between graphemes).
/// - A tab shows as the spaces to the next tab stop (every `tabWidth` columns from the line's
///   start, 8 by default; a wrapped row's start when wrapping), and is measured so.
/// - When there are more lines (rows, when wrapping) than rows, or than `numberOfLines`, the
///   last row shown ends in "…" to show that text is missing (UILabel's tail truncation of the
///   last visible line).
/// - Each line is placed by `textAlignment` within the width; only the text's own cells take
///   `style`, the rest of the label is left to `backgroundStyle`.
/// - Differs from UILabel: text is drawn from the top row rather than centred vertically, and
///   `isUserInteractionEnabled` is false by default (as UILabel's), so clicks go to the view
///   behind.
/// - Links (`links`) on ranges of the text are drawn underlined in the tint, carried by their
///   cells to the terminal (clickable where it supports OSC 8), and reachable with the keyboard
///   and the mouse (see `links`); a label with links is focusable.
/// - `sizeThatFits(_:)` gives the size that shows all the text within a width (the height a
///   wrapping label needs), as UIKit's.
/// - Changing `text`, `style`, `textAlignment` or `lineBreakMode` shows on the next frame.
///   Main actor only.
@MainActor
open class Label: View {
    /// Says its text, as static text; an element while it has some.
    open override var defaultAccessibility: AccessibilityDescription {
        guard !links.isEmpty else {
            return AccessibilityDescription(label: text, traits: .staticText, isElement: !text.isEmpty)
        }
        // With links, the value names the one Enter opens, and its place among them.
        let current = min(focusedLinkIndex, links.count - 1)
        let shown = links[current].indices(in: text).map { String(text[$0]) } ?? links[current].url
        return AccessibilityDescription(
            label: text, value: "\(shown), \(current + 1) of \(links.count)", traits: [.staticText, .link],
            isElement: !text.isEmpty)
    }

    /// The focused link's first cell, for screen readers.
    open override var accessibilityCursorPosition: Point? {
        let current = min(focusedLinkIndex, max(0, links.count - 1))
        return linkRects().first { $0.link == current }?.rect.origin ?? .zero
    }

    /// The text shown; newlines start new lines.
    public var text: String {
        didSet {
            guard text != oldValue else { return }
            links = []
            invalidateIntrinsicContentSize()
        }
    }

    /// The style of the text's cells. Default: plain.
    public var style: Style { didSet { if style != oldValue { setNeedsDisplay() } } }

    /// How each line sits across the label's width. Default: `.left`.
    public var textAlignment: TextAlignment = .left { didSet { if textAlignment != oldValue { setNeedsDisplay() } } }

    /// How a line wider than the label is fitted (default `.byTruncatingTail`).
    public var lineBreakMode: LineBreakMode = .byTruncatingTail {
        didSet { if lineBreakMode != oldValue { setNeedsDisplay() } }
    }

    /// The most rows the text shows (lines, or wrapped rows when wrapping), as UIKit's
    /// `numberOfLines`; 0, the default, shows as many as the label has rows. Text cut by it ends
    /// in "…" on its last row, and `intrinsicContentSize` and `sizeThatFits(_:)` count no more
    /// rows. Differs from UIKit, whose default is 1. Negative counts as 0.
    public var numberOfLines = 0 { didSet { if numberOfLines != oldValue { invalidateIntrinsicContentSize() } } }

    /// The columns between tab stops (default 8, a terminal's own; at least 1). Differs from
    /// UIKit, whose tab stops are in points.
    public var tabWidth = TextWrapper.defaultTabWidth {
        didSet { if tabWidth != oldValue { invalidateIntrinsicContentSize() } }
    }

    /// `count` rows, or fewer when `numberOfLines` says so.
    private func limited(_ count: Int) -> Int { numberOfLines > 0 ? min(count, numberOfLines) : count }

    /// A label showing `text` in `style`, not yet sized: give it a frame or call `sizeToFit()`.
    public init(text: String = "", style: Style = .plain, frame: Rect = .zero) {
        self.text = text
        self.style = style
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// The lines `text` is made of (split at newlines; wrapping may show each on several rows):
    /// derived from `text` on each call.
    public var lines: [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    }

    /// The size that shows all of the text untruncated: the widest line's display width by the
    /// number of lines (0 by 0 for empty text), as UIKit's `intrinsicContentSize`; with
    /// `numberOfLines`, the lines it shows.
    open override var intrinsicContentSize: Size {
        guard !text.isEmpty else { return .zero }
        let lines = lines.prefix(limited(Int.max))
        return Size(width: lines.map { TextWrapper.width(of: $0, tabWidth: tabWidth) }.max() ?? 0, height: lines.count)
    }

    /// Resizes the frame to `intrinsicContentSize`, keeping its origin, as UIKit's `sizeToFit()`.
    open override func sizeToFit() {
        frame = Rect(origin: frame.origin, size: intrinsicContentSize)
    }

    /// The size that shows all of the text at most `size.width` columns wide, as UIKit's
    /// `sizeThatFits(_:)`: wrapping, the widest wrapped row by the number of rows (the height
    /// may be more than `size.height`); truncating, `intrinsicContentSize` with its width
    /// capped; no more rows than `numberOfLines`. 0 by 0 for empty text or a width of 0 or less.
    open override func sizeThatFits(_ size: Size) -> Size {
        guard !text.isEmpty, size.width > 0 else { return .zero }
        guard lineBreakMode == .byWordWrapping else {
            let natural = intrinsicContentSize
            return Size(width: min(natural.width, size.width), height: natural.height)
        }
        let rows = TextWrapper.lines(of: text, width: size.width, tabWidth: tabWidth).prefix(limited(Int.max))
        return Size(width: rows.map { DisplayWidth.of($0) }.max() ?? 0, height: rows.count)
    }

    /// One row as drawn: the text's range it shows, the line, the indentation columns the line
    /// dropped, and its first column.
    private struct DrawnRow {
        var source: Range<String.Index>
        var shown: String
        var cut: Int
        var x: Int
    }

    /// The rows drawn in `size` (the label's own, unless asked for another), as `draw` places
    /// them: derived from the text on each call.
    private func drawnRows(in size: Size) -> [DrawnRow] {
        let width = size.width, height = limited(size.height)
        guard width > 0, height > 0, !text.isEmpty else { return [] }
        let text = text, tabWidth = tabWidth
        var rows: [(source: Range<String.Index>, line: String, cut: Int)]
        if lineBreakMode == .byWordWrapping {
            rows = TextWrapper.rows(of: text, width: width, tabWidth: tabWidth).map {
                (
                    $0, TextWrapper.line($0, of: text, width: width, tabWidth: tabWidth),
                    TextLink.indentationCut(ofRow: text[$0], width: width, tabWidth: tabWidth)
                )
            }
        } else {
            rows = lines.map {
                ($0.startIndex..<$0.endIndex, TextWrapper.expandingTabs($0, tabWidth: tabWidth), 0)
            }
        }
        var result: [DrawnRow] = []
        for (row, line) in rows.prefix(height).enumerated() {
            let shown: String
            if row == height - 1 && rows.count > height {
                // More lines follow than the label has rows: mark the cut on the last row.
                shown = String(DisplayWidth.prefix(of: line.line, fittingWidth: width - 1).text) + DisplayWidth.ellipsis
            } else {
                shown = DisplayWidth.truncate(line.line, toWidth: width)
            }
            let x = textAlignment.offset(ofLineWidth: DisplayWidth.of(shown), in: width)
            result.append(DrawnRow(source: line.source, shown: shown, cut: line.cut, x: x))
        }
        return result
    }

    /// The cells each link covers, as one-row rects in the label's coordinates with the link's
    /// index in `links`, in reading order: where it is drawn, clicked and focused.
    func linkRects() -> [(rect: Rect, link: Int)] {
        guard !links.isEmpty else { return [] }
        let text = text
        let ranges = links.map { $0.indices(in: text) }
        var result: [(rect: Rect, link: Int)] = []
        for (y, row) in drawnRows(in: bounds.size).enumerated() {
            let shownWidth = DisplayWidth.of(row.shown)
            for (index, range) in ranges.enumerated() {
                guard let range,
                    let columns = TextLink.columns(
                        of: range, onRow: row.source, of: text, tabWidth: tabWidth, cut: row.cut)
                else { continue }
                let end = min(columns.upperBound, shownWidth)
                guard columns.lowerBound < end else { continue }
                result.append(
                    (Rect(x: row.x + columns.lowerBound, y: y, width: end - columns.lowerBound, height: 1), index))
            }
        }
        return result
    }

    open override func draw(in canvas: inout Canvas) {
        for (y, row) in drawnRows(in: canvas.size).enumerated() {
            canvas.write(row.shown, at: Point(x: row.x, y: y), style: style)
        }
        guard !links.isEmpty else { return }
        let tint = tintColor ?? .default
        let focused = isFocused ? min(focusedLinkIndex, links.count - 1) : nil
        for (rect, index) in linkRects() {
            canvas.restyle(rect) {
                index == focused ? self.focusLook(TextLink.look($0, tint: tint)) : TextLink.look($0, tint: tint)
            }
            canvas.setLink(Hyperlink(links[index].url), in: rect)
        }
    }

    // MARK: Links

    /// The links on ranges of `text` (see `TextLink`), drawn underlined in the tint and, where
    /// the terminal supports it, sent to it as links (OSC 8) it makes clickable. Default none.
    ///
    /// A label with links takes clicks and the focus (`isUserInteractionEnabled` becomes true;
    /// an empty list makes it false again): Tab stops once at the label, whose first link is
    /// then focused (drawn in the focus look); Left and Right (or Up and Down) move between its
    /// links, Enter, or a click on a link's text, calls `onOpenLink`. Changing `text` removes
    /// the links, whose ranges were the old text's: set them after the text.
    public var links: [TextLink] = [] {
        didSet {
            guard links != oldValue else { return }
            if links.isEmpty != oldValue.isEmpty { isUserInteractionEnabled = !links.isEmpty }
            focusedLinkIndex = min(focusedLinkIndex, max(0, links.count - 1))
            setNeedsDisplay()
        }
    }

    /// Called with a link the user activated (Enter on the focused link, or a click on a link's
    /// text), as UIKit's `textView(_:shouldInteractWith:in:)`; the app decides what opening it
    /// means. Shoji never opens a URL itself. Held strongly: capture owners weakly.
    public var onOpenLink: (@MainActor (Label, TextLink) -> Void)?

    /// The index in `links` of the link Enter opens while the label is focused (0 at first).
    public private(set) var focusedLinkIndex = 0

    /// The link a left press went down on, opened if the release is on it too.
    private var pressedLink: Int?

    open override var canBecomeFocused: Bool { !links.isEmpty }

    /// Enter opens the focused link; Left/Up and Right/Down move between the links (key
    /// bindings, so the key help lists them); at the first or last link a move goes on up the
    /// chain.
    open override var defaultKeyBindings: KeyBindings {
        guard !links.isEmpty else { return KeyBindings(title: "Links", []) }
        var bindings = KeyBindings(title: "Links", standard: [.moveLeft, .moveUp, .moveRight, .moveDown])
        bindings.set(KeyBinding(.activate, keys: [KeyEvent(.enter)], title: "Open the link"))
        return bindings
    }

    /// A move past the first or last link is not the label's: it goes on.
    open override func canPerform(_ command: KeyCommand) -> Bool {
        guard !links.isEmpty else { return false }
        let current = min(focusedLinkIndex, links.count - 1)
        switch command {
        case .activate: return true
        case .moveLeft, .moveUp: return current > 0
        case .moveRight, .moveDown: return current + 1 < links.count
        default: return super.canPerform(command)
        }
    }

    open override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        guard !links.isEmpty else { return false }
        let current = min(focusedLinkIndex, links.count - 1)
        switch command {
        case .activate: onOpenLink?(self, links[current])
        case .moveLeft, .moveUp: focusedLinkIndex = max(0, current - 1)
        case .moveRight, .moveDown: focusedLinkIndex = min(links.count - 1, current + 1)
        default: return super.perform(command, key: key)
        }
        setNeedsDisplay()
        return true
    }

    /// A left press on a link's text focuses that link; its release on the same link opens it.
    /// Anything else goes on.
    open override func mouseEvent(_ event: MouseEvent, at point: Point) -> Bool {
        let hit = linkRects().first { $0.rect.contains(point) }?.link
        switch event.kind {
        case .press(.left):
            pressedLink = hit
            guard let hit else { return false }
            focusedLinkIndex = hit
            becomeFirstResponder()
            setNeedsDisplay()
            return true
        case .release:
            defer { pressedLink = nil }
            guard let pressed = pressedLink else { return false }
            if hit == pressed, pressed < links.count { onOpenLink?(self, links[pressed]) }
            return true
        case .drag: return pressedLink != nil
        default: return false
        }
    }
}
