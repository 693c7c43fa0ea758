import Foundation
import Shoji
import ShojiTesting
import Testing
@testable import ShojiDemoKit

/// The assembled app, headless: panes from the menu, the first pane on screen, quitting, and
/// the log.
@MainActor
struct DemoAppTests {
    private func defaultOptions() throws -> DemoOptions { try DemoOptions.parse([]) }

    @Test func onePanePerItemByKindWithTheItemsTitles() throws {
        let menu = try MenuFile.builtIn()
        let app = try DemoApp(menu: menu, options: try defaultOptions(), seconds: { 0 })
        #expect(app.panes.count == menu.items.count)
        for (pane, item) in zip(app.panes, menu.items) {
            #expect(pane.title == item.title)
            switch item.kind {
            case .text: #expect(pane is TextPane)
            case .color(let color): #expect((pane as? ColorPane)?.color == color)
            case .navigation: #expect(pane is NavigationRootPane)
            case .lifecycle: #expect((pane as? LifecyclePane)?.journal === app.journal)
            case .tabs(let options): #expect((pane as? TabsPane)?.viewControllers.count == options.tabs.count)
            case .clock: #expect(pane is ClockPane)
            case .overlayMenu(let children, _):
                #expect((pane as? OverlayMenuController)?.viewControllers.map(\.title) == children.map(\.title))
            case .twoPane(let children):
                let twoPane = pane as? TwoPaneController
                #expect(twoPane?.first.title == children[0].title && twoPane?.second.title == children[1].title)
            case .placeholder(let transitions): #expect((pane as? SplitPane)?.transitions == transitions)
            case .stack(let capacity): #expect((pane as? StackPane)?.stack.capacity == capacity)
            case .form: #expect(pane is FormPane)
            case .log: #expect(pane is LogPane)
            case .widgets: #expect(pane is WidgetsPane)
            case .files(let path): #expect((pane as? FilesPane)?.tree.rootPath == path)
            }
        }
    }

    @Test func theFirstScreenShowsTheFirstPanesTitle() throws {
        let menu = try MenuFile.builtIn()
        let app = try DemoApp(menu: menu, options: try defaultOptions(), seconds: { 0 })
        let pilot = Pilot(app, size: Size(width: 80, height: 24))
        #expect(pilot.line(0).contains(menu.items[0].title))
        #expect(app.panes[0].appearancePhase == .didAppear)
        #expect(
            app.journal.entries.contains {
                $0.event.controllerID == app.panes[0].debugIdentifier && $0.event.method == .viewDidAppear
            })
    }

    @Test func qQuitsWhenNothingTookItAndCtrlCIsLeftToTheDefault() throws {
        let menu = try MenuFile.builtIn()
        let pilot = Pilot(
            try DemoApp(menu: menu, options: try defaultOptions(), seconds: { 0 }), size: Size(width: 80, height: 24))
        pilot.press(.down)
        #expect(pilot.isRunning)
        pilot.press(.character("Q"))
        #expect(pilot.isRunning, "only q quits")
        pilot.press(.character("q"))
        #expect(!pilot.isRunning)

        let other = Pilot(
            try DemoApp(menu: menu, options: try defaultOptions(), seconds: { 0 }), size: Size(width: 80, height: 24))
        other.press(KeyEvent.ctrl("c"))
        #expect(!other.isRunning)
    }

    @Test func titlesWithControlCharactersAreDrawnInert() throws {
        let menu = MenuFile(
            title: "M", items: [MenuItem(title: "\u{1B}[31mEvil\u{7}", kind: .text(lines: nil), text: "x")])
        let pilot = Pilot(
            try DemoApp(menu: menu, options: try defaultOptions(), seconds: { 0 }), size: Size(width: 40, height: 5))
        #expect(pilot.line(0).contains("^[[31mEvil^G"))
    }

    @Test func theLogHasEveryEventFromTheFirst() throws {
        let path = NSTemporaryDirectory() + "shoji-app-log-\(UUID().uuidString).tsv"
        defer { unlink(path) }
        let writer = try LifecycleLogWriter(path: path) { 0 }
        let app = try DemoApp(
            menu: try MenuFile.builtIn(), options: try defaultOptions(), seconds: { 0 }, logWriter: writer)
        let (loggedBuilding, journaledBuilding) = (writer.linesWritten, app.journal.totalCount)
        let pilot = Pilot(app, size: Size(width: 80, height: 24))
        pilot.press(.character("q"))
        writer.stop()
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false)
        }
        #expect(lines.allSatisfy { $0.count == 4 })
        let first = app.panes[0].debugIdentifier
        let events = lines.filter { $0[1] == first }.map { "\($0[2])(\($0[3]))" }
        let navigation = app.sideMenu.viewControllers[0].debugIdentifier
        #expect(navigation.hasPrefix("NavigationController#"), "the side menu wraps the pane")
        #expect(
            events == [
                "willMove(toParent:)(\(navigation))", "didMove(toParent:)(\(navigation))", "viewDidLoad()",
                "viewWillAppear(false)", "viewDidAppear(false)"
            ])
        // The log is the process's; the journal the app's, from each pane's creation on: once
        // the app is built they see the same events.
        #expect(lines.count - loggedBuilding == app.journal.totalCount - journaledBuilding)
        #expect(journaledBuilding > 0 && app.journal.totalCount > journaledBuilding)
    }
    /// An SSH server runs many demos in one process: each journal (the Lifecycle pane) hears
    /// its own app's controllers only.
    @Test func twoAppsInOneProcessKeepTheirJournalsApart() throws {
        let first = try DemoApp(menu: try MenuFile.builtIn(), options: try defaultOptions(), seconds: { 0 })
        let second = try DemoApp(menu: try MenuFile.builtIn(), options: try defaultOptions(), seconds: { 0 })
        let firstPilot = Pilot(first, size: Size(width: 80, height: 24))
        let secondPilot = Pilot(second, size: Size(width: 80, height: 24))
        secondPilot.press(Key.function(2))
        secondPilot.press(Key.down)
        secondPilot.press(Key.enter)
        secondPilot.settle()
        firstPilot.settle()
        func identifiers(_ root: ViewController) -> Set<String> {
            [root.debugIdentifier].reduce(into: Set<String>()) { $0.insert($1) }
                .union(root.children.flatMap { identifiers($0) })
        }
        let secondsControllers = identifiers(second.sideMenu)
        #expect(second.journal.entries.contains { secondsControllers.contains($0.event.controllerID) })
        #expect(!first.journal.entries.contains { secondsControllers.contains($0.event.controllerID) })
        #expect(first.journal.totalCount < second.journal.totalCount, "the second app's moves are its own")
    }
}

/// The side menu over the panes, as a user drives it.
@MainActor
struct DemoSideMenuTests {
    private func start(_ arguments: [String] = ["--no-animation"], size: Size = Size(width: 80, height: 24)) throws -> (
        DemoApp, Pilot
    ) {
        let app = try DemoApp(menu: try MenuFile.builtIn(), options: try DemoOptions.parse(arguments), seconds: { 0 })
        return (app, Pilot(app, size: size))
    }

    @Test func optionsConfigureTheSideMenu() throws {
        let (app, _) = try start(["--exposed-width", "30", "--duration", "0.5"])
        #expect(app.sideMenu.exposedWidth == 30)
        #expect(app.window.transitionDuration == 0.5)
        #expect(app.sideMenu.menuTitle == app.menu.title)
        #expect(app.sideMenu.menuTitles == app.menu.items.map(\.title))
        let (still, _) = try start(["--no-animation", "--duration", "0.5"])
        #expect(still.window.transitionDuration == 0)
    }

    /// Goes to the navigation pane, opens a detail screen and goes back with Escape; returns
    /// how long the pop took (from the key to the last frame of the motion).
    private func timePop(_ arguments: [String]) throws -> Double {
        let (app, pilot) = try start(arguments)
        let navigation = try #require(app.menu.items.firstIndex { $0.kind == .navigation })
        try app.sideMenu.setSelectedIndex(navigation, animated: false)
        pilot.settle()
        pilot.press(.enter)
        pilot.settle()
        #expect(pilot.line(0).contains("Detail 1"))
        pilot.advance(by: 1)
        pilot.deliver(.key(KeyEvent(.escape)))
        let took = pilot.settle()
        #expect(!pilot.line(0).contains("Detail 1"), "back at the root")
        return took
    }

    @Test func goingBackFollowsTheMotionSettingsAsAPushDoes() throws {
        #expect(try timePop(["--no-animation"]) <= 1.0 / 60 + 1e-9, "no animation: the pop is done by the next frame")
        let slow = try timePop(["--duration", "2"])
        #expect(
            slow >= 2 - 1.0 / 60 - 1e-9 && slow <= 2 + 1e-9,
            "--duration 2: the pop takes 2 s from a frame before the key (\(slow))")
    }

    @Test func theMenuListsEveryTitleAndSelectingShowsThatPane() throws {
        let (app, pilot) = try start()
        #expect(pilot.line(0).hasPrefix(" [Menu]"), "the side menu's Menu item")
        pilot.press(.function(2))
        pilot.settle()
        #expect(app.sideMenu.isMenuVisible)
        for (row, item) in app.menu.items.enumerated() {
            #expect(pilot.line(1 + row).hasPrefix(" " + item.title), "row \(row + 1) lists \(item.title)")
        }
        let navigation = try #require(app.menu.items.firstIndex { $0.kind == .navigation })
        for _ in 0..<navigation { pilot.press(.down) }
        pilot.press(.enter)
        pilot.settle()
        #expect(!app.sideMenu.isMenuVisible)
        #expect(pilot.line(0).hasPrefix(" [Menu] [Left]"), "the injected Menu item comes before the pane's Left item")
        #expect(pilot.line(0).contains(app.menu.items[navigation].title))
        #expect(
            pilot.line(2).hasPrefix("  The root screen"), "the pane is opaque: no menu row shows through its margin")
        pilot.press(.enter)
        pilot.settle()
        #expect(pilot.line(0).contains("Detail 1"))
        #expect(pilot.line(2).hasPrefix("  Detail screen 1"))
    }

    @Test func everyPaneCoversTheMenuUnderIt() throws {
        let (app, pilot) = try start(size: Size(width: 60, height: 12))
        for index in app.menu.items.indices {
            try app.sideMenu.setSelectedIndex(index, animated: false)
            pilot.settle()
            let titles = app.menu.items.map(\.title)
            for line in pilot.lines.dropFirst() {
                #expect(
                    !titles.contains { !$0.isEmpty && line.hasPrefix(" " + $0) && !$0.hasPrefix("Lifecycle") },
                    "item \(index): a menu row shows through: \(line)")
            }
        }
    }

}
