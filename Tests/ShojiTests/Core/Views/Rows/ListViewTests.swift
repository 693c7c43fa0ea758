import Testing
import Shoji
import ShojiTesting

/// Rows titled "Row n" that count what the list asks for.
@MainActor
final class CountedRows: ListViewDataSource {
    var count: Int
    var countRequests = 0
    var titledRows: [Int] = []

    init(count: Int) { self.count = count }

    func numberOfRows(in listView: ListView) -> Int {
        countRequests += 1
        return count
    }

    func listView(_ listView: ListView, titleForRow row: Int) -> String {
        titledRows.append(row)
        return "Row \(row)"
    }

    func resetCounts() {
        countRequests = 0
        titledRows = []
    }
}

@MainActor
struct ListViewTests {
    /// A 10-column list of `rows` rows, `height` rows high, alone in its window, recording the
    /// callbacks.
    @MainActor
    final class Fixture {
        let rows: CountedRows
        let list = ListView()
        let pilot: Pilot
        var selections: [Int?] = []
        var activations: [Int] = []

        init(rows count: Int = 10, height: Int = 5, header: String? = nil, extra: [View] = []) {
            rows = CountedRows(count: count)
            list.frame = Rect(x: 0, y: 0, width: 10, height: height)
            list.headerTitle = header
            list.dataSource = rows
            pilot = Pilot(
                Window(rootViewController: HostController(extra + [list])),
                size: Size(width: 10 + (extra.isEmpty ? 0 : 10), height: height))
            list.onSelectionChange = { [weak self] in self?.selections.append($0) }
            list.onActivate = { [weak self] in self?.activations.append($0) }
        }

        var lines: [String] { pilot.lines.map { String($0.prefix(10)) } }
        var styledRows: [Substring] { pilot.styledText.split(separator: "\n", omittingEmptySubsequences: false) }
        func press(_ key: Key, times: Int = 1) { for _ in 0..<times { pilot.press(key) } }
    }

    @Test func drawsTheHeaderBoldAndTheFirstRows() {
        let fixture = Fixture(height: 4, header: "Menu")
        #expect(fixture.lines == [" Menu     ", " Row 0    ", " Row 1    ", " Row 2    "])
        #expect(fixture.styledRows[0] == "{bold} Menu     {/}")
        #expect(fixture.list.selectedRow == nil)
        #expect(fixture.rows.titledRows == [0, 1, 2], "only the rows on screen are asked for")
    }

    @Test func downSelectsTheFirstRowAndTheSelectionIsReversedWhileFocused() {
        let fixture = Fixture()
        fixture.press(.down)
        #expect(fixture.list.selectedRow == 0)
        #expect(fixture.styledRows[0] == "{reverse} Row 0    {/}")
        #expect(fixture.styledRows[1] == " Row 1    ")
        #expect(fixture.selections == [0])
    }

    @Test func unfocusedSelectionIsDimReverse() {
        let button = Button(title: "B")
        button.sizeToFit()
        let fixture = Fixture(extra: [button])
        fixture.list.frame.origin.x = 10
        fixture.list.selectedRow = 1
        fixture.pilot.advance(by: 0.1)
        #expect(button.isFocused)
        #expect(fixture.styledRows[1].hasSuffix("{dim reverse} Row 1    {/}"))
        fixture.pilot.press(.tab)
        #expect(fixture.styledRows[1].hasSuffix("{reverse} Row 1    {/}"))
    }

    @Test func movingPastTheBottomScrollsJustEnoughToShowTheSelection() {
        let fixture = Fixture()
        fixture.press(.down, times: 5)
        #expect(fixture.list.selectedRow == 4)
        #expect(fixture.list.scrollOffset == 0)
        fixture.press(.down)
        #expect(fixture.list.selectedRow == 5)
        #expect(fixture.list.scrollOffset == 1)
        #expect(fixture.lines == [" Row 1    ", " Row 2    ", " Row 3    ", " Row 4    ", " Row 5    "])
        #expect(fixture.styledRows[4] == "{reverse} Row 5    {/}")
        fixture.press(.up, times: 5)
        #expect(fixture.list.scrollOffset == 0, "moving above the top scrolls back")
        #expect(fixture.lines[0] == " Row 0    ")
    }

    @Test func navigationKeysStopAtTheEnds() {
        let fixture = Fixture()
        fixture.press(.home)
        #expect(fixture.list.selectedRow == 0)
        fixture.press(.up)
        #expect(fixture.list.selectedRow == 0, "no wrap-around")
        fixture.press(.end)
        #expect(fixture.list.selectedRow == 9)
        #expect(fixture.lines == [" Row 5    ", " Row 6    ", " Row 7    ", " Row 8    ", " Row 9    "])
        fixture.press(.down)
        #expect(fixture.list.selectedRow == 9)
        // A page is the 5 rows on screen.
        fixture.press(.pageUp)
        #expect(fixture.list.selectedRow == 4)
        #expect(fixture.lines[0] == " Row 4    ")
        fixture.press(.pageUp)
        #expect(fixture.list.selectedRow == 0)
        fixture.press(.pageUp)
        #expect(fixture.list.selectedRow == 0)
        fixture.press(.pageDown)
        #expect(fixture.list.selectedRow == 5)
        #expect(fixture.lines[4] == " Row 5    ")
        fixture.press(.pageDown)
        #expect(fixture.list.selectedRow == 9, "the last page stops at the last row")
        fixture.press(.pageDown)
        #expect(fixture.list.selectedRow == 9)
        #expect(fixture.selections == [0, 9, 4, 0, 5, 9], "one call per change, none when a key changes nothing")
    }

    @Test func enterActivatesTheSelectedRow() {
        let fixture = Fixture()
        fixture.press(.enter)
        #expect(fixture.activations.isEmpty, "nothing selected, nothing to activate")
        fixture.press(.down, times: 3)
        fixture.press(.enter)
        #expect(fixture.activations == [2])
    }

    @Test func clickSelectsAndActivatesTheRowUnderThePointer() {
        let fixture = Fixture(header: "Menu")
        fixture.press(.down, times: 6)
        #expect(fixture.list.scrollOffset == 2)
        fixture.selections = []
        fixture.pilot.click(at: Point(x: 3, y: 1))
        #expect(fixture.list.selectedRow == 2, "the first row shown, under the header")
        #expect(fixture.selections == [2])
        #expect(fixture.activations == [2])
        fixture.pilot.click(at: Point(x: 3, y: 0))
        #expect(fixture.list.selectedRow == 2 && fixture.activations == [2], "the header is not a row")
    }

    @Test func clickFocusesTheList() {
        let button = Button(title: "B")
        button.sizeToFit()
        let fixture = Fixture(extra: [button])
        fixture.list.frame.origin.x = 10
        fixture.pilot.click(at: Point(x: 12, y: 3))
        #expect(fixture.list.isFocused)
        #expect(fixture.list.selectedRow == 3)
    }

    @Test func releaseOnAnotherRowOnlySelects() {
        let fixture = Fixture()
        fixture.pilot.deliver(.mouse(MouseEvent(.press(.left), at: Point(x: 3, y: 1))))
        fixture.pilot.send(.mouse(MouseEvent(.release(.left), at: Point(x: 3, y: 3))))
        #expect(fixture.list.selectedRow == 1)
        #expect(fixture.activations.isEmpty)
        fixture.list.activation = .keyOnly
        fixture.pilot.click(at: Point(x: 3, y: 4))
        #expect(fixture.list.selectedRow == 4)
        #expect(fixture.activations.isEmpty)
    }

    @Test func wheelScrollsAndCarriesTheSelectionAlong() {
        let fixture = Fixture()
        fixture.press(.down)
        fixture.pilot.scroll(.wheelDown, at: Point(x: 2, y: 2))
        #expect(fixture.list.scrollOffset == 3)
        #expect(fixture.list.selectedRow == 3, "row 0 left the screen, so the selection moved to the top row shown")
        #expect(fixture.lines == [" Row 3    ", " Row 4    ", " Row 5    ", " Row 6    ", " Row 7    "])
        fixture.pilot.scroll(.wheelDown, at: Point(x: 2, y: 2))
        #expect(fixture.list.scrollOffset == 5, "stops at the last full screen")
        #expect(fixture.list.selectedRow == 5)
        fixture.pilot.scroll(.wheelUp, at: Point(x: 2, y: 2))
        #expect(fixture.list.scrollOffset == 2)
        #expect(fixture.list.selectedRow == 5, "still on screen, so it stays")
        #expect(fixture.selections == [0, 3, 5])
    }

    @Test func programmaticSelectionScrollsButDoesNotNotify() {
        let fixture = Fixture()
        fixture.list.selectedRow = 8
        fixture.pilot.advance(by: 0.1)
        #expect(fixture.lines[4] == " Row 8    ")
        fixture.list.selectedRow = 99
        #expect(fixture.list.selectedRow == 9, "clamped to the rows")
        #expect(fixture.selections.isEmpty)
    }

    @Test func reloadKeepsTheSelectionWithinTheRows() {
        let fixture = Fixture()
        fixture.press(.end)
        fixture.rows.count = 3
        fixture.list.reloadData()
        fixture.pilot.advance(by: 0.1)
        #expect(fixture.list.selectedRow == 2)
        #expect(fixture.lines == [" Row 0    ", " Row 1    ", " Row 2    ", "          ", "          "])
        fixture.rows.count = 0
        fixture.list.reloadData()
        #expect(fixture.list.selectedRow == nil)
    }

    @Test func shrinkingKeepsTheSelectionOnScreen() {
        let fixture = Fixture()
        fixture.press(.down, times: 5)
        // Set once the host has its size: autoresizing from a 0x0 host would scale the list.
        fixture.list.autoresizingMask = .flexibleHeight
        fixture.pilot.resize(to: Size(width: 10, height: 3))
        #expect(fixture.list.selectedRow == 4)
        #expect(fixture.lines == [" Row 2    ", " Row 3    ", " Row 4    "])
    }

    @Test func truncatesLongTitlesWithAnEllipsis() {
        let rows = FixedRows(["日本語のタイトル", "short"])
        let list = ListView(frame: Rect(x: 0, y: 0, width: 8, height: 2))
        list.dataSource = rows
        let pilot = pilot(showing: list, size: Size(width: 8, height: 2))
        #expect(pilot.lines == [" 日本…  ", " short  "], "6 columns between the margins: 日本 and the ellipsis")
    }

    /// The work of a key press and of a frame must not grow with the number of rows.
    @Test(arguments: [10, 100_000])
    func keysAndFramesAskOnlyForTheRowsOnScreen(rowCount: Int) {
        let fixture = Fixture(rows: rowCount, height: 10, header: "Menu")
        let keys: [Key] = [.down, .end, .pageUp, .up, .pageDown, .home, .pageDown, .down]
        for key in keys {
            fixture.rows.resetCounts()
            // Straight to the window, so the key's own work is measured apart from the frame's.
            (fixture.pilot.app as! Window).send(KeyEvent(key))
            #expect(fixture.rows.countRequests == 0 && fixture.rows.titledRows.isEmpty, "a key asks nothing")
            let frames = fixture.pilot.screen.presentCount
            fixture.pilot.advance(by: 0.1)
            #expect(fixture.pilot.screen.presentCount == frames + 1)
            #expect(fixture.rows.countRequests == 0)
            #expect(fixture.rows.titledRows == Array(fixture.list.visibleRows), "only the 9 rows on screen")
            #expect(fixture.rows.titledRows.count == 9)
        }
        fixture.rows.resetCounts()
        fixture.pilot.scroll(.wheelDown, at: Point(x: 1, y: 5))
        // A notch that moves the rows draws them; one at the end changes nothing and draws none.
        #expect(fixture.rows.titledRows.isEmpty || fixture.rows.titledRows == Array(fixture.list.visibleRows))
        #expect(fixture.rows.countRequests == 0)
        #expect(fixture.list.visibleRows.contains(fixture.list.selectedRow!))
    }
}

/// A fixed list of titles.
@MainActor
final class FixedRows: ListViewDataSource {
    let titles: [String]
    init(_ titles: [String]) { self.titles = titles }
    func numberOfRows(in listView: ListView) -> Int { titles.count }
    func listView(_ listView: ListView, titleForRow row: Int) -> String { titles[row] }
}
