/// Supplies a `ListView`'s rows, as UIKit's `UITableViewDataSource` (one section, text rows).
///
/// The list holds its data source weakly, asks `numberOfRows(in:)` only in `reloadData()`
/// (setting the data source reloads), and asks `listView(_:titleForRow:)` while drawing, only
/// for the rows on screen, every frame. So a changed title shows on the next frame without a
/// reload, but a changed count needs `reloadData()`. Called on the main actor.
@MainActor
public protocol ListViewDataSource: AnyObject {
    /// How many rows the list has (negative counts as 0).
    func numberOfRows(in listView: ListView) -> Int
    /// The text of `row`, in `0..<numberOfRows(in:)`; drawn on one line, truncated with "…".
    func listView(_ listView: ListView, titleForRow row: Int) -> String
}
