import Shoji

/// The `files` pane's outline data source: a directory's tree read lazily, each directory once
/// when it is first expanded (`FileEntry.entries(ofDirectory:)`: read, `lstat`ed and sorted
/// once), so a directory of 100,000 entries costs one read, and a frame the rows it shows.
///
/// Items are `FileEntry` values (known by their path's bytes). Symbolic links are shown as links and never
/// expanded; a directory that cannot be read is shown as unreadable and does not expand (one
/// that becomes unreadable before it is expanded expands to nothing and is then shown as
/// unreadable). What was read is kept for the pane's life.
@MainActor
public final class FileTree: OutlineViewDataSource {
    /// The path of the directory whose entries are the top-level rows, as bytes.
    public let rawRootPath: [UInt8]
    /// The entries read so far, by directory path (bytes).
    private var listings: [[UInt8]: [FileEntry]] = [:]
    /// The directories that could not be read when expanded (paths as bytes).
    private var failed: Set<[UInt8]> = []

    /// The tree under `rootPath`.
    public init(rootPath: String) { rawRootPath = Array(rootPath.utf8) }

    /// The path of the directory whose entries are the top-level rows.
    public var rootPath: String { String(decoding: rawRootPath, as: UTF8.self) }

    /// The columns the pane shows: the name (with the tree), the size and the kind.
    public static let columns = [
        TableColumn("name", title: "Name", width: .flexible(minimum: 12), isSortable: false),
        TableColumn("size", title: "Size", width: .fixed(9), alignment: .right, isSortable: false),
        TableColumn("kind", title: "Kind", width: .fixed(10), isSortable: false)
    ]

    /// Whether the root directory could be read (after the first expansion asked for it).
    public var rootIsReadable: Bool { !failed.contains(rawRootPath) }

    /// The entries of the directory at `path`, read the first time they are asked for.
    private func listing(_ path: [UInt8]) -> [FileEntry] {
        if let known = listings[path] { return known }
        let read = FileEntry.entries(ofDirectory: path)
        if read == nil { failed.insert(path) }
        listings[path] = read ?? []
        return read ?? []
    }

    private func path(of item: AnyHashable?) -> [UInt8] {
        (item?.base as? FileEntry)?.rawPath ?? rawRootPath
    }

    public func outlineView(_ outlineView: OutlineView, numberOfChildrenOfItem item: AnyHashable?) -> Int {
        listing(path(of: item)).count
    }

    public func outlineView(_ outlineView: OutlineView, child index: Int, ofItem item: AnyHashable?) -> AnyHashable {
        listing(path(of: item))[index]
    }

    public func outlineView(_ outlineView: OutlineView, isItemExpandable item: AnyHashable) -> Bool {
        guard let entry = item.base as? FileEntry else { return false }
        return entry.kind == .directory && !failed.contains(entry.rawPath)
    }

    public func outlineView(_ outlineView: OutlineView, textFor column: TableColumn, item: AnyHashable) -> String {
        guard let entry = item.base as? FileEntry else { return "" }
        switch column.identifier {
        case "name": return entry.title
        case "size": return entry.sizeText
        default: return failed.contains(entry.rawPath) ? "unreadable" : entry.kindText
        }
    }
}
