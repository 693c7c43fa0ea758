import Testing

@testable import Shoji
import ShojiTesting

/// `RowSelection`, the selection as a value, and `SelectableRowsView`, the one layer `ListView`
/// and `TableView` share: the same moves, the same activation rule, the same look, the same
/// callbacks in both.
@MainActor
struct SelectableRowsTests {
    @Test func theSelectionStaysInTheRowsAndItsMovesStopAtTheEnds() {
        var selection = RowSelection(count: 10, row: 42)
        #expect(selection.row == 9, "clamped")
        selection.row = -3
        #expect(selection.row == 0)
        selection.setCount(0)
        #expect(selection.row == nil, "no rows, no selection")
        selection.setCount(5)
        selection.row = 4
        selection.setCount(3)
        #expect(selection.row == 2, "its row gone: the last row")
        let fresh = RowSelection(count: 100)
        #expect(fresh.target(of: .moveDown, page: 10, visible: 20..<30) == .some(20), "from none: the first shown")
        #expect(fresh.target(of: .moveUp, page: 10, visible: 20..<30) == .some(29), "from none: the last shown")
        #expect(fresh.target(of: .moveToEnd, page: 10, visible: 20..<30) == .some(99))
        let at = RowSelection(count: 100, row: 95)
        #expect(at.target(of: .pageDown, page: 10, visible: 90..<100) == .some(99), "stops at the end")
        #expect(at.target(of: .pageUp, page: 10, visible: 90..<100) == .some(85))
        #expect(at.target(of: .activate, page: 10, visible: 90..<100) == nil, "no move")
    }

    /// Both views in one window, each with ten rows "Row n" and the same callbacks.
    @MainActor
    final class Scene {
        final class Rows: ListViewDataSource, TableViewDataSource {
            func numberOfRows(in listView: ListView) -> Int { 10 }
            func listView(_ listView: ListView, titleForRow row: Int) -> String { "Row \(row)" }
            func numberOfRows(in tableView: TableView) -> Int { 10 }
            func tableView(_ tableView: TableView, textFor column: TableColumn, row: Int) -> String { "Row \(row)" }
        }
        let rows = Rows()
        let list = ListView(frame: Rect(x: 0, y: 0, width: 10, height: 5))
        let table = TableView(frame: Rect(x: 12, y: 0, width: 10, height: 6))
        let pilot: Pilot
        var heard: [String] = []

        init() {
            list.dataSource = rows
            table.columns = [TableColumn("t", title: "T", width: .flexible())]
            table.dataSource = rows
            pilot = Pilot(Window(rootViewController: HostController([list, table])), size: Size(width: 22, height: 6))
            for (name, view) in [("list", list as SelectableRowsView), ("table", table)] {
                view.onSelectionChange = { [unowned self] row in heard.append("\(name) selects \(row ?? -1)") }
                view.onActivate = { [unowned self] row in heard.append("\(name) activates \(row)") }
            }
            pilot.settle()
        }
    }

    @Test func bothTakeTheSameKeysAndTellTheSameWay() {
        let scene = Scene()
        for view in [scene.list as SelectableRowsView, scene.table] {
            scene.pilot.window.makeFirstResponder(view)
            scene.pilot.press(.down)
            scene.pilot.press(.end)
            scene.pilot.press(.pageUp)
            scene.pilot.press(.enter)
        }
        // The list shows 5 rows, the table 5 under its header: a page is 5 either way.
        #expect(
            scene.heard == [
                "list selects 0", "list selects 9", "list selects 4", "list activates 4", "table selects 0",
                "table selects 9", "table selects 4", "table activates 4"
            ], "\(scene.heard)")
    }

    @Test func theActivationRuleIsOneSettingForBoth() {
        let scene = Scene()
        #expect(scene.list.activation == .click && scene.table.activation == .doubleClick, "the defaults")
        scene.list.activation = .doubleClick
        scene.table.activation = .click
        scene.pilot.click(at: Point(x: 1, y: 2))
        #expect(scene.heard == ["list selects 2"], "one click selects a double-click list's row")
        scene.pilot.advance(by: 0.2)
        scene.pilot.click(at: Point(x: 1, y: 2))
        #expect(scene.heard.last == "list activates 2", "the second press within the interval")
        scene.pilot.click(at: Point(x: 13, y: 3))
        #expect(scene.heard.suffix(2) == ["table selects 2", "table activates 2"], "a click table activates on a click")
        scene.table.activation = .keyOnly
        scene.pilot.click(at: Point(x: 13, y: 4))
        #expect(scene.heard.last == "table selects 3", "key only: a click only selects")
    }

    @Test func theSelectedRowStyleIsAddedToTheRowsStyleInBoth() {
        let scene = Scene()
        for view in [scene.list as SelectableRowsView, scene.table] {
            view.rowStyle = Style(attributes: .bold)
            view.selectedRowStyle = Style(attributes: .underline)
            view.selectedRow = 1
        }
        scene.pilot.window.makeFirstResponder(scene.list)
        scene.pilot.settle()
        let lines = scene.pilot.styledText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1].hasPrefix("{bold underline} Row 1"), "the list adds underline to bold: \(lines[1])")
        scene.pilot.window.makeFirstResponder(scene.table)
        scene.pilot.settle()
        let table = scene.pilot.styledText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(table[2].contains("{bold underline}Row 1"), "the table the same: \(table[2])")
    }
}
