/// Told what the user does with a `TableView`, as UIKit's `UITableViewDelegate`: it refines
/// `ScrollViewDelegate` and is set through the table's `delegate`, so one object hears of the
/// scrolling and of the rows.
///
/// Only changes the user makes are told (keys, the mouse, and scrolling that carries the
/// selection along); changes made in code (`selectedRow`, `sortDescriptor`, `reloadData()`)
/// are not, as in UIKit. Every method has an empty default. Called on the main actor.
@MainActor
public protocol TableViewDelegate: ScrollViewDelegate {
    /// The user selected `row` (it is already `tableView.selectedRow`): once per change.
    func tableView(_ tableView: TableView, didSelectRow row: Int)
    /// The user activated `row`: Enter on the selected row, or a double click on a row.
    func tableView(_ tableView: TableView, didActivateRow row: Int)
    /// The user asked for the rows sorted by `column` (a click on its header, or a sort key).
    /// The table already shows the indicator (`tableView.sortDescriptor` is set); the table
    /// does not reorder anything itself: reorder the data and call `reloadData()`. Told before
    /// the next frame, once for all the requests since the last frame, with the last of them
    /// (sort keys typed ahead sort the data once), or at once in a table in no window.
    func tableView(_ tableView: TableView, didRequestSortBy column: TableColumn, ascending: Bool)
}

extension TableViewDelegate {
    /// Nothing.
    public func scrollViewDidScroll(_ scrollView: ScrollView) {}
    /// Nothing.
    public func tableView(_ tableView: TableView, didSelectRow row: Int) {}
    /// Nothing.
    public func tableView(_ tableView: TableView, didActivateRow row: Int) {}
    /// Nothing.
    public func tableView(_ tableView: TableView, didRequestSortBy column: TableColumn, ascending: Bool) {}
}
