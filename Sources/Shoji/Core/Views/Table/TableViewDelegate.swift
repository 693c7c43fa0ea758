/// Told of the sorts the user asks for in a `TableView` (and, as a `ScrollViewDelegate`, of the
/// scrolling), set through the table's `delegate`. The selection and activation reach the app
/// as a list's do, through the table's `onSelectionChange` and `onActivate`
/// (`SelectableRowsView`).
///
/// Only what the user does is told; changes made in code (`sortDescriptor`, `reloadData()`)
/// are not, as in UIKit. Every method has an empty default. Called on the main actor.
@MainActor
public protocol TableViewDelegate: ScrollViewDelegate {
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
    public func tableView(_ tableView: TableView, didRequestSortBy column: TableColumn, ascending: Bool) {}
}
