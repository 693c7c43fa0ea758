import Shoji
import ShojiTesting
import Testing

/// `Window.cursorFollowsFocus`: the terminal's cursor shows on the focused item for screen
/// readers, and nothing else on the screen changes.
@MainActor
struct CursorFollowsFocusTests {
    /// Thirty numbered rows.
    final class Rows: ListViewDataSource {
        func numberOfRows(in listView: ListView) -> Int { 30 }
        func listView(_ listView: ListView, titleForRow row: Int) -> String { "row \(row)" }
    }

    /// Plain controllers with these titles (the children of a container).
    private static func titled(_ titles: [String]) -> [ViewController] {
        titles.map { title in
            let child = ViewController()
            child.title = title
            return child
        }
    }

    /// A list (rows 1-6, under a title) and a button below it, in a 30x10 window; keep the data
    /// source (the list holds it weakly).
    private func scene(follows: Bool) -> (Pilot, ListView, Button, Rows) {
        let root = ViewController()
        let rows = Rows()
        let list = ListView(frame: Rect(x: 2, y: 1, width: 20, height: 6))
        list.dataSource = rows
        list.headerTitle = "Rows"
        list.selectedRow = 0
        let button = Button(title: "Go", frame: Rect(x: 4, y: 8, width: 6, height: 1))
        root.view.addSubview(list)
        root.view.addSubview(button)
        let pilot = Pilot(Window(rootViewController: root), size: Size(width: 30, height: 10))
        pilot.window.cursorFollowsFocus = follows
        pilot.window.makeFirstResponder(list)
        pilot.settle()
        return (pilot, list, button, rows)
    }

    @Test func theCursorSitsOnTheSelectedRowAndFollowsIt() throws {
        let (pilot, list, _, rows) = scene(follows: true)
        defer { withExtendedLifetime(rows) {} }
        #expect(pilot.cursor == pilot.position(of: "row 0"), "at the selected row's title")
        pilot.press(.down)
        pilot.press(.down)
        pilot.settle()
        #expect(list.selectedRow == 2)
        #expect(pilot.cursor == pilot.position(of: "row 2"), "\(pilot.lines)")
        pilot.press(.end)
        pilot.settle()
        #expect(pilot.cursor == pilot.position(of: "row 29"), "scrolled with the selection")
        list.contentOffset = .zero
        pilot.settle()
        let carried = try #require(list.selectedRow)
        #expect(carried < 29, "scrolling carries the selection along")
        #expect(pilot.cursor == pilot.position(of: "row \(carried)"))
        list.frame.origin.y = 20
        pilot.settle()
        #expect(pilot.cursor == nil, "the list moved off the screen: no cursor")
    }

    @Test func aFocusedButtonAndATextFieldHaveTheirOwnPlaces() {
        let (pilot, _, button, rows) = scene(follows: true)
        defer { withExtendedLifetime(rows) {} }
        pilot.window.makeFirstResponder(button)
        pilot.settle()
        #expect(pilot.cursor == Point(x: 4, y: 8), "a button's first cell")
        let field = TextField(frame: Rect(x: 12, y: 8, width: 10, height: 1))
        pilot.window.rootViewController?.view.addSubview(field)
        pilot.window.makeFirstResponder(field)
        pilot.type("abc")
        pilot.settle()
        #expect(pilot.cursor == Point(x: 15, y: 8), "a text field's insertion point, as without the setting")
    }

    @Test func offTheCursorIsHiddenAndTheScreenIsTheSameEitherWay() {
        let (off, _, _, offRows) = scene(follows: false)
        let (on, _, _, onRows) = scene(follows: true)
        defer { withExtendedLifetime((offRows, onRows)) {} }
        #expect(off.cursor == nil)
        #expect(on.cursor != nil)
        #expect(off.styledText == on.styledText, "nothing else is drawn differently")
    }

    @Test func theSideMenusListParksTheCursorOnTheChosenEntry() throws {
        let children = Self.titled(["Alpha", "Beta", "Gamma"])
        let menu = try SideMenuController(viewControllers: children)
        let app = Application(rootViewController: menu)
        app.cursorFollowsFocus = true
        let pilot = Pilot(app, size: Size(width: 40, height: 8))
        menu.toggleMenu(animated: false)
        pilot.settle()
        #expect(pilot.cursor == pilot.position(of: "Alpha"), "\(pilot.lines)")
        pilot.press(.down)
        pilot.settle()
        #expect(pilot.cursor == pilot.position(of: "Beta"))
    }

    @Test func aFocusedTabBarParksTheCursorOnTheSelectedTab() throws {
        let children = Self.titled(["One", "Two", "Three"])
        let tabs = TabBarController(viewControllers: children)
        let pilot = Pilot(Window(rootViewController: tabs), size: Size(width: 40, height: 6))
        pilot.window.cursorFollowsFocus = true
        let bar = try #require(pilot.view(ofType: TabBar.self))
        pilot.window.makeFirstResponder(bar)
        pilot.press(.right)
        pilot.settle()
        #expect(tabs.selectedIndex == 1)
        #expect(pilot.cursor == pilot.position(of: "Two"), "\(pilot.lines)")
    }

    @Test func anOverlayMenuParksTheCursorOnTheHighlightedEntry() {
        let children = Self.titled(["Red", "Green", "Blue"])
        let overlay = OverlayMenuController(viewControllers: children)
        let pilot = Pilot(Window(rootViewController: overlay), size: Size(width: 60, height: 16))
        pilot.window.cursorFollowsFocus = true
        overlay.setMenuVisible(true, animated: false)
        pilot.press(.right)
        pilot.settle()
        // The entry's box, not the title repeated in the middle: its symbol, then its title.
        #expect(pilot.cursor == pilot.position(of: "◆ Green"), "\(pilot.lines.joined(separator: "\n"))")
    }

    @Test func theEnvironmentValueTurnsItOn() {
        for value in ["1", "yes", " TRUE ", "on"] {
            #expect(Application.cursorFollowsFocus(byEnvironmentValue: value), "\(value)")
        }
        for value in [nil, "", "0", "no", "off", "none"] as [String?] {
            #expect(!Application.cursorFollowsFocus(byEnvironmentValue: value), "\(String(describing: value))")
        }
    }
}
