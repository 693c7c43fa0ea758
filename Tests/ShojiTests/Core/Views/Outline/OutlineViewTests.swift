import Testing

@testable import Shoji
import ShojiTesting

/// The outline view: lazy asking, the keys, the mouse on the disclosure glyph, the selection
/// by identity across reloads, the accessibility text and hostile titles.
@MainActor
struct OutlineViewTests {
    /// A computed tree: an item is its path of child indices; `counts(path)` says how many
    /// children it has. Every call is counted.
    final class Tree: OutlineViewDataSource {
        var counts: ([Int]) -> Int
        var titles: ([Int]) -> String = { path in "n" + path.map(String.init).joined(separator: ".") }
        /// When set, the children of every item come in reverse order.
        var reversed = false
        private(set) var countCalls = 0
        private(set) var childCalls = 0
        private(set) var expandableCalls = 0

        init(counts: @escaping ([Int]) -> Int) { self.counts = counts }

        func resetCounts() { (countCalls, childCalls, expandableCalls) = (0, 0, 0) }

        func outlineView(_ outlineView: OutlineView, numberOfChildrenOfItem item: AnyHashable?) -> Int {
            countCalls += 1
            return counts(item.map { $0.base as! [Int] } ?? [])
        }
        func outlineView(_ outlineView: OutlineView, child index: Int, ofItem item: AnyHashable?) -> AnyHashable {
            childCalls += 1
            let path = item.map { $0.base as! [Int] } ?? []
            let count = counts(path)
            return path + [reversed ? count - 1 - index : index]
        }
        func outlineView(_ outlineView: OutlineView, isItemExpandable item: AnyHashable) -> Bool {
            expandableCalls += 1
            return counts(item.base as! [Int]) > 0
        }
        func outlineView(_ outlineView: OutlineView, textFor column: TableColumn, item: AnyHashable) -> String {
            column.identifier == "name" ? titles(item.base as! [Int]) : "\((item.base as! [Int]).count)"
        }
    }

    /// Three top-level items; the second has `big` leaves; the first two children each below
    /// the first and third (depth 3).
    static func smallTree(big: Int = 3) -> Tree {
        Tree { path in
            switch path.count {
            case 0: 3
            case 1: path[0] == 1 ? big : 2
            case 2 where path[0] != 1: 2
            default: 0
            }
        }
    }

    private func outline(_ tree: Tree, width: Int = 30, height: Int = 8) -> (OutlineView, Pilot) {
        let outline = OutlineView(frame: Rect(x: 0, y: 0, width: width, height: height))
        outline.columns = [TableColumn("name", title: "Name"), TableColumn("depth", title: "D", width: .fixed(2))]
        outline.outlineDataSource = tree
        let pilot = pilot(showing: outline, size: Size(width: width, height: height))
        outline.becomeFirstResponder()
        pilot.settle()
        return (outline, pilot)
    }

    /// The screen's rows below the header, trailing blanks and the depth column cut.
    private func names(_ pilot: Pilot) -> [String] {
        pilot.lines.dropFirst().map { line in
            String(line.split(separator: "│", omittingEmptySubsequences: false).first ?? "")
                .replacing(/\s+$/, with: "")
        }
    }

    @Test func expandingAMillionChildrenAsksOnlyForTheRowsDrawn() {
        let tree = Self.smallTree(big: 1_000_000)
        let (outline, pilot) = outline(tree)
        outline.selectedRow = 1
        tree.resetCounts()
        pilot.press(.right)
        pilot.settle()
        #expect(outline.numberOfRows == 1_000_003)
        #expect(tree.countCalls == 1, "the expanded item's count, once")
        #expect(tree.childCalls < 40, "the rows drawn, not the million: \(tree.childCalls)")
        #expect(names(pilot)[2] == "    n1.0", "the first child, indented under its parent")
        tree.resetCounts()
        pilot.press(.end)
        pilot.settle()
        #expect(outline.selectedItem == AnyHashable([2]))
        #expect(names(pilot).contains("    n1.999999"))
        #expect(tree.childCalls < 40 && tree.countCalls == 0, "End walks the counts: \(tree.childCalls)")
        #expect(outline.row(forItem: AnyHashable([1])) == 1 && outline.level(forRow: 500_000) == 1)
        #expect(outline.parent(ofRow: 500_000) == AnyHashable([1]))
    }

    @Test func rightExpandsThenEntersLeftLeavesThenCollapses() {
        let tree = Self.smallTree()
        let (outline, pilot) = outline(tree)
        #expect(names(pilot).prefix(3) == ["▸ n0", "▸ n1", "▸ n2"])
        pilot.press(.down)
        pilot.press(.right)
        pilot.settle()
        #expect(outline.isItemExpanded(AnyHashable([0])) && outline.selectedRow == 0, "Right expands in place")
        #expect(names(pilot).prefix(4) == ["▾ n0", "  ▸ n0.0", "  ▸ n0.1", "▸ n1"])
        pilot.press(.right)
        #expect(outline.selectedItem == AnyHashable([0, 0]), "Right on an expanded item: its first child")
        pilot.press(.right)
        pilot.press(.right)
        #expect(outline.selectedItem == AnyHashable([0, 0, 0]))
        pilot.settle()
        #expect(names(pilot)[2] == "      n0.0.0", "a leaf: no glyph, two more spaces per level")
        pilot.press(.left)
        #expect(outline.selectedItem == AnyHashable([0, 0]), "Left on a leaf: its parent")
        pilot.press(.left)
        #expect(!outline.isItemExpanded(AnyHashable([0, 0])) && outline.selectedItem == AnyHashable([0, 0]))
        pilot.press(.left)
        pilot.press(.left)
        pilot.settle()
        #expect(outline.selectedItem == AnyHashable([0]) && !outline.isItemExpanded(AnyHashable([0])))
        #expect(outline.numberOfRows == 3)
        pilot.press(.left)
        #expect(outline.selectedRow == 0, "Left on a collapsed top-level item does nothing")
    }

    @Test func expandingAboveTheSelectionKeepsItsItemSelected() {
        let tree = Self.smallTree()
        let (outline, _) = outline(tree)
        outline.selectedRow = 2
        outline.expandItem(AnyHashable([0]))
        #expect(outline.selectedRow == 4 && outline.selectedItem == AnyHashable([2]))
        outline.expandItem(AnyHashable([0, 1]))
        #expect(outline.selectedRow == 6 && outline.item(atRow: 3) == AnyHashable([0, 1, 0]))
        outline.collapseItem(AnyHashable([0]))
        #expect(outline.selectedRow == 2 && !outline.isItemExpanded(AnyHashable([0, 1])))
    }

    @Test func collapsingAnAncestorMovesTheSelectionToItAndTellsTheApp() {
        let tree = Self.smallTree()
        let (outline, pilot) = outline(tree, height: 12)
        outline.expandItem(AnyHashable([2]), expandChildren: true)
        outline.selectedRow = outline.row(forItem: AnyHashable([2, 1, 1]))
        var told: [Int?] = []
        outline.onSelectionChange = { told.append($0) }
        // The glyph of item [2] is in column 0 of its row (row 2, screen line 3).
        pilot.click(at: Point(x: 0, y: 3))
        #expect(!outline.isItemExpanded(AnyHashable([2])))
        #expect(outline.selectedItem == AnyHashable([2]) && told == [2])
    }

    @Test func aPressOnTheGlyphTogglesWithoutSelecting() {
        let tree = Self.smallTree()
        let (outline, pilot) = outline(tree)
        outline.selectedRow = 0
        pilot.click(at: Point(x: 0, y: 2))
        #expect(outline.isItemExpanded(AnyHashable([1])) && outline.selectedRow == 0)
        pilot.settle()
        #expect(names(pilot)[1] == "▾ n1")
        pilot.click(at: Point(x: 3, y: 2))
        #expect(outline.selectedRow == 1 && outline.isItemExpanded(AnyHashable([1])), "the text selects")
        pilot.click(at: Point(x: 2, y: 3))
        #expect(outline.selectedRow == 2 && !outline.isItemExpanded(AnyHashable([1, 0])), "a leaf has no glyph")
        pilot.click(at: Point(x: 0, y: 2))
        #expect(!outline.isItemExpanded(AnyHashable([1])) && outline.selectedRow == 1)
    }

    @Test func starExpandsBelowTheSelectionWithinTheLimit() {
        let tree = Self.smallTree()
        let (outline, pilot) = outline(tree)
        outline.selectedRow = 0
        pilot.press(.character("*"))
        #expect(outline.numberOfRows == 3 + 2 + 4, "n0, its two children and their two each")
        #expect(outline.isItemExpanded(AnyHashable([0, 1])))
        let wide = Tree { path in path.count < 3 ? 1_000 : 0 }
        let (big, bigPilot) = self.outline(wide)
        big.expansionLimit = 10
        big.selectedRow = 0
        wide.resetCounts()
        bigPilot.press(.character("*"))
        #expect(big.isItemExpanded(AnyHashable([0])) && big.numberOfRows == 1_000 + 1_000 + 10 * 1_000)
        #expect(big.isItemExpanded(AnyHashable([0, 9])) && !big.isItemExpanded(AnyHashable([0, 10])))
        #expect(wide.childCalls <= 10 + 40, "ten children looked at, then a screenful drawn")
    }

    @Test func theSelectionAndTheExpandedItemsFollowTheirItemsAcrossAReload() {
        let tree = Self.smallTree(big: 50)
        let (outline, pilot) = outline(tree)
        outline.expandItem(AnyHashable([1]))
        outline.expandItem(AnyHashable([2]))
        outline.selectedRow = outline.row(forItem: AnyHashable([1, 40]))
        tree.reversed = true
        outline.reloadData()
        pilot.settle()
        #expect(outline.isItemExpanded(AnyHashable([1])) && outline.isItemExpanded(AnyHashable([2])))
        #expect(outline.selectedItem == AnyHashable([1, 40]))
        #expect(outline.row(forItem: AnyHashable([1])) == 3 && outline.row(forItem: AnyHashable([2])) == 0)
        #expect(outline.item(atRow: 2) == AnyHashable([2, 0]) && outline.item(atRow: 4) == AnyHashable([1, 49]))
        tree.counts = { path in path.isEmpty ? 3 : 0 }
        outline.reloadData()
        #expect(!outline.isItemExpanded(AnyHashable([1])) && outline.numberOfRows == 3, "no longer expandable")
    }

    @Test func theAccessibilityValueSaysTheLevelAndTheState() {
        let tree = Self.smallTree()
        let (outline, _) = outline(tree)
        outline.selectedRow = 0
        #expect(outline.accessibilityValue == "Name n0, D 1, level 1, collapsed, row 1 of 3")
        outline.expandItem(AnyHashable([0]))
        #expect(outline.accessibilityValue == "Name n0, D 1, level 1, expanded, row 1 of 5")
        outline.expandItem(AnyHashable([0, 0]))
        outline.selectedRow = 2
        #expect(outline.accessibilityValue == "Name n0.0.0, D 3, level 3, row 3 of 7")
    }

    @Test func asciiGlyphsAndHostileTitlesDrawSafely() {
        let tree = Self.smallTree()
        tree.titles = { path in "\u{1B}[2J" + String(repeating: "é", count: 200) + "\(path)" }
        let (outline, pilot) = outline(tree, width: 12, height: 4)
        pilot.window.glyphSet = .ascii
        outline.indentationPerLevel = 1_000
        outline.expandItem(AnyHashable([0]))
        pilot.settle()
        #expect(pilot.line(1).hasPrefix("- ^[[2J…"), "the escape shows as text: \(pilot.line(1))")
        #expect(pilot.line(2).hasPrefix("       …"), "indentation wider than the column is cut")
        pilot.click(at: Point(x: 0, y: 2))
        #expect(outline.isItemExpanded(AnyHashable([0])), "no glyph shows in the cut row: nothing toggles")
    }
}
