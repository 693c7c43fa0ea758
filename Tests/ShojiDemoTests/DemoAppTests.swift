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
        let app = DemoApp(menu: menu, options: try defaultOptions(), seconds: { 0 })
        #expect(app.panes.count == menu.items.count)
        for (pane, item) in zip(app.panes, menu.items) {
            #expect(pane.title == item.title)
            switch item.kind {
            case .text: #expect(pane is TextPane)
            case .color(let color): #expect((pane as? ColorPane)?.color == color)
            case .navigation: #expect(pane is NavigationRootPane)
            case .lifecycle: #expect((pane as? LifecyclePane)?.journal === app.journal)
            }
        }
    }

    @Test func theFirstScreenShowsTheFirstPanesTitle() throws {
        let menu = try MenuFile.builtIn()
        let app = DemoApp(menu: menu, options: try defaultOptions(), seconds: { 0 })
        let pilot = Pilot(app, size: Size(width: 80, height: 24))
        #expect(pilot.line(0).contains(menu.items[0].title))
        #expect(app.panes[0].appearancePhase == .didAppear)
        #expect(app.journal.entries.contains { $0.event.controllerID == app.panes[0].debugIdentifier && $0.event.method == .viewDidAppear })
    }

    @Test func qQuitsWhenNothingTookItAndCtrlCIsLeftToTheDefault() throws {
        let menu = try MenuFile.builtIn()
        let pilot = Pilot(DemoApp(menu: menu, options: try defaultOptions(), seconds: { 0 }), size: Size(width: 80, height: 24))
        pilot.press(.down)
        #expect(pilot.isRunning)
        pilot.press(.character("Q"))
        #expect(pilot.isRunning, "only q quits")
        pilot.press(.character("q"))
        #expect(!pilot.isRunning)

        let other = Pilot(DemoApp(menu: menu, options: try defaultOptions(), seconds: { 0 }), size: Size(width: 80, height: 24))
        other.press(KeyEvent.ctrl("c"))
        #expect(!other.isRunning)
    }

    @Test func titlesWithControlCharactersAreDrawnInert() throws {
        let menu = MenuFile(title: "M", items: [MenuItem(title: "\u{1B}[31mEvil\u{7}", kind: .text, text: "x")])
        let pilot = Pilot(DemoApp(menu: menu, options: try defaultOptions(), seconds: { 0 }), size: Size(width: 40, height: 5))
        #expect(pilot.line(0).contains("^[[31mEvil^G"))
    }

    @Test func theLogHasEveryEventFromTheFirst() throws {
        let path = NSTemporaryDirectory() + "shoji-app-log-\(UUID().uuidString).tsv"
        defer { unlink(path) }
        let writer = try LifecycleLogWriter(path: path) { 0 }
        let app = DemoApp(menu: try MenuFile.builtIn(), options: try defaultOptions(), seconds: { 0 }, logWriter: writer)
        let pilot = Pilot(app, size: Size(width: 80, height: 24))
        pilot.press(.character("q"))
        writer.stop()
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(lines.allSatisfy { $0.count == 4 })
        let first = app.panes[0].debugIdentifier
        let events = lines.filter { $0[1] == first }.map { "\($0[2])(\($0[3]))" }
        #expect(events == ["willMove(\(app.window.rootViewController!.debugIdentifier))", "viewDidLoad()",
                           "didMove(\(app.window.rootViewController!.debugIdentifier))", "viewWillAppear(false)", "viewDidAppear(false)"])
        #expect(lines.count == app.journal.totalCount, "the log and the journal saw the same events")
    }
}
