import Shoji

/// A menu item of kind `lifecycle`: the lifecycle events of every view controller, live, from
/// a `LifecycleJournal`, newest at the bottom, in a `ListView` (Up/Down, PageUp/PageDown,
/// Home/End, the wheel).
///
/// Guarantees:
/// - Every event the journal records shows at once (the pane listens to the journal), up to
///   the journal's capacity (the oldest go first).
/// - Following: while the last row is selected (or none is), each new event selects the new
///   last row, so the newest is always in view. After the user moves up, new events do not
///   move the view, and the selected event stays selected as old ones drop off; End follows
///   again.
/// - Loads nothing before its view is needed; the journal keeps the events meanwhile.
@MainActor
public final class LifecyclePane: ViewController, ListViewDataSource {
    public let journal: LifecycleJournal
    /// The list's header.
    public let headerText: String

    /// The journal's `totalCount - count` at the last reload: the number of the oldest row.
    private var firstShown = 0

    public init(title: String, text: String?, journal: LifecycleJournal) {
        self.journal = journal
        headerText = text ?? "Lifecycle events of every controller, newest last"
        super.init()
        self.title = title
        journal.addListener(self) { [weak self] in self?.journalDidChange() }
    }

    public var listView: ListView { view as! ListView }

    public override func loadView() {
        let list = ListView()
        list.headerTitle = headerText
        list.activation = .keyOnly
        list.backgroundStyle = .plain  // opaque: the side menu's list lies under the pane
        view = list
        list.dataSource = self
        firstShown = journal.totalCount - journal.count
        list.selectedRow = journal.count - 1
    }

    private func journalDidChange() {
        guard let list = viewIfLoaded as? ListView else { return }
        let following = list.selectedRow.map { $0 == list.numberOfRows - 1 } ?? true
        let selected = list.selectedRow
        let first = journal.totalCount - journal.count
        let dropped = first - firstShown
        firstShown = first
        list.reloadData()
        if following {
            list.selectedRow = journal.count - 1
        } else if let selected {
            list.selectedRow = max(0, selected - dropped)
        }
    }

    public func numberOfRows(in listView: ListView) -> Int { journal.count }

    public func listView(_ listView: ListView, titleForRow row: Int) -> String { journal[row].line }
}
