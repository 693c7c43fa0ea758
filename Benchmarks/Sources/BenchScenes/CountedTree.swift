import Shoji

/// An outline data source of computed items (nothing stored per item): `top` top-level items,
/// each with `children` leaves; an item is its path of indices. Three columns as a file
/// browser's.
@MainActor
public final class CountedTree: OutlineViewDataSource {
    let top: Int
    let children: Int

    /// `top` items of `children` leaves each: `top * (children + 1)` nodes.
    public init(top: Int, children: Int) {
        self.top = top
        self.children = children
    }

    /// A name with the tree, a right-aligned size and a kind.
    public static let columns = [
        TableColumn("name", title: "Name", width: .flexible(minimum: 12)),
        TableColumn("size", title: "Size", width: .fixed(10), alignment: .right),
        TableColumn("kind", title: "Kind", width: .fixed(10))
    ]

    private func path(_ item: AnyHashable?) -> [Int] { item?.base as? [Int] ?? [] }

    public func outlineView(_ outlineView: OutlineView, numberOfChildrenOfItem item: AnyHashable?) -> Int {
        switch path(item).count {
        case 0: top
        case 1: children
        default: 0
        }
    }

    public func outlineView(_ outlineView: OutlineView, child index: Int, ofItem item: AnyHashable?) -> AnyHashable {
        path(item) + [index]
    }

    public func outlineView(_ outlineView: OutlineView, isItemExpandable item: AnyHashable) -> Bool {
        path(item).count == 1
    }

    public func outlineView(_ outlineView: OutlineView, textFor column: TableColumn, item: AnyHashable) -> String {
        let path = path(item)
        switch column.identifier {
        case "name": return path.count == 1 ? "folder \(path[0])" : "file \(path[0]).\(path[1])"
        case "size": return path.count == 1 ? "" : "\(path[1] * 37 % 10_000) KB"
        default: return path.count == 1 ? "directory" : "file"
        }
    }
}
