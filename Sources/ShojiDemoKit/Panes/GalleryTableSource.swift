import Shoji

/// The widgets gallery's table: the data source and delegate of a `TableView` over
/// `GalleryRecords`, sorted by the column the user asks for and filtered by the latest search.
///
/// Guarantees:
/// - Rows are the records that match the latest search (`apply(_:to:)`), in the order of the
///   last sort (by number, ascending, until the user sorts). The table asks for texts only
///   for the rows that show, and each is made from its record then.
/// - A sort request (`tableView(_:didRequestSortBy:ascending:)`) reorders an index
///   permutation of all the records (`GalleryRecords.sortedOrder(by:)`: integer keys, no text)
///   or, for the sorted column the other way, reverses it; then the matching records are taken
///   in that order and the table reloads. A search result is applied the same way, so filtering
///   and sorting combine in either order.
/// - The selected record stays selected, on its new row and its screen line, through a sort and
///   through a search that still matches it: each row's identity is its record's number
///   (`tableView(_:identityForRow:)`), which the table follows; a search that drops it leaves
///   the selection on the same row number.
/// - Main actor only; the table holds this object weakly: keep it.
@MainActor
public final class GalleryTableSource: TableViewDataSource, TableViewDelegate {
    /// The records shown.
    public let records: GalleryRecords

    /// The table's columns: number, name, size and modification time; all sortable.
    public static let columns: [TableColumn] = [
        TableColumn(GalleryRecords.Column.number.rawValue, title: "#", width: .fixed(6), alignment: .right),
        TableColumn(GalleryRecords.Column.name.rawValue, title: "Name", width: .flexible(minimum: 8)),
        TableColumn(GalleryRecords.Column.size.rawValue, title: "Size", width: .fixed(9), alignment: .right),
        TableColumn(GalleryRecords.Column.modified.rawValue, title: "Modified", width: .fixed(16))
    ]

    /// Every record's index, in the order of the last sort.
    private var order: [Int32]
    /// The column `order` is sorted by, and which way.
    public private(set) var sort = TableSortDescriptor(column: GalleryRecords.Column.number.rawValue)
    /// The latest search's matches; `nil` before any (all records).
    private var matches: GalleryRecords.Matches?

    /// The records on the table's rows, in row order.
    public private(set) var shown: [Int32]

    /// Called after the rows changed (a sort or a search applied).
    public var onRowsChange: (() -> Void)?

    /// All of `records`, by number.
    public init(records: GalleryRecords) {
        self.records = records
        order = (0..<Int32(records.count)).map { $0 }
        shown = order
    }

    /// The query whose matches are shown ("" for all records).
    public var query: String { matches?.query ?? "" }

    // MARK: Data source

    public func numberOfRows(in tableView: TableView) -> Int { shown.count }

    public func tableView(_ tableView: TableView, textFor column: TableColumn, row: Int) -> String {
        guard shown.indices.contains(row), let field = GalleryRecords.Column(rawValue: column.identifier) else {
            return ""
        }
        return records.text(of: Int(shown[row]), column: field)
    }

    /// The record's number: the table keeps the selection on its record through sorts and searches.
    public func tableView(_ tableView: TableView, identityForRow row: Int) -> AnyHashable? {
        shown.indices.contains(row) ? AnyHashable(shown[row]) : nil
    }

    // MARK: Sorting and filtering

    public func tableView(_ tableView: TableView, didRequestSortBy column: TableColumn, ascending: Bool) {
        sort(by: column.identifier, ascending: ascending, in: tableView)
    }

    /// Orders the records by the column identified by `identifier` and reloads `tableView`
    /// (which shows the indicator as `sortDescriptor` says: set it when sorting from code).
    public func sort(by identifier: String, ascending: Bool, in tableView: TableView) {
        guard let column = GalleryRecords.Column(rawValue: identifier) else { return }
        if identifier == sort.column {
            // The same column: only the direction can change, and reversing keeps ties mirrored.
            if ascending != sort.ascending { order.reverse() }
        } else {
            order = records.sortedOrder(by: column)
            if !ascending { order.reverse() }
        }
        sort = TableSortDescriptor(column: identifier, ascending: ascending)
        reloadRows(in: tableView)
    }

    /// Shows the records in `matches` (a search's results), in the current order.
    public func apply(_ matches: GalleryRecords.Matches, to tableView: TableView) {
        self.matches = matches
        reloadRows(in: tableView)
    }

    /// Takes the matching records in `order` as the rows and reloads (the table follows the
    /// selected record by its identity).
    private func reloadRows(in tableView: TableView) {
        if let includes = matches?.includes {
            shown = order.filter { includes[Int($0)] }
        } else {
            shown = order
        }
        tableView.reloadData()
        onRowsChange?()
    }
}
