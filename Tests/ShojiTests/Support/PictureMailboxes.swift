import Shoji

/// The list of the documentation pictures: mailboxes in two sections, with unread counts as
/// accessories.
@MainActor
final class PictureMailboxes: ListViewDataSource {
    let sections: [(title: String, rows: [(name: String, unread: Int)])] = [
        ("Favourites", [("Inbox", 12), ("Flagged", 3), ("Drafts", 0)]),
        ("Folders", [("Archive", 0), ("Receipts", 1), ("Travel", 0)])
    ]

    private var rows: [(name: String, unread: Int)] { sections.flatMap(\.rows) }

    func numberOfRows(in listView: ListView) -> Int { rows.count }
    func numberOfSections(in listView: ListView) -> Int { sections.count }

    func listView(_ listView: ListView, numberOfRowsInSection section: Int) -> Int { sections[section].rows.count }

    func listView(_ listView: ListView, titleForHeaderInSection section: Int) -> String? { sections[section].title }

    func listView(_ listView: ListView, titleForRow row: Int) -> String { rows[row].name }

    func listView(_ listView: ListView, accessoryForRow row: Int) -> String? {
        rows[row].unread > 0 ? "\(rows[row].unread)" : nil
    }
}
