import Testing

@testable import Shoji
import ShojiTesting

/// The Tables article's "Outlines" sample, as written there, and the screen it shows.
@MainActor
struct OutlineArticleTests {
    final class Folders: OutlineViewDataSource {
        /// Each folder's entries, by path ("" is the top); a path missing here is a file.
        var entries: [String: [String]] = [
            "": ["docs", "src", "README.md"], "docs": ["docs/guide.md"], "src": ["src/main.swift"]
        ]

        func outlineView(_ outlineView: OutlineView, numberOfChildrenOfItem item: AnyHashable?) -> Int {
            entries[item as? String ?? ""]?.count ?? 0
        }

        func outlineView(_ outlineView: OutlineView, child index: Int, ofItem item: AnyHashable?) -> AnyHashable {
            entries[item as? String ?? ""]![index]
        }

        func outlineView(_ outlineView: OutlineView, isItemExpandable item: AnyHashable) -> Bool {
            entries[item as! String] != nil
        }

        func outlineView(_ outlineView: OutlineView, textFor column: TableColumn, item: AnyHashable) -> String {
            let path = item as! String
            return column.identifier == "name"
                ? String(path.split(separator: "/").last!) : entries[path] == nil ? "file" : "folder"
        }
    }

    static let columns = [TableColumn("name", title: "Name"), TableColumn("kind", title: "Kind", width: .fixed(6))]

    @Test func theArticlesSampleShowsItsScreen() {
        let folders = Folders()
        let outline = OutlineView(frame: Rect(x: 0, y: 0, width: 30, height: 6))
        outline.columns = Self.columns
        outline.outlineDataSource = folders
        outline.expandItem("docs")
        let pilot = pilot(showing: outline, size: Size(width: 30, height: 6))
        pilot.settle()
        #expect(
            pilot.lines.prefix(5).map { $0.replacing(/\s+$/, with: "") } == [
                "Name                   │Kind", "▾ docs                 │folder", "    guide.md           │file",
                "▸ src                  │folder", "  README.md            │file"
            ])
    }
}
