import Shoji

/// A list of 20 rows ("Row 0"…, the first selected) in the top-left of a 40x10 scroll view
/// whose content is 80x40: both bind the arrows and the page keys, the case of the key help's
/// and the collision check's nested bindings.
@MainActor
final class ListInScrollView {
    private final class Rows: ListViewDataSource {
        func numberOfRows(in listView: ListView) -> Int { 20 }
        func listView(_ listView: ListView, titleForRow row: Int) -> String { "Row \(row)" }
    }

    let list = ListView(frame: Rect(x: 0, y: 0, width: 20, height: 5))
    let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 40, height: 10))
    /// The list's data source, which it holds weakly.
    private let rows = Rows()

    init() {
        list.dataSource = rows
        list.selectedRow = 0
        scrollView.contentSize = Size(width: 80, height: 40)
        scrollView.contentView.addSubview(list)
    }
}
