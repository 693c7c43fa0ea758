import Testing

@testable import Shoji
import ShojiTesting

/// Selection by identity: a table whose data source names its rows keeps the selection on the
/// same row across reloads that reorder, insert and remove rows, on the same screen line.
@MainActor
struct TableSelectionIdentityTests {
    /// Processes by PID, in an order the test changes.
    final class Processes: TableViewDataSource {
        var pids: [Int]
        var namesIdentities = true
        init(_ pids: [Int]) { self.pids = pids }
        func numberOfRows(in tableView: TableView) -> Int { pids.count }
        func tableView(_ tableView: TableView, textFor column: TableColumn, row: Int) -> String { "pid \(pids[row])" }
        func tableView(_ tableView: TableView, identityForRow row: Int) -> AnyHashable? {
            namesIdentities ? pids[row] : nil
        }
    }

    private func table(_ source: Processes, height: Int = 6) -> (TableView, Pilot) {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 20, height: height))
        table.columns = [TableColumn("pid", title: "PID", width: .fixed(12))]
        table.dataSource = source
        let pilot = pilot(showing: table, size: Size(width: 20, height: height))
        return (table, pilot)
    }

    /// The PID on the selected row, as the screen shows it, and its screen line.
    private func shownSelection(_ pilot: Pilot) -> (text: String, line: Int)? {
        guard let frame = pilot.screen.lastFrame else { return nil }
        for y in 0..<frame.size.height where frame[1, y].style.attributes.contains(.reverse) {
            return (pilot.line(y).trimmingCharacters(in: .whitespaces), y)
        }
        return nil
    }

    @Test func theSelectionFollowsItsRowAcrossAReorderingReload() throws {
        let source = Processes(Array(100..<200))
        let (table, pilot) = table(source)
        table.becomeFirstResponder()
        for _ in 0..<30 { pilot.press(.down) }
        pilot.press(.up)
        pilot.press(.up)
        let before = try #require(shownSelection(pilot))
        #expect(before.text.hasPrefix("pid 127 ") && table.selectedRow == 27)
        #expect(before.line > 1 && before.line < 5, "mid-screen, not at an edge a scroll would keep")
        source.pids.reverse()
        table.reloadData()
        pilot.settle()
        #expect(table.selectedRow == 72, "pid 127 is now the 73rd row")
        let after = try #require(shownSelection(pilot))
        #expect(after.text.hasPrefix("pid 127 "), "the same process is selected")
        #expect(after.line == before.line, "on the screen line where it was")
    }

    @Test func rowsInsertedAboveAndRemovedDoNotMoveTheSelectionOffItsRow() {
        let source = Processes(Array(0..<50))
        let (table, pilot) = table(source)
        table.selectedRow = 10
        source.pids.insert(contentsOf: [1000, 1001, 1002], at: 0)
        table.reloadData()
        #expect(table.selectedRow == 13 && source.pids[13] == 10)
        source.pids.removeAll { $0 == 10 }
        table.reloadData()
        pilot.settle()
        #expect(table.selectedRow == 13, "gone: the selection stays on its row number")
        #expect(source.pids[13] == 11)
        source.pids = Array((0..<30).reversed())
        table.reloadData()
        #expect(table.selectedRow == 18, "the new selection (pid 11) is remembered and followed")
        source.pids.removeFirst(10)
        table.reloadData()
        #expect(table.selectedRow == 8, "rows removed above: found above where it was")
    }

    @Test func withoutIdentitiesTheSelectionStaysOnItsRowNumber() {
        let source = Processes(Array(0..<50))
        source.namesIdentities = false
        let (table, _) = table(source)
        table.selectedRow = 10
        source.pids.reverse()
        table.reloadData()
        #expect(table.selectedRow == 10)
    }

    @Test func aListFollowsItsRowsIdentityToo() {
        final class Names: ListViewDataSource {
            var names = ["Ann", "Bo", "Cy", "Di"]
            func numberOfRows(in listView: ListView) -> Int { names.count }
            func listView(_ listView: ListView, titleForRow row: Int) -> String { names[row] }
            func listView(_ listView: ListView, identityForRow row: Int) -> AnyHashable? { names[row] }
        }
        let source = Names()
        let list = ListView(frame: Rect(x: 0, y: 0, width: 10, height: 4))
        list.dataSource = source
        list.selectedRow = 1
        source.names.sort(by: >)
        list.reloadData()
        #expect(list.selectedRow == 2 && source.names[2] == "Bo")
    }
}
