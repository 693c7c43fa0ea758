import Shoji
import ShojiTesting
import Testing

@testable import ShojiDemoKit

/// The widgets pane under a manual clock: the controls by key with their value lines, the
/// progress bar filling while shown and restarting, nothing scheduled while hidden, the stack
/// layout at several sizes, and the table of 100,000 records filtered by typing and sorted by a
/// column.
@MainActor
struct WidgetsPaneTests {
    /// The pane in a navigation controller, 60x16 unless told, shown.
    func show(_ pane: WidgetsPane, size: Size = Size(width: 60, height: 16)) -> (Pilot, NavigationController) {
        let navigation = NavigationController(rootViewController: pane)
        return (Pilot(Window(rootViewController: navigation), size: size), navigation)
    }

    /// `view`'s frame in `pane`'s view's coordinates.
    func frame(of view: View, in pane: WidgetsPane) -> Rect {
        let origin = view.convertToWindow(.zero)
        let paneOrigin = pane.view.convertToWindow(.zero)
        return Rect(
            x: origin.x - paneOrigin.x, y: origin.y - paneOrigin.y, width: view.frame.width,
            height: view.frame.height)
    }

    /// The names of the records on the table's rows, in row order.
    func shownNames(_ pane: WidgetsPane) -> [String] {
        pane.tableSource.shown.map { pane.tableSource.records.name(of: Int($0)) }
    }

    /// The screen's line holding `text`, if any.
    func line(containing text: String, in pilot: Pilot) -> String? { pilot.lines.first { $0.contains(text) } }

    @Test func theGalleryShowsEachControlWithItsValue() {
        let pane = WidgetsPane(title: "Widgets", text: nil)
        let (pilot, _) = show(pane)
        #expect(line(containing: "Switch", in: pilot)?.contains("[● OFF]  Notifications off") == true)
        #expect(line(containing: "Segments", in: pilot)?.contains("[ Small | Medium | Large ]  Size: Medium") == true)
        #expect(line(containing: "Stepper", in: pilot)?.contains("[ - | + ]  Copies: 1") == true)
        #expect(line(containing: "Progress", in: pilot)?.contains("0%  [ Restart ]") == true)
        #expect(line(containing: "Spinner", in: pilot)?.contains("⠋  spins while this pane is shown") == true)
        #expect(pane.toggle.isFocused, "the switch takes the focus")
    }

    @Test func keysChangeTheControlsAndTheirLinesFollow() {
        let pane = WidgetsPane(title: "Widgets", text: nil)
        let (pilot, _) = show(pane)
        pilot.press(.character(" "))
        #expect(pane.toggle.isOn && pane.toggleLine == "Notifications on")
        pilot.press(.tab)
        pilot.press(.right)
        #expect(pane.segmentedControl.selectedSegmentIndex == 2 && pane.segmentLine == "Size: Large")
        pilot.press(.tab)
        pilot.press(.character("+"))
        pilot.press(.character("+"))
        pilot.press(.left)
        #expect(pane.stepper.value == 2 && pane.stepperLine == "Copies: 2")
        pilot.advance(by: 0.5)
        #expect(line(containing: "Stepper", in: pilot)?.contains("Copies: 2") == true)
        #expect(line(containing: "Segments", in: pilot)?.contains("Size: Large") == true)
    }

    @Test func theBarFillsWhileShownStopsFullAndRestarts() {
        let pane = WidgetsPane(title: "Widgets", text: nil)
        let (pilot, _) = show(pane)
        pilot.advance(by: WidgetsPane.progressInterval * 4 + 0.3)
        #expect(abs(pane.progressView.progress - 4 * WidgetsPane.progressStep) < 1e-9)
        #expect(line(containing: "Progress", in: pilot)?.contains("20%") == true)
        pilot.advance(by: 20)
        #expect(pane.progressView.progress == 1 && !pane.isProgressRunning, "full, and the timer stopped")
        #expect(line(containing: "Progress", in: pilot)?.contains("100%") == true)
        try? pilot.click(on: "Restart")
        #expect(pane.progressView.progress == 0 && pane.isProgressRunning)
        pilot.advance(by: WidgetsPane.progressInterval + 0.3)
        #expect(line(containing: "Progress", in: pilot)?.contains("5%") == true)
    }

    @Test func aHiddenPaneSchedulesNothingAndItsSpinnerStops() {
        let pane = WidgetsPane(title: "Widgets", text: nil)
        let (pilot, navigation) = show(pane)
        pilot.advance(by: 1)
        #expect(pane.spinner.isSpinning && pane.isProgressRunning)
        navigation.pushViewController(ViewController(), animated: false)
        pilot.advance(by: 0.1)
        #expect(!pane.spinner.isSpinning && !pane.isProgressRunning)
        #expect(pilot.loop.nextDeadline == nil, "no timer while the pane is not shown: the loop sleeps")
        let progress = pane.progressView.progress
        let frames = pilot.screen.presentCount
        pilot.advance(by: 5)
        #expect(pane.progressView.progress == progress && pilot.screen.presentCount == frames)
        _ = navigation.popViewController(animated: false)
        pilot.advance(by: 1)
        #expect(pane.spinner.isSpinning && pane.progressView.progress > progress, "back on screen, both go on")
    }

    @Test func theLoadChartIsFedOnlyWhileShown() {
        let pane = WidgetsPane(title: "Widgets", text: nil)
        let (pilot, navigation) = show(pane, size: Size(width: 80, height: 24))
        #expect(pane.loadChart.values.isEmpty)
        pilot.advance(by: WidgetsPane.loadInterval * 3 + 0.1)
        #expect(pane.loadChart.values == (0..<3).map(WidgetsPane.load(at:)))
        // On screen, the three values are the last cells of the Load line, the newest at the right.
        let shown = String(line(containing: "Load", in: pilot)?.reversed().drop { $0 == " " }.reversed() ?? [])
        #expect(shown.suffix(3).allSatisfy { "▁▂▃▄▅▆▇█".contains($0) } && shown.dropLast(3).hasSuffix(" "), "\(shown)")
        navigation.pushViewController(ViewController(), animated: false)
        pilot.advance(by: 5)
        #expect(pane.loadChart.values.count == 3, "no values while hidden")
        _ = navigation.popViewController(animated: false)
        pilot.advance(by: WidgetsPane.loadInterval + 0.1)
        #expect(pane.loadChart.values == (0..<4).map(WidgetsPane.load(at:)), "back on screen, it goes on")
        #expect((0..<1000).map(WidgetsPane.load(at:)).allSatisfy { (0...100).contains($0) })
    }

    @Test func theSizeChartCountsTheRowsShownByTheUnitOfTheirSize() async {
        let pane = WidgetsPane(title: "Widgets", text: nil)
        let (pilot, _) = show(pane, size: Size(width: 80, height: 24))
        let records = pane.tableSource.records
        // Counted here from the text the table shows ("51.6 MB"), not from the pane's own sums.
        func counts(_ shown: [Int32]) -> [Double] {
            GalleryRecords.sizeUnits.map { unit in
                Double(shown.count { records.text(of: Int($0), column: .size).hasSuffix(" " + unit) })
            }
        }
        #expect(pane.sizeChart.bars.map(\.label) == ["B", "KB", "MB", "GB"])
        #expect(pane.sizeChart.bars.map(\.value) == counts(pane.tableSource.shown))
        #expect(line(containing: " B    KB   MB   GB", in: pilot) != nil, "the labels under the bars")
        _ = pane.searchField.becomeFirstResponder()
        pilot.type("rabo")
        await pilot.advance(by: 0.3)
        await pilot.runTasks()
        #expect(pane.tableSource.shown.count < 1000)
        #expect(pane.sizeChart.bars.map(\.value) == counts(pane.tableSource.shown), "the matches only")
        let said = zip(GalleryRecords.sizeUnits, counts(pane.tableSource.shown)).map { "\($0) \(Int($1))" }
        #expect(pane.sizeChart.accessibility.spoken == "Sizes of the rows shown, " + said.joined(separator: ", "))
    }

    @Test func theFactoryMakesAWidgetsPaneForTheWidgetsKind() {
        let factory = PaneFactory(journal: LifecycleJournal { 0 })
        #expect(factory.makePane(for: MenuItem(title: "W", kind: .widgets)) is WidgetsPane)
    }

    // MARK: Layout

    @Test(arguments: [Size(width: 60, height: 16), Size(width: 100, height: 30)])
    func theStackViewsPlaceTheControlsInRowsAndGiveTheTableTheRest(size: Size) {
        let pane = WidgetsPane(title: "Widgets", text: nil)
        let (pilot, _) = show(pane, size: size)
        let width = pane.view.bounds.width, height = pane.view.bounds.height
        #expect(height == size.height - 1, "the bar takes the top row")
        // A row every other line from the top margin; every control one column after the
        // captions (12), each value line two columns after its control.
        let controls: [View] = [pane.toggle, pane.segmentedControl, pane.stepper, pane.progressView, pane.spinner]
        for (index, control) in controls.enumerated() {
            let placed = frame(of: control, in: pane)
            #expect(placed.origin == Point(x: 12, y: 1 + 2 * index), "\(type(of: control)) at \(placed)")
            #expect(placed.height == 1)
        }
        #expect(frame(of: pane.toggle, in: pane).size == pane.toggle.intrinsicContentSize)
        #expect(frame(of: pane.stepper, in: pane).size == pane.stepper.intrinsicContentSize)
        #expect(pilot.position(of: "Notifications off")?.x == pane.view.convertToWindow(.zero).x + 12 + 7 + 2)
        // The progress bar stretches; Restart ends the row at the right margin.
        let restart = frame(of: pane.restartButton, in: pane)
        #expect(restart.maxX == width - 1 && restart.minY == 7)
        #expect(frame(of: pane.progressView, in: pane).maxX == restart.minX - 2)
        // The text (two rows at most), a blank row, the search row, then the table to the bottom.
        let field = frame(of: pane.searchField, in: pane)
        #expect(field.origin == Point(x: 12, y: 14) && field.height == 1)
        #expect(pilot.position(of: "100,000 rows")?.x == pane.view.convertToWindow(.zero).x + field.maxX + 2)
        let table = frame(of: pane.tableView, in: pane)
        #expect(table == Rect(x: 1, y: 15, width: width - 2, height: height - 15))
    }

    @Test func at80By24TheTableShowsRowsAndTinySizesKeepEveryViewInThePane() {
        let pane = WidgetsPane(title: "Widgets", text: nil)
        let (pilot, _) = show(pane, size: Size(width: 80, height: 24))
        #expect(pane.tableView.visibleRowCapacity >= 6, "the table keeps a few rows at 80x24")
        #expect(line(containing: "100,000 rows", in: pilot)?.hasPrefix(" Search") == true)
        func allViews(_ view: View) -> [View] { view.subviews + view.subviews.flatMap(allViews) }
        for size in [Size(width: 40, height: 12), Size(width: 20, height: 5), Size(width: 3, height: 2), .zero] {
            pilot.resize(to: size)
            pilot.settle()
            let bounds = pane.view.bounds
            for view in allViews(pane.view) where view.superview is StackView && !view.frame.isEmpty {
                let placed = frame(of: view, in: pane)
                #expect(placed.intersection(bounds) == placed, "\(type(of: view)) at \(placed) in \(bounds)")
            }
        }
        pilot.resize(to: Size(width: 80, height: 24))
        pilot.settle()
        #expect(pane.tableView.visibleRowCapacity >= 6, "back at 80x24, the rows come back")
    }

    @Test func tabGoesThroughTheControlsThenTheSearchFieldThenTheTable() {
        let pane = WidgetsPane(title: "Widgets", text: nil)
        let (pilot, _) = show(pane, size: Size(width: 80, height: 24))
        let order: [View] = [pane.segmentedControl, pane.stepper, pane.restartButton, pane.searchField, pane.tableView]
        #expect(pane.toggle.isFocused)
        for view in order {
            pilot.press(.tab)
            #expect(view.isFocused, "Tab reaches \(type(of: view))")
        }
    }

    // MARK: The table

    @Test func typingAQueryFiltersTheRowsAfterThePause() async {
        let pane = WidgetsPane(title: "Widgets", text: nil)
        let (pilot, _) = show(pane, size: Size(width: 80, height: 30))
        let records = pane.tableSource.records
        #expect(pane.tableView.numberOfRows == 100_000 && pane.matchLine == "100,000 rows")
        _ = pane.searchField.becomeFirstResponder()
        pilot.type("RaBo")
        await pilot.advance(by: 0.2)
        #expect(pane.tableView.numberOfRows == 100_000, "nothing filters before the pause in typing")
        await pilot.advance(by: 0.1)
        await pilot.runTasks()
        let expected = (0..<records.count).filter { records.name(of: $0).lowercased().contains("rabo") }
        #expect(expected.count > 10 && expected.count < 1000)
        #expect(pane.tableSource.shown.elementsEqual(expected.map(Int32.init)), "the matches, by number, ignoring case")
        #expect(pane.tableView.numberOfRows == expected.count)
        #expect(pane.matchLine == "\(expected.count) of 100,000 rows")
        let firstRow = pilot.line(pane.tableView.convertToWindow(.zero).y + 1)
        #expect(firstRow.contains(records.name(of: expected[0])) && firstRow.contains("\(expected[0] + 1)│"))
        // Emptied, the field shows every record again.
        for _ in 0..<4 { pilot.press(.backspace) }
        await pilot.advance(by: 0.3)
        await pilot.runTasks()
        #expect(pane.tableView.numberOfRows == 100_000 && pane.matchLine == "100,000 rows")
    }

    @Test func aSortByAColumnReordersTheRowsBothWaysAndKeepsTheFilter() async throws {
        let pane = WidgetsPane(title: "Widgets", text: nil)
        let (pilot, _) = show(pane, size: Size(width: 80, height: 30))
        let records = pane.tableSource.records
        _ = pane.tableView.becomeFirstResponder()
        pilot.press(.character("s"))  // the next sortable column after "#": Name
        #expect(pane.tableView.sortDescriptor == TableSortDescriptor(column: "name", ascending: true))
        var names = shownNames(pane)
        #expect(names.count == 100_000 && zip(names, names.dropFirst()).allSatisfy { $0 <= $1 }, "A to Z")
        #expect(Set(pane.tableSource.shown).count == 100_000, "every record once")
        let header = pane.tableView.convertToWindow(.zero).y
        #expect(pilot.line(header).contains("Name ▲") && pilot.line(header + 1).contains(names[0]))
        pilot.press(.character("S"))
        names = shownNames(pane)
        #expect(zip(names, names.dropFirst()).allSatisfy { $0 >= $1 }, "Z to A")
        #expect(pilot.line(header).contains("Name ▼") && pilot.line(header + 1).contains(names[0]))

        // A click on the Size header sorts by size, smallest first; again, largest first.
        let table = pane.tableView
        let sizeX = try #require((0..<table.bounds.width).first { table.column(at: Point(x: $0, y: 0)) == 2 })
        pilot.click(at: table.convertToWindow(Point(x: sizeX, y: 0)))
        var sizes = pane.tableSource.shown.map { records.size(of: Int($0)) }
        #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 <= $1 })
        pilot.click(at: table.convertToWindow(Point(x: sizeX, y: 0)))
        sizes = pane.tableSource.shown.map { records.size(of: Int($0)) }
        #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(pilot.line(header).contains("Size ▼"))

        // Filtered, the matches keep the sort; sorted again, only the matches are reordered.
        _ = pane.searchField.becomeFirstResponder()
        pilot.type("rabo")
        await pilot.advance(by: 0.3)
        await pilot.runTasks()
        let matching = Set((0..<records.count).filter { records.name(of: $0).lowercased().contains("rabo") })
        sizes = pane.tableSource.shown.map { records.size(of: Int($0)) }
        let onlyMatches = Set(pane.tableSource.shown.map(Int.init)) == matching
        #expect(onlyMatches, "the matches only (\(pane.tableSource.shown.count) rows, \(matching.count) matches)")
        #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 >= $1 }, "the matches, largest first")
        #expect(pane.searchController.latestResults?.count == matching.count, "the count, as API")
        pilot.press(.enter)
        await pilot.runTasks()
        #expect(pane.tableView.isFocused, "Return in the search field goes to the table")
        pilot.press(.character("s"))  // after Size: Modified
        let times = pane.tableSource.shown.map { records.modifiedMinute(of: Int($0)) }
        #expect(pane.tableView.numberOfRows == matching.count && zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func theSelectedRecordStaysSelectedThroughASort() throws {
        let pane = WidgetsPane(title: "Widgets", text: nil)
        let (pilot, _) = show(pane, size: Size(width: 80, height: 30))
        _ = pane.tableView.becomeFirstResponder()
        pilot.press(.down)
        pilot.press(.down)
        let record = pane.tableSource.shown[try #require(pane.tableView.selectedRow)]
        pilot.press(.character("s"))
        let row = try #require(pane.tableView.selectedRow)
        #expect(pane.tableSource.shown[row] == record && pane.tableView.visibleRows.contains(row))
    }
}
