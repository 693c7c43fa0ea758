import Shoji

/// The table of the documentation pictures: files with a name, a size and a kind, sorted as
/// the user asks (the Tables article's data source).
@MainActor
final class PictureFiles: TableViewDataSource, TableViewDelegate {
    struct File {
        var name: String
        var size: Int
        var kind: String
    }

    var files = [
        File(name: "README.md", size: 8734, kind: "Markdown"), File(name: "Package.swift", size: 2310, kind: "Swift"),
        File(name: "demo.gif", size: 1_204_511, kind: "Image"), File(name: "Makefile", size: 4215, kind: "Make"),
        File(name: "DECISIONS.md", size: 96120, kind: "Markdown"), File(name: "main.swift", size: 1545, kind: "Swift"),
        File(name: "menu.json", size: 3002, kind: "JSON"), File(name: ".spi.yml", size: 86, kind: "YAML")
    ]

    /// The columns the pictures show: a flexible name, a right-aligned size and a fixed kind.
    static let columns = [
        TableColumn("name", title: "Name", width: .flexible(minimum: 12)),
        TableColumn("size", title: "Size", width: .fitToContent(minimum: 4, maximum: 10), alignment: .right),
        TableColumn("kind", title: "Kind", width: .fixed(8), isSortable: false)
    ]

    func numberOfRows(in tableView: TableView) -> Int { files.count }

    func tableView(_ tableView: TableView, textFor column: TableColumn, row: Int) -> String {
        let file = files[row]
        switch column.identifier {
        case "name": return file.name
        case "size": return "\(file.size)"
        default: return file.kind
        }
    }

    func tableView(_ tableView: TableView, didRequestSortBy column: TableColumn, ascending: Bool) {
        files.sort { a, b in
            let ordered = column.identifier == "size" ? a.size < b.size : a.name < b.name
            return ascending ? ordered : !ordered
        }
        tableView.reloadData()
    }
}
