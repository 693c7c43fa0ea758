import Shoji

/// A menu item of kind `files`: an `OutlineView` browsing the directory at `path` (Name, Size,
/// Kind), read lazily through a `FileTree`, above a status line naming the selected entry by
/// its path below the directory ("Selected: src/main.swift") and the keys.
///
/// Guarantees: nothing is read until the pane's view loads, then only the top directory; each
/// directory is read once, when first expanded. Symbolic links are not followed; unreadable
/// entries are shown as such. The status line never shows the absolute path.
@MainActor
public final class FilesPane: ViewController {
    /// The key hint after the selection in the status line.
    public static let hint = "→ expand · ← collapse · * all below"

    /// The outline of the directory.
    public let outlineView = OutlineView()
    /// The tree the outline shows.
    public let tree: FileTree
    private let status = Label()

    /// A browser of the directory at `path`, titled `title`.
    public init(title: String, path: String) {
        tree = FileTree(rootPath: path)
        super.init()
        self.title = title
        outlineView.accessibilityLabel = title
    }

    /// The status line's text: the selected entry's path below the directory, or the hint alone.
    public var statusText: String {
        guard let entry = outlineView.selectedItem?.base as? FileEntry else {
            return tree.rootIsReadable ? Self.hint : "The directory cannot be read · " + Self.hint
        }
        let root = tree.rawRootPath
        let prefix = root.last == UInt8(ascii: "/") ? root : root + [UInt8(ascii: "/")]
        let relative =
            entry.rawPath.starts(with: prefix)
            ? String(decoding: entry.rawPath.dropFirst(prefix.count), as: UTF8.self) : entry.name
        return "Selected: \(relative) · " + Self.hint
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundStyle = .plain
        outlineView.columns = FileTree.columns
        outlineView.showsVerticalScrollIndicator = true
        outlineView.outlineDataSource = tree
        outlineView.selectedRow = 0
        outlineView.onSelectionChange = { [weak self] _ in self?.updateStatus() }
        view.addSubview(outlineView)
        view.addSubview(status)
        updateStatus()
    }

    public override func viewDidLayoutSubviews() {
        let size = view.bounds.size
        outlineView.frame = Rect(x: 0, y: 0, width: size.width, height: max(0, size.height - 1))
        status.frame = Rect(x: 0, y: max(0, size.height - 1), width: size.width, height: min(1, size.height))
    }

    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        outlineView.becomeFirstResponder()
    }

    private func updateStatus() { status.text = statusText }
}
