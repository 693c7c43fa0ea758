import Shoji
import ShojiTesting
import Testing
@testable import ShojiDemoKit

/// The panes, rendered headlessly in a window.
@MainActor
struct PaneTests {
    /// `pane` as the side menu shows it: the root of a navigation controller, under its bar.
    /// `pane` on its own, in no navigation controller.
    private func showAlone(_ pane: ViewController, size: Size) -> Pilot {
        Pilot(Window(rootViewController: pane), size: size)
    }

    private func show(_ pane: ViewController, size: Size = Size(width: 40, height: 8)) -> Pilot {
        Pilot(Window(rootViewController: NavigationController(rootViewController: pane)), size: size)
    }

    // MARK: Text pane

    @Test func textPaneWrapsScrollsByKeysAndWheelAndItsBarSaysWhere() {
        let text = (1...30).map { "Line \($0)" }.joined(separator: "\n")
        let pane = TextPane(title: "Notes", text: text)
        // 8 rows: the bar, 6 text rows, the footer.
        let pilot = show(pane)
        #expect(pilot.line(0).contains("Notes"))
        #expect(
            pilot.line(1) == " Line 1" + String(repeating: " ", count: 31) + "█ ",
            "the scroll bar's thumb on the right, a blank column from the edge as the margin on the left")
        #expect(pilot.line(7).hasPrefix("↑↓ PgUp PgDn Home End"))
        #expect(!pilot.line(7).contains("lines"), "the bar shows the position; the footer gives keys")
        /// The scroll bar's column, top to bottom.
        func bar() -> String { String((1...6).map { pilot.line($0).dropLast().last ?? " " }) }
        #expect(bar() == "█│││││", "30 lines in 6 rows: a one-row thumb at the top")

        pilot.press(.down)
        pilot.settle()
        #expect(pilot.line(1).hasPrefix(" Line 2 "))
        pilot.press(.pageDown)
        pilot.settle()
        #expect(pilot.line(1).hasPrefix(" Line 8 "))
        pilot.press(.end)
        pilot.settle()
        #expect(pilot.line(6).hasPrefix(" Line 30"))
        #expect(pilot.line(1).hasPrefix(" Line 25 "))
        #expect(bar() == "│││││█", "the thumb at the bottom")
        pilot.press(.down)
        pilot.settle()
        #expect(pane.textView.scrollOffset == 24, "no scrolling past the end")
        pilot.press(.pageUp)
        pilot.settle()
        #expect(pilot.line(1).hasPrefix(" Line 19 "))
        pilot.press(.home)
        pilot.settle()
        #expect(pilot.line(1).hasPrefix(" Line 1 "))
        pilot.press(.up)
        pilot.settle()
        #expect(pane.textView.scrollOffset == 0)

        pilot.scroll(.wheelDown, at: Point(x: 5, y: 3))
        #expect(pilot.line(1).hasPrefix(" Line 4 "), "a wheel notch is 3 lines")
        pilot.scroll(.wheelUp, at: Point(x: 5, y: 3))
        #expect(pane.textView.scrollOffset == 0)
    }

    @Test func textPaneRewrapsOnResizeAndKeepsItsOffsetInRange() {
        let pane = TextPane(title: "T", text: String(repeating: "word ", count: 40))
        let pilot = show(pane, size: Size(width: 22, height: 6))
        #expect(pane.textView.wrappedLines.first == "word word word word", "20 columns between the margins")
        pilot.press(.end)
        pilot.settle()
        let lastAtNarrow = pane.textView.scrollOffset
        #expect(lastAtNarrow > 0)
        pilot.resize(to: Size(width: 80, height: 6))
        #expect(pane.textView.wrappedLines.count == 3)
        #expect(pane.textView.scrollOffset == 0, "clamped: three lines fit in four rows")
        #expect(pilot.line(1).hasPrefix(" word word"))
        #expect(!pilot.line(1).dropLast().hasSuffix("█"), "no scroll bar (a column in from the edge) once it all fits")
    }

    /// The addresses in a text pane are links: Tab reaches the next, Enter shows its address in
    /// the footer, and past the last Tab leaves the text's links.
    @Test func textPaneLinksAreReachedByTabAndShownWhenOpened() {
        let text = "Intro.\n\nSee https://www.swift.org or\nhttps://example.com/docs.\n\nEnd."
        let pane = TextPane(title: "Links", text: text)
        let pilot = show(pane, size: Size(width: 50, height: 6))
        #expect(pane.textView.links.map(\.url) == ["https://www.swift.org", "https://example.com/docs"])
        pilot.press(.tab)
        pilot.press(.tab)
        pilot.press(.enter)
        pilot.settle()
        #expect(pilot.line(5).hasPrefix("Link: https://example.com/docs (not opened)"))
        #expect(pilot.line(4).hasPrefix(" https://example.com/docs."), "scrolled into view")
        pilot.press(.tab, modifiers: .shift)
        pilot.press(.enter)
        pilot.settle()
        #expect(pilot.line(5).hasPrefix("Link: https://www.swift.org (not opened)"))
    }

    @Test func wideTextIsWrappedByColumnsOnScreen() {
        let pane = TextPane(title: "日本語", text: "日本語のテキストです")
        let pilot = show(pane, size: Size(width: 10, height: 4))
        #expect(pilot.line(0).contains("日本語"))
        // 6 columns between the margins, the scroll bar and the blank after it: "日本語の" (8)
        // does not fit.
        #expect(pilot.line(1) == " 日本語 █ ")
        #expect(pilot.line(2) == " のテキ │ ")
    }

    // MARK: Colour pane

    @Test func colorPaneShowsItsOwnLifecycleCallsLive() throws {
        let pane = ColorPane(title: "Red", color: .red, text: "Warm.")
        let other = ColorPane(title: "Other", color: .blue, text: nil)
        _ = other.view  // another pane's calls are not this one's
        let host = NavigationController(rootViewController: pane)
        let window = Window(rootViewController: host)
        let pilot = Pilot(window, size: Size(width: 60, height: 16))
        let id = host.debugIdentifier
        #expect(
            pane.calls == [
                "willMove(toParent: \(id))", "didMove(toParent: \(id))", "viewDidLoad",
                "viewWillAppear(false)", "viewDidAppear(false)"
            ])
        let screen = pilot.text
        #expect(screen.contains("Colour: red · \(pane.debugIdentifier)"))
        #expect(screen.contains("Warm."))
        #expect(screen.contains("1  willMove(toParent: \(id))"))
        #expect(screen.contains("3  viewDidLoad"))
        #expect(screen.contains("5  viewDidAppear(false)"))
        #expect(!screen.contains(other.debugIdentifier))

        window.hide()
        pilot.advance(by: 0.1)
        #expect(pane.calls.suffix(2) == ["viewWillDisappear(false)", "viewDidDisappear(false)"])
        window.show()
        pilot.advance(by: 0.1)
        #expect(pilot.text.contains("9  viewDidAppear(false)"), "the view shows calls made while it was hidden")

        let frame = try #require(pilot.screen.lastFrame)
        #expect(frame[5, 5].style.background == .red, "filled with its colour")
        #expect(frame[2, 2].style.attributes.contains(.bold), "the heading is bold, so it reads without colour")
    }

    @Test func colorPaneShowsTheLatestCallsWhenTheyDoNotFit() {
        let pane = ColorPane(title: "Red", color: .red, text: nil)
        let window = Window(rootViewController: NavigationController(rootViewController: pane))
        let pilot = Pilot(window, size: Size(width: 50, height: 9))
        for _ in 0..<3 {
            window.hide()
            window.show()
        }
        pilot.advance(by: 0.1)
        #expect(pane.calls.count == 17)
        // 9 rows: the bar, a blank, the heading, a blank, the calls' heading, 3 calls, a blank
        // (no text: no rows for it).
        #expect(pilot.text.contains("Lifecycle calls, 17 in all (latest 3 shown):"))
        #expect(pilot.line(7).contains("17  viewDidAppear(false)"))
        #expect(!pilot.text.contains("viewDidLoad"))
    }

    // MARK: Navigation panes

    @Test func navigationRootHasALeftItemThatCounts() throws {
        let pane = NavigationRootPane(title: "Nav", text: "Root text.")
        #expect(pane.navigationItem.leftBarButtonItems.map(\.title) == ["Left"])
        let host = NavigationController(rootViewController: pane)
        let pilot = Pilot(Window(rootViewController: host), size: Size(width: 40, height: 10))
        #expect(pilot.line(0).hasPrefix(" [Left]"))
        #expect(pilot.text.contains("Left pressed 0 times."))
        let left = try #require(host.navigationBar.button(for: pane.leftItem))
        pilot.click(at: left.convertToWindow(.zero))
        pilot.settle()
        #expect(pane.leftPressCount == 1)
        #expect(pilot.text.contains("Left pressed 1 time."))
    }

    @Test func enterPushesADetailPaneOntoTheNavigationStack() throws {
        let pane = NavigationRootPane(title: "Nav", text: nil)
        let stack = NavigationController(rootViewController: pane)
        let pilot = Pilot(Window(rootViewController: stack), size: Size(width: 60, height: 10))
        #expect(pane.contentView.button.isFocused, "the Open detail button has the focus")
        pilot.press(.enter)
        pilot.settle()
        let detail = try #require(stack.topViewController as? DetailPane)
        #expect(detail.depth == 1 && detail.title == "Detail 1")
        #expect(
            pilot.line(0).contains("< Nav") && pilot.line(0).contains("Detail 1"),
            "the bar has the back item and the title")
        #expect(pilot.text.contains("Detail screen 1 of the Nav stack."))
        pilot.press(.enter)
        pilot.settle()
        #expect((stack.topViewController as? DetailPane)?.depth == 2, "Enter on a detail pushes the next")
        pilot.press(.escape)
        pilot.settle()
        pilot.press(.escape)
        pilot.settle()
        #expect(stack.topViewController === pane)
        pilot.press(.character(" "))
        pilot.settle()
        #expect(stack.viewControllers.count == 2, "Space on the focused button pushes too")
    }

    @Test func withoutANavigationControllerEnterSaysSo() {
        let pane = NavigationRootPane(title: "Nav", text: nil)
        let pilot = showAlone(pane, size: Size(width: 100, height: 10))
        pilot.press(.enter)
        pilot.settle()
        #expect(pane.pushProblem != nil)
        #expect(
            pilot.text.contains("Enter would open a detail screen, but this screen is not in a navigation controller."))
        #expect(pilot.isRunning)
    }

    // MARK: Lifecycle pane

    @Test func lifecyclePaneListsEveryControllersEventsNewestLast() {
        let clock = ManualClock(start: 0.5)
        let journal = LifecycleJournal(capacity: 1_000) { clock.seconds }
        journal.start()
        defer { journal.stop() }
        let pane = LifecyclePane(title: "Log", text: nil, journal: journal)
        let pilot = show(pane, size: Size(width: 70, height: 12))
        #expect(pilot.line(1).contains("Lifecycle events of every controller, newest last"))
        #expect(pilot.text.contains("0.500 \"Log\" \(pane.debugIdentifier) viewDidAppear(false)"))
        let rows = pilot.lines.filter { $0.contains("0.500") }
        #expect(rows.last?.contains("\(pane.debugIdentifier) viewDidAppear(false)") == true, "newest at the bottom")

        clock.advance(to: 1)
        let stranger = ViewController()
        stranger.title = "Stranger"
        _ = stranger.view
        pilot.advance(by: 0.1)
        #expect(
            pilot.lines.last(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty })?
                .contains("1.000 \"Stranger\" \(stranger.debugIdentifier) viewDidLoad") == true,
            "followed to the new last row")
    }

    @Test func lifecyclePaneScrollsAndStopsFollowingWhenTheUserMovesUp() {
        let journal = LifecycleJournal(capacity: 50) { 0 }
        journal.start()
        defer { journal.stop() }
        let pane = LifecyclePane(title: "Log", text: nil, journal: journal)
        let pilot = show(pane, size: Size(width: 60, height: 8))
        for _ in 0..<60 { _ = ViewController().view }
        pilot.advance(by: 0.1)
        #expect(journal.count == 50)
        #expect(pane.listView.selectedRow == 49, "following the newest")
        pilot.press(.pageUp)
        pilot.settle()
        let selected = pane.listView.selectedRow
        let selectedLine = selected.map { journal[$0].line }
        for _ in 0..<5 { _ = ViewController().view }
        pilot.advance(by: 0.1)
        #expect(
            pane.listView.selectedRow.map { journal[$0].line } == selectedLine,
            "the selected event stays selected as old ones drop")
        pilot.press(.end)
        pilot.settle()
        _ = ViewController().view
        pilot.advance(by: 0.1)
        #expect(pane.listView.selectedRow == 49, "End follows again")
        pilot.scroll(.wheelUp, at: Point(x: 3, y: 4))
        #expect(pane.listView.scrollOffset < 49 - 5)
    }
}

extension PaneTests {
    @Test func tabsPaneMakesATabPerEntryWithItsSymbolAndBadgeAndANavigationStackForNavigationTabs() throws {
        let options = TabsOptions(
            position: .top, transition: .push(from: .right),
            tabs: [
                TabsOptions.Tab(
                    item: MenuItem(title: "Inbox", kind: .color(.blue), text: "mail"), symbol: "✉", badge: "3"),
                TabsOptions.Tab(item: MenuItem(title: "Stack", kind: .navigation), symbol: "☰"),
                TabsOptions.Tab(item: MenuItem(title: "Log", kind: .lifecycle)),
                TabsOptions.Tab(item: MenuItem(title: "日本語", kind: .text(lines: nil), text: "本文"))
            ])
        let factory = PaneFactory(journal: LifecycleJournal { 0 })
        let pane = TabsPane(title: "Tabs", options: options, factory: factory)
        #expect(pane.viewControllers.count == 4 && pane.children.count == 4, "every tab is a child from the start")
        #expect(
            pane.viewControllers[0] is ColorPane && pane.viewControllers[2] is LifecyclePane
                && pane.viewControllers[3] is TextPane)
        let stack = try #require(pane.viewControllers[1] as? NavigationController)
        #expect(stack.viewControllers.first is NavigationRootPane)
        #expect(pane.switchStyle == .push(from: .right) && pane.tabBarPosition == .top)
        let pilot = show(pane, size: Size(width: 60, height: 10))
        #expect(pilot.line(0).contains("Tabs"), "the side menu's bar shows the pane's title")
        #expect(pilot.line(1).hasPrefix(" ✉ Inbox (3)  ☰ Stack  Log  日本語 "), "\(pilot.line(1))")
        #expect(pilot.text.contains("mail"))
        pilot.press(.character("2"), modifiers: .alt)
        pilot.settle()
        #expect(pane.selectedViewController === stack)
        #expect(pilot.text.contains("Left pressed 0 times."), "the navigation tab's root, under its own bar")
        pilot.press(.enter)
        pilot.settle()
        #expect(stack.viewControllers.count == 2, "Enter on the focused Open detail button pushes inside the tab")
    }

    @Test func everyPaneDrawsAtTinySizesAndGrowsBack() {
        let journal = LifecycleJournal { 0 }
        let factory = PaneFactory(journal: journal)
        let items = [
            MenuItem(title: "T", kind: .text(lines: nil), text: "some text 日本語"),
            MenuItem(title: "C", kind: .color(.green), text: "t"),
            MenuItem(title: "N", kind: .navigation, text: "t"), MenuItem(title: "L", kind: .lifecycle),
            MenuItem(
                title: "Tb",
                kind: .tabs(
                    TabsOptions(tabs: [
                        TabsOptions.Tab(item: MenuItem(title: "Nav", kind: .navigation)),
                        TabsOptions.Tab(item: MenuItem(title: "Log", kind: .lifecycle))
                    ])))
        ]
        for item in items {
            let pane = factory.makePane(for: item)
            let pilot = show(pane, size: Size(width: 0, height: 0))
            for size in [
                Size(width: 1, height: 1), Size(width: 2, height: 1), Size(width: 3, height: 2),
                Size(width: 5, height: 3), Size(width: 30, height: 8)
            ] {
                pilot.resize(to: size)
                pilot.press(.down)
                pilot.settle()
                pilot.press(.end)
                pilot.settle()
                pilot.scroll(.wheelUp, at: .zero)
                #expect(pilot.lines.count == size.height)
            }
            #expect(pilot.line(0).contains(item.title), "\(item.kind.name) pane titled at full size")
        }
    }
}
