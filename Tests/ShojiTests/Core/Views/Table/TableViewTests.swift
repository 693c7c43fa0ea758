import Testing

@testable import Shoji
@testable import ShojiTesting

/// People in rows (id, name, city, note), sortable by the delegate, counting what the table
/// asks for and recording what the delegate hears.
@MainActor
final class PeopleTable: TableViewDataSource, TableViewDelegate {
    struct Person: Equatable {
        var id: Int
        var name: String
        var city: String
    }

    static let names = ["Ann", "Bartholomew", "Cy", "Dora", "Eve", "Fay"]
    static let cities = ["Oslo", "Lima", "Quito", "Bern", "Rome", "Kyiv", "Pune"]

    /// Rows computed from their number when `count` is set (nothing stored per row), else
    /// `people`.
    var count: Int?
    var people: [Person]
    var countRequests = 0
    /// Every cell asked for, as (column, row).
    var cellRequests: [(column: String, row: Int)] = []
    var selections: [Int] = []
    var activations: [Int] = []
    var sorts: [(column: String, ascending: Bool)] = []

    init(rows: Int) {
        people = (0..<rows).map { Self.person($0) }
    }

    init(computed count: Int) {
        self.count = count
        people = []
    }

    static func person(_ row: Int) -> Person {
        Person(id: row, name: names[row % names.count], city: cities[row % cities.count])
    }

    func person(_ row: Int) -> Person { count == nil ? people[row] : Self.person(row) }

    func numberOfRows(in tableView: TableView) -> Int {
        countRequests += 1
        return count ?? people.count
    }

    func tableView(_ tableView: TableView, textFor column: TableColumn, row: Int) -> String {
        cellRequests.append((column.identifier, row))
        let person = person(row)
        switch column.identifier {
        case "id": return "\(person.id)"
        case "name": return person.name
        case "city": return person.city
        default: return "n\(person.id)"
        }
    }

    /// Reorders the people and reloads, as an app does.
    func tableView(_ tableView: TableView, didRequestSortBy column: TableColumn, ascending: Bool) {
        sorts.append((column.identifier, ascending))
        people.sort { a, b in
            let (x, y) = ascending ? (a, b) : (b, a)
            switch column.identifier {
            case "name": return (x.name, x.id) < (y.name, y.id)
            case "city": return (x.city, x.id) < (y.city, y.id)
            default: return x.id < y.id
            }
        }
        tableView.reloadData()
    }

    func resetCounts() {
        countRequests = 0
        cellRequests = []
    }

    /// The rows whose cells were asked for, each once, in order.
    var requestedRows: [Int] { Array(Set(cellRequests.map(\.row))).sorted() }
}

/// The columns most tests use: a fixed id, a name fitted to its content (4 to 10), a flexible
/// city (at least 6) and a flexible note (at least 4) that does not sort.
@MainActor
let peopleColumns = [
    TableColumn("id", title: "#", width: .fixed(3), alignment: .right),
    TableColumn("name", title: "Name", width: .fitToContent(minimum: 4, maximum: 10)),
    TableColumn("city", title: "City", width: .flexible(minimum: 6)),
    TableColumn("note", title: "Note", width: .flexible(minimum: 4), isSortable: false)
]

@MainActor
struct TableViewTests {
    /// A table of `rows` people, `width` x `height` (header included), alone in its window and
    /// focused; scroll bars off unless `bars`.
    @MainActor
    final class Fixture {
        let people: PeopleTable
        let table: TableView
        let pilot: Pilot

        init(
            rows: Int = 30, computed: Bool = false, width: Int = 40, height: Int = 6, bars: Bool = false,
            origin: Point = .zero, columns: [TableColumn] = peopleColumns, follows: Bool = false
        ) {
            people = computed ? PeopleTable(computed: rows) : PeopleTable(rows: rows)
            table = TableView(frame: Rect(origin: origin, size: Size(width: width, height: height)))
            table.showsVerticalScrollIndicator = bars
            table.showsHorizontalScrollIndicator = bars
            table.columns = columns
            table.dataSource = people
            table.delegate = people
            table.onSelectionChange = { [unowned people] row in if let row { people.selections.append(row) } }
            table.onActivate = { [unowned people] row in people.activations.append(row) }
            let root = ViewController()
            root.view.addSubview(table)
            pilot = Pilot(
                Window(rootViewController: root), size: Size(width: origin.x + width, height: origin.y + height))
            pilot.window.cursorFollowsFocus = follows
            pilot.window.makeFirstResponder(table)
            pilot.settle()
        }

        var lines: [String] { pilot.lines }
        var styledRows: [Substring] { pilot.styledText.split(separator: "\n", omittingEmptySubsequences: false) }
        func press(_ key: Key, times: Int = 1) { for _ in 0..<times { pilot.press(key) } }
    }

    // MARK: Columns

    @Test func fixedFittedAndFlexibleColumnsAtSeveralWidths() {
        // 3 fixed + 10 fitted ("Bartholomew" is 11, the maximum 10) + 3 separators = 16; the
        // flexible columns share the rest.
        let wide = Fixture(width: 40)
        #expect(wide.table.columnWidths == [3, 10, 12, 12])
        #expect(wide.lines[0] == "  #│Name      │City        │Note        ")
        #expect(wide.lines[1] == "  0│Ann       │Oslo        │n0          ")
        #expect(wide.lines[2] == "  1│Bartholom…│Lima        │n1          ", "truncated with an ellipsis")

        let odd = Fixture(width: 31)
        #expect(odd.table.columnWidths == [3, 10, 8, 7], "the spare column goes to the leftmost flexible one")

        // 9 left to share: the city's minimum (6) is more than half, so it takes 6 and the
        // note its minimum 4: 26 columns in all, wider than the view.
        let narrow = Fixture(width: 25)
        #expect(narrow.table.columnWidths == [3, 10, 6, 4])
        #expect(narrow.table.contentSize.width == 26)
        #expect(narrow.lines[1] == "  0│Ann       │Oslo  │n0 ", "the rest is a scroll away")
    }

    @Test func flexibleColumnsShareWhatIsLeftAndKeepTheirMinimums() {
        let columns = [
            TableColumn("a", width: .flexible(minimum: 1)), TableColumn("b", width: .flexible(minimum: 10)),
            TableColumn("c", width: .fixed(5))
        ]
        #expect(
            TableView.widths(of: columns, measured: [], available: 30) == [12, 11, 5],
            "23 shared, the spare one to the left")
        #expect(TableView.widths(of: columns, measured: [], available: 20) == [3, 10, 5], "b's minimum first")
        #expect(TableView.widths(of: columns, measured: [], available: 5) == [1, 10, 5], "too narrow: minimums")
        let fitted = [
            TableColumn("f", width: .fitToContent(minimum: 3, maximum: 8)), TableColumn("g", width: .fixed(-2))
        ]
        #expect(TableView.widths(of: fitted, measured: [1, 0], available: 40) == [3, 0], "at least the minimum")
        #expect(TableView.widths(of: fitted, measured: [20, 0], available: 40) == [8, 0], "at most the maximum")
        let upsideDown = [TableColumn("h", width: .fitToContent(minimum: 6, maximum: 2))]
        #expect(TableView.widths(of: upsideDown, measured: [4], available: 40) == [6], "the minimum wins")
    }

    /// A fitted column reads only the rows on screen, and only when it measures: a longer name
    /// further down is truncated when scrolled to, until a reload measures the rows then shown.
    @Test func aFittedColumnIsMeasuredFromTheRowsOnScreenAtReload() {
        let columns = [TableColumn("name", title: "N", width: .fitToContent(minimum: 1)), TableColumn("id")]
        let fixture = Fixture(rows: 30, columns: columns)
        fixture.people.people[20].name = "Maximilianus"
        fixture.table.reloadData()
        #expect(fixture.table.columnWidths[0] == 11, "Bartholomew (row 1) is the widest on screen")
        fixture.people.resetCounts()
        fixture.table.selectedRow = 20
        fixture.pilot.settle()
        #expect(fixture.table.columnWidths[0] == 11, "scrolling measures nothing")
        #expect(fixture.lines[5].hasPrefix("Maximilian…│"))
        #expect(fixture.people.requestedRows == Array(16..<21), "only the rows drawn were read")
        fixture.table.reloadData()
        fixture.pilot.settle()
        #expect(fixture.table.columnWidths[0] == 12)
        #expect(fixture.lines[5].hasPrefix("Maximilianus│"))
    }

    // MARK: Header and scrolling

    @Test func theHeaderStaysWhileTheRowsScrollAndIsBoldAndUnderlined() {
        let fixture = Fixture(bars: true)
        #expect(fixture.table.visibleRowCapacity == 5 && fixture.table.visibleSize.width == 39)
        fixture.press(.end)
        #expect(fixture.table.selectedRow == 29 && fixture.table.contentOffset.y == 25)
        #expect(fixture.lines[0].hasPrefix("  #│Name      │City"), "the header stays on the top row")
        #expect(fixture.lines[5].hasPrefix(" 29│Fay       │Lima"))
        #expect(fixture.styledRows[0].hasPrefix("{bold underline}  #│Name"))
        #expect(fixture.lines.map { $0.last! } == [" ", "│", "│", "│", "│", "█"], "the vertical bar under the header")
    }

    /// The scroll view gives its header the rows it has; laid out once with none, the table
    /// still has its header row when it gets some.
    @Test func theHeaderComesBackAfterALayoutWithNoHeight() {
        let people = PeopleTable(rows: 3)
        let table = TableView(frame: Rect(x: 0, y: 0, width: 20, height: 0))
        table.columns = Array(peopleColumns.prefix(2))
        table.dataSource = people
        let pilot = pilot(showing: table, size: Size(width: 20, height: 4))
        pilot.settle()
        table.frame.size.height = 4
        pilot.settle()
        #expect(pilot.lines[0].hasPrefix("  #│Name") && pilot.lines[1].hasPrefix("  0│Ann"))
    }

    @Test func sidewaysTheHeaderAndTheRowsMoveTogether() {
        let fixture = Fixture(width: 20, height: 7, bars: true)
        // 26 columns of rows in 19 (the vertical bar takes one): a horizontal bar at the bottom.
        #expect(fixture.table.showsIndicators == (true, true))
        func shown(_ y: Int) -> String { String(fixture.lines[y].prefix(19)) }
        #expect(shown(0) == "  #│Name      │City")
        #expect(shown(1) == "  0│Ann       │Oslo")
        #expect(fixture.lines[6].hasPrefix("█"), "the horizontal bar")
        fixture.press(.right)
        #expect(fixture.table.contentOffset.x == 4, "to the next column's left edge")
        #expect(shown(0) == "Name      │City  │N")
        #expect(shown(1) == "Ann       │Oslo  │n")
        fixture.press(.right)
        #expect(fixture.table.contentOffset.x == 7, "the next column's edge is past the end: the end")
        #expect(shown(0) == "e      │City  │Note")
        #expect(shown(1) == "       │Oslo  │n0  ")
        fixture.press(.left)
        #expect(fixture.table.contentOffset.x == 4)
        fixture.press(.left)
        #expect(fixture.table.contentOffset.x == 0)
        fixture.pilot.click(at: Point(x: 17, y: 6))
        #expect(fixture.table.contentOffset.x == 7, "a click on the bar's track pages right")
        #expect(fixture.lines[0].hasPrefix("e      │City"), "and the header followed")
    }

    @Test func leftAndRightGoOnWhenTheColumnsFit() {
        let fixture = Fixture(width: 40)
        #expect(!fixture.table.canPerform(.moveLeft) && !fixture.table.canPerform(.moveRight))
        let narrow = Fixture(width: 20)
        #expect(narrow.table.canPerform(.moveLeft) && narrow.table.canPerform(.moveRight))
    }

    // MARK: Sorting

    @Test func aClickOnAHeaderSortsByItsColumnAndAgainTheOtherWay() throws {
        let fixture = Fixture()
        try fixture.pilot.click(on: "Name")
        #expect(fixture.people.sorts.map(\.column) == ["name"] && fixture.people.sorts.map(\.ascending) == [true])
        #expect(fixture.table.sortDescriptor == TableSortDescriptor(column: "name", ascending: true))
        // The reload measured the names on screen again: all "Ann", so the title and its
        // indicator are the widest.
        #expect(fixture.lines[0] == "  #│Name ▲│City          │Note          ")
        #expect(fixture.lines[1].hasPrefix("  0│Ann "), "the app reordered and reloaded")
        #expect(fixture.lines[2].hasPrefix("  6│Ann "))
        try fixture.pilot.click(on: "Name")
        #expect(fixture.people.sorts.map(\.ascending) == [true, false])
        #expect(fixture.lines[0] == "  #│Name ▼│City          │Note          ")
        #expect(fixture.lines[1].hasPrefix(" 29│Fay "))
        try fixture.pilot.click(on: "Note")
        #expect(fixture.people.sorts.count == 2, "the note column does not sort")
        fixture.pilot.click(at: Point(x: 3, y: 0))
        #expect(fixture.people.sorts.count == 2, "a separator is no column")
        // A press on one header released on another sorts nothing.
        fixture.pilot.deliver(.mouse(MouseEvent(.press(.left), at: Point(x: 1, y: 0))))
        fixture.pilot.send(.mouse(MouseEvent(.release(.left), at: Point(x: 20, y: 0))))
        #expect(fixture.people.sorts.count == 2)
        try fixture.pilot.click(on: "#")
        #expect(fixture.table.sortDescriptor == TableSortDescriptor(column: "id"))
        #expect(fixture.lines[0].hasPrefix("# ▲│Name      │"), "right-aligned as the cells")
    }

    /// Sort keys typed ahead (read together, no frame between them) sort the data once, by
    /// where they end: 3,000 of them cost one sort, not 3,000.
    @Test func sortKeysTypedAheadSortTheDataOnceByTheLastRequest() {
        let fixture = Fixture()
        for _ in 0..<6 { fixture.pilot.deliver(.key(KeyEvent(.character("s")))) }
        fixture.pilot.deliver(.key(KeyEvent(.character("S"))))
        #expect(fixture.table.sortDescriptor == TableSortDescriptor(column: "city", ascending: false))
        #expect(fixture.people.sorts.isEmpty, "nothing sorted before the frame")
        fixture.pilot.settle()
        #expect(fixture.people.sorts.map(\.column) == ["city"] && fixture.people.sorts.map(\.ascending) == [false])
        #expect(fixture.pilot.line(1).contains(fixture.people.people[0].city), "the frame shows the sorted rows")
    }

    @Test func sKeysSortByTheNextColumnAndReverse() {
        let fixture = Fixture()
        #expect(!fixture.table.canPerform(.reverseSortOrder), "nothing to reverse yet")
        fixture.pilot.press(.character("s"))
        #expect(fixture.table.sortDescriptor == TableSortDescriptor(column: "id"))
        fixture.pilot.press(.character("s"))
        fixture.pilot.press(.character("s"))
        #expect(fixture.table.sortDescriptor == TableSortDescriptor(column: "city"))
        fixture.pilot.press(.character("S"))
        #expect(fixture.table.sortDescriptor == TableSortDescriptor(column: "city", ascending: false))
        fixture.pilot.press(.character("s"))
        #expect(fixture.table.sortDescriptor == TableSortDescriptor(column: "id"), "past the last sortable: the first")
        #expect(fixture.people.sorts.map(\.column) == ["id", "name", "city", "city", "id"])
        #expect(fixture.people.sorts.map(\.ascending) == [true, true, true, false, true])
        fixture.table.sortDescriptor = TableSortDescriptor(column: "name", ascending: false)
        #expect(fixture.people.sorts.count == 5, "set in code: the delegate hears nothing")
        fixture.table.columns = Array(peopleColumns.prefix(1))
        #expect(fixture.table.sortDescriptor == nil, "its column is gone")
    }

    // MARK: Selection

    /// Focused with nothing selected, the header shows the focus; a selection takes it over;
    /// unfocused, neither shows it (issue 31: Tab to the table changed nothing on screen).
    @Test func aFocusedTableWithNoSelectionShowsTheFocusOnItsHeader() {
        let fixture = Fixture()
        #expect(fixture.table.isFocused && fixture.table.selectedRow == nil)
        #expect(fixture.styledRows[0].hasPrefix("{bold underline reverse}"), "\(fixture.styledRows[0])")
        #expect(!fixture.styledRows[1].contains("reverse"), "no row is selected: \(fixture.styledRows[1])")
        fixture.press(.down)
        #expect(fixture.styledRows[0].hasPrefix("{bold underline}"), "\(fixture.styledRows[0])")
        #expect(fixture.styledRows[1].hasPrefix("{reverse}"))
        fixture.table.selectedRow = nil
        fixture.pilot.settle()
        #expect(fixture.styledRows[0].hasPrefix("{bold underline reverse}"), "\(fixture.styledRows[0])")
    }

    /// Unfocused with nothing selected, nothing shows the focus.
    @Test func anUnfocusedTableShowsNoFocus() {
        let fixture = Fixture()
        let other = Button(title: "Other", frame: Rect(x: 0, y: 0, width: 7, height: 1))
        fixture.table.superview?.addSubview(other)
        fixture.pilot.window.makeFirstResponder(other)
        fixture.pilot.settle()
        #expect(!fixture.table.isFocused)
        #expect(fixture.pilot.styledText.split(separator: "\n").allSatisfy { !$0.contains("underline reverse") })
    }

    @Test func keysMoveTheSelectionAndScrollJustEnough() {
        let fixture = Fixture()
        fixture.press(.down)
        #expect(fixture.table.selectedRow == 0)
        #expect(fixture.styledRows[1] == "{reverse}  0│Ann       │Oslo        │n0          {/}")
        fixture.press(.down, times: 5)
        #expect(fixture.table.selectedRow == 5 && fixture.table.contentOffset.y == 1)
        #expect(fixture.lines[5].hasPrefix("  5│Fay"))
        fixture.press(.pageDown)
        #expect(fixture.table.selectedRow == 10 && fixture.lines[5].hasPrefix(" 10│"))
        fixture.press(.end)
        #expect(fixture.table.selectedRow == 29)
        fixture.press(.down)
        #expect(fixture.table.selectedRow == 29, "no wrap-around")
        fixture.press(.pageUp)
        #expect(fixture.table.selectedRow == 24 && fixture.lines[1].hasPrefix(" 24│"))
        fixture.press(.home)
        #expect(fixture.table.selectedRow == 0 && fixture.table.contentOffset.y == 0)
        fixture.press(.up)
        #expect(fixture.people.selections == [0, 1, 2, 3, 4, 5, 10, 29, 24, 0], "once per change")
        fixture.press(.enter)
        #expect(fixture.people.activations == [0])
    }

    @Test func aClickSelectsADoubleClickActivates() {
        let fixture = Fixture()
        fixture.pilot.click(at: Point(x: 6, y: 3))
        #expect(fixture.table.selectedRow == 2 && fixture.people.activations.isEmpty)
        fixture.pilot.click(at: Point(x: 6, y: 3))
        #expect(fixture.people.activations == [2], "a second press within the interval")
        fixture.pilot.click(at: Point(x: 6, y: 3))
        #expect(fixture.people.activations == [2], "a third starts over")
        fixture.pilot.advance(by: 1)
        fixture.pilot.click(at: Point(x: 6, y: 3))
        #expect(fixture.people.activations == [2], "too late for a double click")
        fixture.pilot.click(at: Point(x: 6, y: 4))
        #expect(fixture.table.selectedRow == 3 && fixture.people.activations == [2], "another row")
        #expect(fixture.people.selections == [2, 3])
        // Dragging moves the selection.
        fixture.pilot.deliver(.mouse(MouseEvent(.press(.left), at: Point(x: 6, y: 1))))
        fixture.pilot.send(.mouse(MouseEvent(.drag(.left), at: Point(x: 6, y: 5))))
        fixture.pilot.send(.mouse(MouseEvent(.release(.left), at: Point(x: 6, y: 5))))
        #expect(fixture.table.selectedRow == 4)
    }

    @Test func aClickFocusesTheTable() {
        let button = Button(title: "B", frame: Rect(x: 0, y: 0, width: 5, height: 1))
        let table = TableView(frame: Rect(x: 0, y: 1, width: 30, height: 5))
        let people = PeopleTable(rows: 10)
        table.columns = peopleColumns
        table.dataSource = people
        let pilot = pilot(showing: button, table, size: Size(width: 30, height: 6))
        pilot.window.makeFirstResponder(button)
        pilot.settle()
        pilot.click(at: Point(x: 5, y: 3))
        #expect(table.isFocused && table.selectedRow == 1)
    }

    @Test func theWheelScrollsAndCarriesTheSelectionAlong() {
        let fixture = Fixture()
        fixture.press(.down)
        fixture.pilot.scroll(.wheelDown, at: Point(x: 5, y: 2))
        #expect(fixture.table.contentOffset.y == 3 && fixture.table.selectedRow == 3)
        fixture.table.contentOffset = Point(x: 0, y: 20)
        #expect(fixture.table.selectedRow == 20, "scrolled in code: carried along too")
        fixture.pilot.scroll(.wheelUp, at: Point(x: 5, y: 2))
        #expect(fixture.table.contentOffset.y == 17 && fixture.table.selectedRow == 20, "still on screen: stays")
    }

    @Test func programmaticSelectionAndReloadsKeepTheSelectionOnScreenAndTellNothing() {
        let fixture = Fixture()
        fixture.table.selectedRow = 12
        fixture.pilot.settle()
        #expect(fixture.lines[5].hasPrefix(" 12│"))
        fixture.table.selectedRow = 99
        #expect(fixture.table.selectedRow == 29)
        fixture.people.people.removeLast(25)
        fixture.table.reloadData()
        fixture.pilot.settle()
        #expect(fixture.table.selectedRow == 4 && fixture.table.contentOffset.y == 0)
        fixture.people.people = []
        fixture.table.reloadData()
        #expect(fixture.table.selectedRow == nil)
        #expect(fixture.people.selections.isEmpty)
    }

    @Test func aCellsStyleShowsAndTheSelectionIsAddedToIt() {
        final class Styled: TableViewDataSource {
            func numberOfRows(in tableView: TableView) -> Int { 3 }
            func tableView(_ tableView: TableView, textFor column: TableColumn, row: Int) -> String { "r\(row)" }
            func tableView(_ tableView: TableView, styleFor column: TableColumn, row: Int) -> Style? {
                column.identifier == "b" ? Style(attributes: .bold) : nil
            }
        }
        let source = Styled()
        let table = TableView(frame: Rect(x: 0, y: 0, width: 7, height: 4))
        table.columns = [TableColumn("a", width: .fixed(3)), TableColumn("b", width: .fixed(3))]
        table.dataSource = source
        table.selectedRow = 1
        let pilot = pilot(showing: table, size: Size(width: 7, height: 4))
        pilot.window.makeFirstResponder(table)
        pilot.settle()
        let rows = pilot.styledText.split(separator: "\n")
        #expect(rows[1] == "r0 │{bold}r0 {/}")
        #expect(rows[2] == "{reverse}r1 │{/}{bold reverse}r1 {/}")
        withExtendedLifetime(source) {}
    }

    // MARK: Cost

    /// The work of a key and of a frame must not grow with the number of rows: a frame asks
    /// for the cells on screen, a key for none.
    @Test(arguments: [100, 1_000_000])
    func framesAskOnlyForTheCellsOnScreen(rowCount: Int) {
        let fixture = Fixture(rows: rowCount, computed: true, height: 10)
        #expect(fixture.people.countRequests == 1)
        let keys: [Key] = [.down, .end, .pageUp, .up, .pageDown, .home, .pageDown, .down]
        for key in keys {
            fixture.people.resetCounts()
            (fixture.pilot.app as! Window).send(KeyEvent(key))
            #expect(fixture.people.countRequests == 0 && fixture.people.cellRequests.isEmpty, "a key asks nothing")
            fixture.pilot.advance(by: 0.1)
            #expect(fixture.people.countRequests == 0)
            // Counts first: a failure listing a million rows would take minutes to print.
            #expect(fixture.people.cellRequests.count == 9 * 4, "the 4 cells of the 9 rows on screen, once each")
            #expect(fixture.people.requestedRows.count == 9)
            #expect(Set(fixture.people.requestedRows) == Set(fixture.table.visibleRows))
        }
        fixture.people.resetCounts()
        fixture.pilot.scroll(.wheelDown, at: Point(x: 1, y: 5))
        #expect(fixture.people.cellRequests.count == 9 * 4 && fixture.people.countRequests == 0)
        // Measuring the fitted column at a reload reads its cells in those rows only.
        fixture.people.resetCounts()
        fixture.table.reloadData()
        #expect(fixture.people.countRequests == 1)
        #expect(fixture.people.cellRequests.count == 9, "the name of each row on screen")
        #expect(
            fixture.people.cellRequests.count == 9 && fixture.people.cellRequests.allSatisfy { $0.column == "name" })
        #expect(
            fixture.people.cellRequests.count == 9
                && Set(fixture.people.requestedRows) == Set(fixture.table.visibleRows))
    }

    @Test func onlyTheColumnsOnScreenAreAsked() {
        let fixture = Fixture(width: 12)
        fixture.people.resetCounts()
        fixture.pilot.window.setNeedsDisplay()
        fixture.pilot.advance(by: 0.1)
        #expect(Set(fixture.people.cellRequests.map(\.column)) == ["id", "name"], "city and note are off to the right")
    }

    // MARK: Screen readers

    @Test func theCursorSitsOnTheSelectedRowsFirstCell() {
        let fixture = Fixture(width: 20, origin: Point(x: 2, y: 1), follows: true)
        #expect(fixture.pilot.cursor == Point(x: 2, y: 1), "no selection: the table's first cell")
        fixture.press(.down, times: 3)
        #expect(fixture.pilot.cursor == Point(x: 2, y: 4), "row 2, under the header")
        fixture.press(.end)
        #expect(fixture.pilot.cursor == Point(x: 2, y: 6), "scrolled with the selection")
        fixture.press(.right)
        #expect(fixture.table.contentOffset.x == 4)
        #expect(fixture.pilot.cursor == Point(x: 2, y: 6), "scrolled sideways: the row's first cell on screen")
    }
}

/// The example and the picture in the Tables article (Shoji.docc/Tables.md), kept true.
@MainActor
struct TableArticleTests {
    struct File { var name: String; var size: Int; var kind: String }

    /// The article's columns: a flexible name, a right-aligned size and a fixed kind.
    static let columns = [
        TableColumn("name", title: "Name", width: .flexible(minimum: 12)),
        TableColumn("size", title: "Size", width: .fitToContent(minimum: 4, maximum: 10), alignment: .right),
        TableColumn("kind", title: "Kind", width: .fixed(8), isSortable: false)
    ]

    /// The article's data source and delegate, as written there.
    final class Files: TableViewDataSource, TableViewDelegate {
        var files: [File] = []

        func numberOfRows(in tableView: TableView) -> Int { files.count }

        func tableView(_ tableView: TableView, textFor column: TableColumn, row: Int) -> String {
            let file = files[row]
            switch column.identifier {
            case "name": return file.name
            case "size": return "\(file.size)"
            default: return file.kind
            }
        }

        func tableView(_ tableView: TableView, didRequestSortBy column: TableColumn, ascending: Bool) {
            files.sort { a, b in
                let ordered = column.identifier == "size" ? a.size < b.size : a.name < b.name
                return ascending ? ordered : !ordered
            }
            tableView.reloadData()
        }
    }

    @Test func theArticlesPictureIsWhatTheTableDraws() throws {
        let files = Files()
        files.files = [
            File(name: "Package.swift", size: 2_310, kind: "Swift"),
            File(name: "README.md", size: 8_734, kind: "Markdown"),
            File(name: "Makefile", size: 4_215, kind: "Make"),
            File(name: "DECISIONS.md", size: 96_120, kind: "Markdown"),
            File(name: "demo.gif", size: 1_204_511, kind: "Image"), File(name: "LICENSE", size: 1_072, kind: "Text"),
            File(name: "notes.txt", size: 311, kind: "Text"), File(name: "main.swift", size: 1_545, kind: "Swift")
        ]
        let table = TableView(frame: Rect(x: 0, y: 0, width: 36, height: 7))
        table.columns = Self.columns
        table.dataSource = files
        table.delegate = files
        var opened: [String] = []
        table.onActivate = { [unowned files] row in opened.append(files.files[row].name) }
        let pilot = pilot(showing: table, size: Size(width: 36, height: 7))
        try pilot.click(on: "Size")
        try pilot.click(on: "Size")
        pilot.click(at: Point(x: 3, y: 3))
        pilot.press(.enter)
        #expect(opened == ["README.md"])
        #expect(table.selectedRow == 2)
        let picture = [
            "Name              │ Size ▼│Kind",
            "demo.gif          │1204511│Image   █",
            "DECISIONS.md      │  96120│Markdown█",
            "README.md         │   8734│Markdown█",
            "Makefile          │   4215│Make    █",
            "Package.swift     │   2310│Swift   █",
            "main.swift        │   1545│Swift   │"
        ]
        #expect(pilot.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) } == picture)
        #expect(pilot.styledText.split(separator: "\n")[3].hasPrefix("{reverse}README.md"))
    }
}
