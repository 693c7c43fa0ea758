/// Supplies a `TableView`'s rows, as UIKit's `UITableViewDataSource` and AppKit's
/// `NSTableViewDataSource`: a count, and the text (and optionally the style) of each cell.
///
/// The table holds its data source weakly. It asks the count (`numberOfRows(in:)`) only in
/// `reloadData()` (setting the data source reloads). It asks for cells only where they show:
/// every frame, the cells of the rows on screen in the columns on screen; and, to measure
/// `.fitToContent` columns (at a reload, when the columns or the table's size change), the
/// cells of those columns in the rows on screen. Never a row that does not show, so a table of
/// a million rows costs what a screenful does. Changed text shows on the next frame without a
/// reload; a changed count, or rows in another order (after a sort), needs `reloadData()`.
/// Called on the main actor.
@MainActor
public protocol TableViewDataSource: AnyObject {
    /// How many rows the table has (negative counts as 0).
    func numberOfRows(in tableView: TableView) -> Int
    /// The text of `column`'s cell in `row` (in `0..<numberOfRows(in:)`): drawn on one line,
    /// aligned as the column says and truncated with "…" when wider than the column.
    func tableView(_ tableView: TableView, textFor column: TableColumn, row: Int) -> String
    /// The style of that cell, or `nil` (the default) for the table's `rowStyle`. In the
    /// selected row the selection's attributes (reverse) are added to it, so the selection
    /// shows in every cell, also without colour.
    func tableView(_ tableView: TableView, styleFor column: TableColumn, row: Int) -> Style?
    /// What `row` is, whatever its place (a process's PID, a file's path), or `nil` (the
    /// default: rows are known by their number). Named, the selection follows its row across
    /// `reloadData()` (a sort, rows added above) and the row stays on its screen line (see
    /// `TableView`), as UIKit's diffable data sources keep a selection by item identifier.
    func tableView(_ tableView: TableView, identityForRow row: Int) -> AnyHashable?
}

extension TableViewDataSource {
    /// No style of its own: the table's `rowStyle`.
    public func tableView(_ tableView: TableView, styleFor column: TableColumn, row: Int) -> Style? { nil }

    /// No identities: rows are known by their number.
    public func tableView(_ tableView: TableView, identityForRow row: Int) -> AnyHashable? { nil }
}
