import Shoji

/// The bottom row of the text and log panes: key help (or a message) on the left and, with `showsPosition`,
/// where the text view is (`lines A–B of N`) on the right, in `style` (dim, readable without
/// colour); the help is truncated first when the row is narrow. It reads the text view when it
/// draws, so it is never out of date.
///
/// The text pane shows no position: its scroll bar says where the view is, and the readout
/// would be written again on every scroll (DECISIONS.md, Output). The log pane shows it,
/// since its line count grows while nothing else says so.
@MainActor
final class TextPaneFooter: View {
    /// The view whose position the footer shows; held weakly (the pane owns both).
    weak var textView: TextView?
    /// Shown on the left while there is no `message`.
    let hint: String
    /// Shown on the left in place of `hint` when set (the text pane: the link last opened).
    var message: String? { didSet { if message != oldValue { setNeedsDisplay() } } }
    /// Whether the row ends with `lines A–B of N`.
    let showsPosition: Bool
    /// The style of the whole row.
    var style = Style(attributes: .dim) { didSet { if style != oldValue { setNeedsDisplay() } } }

    init(textView: TextView, hint: String, showsPosition: Bool) {
        self.textView = textView
        self.hint = hint
        self.showsPosition = showsPosition
        super.init()
        isUserInteractionEnabled = false
    }

    /// `lines A–B of N`, `N lines` when none is on screen, or `no text`.
    static func positionText(of textView: TextView) -> String {
        let count = textView.rowCount
        guard count > 0 else { return "no text" }
        let shown = textView.visibleLines
        guard !shown.isEmpty else { return "\(count) lines" }
        return "lines \(shown.lowerBound + 1)–\(shown.upperBound) of \(count)"
    }

    override func draw(in canvas: inout Canvas) {
        let width = canvas.size.width
        guard width > 0, canvas.size.height > 0, let textView else { return }
        canvas.fill(Rect(x: 0, y: 0, width: width, height: 1), style: style)
        let position = showsPosition ? DisplayWidth.truncate(Self.positionText(of: textView), toWidth: width) : ""
        let positionWidth = DisplayWidth.of(position)
        canvas.write(position, at: Point(x: width - positionWidth, y: 0), style: style)
        let hintRoom = positionWidth > 0 ? width - positionWidth - 2 : width
        let left = message ?? hint
        if hintRoom > 1, !left.isEmpty {
            canvas.write(DisplayWidth.truncate(left, toWidth: hintRoom), at: .zero, style: style)
        }
    }

    // MARK: The pane around it

    /// Puts `textView` and this footer in `view`, whose opaque background hides the side
    /// menu's list under the pane (a text pane's and a log pane's `viewDidLoad`).
    func install(below textView: TextView, in view: View) {
        view.backgroundStyle = .plain
        view.addSubview(textView)
        view.addSubview(self)
    }

    /// The text view over every row of `size` but the last, this footer on the last.
    func layout(below textView: TextView, in size: Size) {
        textView.frame = Rect(x: 0, y: 0, width: size.width, height: max(0, size.height - 1))
        frame = Rect(x: 0, y: max(0, size.height - 1), width: size.width, height: min(1, size.height))
    }
}
