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
/// - `sizeThatFits(_:)` gives the size that shows all the text within a width (the height a
///   wrapping label needs), as UIKit's.
/// - Changing `text`, `style`, `textAlignment` or `lineBreakMode` shows on the next frame.
///   Main actor only.
@MainActor
open class Label: View {
    /// Says its text, as static text; an element while it has some.
    open override var defaultAccessibility: AccessibilityDescription {
        AccessibilityDescription(label: text, traits: .staticText, isElement: !text.isEmpty)
    }

    /// The text shown; newlines start new lines.
    public var text: String { didSet { if text != oldValue { invalidateIntrinsicContentSize() } } }

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

    open override func draw(in canvas: inout Canvas) {
        let width = canvas.size.width, height = limited(canvas.size.height)
        guard width > 0, height > 0, !text.isEmpty else { return }
        let lines =
            lineBreakMode == .byWordWrapping
            ? TextWrapper.lines(of: text, width: width, tabWidth: tabWidth)
            : self.lines.map { TextWrapper.expandingTabs($0, tabWidth: tabWidth) }
        for (row, line) in lines.prefix(height).enumerated() {
            let shown: String
            if row == height - 1 && lines.count > height {
                // More lines follow than the label has rows: mark the cut on the last row.
                shown = String(DisplayWidth.prefix(of: line, fittingWidth: width - 1).text) + DisplayWidth.ellipsis
            } else {
                shown = DisplayWidth.truncate(line, toWidth: width)
            }
            let x = textAlignment.offset(ofLineWidth: DisplayWidth.of(shown), in: width)
            canvas.write(shown, at: Point(x: x, y: row), style: style)
        }
    }
}
