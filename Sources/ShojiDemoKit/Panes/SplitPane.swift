import Shoji

/// A menu item of kind `placeholder`: the article's split view. A list of rows on the left (one
/// per transition style of the menu item), a placeholder on the right; Enter or a click on a
/// row shows that row's `SplitDetailPane` in the placeholder with the row's transition. `f`
/// turns property forwarding on and off: on, the navigation bar shows the detail's title and
/// its button (and not the side menu's Menu button, which F2 replaces meanwhile).
///
/// Guarantees: the first row's detail is set before the view loads (pre-loading: it appears
/// with the pane); the list keeps the focus, so its keys work at once; the row shown is derived
/// from the detail in the placeholder, never stored beside it.
@MainActor
public final class SplitPane: PlaceholderViewController, ListViewDataSource {
    /// One style per row.
    public let transitions: [TransitionStyle]
    /// The rows.
    public let listView = ListView()
    /// Columns of the list, the separator included.
    public static let listWidth = 25

    public init(title: String, transitions: [TransitionStyle]) {
        self.transitions = transitions
        super.init()
        self.title = title
        try? setInsetViewController(detail(for: 0), animated: true)
    }

    /// The row whose detail the placeholder shows (the one being shown, during a transition).
    public var shownRow: Int? { (insetViewController() as? SplitDetailPane)?.row }

    private func detail(for row: Int) -> SplitDetailPane {
        SplitDetailPane(
            row: row, style: transitions[row], sizeClass: .regular,
            terminalBoundary: sizeClassBoundary + Self.listWidth)
    }

    /// Shows `row`'s detail with its transition (a new detail each time, so the motion shows).
    public func showRow(_ row: Int) {
        guard transitions.indices.contains(row) else { return }
        try? setInsetViewController(detail(for: row), transition: transitions[row], animated: true)
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        listView.headerTitle = "Transitions"
        listView.dataSource = self
        listView.selectedRow = 0
        listView.onActivate = { [weak self] row in self?.showRow(row) }
        view.addSubview(listView)
        view.addSubview(separator)
        view.backgroundStyle = .plain  // opaque: the side menu's list lies under the pane
    }

    private let separator = SeparatorView()

    public override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        let width = view.bounds.width, height = view.bounds.height
        let listColumns = min(width, Self.listWidth - 1)
        listView.frame = Rect(x: 0, y: 0, width: listColumns, height: height)
        separator.frame = Rect(x: listColumns, y: 0, width: min(1, width - listColumns), height: height)
        placeholderViews[0].frame = Rect(
            x: listColumns + 1, y: 0, width: max(0, width - listColumns - 1), height: height)
    }

    // MARK: ListViewDataSource

    public func numberOfRows(in listView: ListView) -> Int { transitions.count }

    public func listView(_ listView: ListView, titleForRow row: Int) -> String {
        "\(row + 1) \(transitions[row].menuName)"
    }

    // MARK: Keys

    /// `f` turns forwarding on and off; other keys go on up the chain.
    public override var defaultKeyBindings: KeyBindings {
        KeyBindings(
            title: "Split",
            [KeyBinding(Self.toggleForwarding, keys: [KeyEvent(.character("f"))], title: "Forward the bars or not")])
    }

    static let toggleForwarding = KeyCommand("toggleForwarding")

    public override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        guard command == Self.toggleForwarding else { return super.perform(command, key: key) }
        forwardedPlaceholderIndex = forwardedPlaceholderIndex == nil ? 0 : nil
        return true
    }

    /// A one-column line between the list and the placeholder.
    private final class SeparatorView: View {
        override func draw(in canvas: inout Canvas) {
            for y in 0..<canvas.size.height { canvas.write("│", at: Point(x: 0, y: y)) }
        }
    }
}
