import Shoji

/// A table data source of `count` computed rows in five columns (nothing stored per row), with
/// a style on every other amount so the per-cell style is asked for too.
@MainActor
public final class CountedTable: TableViewDataSource {
    let count: Int

    public init(_ count: Int) { self.count = count }

    /// An id, a name fitted to its content, a flexible city, a right-aligned amount and a
    /// flexible note.
    public static let columns = [
        TableColumn("id", title: "#", width: .fixed(8), alignment: .right),
        TableColumn("name", title: "Name", width: .fitToContent(minimum: 4, maximum: 24)),
        TableColumn("city", title: "City", width: .flexible(minimum: 8)),
        TableColumn("amount", title: "Amount", width: .fixed(12), alignment: .right),
        TableColumn("note", title: "Note", width: .flexible(minimum: 10), isSortable: false)
    ]

    static let names = ["Ann", "Bartholomew", "Cy", "Dora", "Eve", "Fay", "Gwendolyn"]
    static let cities = ["Oslo", "Lima", "Quito", "Bern", "Rome", "Kyiv", "Pune", "Accra"]

    public func numberOfRows(in tableView: TableView) -> Int { count }

    public func tableView(_ tableView: TableView, textFor column: TableColumn, row: Int) -> String {
        switch column.identifier {
        case "id": "\(row + 1)"
        case "name": Self.names[row % Self.names.count]
        case "city": Self.cities[row % Self.cities.count]
        case "amount": "\(row % 2 == 0 ? "" : "-")\(row % 1_000).\(row % 100)"
        default: "row \(row + 1) of \(count)"
        }
    }

    public func tableView(_ tableView: TableView, styleFor column: TableColumn, row: Int) -> Style? {
        column.identifier == "amount" && row % 2 == 1 ? Style(foreground: .red) : nil
    }
}
