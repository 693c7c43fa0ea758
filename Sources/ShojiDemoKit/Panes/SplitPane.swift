import Shoji

/// A menu item of kind `placeholder`: the article's split view, built on the library's
/// `SplitViewController`. The primary column is a list of rows (one per transition style of the
/// menu item), the secondary a placeholder (`detailHost`); Enter or a click on a row shows that
/// row's `SplitDetailPane` in the placeholder with the row's transition. The divider can be
/// dragged, and below `collapseThreshold` columns the list slides away. `f` turns property
/// forwarding on and off: on, the navigation bar shows the detail's title and its button (and
/// not the side menu's Menu button, which F2 replaces meanwhile).
///
/// Guarantees: the first row's detail is set before the view loads (pre-loading: it appears
/// with the pane); the list keeps the focus, so its keys work at once; the row shown is derived
/// from the detail in the placeholder, never stored beside it.
@MainActor
public final class SplitPane: SplitViewController, ListViewDataSource {
    /// One style per row.
    public let transitions: [TransitionStyle]
    /// The primary child: the rows.
    let listPane = SplitListPane()
    /// The secondary child: the placeholder that shows the chosen row's detail, its size class
    /// read from its own width.
    public let detailHost = PlaceholderViewController()
    /// The rows.
    public var listView: ListView { listPane.listView }
    /// Columns of the list, the divider included, before any drag.
    public static let listWidth = 25

    /// Whether the navigation bar shows the detail's title and items (`f`).
    public private(set) var forwardsDetail = false {
        didSet { forwardedNavigationItemDidChange() }
    }

    public init(title: String, transitions: [TransitionStyle]) {
        self.transitions = transitions
        super.init(primary: listPane, secondary: detailHost)
        self.title = title
        preferredPrimaryColumnWidth = Self.listWidth - 1
        minimumPrimaryColumnWidth = 10
        collapseThreshold = 40
        detailHost.forwardedPlaceholderIndex = 0
        listPane.listView.dataSource = self
        listPane.listView.onActivate = { [weak self] row in self?.showRow(row) }
        try? detailHost.setInsetViewController(detail(for: 0), animated: true)
    }

    /// The detail the placeholder shows (the one being shown, during a transition).
    public func insetViewController() -> ViewController? { detailHost.insetViewController() }

    /// The row whose detail the placeholder shows (the one being shown, during a transition).
    public var shownRow: Int? { (insetViewController() as? SplitDetailPane)?.row }

    private func detail(for row: Int) -> SplitDetailPane {
        SplitDetailPane(
            row: row, style: transitions[row], sizeClass: .regular,
            terminalBoundary: detailHost.sizeClassBoundary + Self.listWidth)
    }

    /// Shows `row`'s detail with its transition (a new detail each time, so the motion shows).
    public func showRow(_ row: Int) {
        guard transitions.indices.contains(row) else { return }
        try? detailHost.setInsetViewController(detail(for: row), transition: transitions[row], animated: true)
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundStyle = .plain  // opaque: the side menu's list lies under the pane
    }

    /// The detail host's forwarded child, while `f` turned forwarding on.
    public override var childForNavigationItem: ViewController? { forwardsDetail ? detailHost : nil }

    // MARK: ListViewDataSource

    public func numberOfRows(in listView: ListView) -> Int { transitions.count }

    public func listView(_ listView: ListView, titleForRow row: Int) -> String {
        "\(row + 1) \(transitions[row].menuName)"
    }

    // MARK: Keys

    /// `f` turns forwarding on and off; other keys go on up the chain.
    public override var defaultKeyBindings: KeyBindings {
        var bindings = super.defaultKeyBindings
        bindings.title = "Split"
        bindings.set(
            KeyBinding(Self.toggleForwarding, keys: [KeyEvent(.character("f"))], title: "Forward the bars or not"))
        return bindings
    }

    static let toggleForwarding = KeyCommand("toggleForwarding")

    public override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        guard command == Self.toggleForwarding else { return super.perform(command, key: key) }
        forwardsDetail.toggle()
        return true
    }
}
