import Shoji

/// The `files` pane's outline data source: a directory's tree read lazily, each directory once
/// when it is first expanded (`FileEntry.entries(ofDirectory:)`: read, `lstat`ed and sorted
/// once), so a directory of 100,000 entries costs one read, and a frame the rows it shows.
///
/// Items are `FileEntry` values (known by path). Symbolic links are shown as links and never
/// expanded; a directory that cannot be read is shown as unreadable and does not expand (one
/// that becomes unreadable before it is expanded expands to nothing and is then shown as
/// unreadable). What was read is kept for the pane's life.
@MainActor
public final class FileTree: OutlineViewDataSource {
    /// The directory whose entries are the top-level rows.
    public let rootPath: String
    /// The entries read so far, by directory path.
    private var listings: [String: [FileEntry]] = [:]
    /// The directories that could not be read when expanded.
    private var failed: Set<String> = []

    /// The tree under `rootPath`.
    public init(rootPath: String) { self.rootPath = rootPath }

    /// The columns the pane shows: the name (with the tree), the size and the kind.
    public static let columns = [
        TableColumn("name", title: "Name", width: .flexible(minimum: 12), isSortable: false),
        TableColumn("size", title: "Size", width: .fixed(9), alignment: .right, isSortable: false),
        TableColumn("kind", title: "Kind", width: .fixed(10), isSortable: false)
    ]

    /// Whether the root directory could be read (after the first expansion asked for it).
    public var rootIsReadable: Bool { !failed.contains(rootPath) }

    /// The entries of the directory at `path`, read the first time they are asked for.
    private func listing(_ path: String) -> [FileEntry] {
        if let known = listings[path] { return known }
        let read = FileEntry.entries(ofDirectory: path)
        if read == nil { failed.insert(path) }
        listings[path] = read ?? []
        return read ?? []
    }

    private func path(of item: AnyHashable?) -> String {
        (item?.base as? FileEntry)?.path ?? rootPath
    }

    public func outlineView(_ outlineView: OutlineView, numberOfChildrenOfItem item: AnyHashable?) -> Int {
        listing(path(of: item)).count
    }

    public func outlineView(_ outlineView: OutlineView, child index: Int, ofItem item: AnyHashable?) -> AnyHashable {
        listing(path(of: item))[index]
    }

    public func outlineView(_ outlineView: OutlineView, isItemExpandable item: AnyHashable) -> Bool {
        guard let entry = item.base as? FileEntry else { return false }
        return entry.kind == .directory && !failed.contains(entry.path)
    }

    public func outlineView(_ outlineView: OutlineView, textFor column: TableColumn, item: AnyHashable) -> String {
        guard let entry = item.base as? FileEntry else { return "" }
        switch column.identifier {
        case "name": return entry.title
        case "size": return entry.sizeText
        default: return failed.contains(entry.path) ? "unreadable" : entry.kindText
        }
    }
}
