/// An `OutlineView`'s rows as its table draws them: the bridge from the table's row numbers to
/// the outline's items. The outline holds it strongly and is the table's `dataSource` through
/// it; every answer is the outline's (`OutlineView.cellText(for:row:)` and the others).
@MainActor
final class OutlineTableSource: TableViewDataSource {
    unowned let outline: OutlineView

    init(outline: OutlineView) { self.outline = outline }

    func numberOfRows(in tableView: TableView) -> Int { outline.rowCountOfTree }

    func tableView(_ tableView: TableView, textFor column: TableColumn, row: Int) -> String {
        outline.cellText(for: column, row: row)
    }

    func tableView(_ tableView: TableView, styleFor column: TableColumn, row: Int) -> Style? {
        outline.cellStyle(for: column, row: row)
    }

    func tableView(_ tableView: TableView, identityForRow row: Int) -> AnyHashable? { outline.item(atRow: row) }
}
