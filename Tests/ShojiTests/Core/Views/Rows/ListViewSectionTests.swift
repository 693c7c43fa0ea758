import Testing
import Shoji
import ShojiSnapshotTesting
import ShojiTesting

/// `sections` sections of `perSection` rows; section s is "Section s" when it has a header
/// (every `headerEvery`-th), row r is "Row r", with subtitle "Sub r" and accessory "#r % 100".
/// Counts every call the list makes.
@MainActor
final class SectionedRows: ListViewDataSource {
    let sections: Int
    let perSection: Int
    var headerEvery = 1
    var calls: [String] = []

    init(sections: Int, perSection: Int) {
        self.sections = sections
        self.perSection = perSection
    }

    func numberOfRows(in listView: ListView) -> Int {
        calls.append("rows")
        return sections * perSection
    }

    func listView(_ listView: ListView, titleForRow row: Int) -> String {
        calls.append("title \(row)")
        return "Row \(row)"
    }

    func numberOfSections(in listView: ListView) -> Int {
        calls.append("sections")
        return sections
    }

    func listView(_ listView: ListView, numberOfRowsInSection section: Int) -> Int {
        calls.append("count \(section)")
        return perSection
    }

    func listView(_ listView: ListView, titleForHeaderInSection section: Int) -> String? {
        calls.append("header \(section)")
        return section % headerEvery == 0 ? "Section \(section)" : nil
    }

    func listView(_ listView: ListView, subtitleForRow row: Int) -> String? {
        calls.append("subtitle \(row)")
        return "Sub \(row)"
    }

    func listView(_ listView: ListView, accessoryForRow row: Int) -> String? {
        calls.append("accessory \(row)")
        return "#\(row % 100)"
    }
}

@MainActor
struct ListViewSectionTests {
    /// A list of `width` x `height`, alone in its window.
    private func show(
        _ source: SectionedRows, width: Int = 16, height: Int = 6,
        configure: (ListView) -> Void = { _ in }
    ) -> (ListView, Pilot) {
        let list = ListView(frame: Rect(x: 0, y: 0, width: width, height: height))
        configure(list)
        list.dataSource = source
        let pilot = pilot(showing: list, size: Size(width: width, height: height))
        return (list, pilot)
    }

    @Test func sectionHeadersSitAboveTheirRowsAndAreNotRows() throws {
        let source = SectionedRows(sections: 3, perSection: 2)
        let (list, pilot) = show(source, height: 9)
        #expect(list.numberOfSections == 3)
        #expect(list.rows(inSection: 1) == 2..<4)
        #expect(list.section(containingRow: 5) == 2)
        // A header reads as one without colour: bold and underlined.
        assertSnapshot(of: pilot, as: .styledScreen, named: "three-sections")
        pilot.window.makeFirstResponder(list)
        pilot.press(.down)
        pilot.press(.down)
        pilot.press(.down)
        #expect(list.selectedRow == 2, "Down goes from row 1 to row 2 over the header")
        #expect(list.row(at: Point(x: 2, y: 3)) == nil, "a header is no row")
        pilot.click(at: Point(x: 2, y: 3))
        #expect(list.selectedRow == 2, "a click on a header selects nothing")
        pilot.click(at: Point(x: 2, y: 8))
        #expect(list.selectedRow == 5)
    }

    @Test func movingToASectionsFirstRowShowsItsHeader() {
        let source = SectionedRows(sections: 4, perSection: 3)
        let (list, pilot) = show(source, height: 4)
        pilot.window.makeFirstResponder(list)
        pilot.press(.down)  // selects row 0
        for _ in 0..<3 { pilot.press(.down) }
        #expect(list.selectedRow == 3)
        #expect(
            pilot.lines.suffix(2) == [" Section 1      ", " Row 3          "],
            "scrolled just enough for the row and its header")
        pilot.press(.end)
        #expect(pilot.lines.last == " Row 11         ")
        pilot.press(.home)
        #expect(pilot.lines.first == " Section 0      ", "Home shows the first header too")
        #expect(list.scrollOffset == 0)
    }

    /// Two lines are room for a row and its header: going up to a section's first row shows
    /// its header above it.
    @Test func inAListTwoLinesHighASectionsFirstRowReachedFromBelowShowsItsHeader() {
        let source = SectionedRows(sections: 2, perSection: 3)
        let (list, pilot) = show(source, height: 2)
        pilot.window.makeFirstResponder(list)
        pilot.press(.end)
        #expect(list.selectedRow == 5 && pilot.lines == [" Row 4          ", " Row 5          "])
        pilot.press(.up)
        pilot.press(.up)
        #expect(list.selectedRow == 3)
        #expect(pilot.lines == [" Section 1      ", " Row 3          "], "the header above its first row")
    }

    /// One line shows one of a row's two: the selected row's title line, whichever way the
    /// selection came.
    @Test func inAOneLineListWithSubtitlesTheSelectedRowShowsItsTitle() {
        let source = SectionedRows(sections: 1, perSection: 4)
        let (list, pilot) = show(source, height: 1) { $0.showsSubtitles = true }
        pilot.window.makeFirstResponder(list)
        list.selectedRow = 0
        pilot.settle()
        #expect(pilot.lines == [" Row 0          "], "no room for the section's header too")
        pilot.press(.down)
        #expect(list.selectedRow == 1 && pilot.lines == [" Row 1          "], "the title line, not \"Sub 1\"")
        pilot.press(.end)
        #expect(list.selectedRow == 3 && pilot.lines == [" Row 3          "])
        pilot.press(.up)
        #expect(list.selectedRow == 2 && pilot.lines == [" Row 2          "])
    }

    @Test func subtitlesMakeEveryRowTwoLinesSelectedTogether() throws {
        let source = SectionedRows(sections: 1, perSection: 5)
        source.headerEvery = 2  // section 0 has a header
        let (list, pilot) = show(source, height: 5) { $0.showsSubtitles = true }
        // Each subtitle dim, under its title.
        assertSnapshot(of: pilot, as: .styledScreen, named: "subtitles")
        pilot.window.makeFirstResponder(list)
        pilot.press(.down)
        pilot.press(.down)
        #expect(list.selectedRow == 1)
        // Both lines of the selected row reversed.
        assertSnapshot(of: pilot, as: .styledScreen, named: "second-row-selected")
        pilot.press(.down)
        #expect(list.selectedRow == 2)
        #expect(pilot.lines.suffix(2) == [" Row 2          ", " Sub 2          "], "both lines scrolled into view")
        pilot.click(at: Point(x: 3, y: 4))
        #expect(list.selectedRow == 2, "a click on the subtitle line selects its row")
        pilot.press(.pageDown)
        #expect(list.selectedRow == 4, "a screen of 4 lines is 2 two-line rows")
        #expect(list.visibleRows.contains(4))
    }

    @Test func theAccessoryColumnIsRightAlignedAndTitlesMakeRoom() {
        let source = SectionedRows(sections: 1, perSection: 3)
        source.headerEvery = 2
        let (_, pilot) = show(source, width: 12, height: 4) { $0.accessoryWidth = 3 }
        #expect(pilot.lines == [" Section 0  ", " Row 0   #0 ", " Row 1   #1 ", " Row 2   #2 "])
        let long = SectionedRows(sections: 1, perSection: 200)
        long.headerEvery = 2
        let (list, other) = show(long, width: 10, height: 3) { $0.accessoryWidth = 3 }
        list.selectedRow = 123
        other.advance(by: 0.1)
        #expect(other.lines.last == " Row… #23 ", "the title is cut first, the accessory keeps its column")
    }

    @Test func countsThatDoNotAddUpAreLaidOverTheRows() {
        final class Uneven: ListViewDataSource {
            func numberOfRows(in listView: ListView) -> Int { 5 }
            func listView(_ listView: ListView, titleForRow row: Int) -> String { "R\(row)" }
            func numberOfSections(in listView: ListView) -> Int { 3 }
            func listView(_ listView: ListView, numberOfRowsInSection section: Int) -> Int { [1, 9, 9][section] }
            func listView(_ listView: ListView, titleForHeaderInSection section: Int) -> String? { "S\(section)" }
        }
        let source = Uneven()
        let list = ListView(frame: Rect(x: 0, y: 0, width: 6, height: 8))
        list.dataSource = source
        let pilot = pilot(showing: list, size: Size(width: 6, height: 8))
        #expect(list.rows(inSection: 0) == 0..<1)
        #expect(list.rows(inSection: 1) == 1..<5, "cut at the total")
        #expect(list.rows(inSection: 2) == 5..<5, "nothing left for the last")
        #expect(list.rows(inSection: 7) == 5..<5)
        #expect(
            pilot.lines.map { $0.trimmingTrailingSpaces } == [" S0", " R0", " S1", " R1", " R2", " R3", " R4", " S2"])
    }

    /// The O(visible rows) promise with sections, subtitles and accessories.
    @Test(arguments: [10, 100_000])
    func aSectionedListAsksOnlyForWhatIsOnScreen(rowCount: Int) {
        let sections = max(1, rowCount / 100)
        let source = SectionedRows(sections: sections, perSection: rowCount / sections)
        source.headerEvery = 3
        let list = ListView(frame: Rect(x: 0, y: 0, width: 16, height: 12))
        list.headerTitle = "Menu"
        list.showsSubtitles = true
        list.accessoryWidth = 3
        list.dataSource = source
        #expect(
            source.calls.count == 2 + 2 * sections,
            "the reload: the total, the sections, and each section's count and header")
        #expect(
            !source.calls.contains { $0.hasPrefix("title") || $0.hasPrefix("subtitle") || $0.hasPrefix("accessory") })
        let pilot = pilot(showing: list, size: Size(width: 16, height: 12))
        pilot.window.makeFirstResponder(list)
        let keys: [Key] = [.down, .end, .pageUp, .up, .pageDown, .home, .pageDown, .down]
        for key in keys {
            source.calls = []
            pilot.window.send(KeyEvent(key))
            #expect(source.calls.isEmpty, "a key asks nothing")
            pilot.advance(by: 0.1)
            #expect(source.calls.count <= 11 * 3, "a frame asks for what 11 lines show, at most three calls a line")
            // A row may show only its subtitle at the top: its title is not asked.
            let shown = Set(list.visibleRows.map { "title \($0)" })
            let titles = Set(source.calls.filter { $0.hasPrefix("title") })
            #expect(titles.isSubset(of: shown) && titles.count >= shown.count - 1, "titles of the rows on screen only")
            #expect(!source.calls.contains("rows") && !source.calls.contains { $0.hasPrefix("count") })
        }
        source.calls = []
        pilot.scroll(.wheelDown, at: Point(x: 1, y: 5))
        #expect(source.calls.count <= 11 * 3)
        #expect(list.visibleRows.contains(list.selectedRow!))
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
