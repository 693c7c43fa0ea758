import Shoji

/// What a split view's row shows in the placeholder: a colour pane (its colour, its text, its
/// own lifecycle calls) laid out for one size class, which hands over to its clone for the
/// other (`SizeClassCloning`) when a resize takes the placeholder across 60 columns.
///
/// Guarantees: the title is `Row N · STYLE` and the navigation item's right button names the
/// layout (`Regular` or `Compact`), so forwarding shows both in the bar; a clone is made once
/// per size class and handed back to the original, so a resize there and back shows the
/// original again (with its calls).
@MainActor
public final class SplitDetailPane: ColorPane, SizeClassCloning {
    /// The row, from 0.
    public let row: Int
    /// The transition that showed the row.
    public let style: TransitionStyle
    /// The layout this pane is for.
    public let sizeClass: SizeClass
    /// The terminal width across which the layouts swap, for the text (the placeholder's
    /// boundary plus the list's columns).
    public let terminalBoundary: Int
    private weak var otherLayout: SplitDetailPane?

    /// The colours rows take, in turn.
    static let colors: [MenuColor] = [.blue, .green, .magenta, .cyan, .yellow, .red, .brightBlack]

    public init(row: Int, style: TransitionStyle, sizeClass: SizeClass, terminalBoundary: Int) {
        self.row = row
        self.style = style
        self.sizeClass = sizeClass
        self.terminalBoundary = terminalBoundary
        let text: String
        switch sizeClass {
        case .regular:
            text =
                "Row \(row + 1), shown with \(style.menuName). Regular layout: the placeholder is at least "
                + "\(SizeClass.defaultBoundary) columns wide. Make the terminal narrower than \(terminalBoundary) "
                + "columns (or drag the divider right) and this pane cross-fades to its compact clone; f in the list forwards this title and "
                + "its bar button to the navigation bar."
        case .compact:
            text =
                "Row \(row + 1) · \(style.menuName) · compact layout (wider than \(terminalBoundary) columns: regular)."
        }
        super.init(title: "Row \(row + 1) · \(style.menuName)", color: Self.colors[row % Self.colors.count], text: text)
        navigationItem.rightBarButtonItems = [BarButtonItem(title: sizeClass == .regular ? "Regular" : "Compact")]
    }

    /// The pane for the other layout, made once and shared back.
    public func clone(for sizeClass: SizeClass) -> ViewController? {
        guard sizeClass != self.sizeClass else { return nil }
        if let otherLayout { return otherLayout }
        let clone = SplitDetailPane(row: row, style: style, sizeClass: sizeClass, terminalBoundary: terminalBoundary)
        clone.otherLayout = self
        otherLayout = clone
        return clone
    }
}
