import Foundation
import Testing
import TestSupport
@testable import Shoji
import ShojiTesting

/// Menus headlessly: context menus opened by a right press and Shift-F10, where they go on
/// screen, their keys and rows, submenus, choosing, dismissing, looks, the lifecycle around
/// them, pull-down and pop-up buttons, and hostile text in tiny windows.
@MainActor
struct MenuTests {
    /// Cut (Alt-x), Copy (on), Paste (disabled), then Delete (destructive) inline between
    /// separators, then a Share submenu of Mail and Messages. Chosen titles go to `chosen`.
    private func editMenu(_ chosen: @escaping @MainActor (String) -> Void = { _ in }) -> Menu {
        func action(_ title: String, _ attributes: MenuAction.Attributes = [], state: MenuAction.State = .off)
            -> MenuAction
        {
            MenuAction(title: title, attributes: attributes, state: state) { chosen($0.title) }
        }
        let cut = action("Cut")
        cut.keyEquivalent = KeyEvent(.character("x"), modifiers: .alt)
        return Menu(children: [
            cut, action("Copy", state: .on), action("Paste", .disabled),
            Menu(options: .displayInline, children: [action("Delete", .destructive)]),
            Menu(title: "Share", children: [action("Mail"), action("Messages")])
        ])
    }

    /// A 40x12 window whose root view has `menu` as its context menu; a focusable list of 5 rows
    /// (row 2 selected) at (10, 3) 12x5 has it too.
    private func setUp(_ menu: @escaping @MainActor () -> Menu?, size: Size = Size(width: 40, height: 12))
        -> (Pilot, ViewController, ListView)
    {
        let root = ViewController()
        let pilot = Pilot(Window(rootViewController: root), size: size)
        root.view.contextMenuProvider = menu
        let list = ListView(frame: Rect(x: 10, y: 3, width: 12, height: 5))
        list.dataSource = rows
        list.selectedRow = 2
        list.contextMenuProvider = menu
        root.view.addSubview(list)
        pilot.settle()
        return (pilot, root, list)
    }

    /// The list's rows (the list holds its data source weakly).
    private let rows = Rows(count: 5)

    /// The menu shown on top, if any.
    private func shownMenu(_ pilot: Pilot) -> MenuController? {
        pilot.window.presentedViewControllers.last as? MenuController
    }

    /// Opens the edit menu by a right press at the top-left, then its Share submenu ("s", then
    /// Right): the menu and the submenu.
    private func openShareSubmenu(_ pilot: Pilot) throws -> (top: MenuController, sub: MenuController) {
        pilot.press(at: Point(x: 0, y: 0), button: .right)
        pilot.settle()
        let top = try #require(shownMenu(pilot))
        pilot.type("s")
        pilot.press(.right)
        pilot.settle()
        return (top, try #require(shownMenu(pilot)))
    }

    @Test func theArticlesPictureOfAMenuIsWhatAMenuDraws() throws {
        let (pilot, _, _) = setUp { self.editMenu() }
        pilot.press(at: Point(x: 0, y: 0), button: .right)
        pilot.settle()
        // The menu's view and the border the popover draws around it.
        let frame = try #require(shownMenu(pilot)).view.frame
        let drawn = pilot.lines[frame.minY - 1..<frame.maxY + 1].map { line in
            " " + String(Array(line)[frame.minX - 1..<frame.maxX + 1])
        }
        let article = try String(
            contentsOf: packageRoot().appendingPathComponent(
                "Sources/Shoji/Shoji.docc/ContextMenusAndPopUpButtons.md"), encoding: .utf8)
        // The article's first code block without a language is the picture.
        let picture = try #require(article.components(separatedBy: "\n```\n").dropFirst().first)
        #expect(
            picture.components(separatedBy: "\n") == drawn,
            "the article shows:\n\(picture)\ndrawn:\n\(drawn.joined(separator: "\n"))")
    }

    @Test func aRightPressOpensTheMenuBelowThePointerAndClampsAtTheScreenEdges() throws {
        let (pilot, root, _) = setUp { self.editMenu() }
        pilot.press(at: Point(x: 2, y: 1), button: .right)
        pilot.settle()
        let menu = try #require(shownMenu(pilot))
        #expect(root.presentedViewController === menu)
        #expect(menu.view.frame.origin == Point(x: 3, y: 3), "its border's box starts just below the pointer")
        #expect(menu.view.frame.size == Size(width: 14, height: 7), "every row in full")
        let cut = try #require(pilot.position(of: "Cut"))
        #expect(cut == Point(x: 6, y: 3), "\(pilot.text)")
        #expect(pilot.line(3).contains("Cut  Alt-x │"), "the key equivalent right-aligned: \(pilot.text)")
        pilot.press(.escape)
        pilot.settle()
        #expect(root.presentedViewController == nil)
        pilot.press(at: Point(x: 38, y: 10), button: .right)
        pilot.settle()
        let clamped = try #require(shownMenu(pilot))
        #expect(clamped.view.frame.maxX == 39, "moved in from the right edge (border on the last column)")
        #expect(clamped.view.frame.maxY == 10 - 1, "flipped above the pointer: \(pilot.text)")
    }

    @Test func shiftF10AndTheMenuKeyOpenTheFocusedViewsMenuAtItsFocusedItemAndTheKeyHelpListsIt() throws {
        let (pilot, root, list) = setUp({ self.editMenu() }, size: Size(width: 40, height: 20))
        list.becomeFirstResponder()
        let help = pilot.window.activeKeyBindings().flatMap(\.bindings).map(\.title)
        #expect(help.contains("Open the context menu"))
        pilot.press(.function(10), modifiers: .shift)
        pilot.settle()
        let menu = try #require(shownMenu(pilot))
        #expect(root.presentedViewController === menu)
        // The selected row (2) is on line 5; its title starts at column 11.
        #expect(menu.view.frame.origin == Point(x: 12, y: 7), "below the focused row's title: \(pilot.text)")
        #expect(pilot.window.firstResponder === menu.view)
        pilot.press(.escape)
        pilot.settle()
        #expect(pilot.window.firstResponder === list, "the focus comes back")
        pilot.press(.menu)
        pilot.settle()
        #expect(try #require(shownMenu(pilot)).view.frame.origin == Point(x: 12, y: 7), "the Menu key: the same")
        pilot.press(.escape)
        pilot.settle()
        root.view.contextMenuProvider = nil
        list.contextMenuProvider = nil
        #expect(!pilot.window.activeKeyBindings().flatMap(\.bindings).map(\.title).contains("Open the context menu"))
        pilot.press(.function(10), modifiers: .shift)
        pilot.settle()
        #expect(root.presentedViewController == nil, "no menu: nothing opens")
    }

    @Test func keysSkipDisabledRowsAndSeparatorsAndLettersJump() throws {
        let (pilot, _, _) = setUp { self.editMenu() }
        pilot.press(at: Point(x: 0, y: 0), button: .right)
        pilot.settle()
        let view = try #require(shownMenu(pilot)?.menuView)
        #expect(view.selectedRow == 0, "the first selectable row")
        pilot.press(.down)
        #expect(view.selectedRow == 1)
        pilot.press(.down)
        #expect(view.selectedRow == 4, "over the disabled Paste and the separator, to Delete")
        pilot.press(.down)
        #expect(view.selectedRow == 6, "over the separator, to Share")
        pilot.press(.down)
        #expect(view.selectedRow == 6, "stays at the end")
        pilot.press(.up)
        pilot.press(.up)
        #expect(view.selectedRow == 1)
        pilot.press(.end)
        #expect(view.selectedRow == 6)
        pilot.press(.home)
        #expect(view.selectedRow == 0)
        pilot.type("s")
        #expect(view.selectedRow == 6)
        pilot.type("C")
        #expect(view.selectedRow == 0, "wraps around, any case")
        pilot.type("c")
        #expect(view.selectedRow == 1, "the next one starting with it")
        pilot.type("p")
        #expect(view.selectedRow == 1, "a disabled row is never selected")
        try pilot.click(on: "Paste")
        pilot.settle()
        #expect(shownMenu(pilot) != nil && view.selectedRow == 1, "a click on a disabled row does nothing")
    }

    @Test func aSubmenuOpensBesideItsRowAndLeftOrEscapeClosesItOnly() throws {
        var chosen: [String] = []
        let (pilot, root, _) = setUp { self.editMenu { chosen.append($0) } }
        let checked = LifecycleRecorder()
        var checker = LifecycleChecker(historyIsComplete: false)
        let (top, sub) = try openShareSubmenu(pilot)
        #expect(sub !== top && top.presentedViewController === sub)
        let share = try #require(pilot.position(of: "Share"))
        let mail = try #require(pilot.position(of: "Mail"))
        #expect(mail.y == share.y, "its first row level with Share: \(pilot.text)")
        #expect(sub.view.frame.minX == top.view.frame.maxX + 2, "beside the parent's border")
        #expect(pilot.window.firstResponder === sub.view)
        pilot.press(.left)
        pilot.settle()
        #expect(top.presentedViewController == nil && shownMenu(pilot) === top)
        #expect(pilot.window.firstResponder === top.view, "back in the parent")
        pilot.press(.enter)
        pilot.settle()
        #expect(top.presentedViewController != nil, "Enter opens a submenu too")
        pilot.press(.escape)
        pilot.settle()
        #expect(top.presentedViewController == nil && root.presentedViewController === top, "Escape closes it only")
        pilot.press(.right)
        pilot.settle()
        pilot.press(.down)
        pilot.press(.enter)
        pilot.settle()
        #expect(chosen == ["Messages"], "a choice in a submenu")
        #expect(root.presentedViewController == nil && pilot.window.presentedViewControllers.isEmpty, "all closed")
        for controller in [top, sub] {
            let appearances = checked.log(for: controller).filter { $0.contains("ppear") }
            #expect(
                appearances.count % 4 == 0 && appearances.last?.hasPrefix("viewDidDisappear") == true, "\(appearances)")
        }
        checker.consume(checked.takeEvents())
        try checker.verify(window: pilot.window, settled: true)
    }

    @Test func choosingRunsTheHandlerOnceAfterTheDismissalAndSingleSelectionMovesTheCheck() throws {
        var chosen: [String] = []
        var presentedAtTheHandler: [ViewController] = []
        let root = ViewController()
        let pilot = Pilot(Window(rootViewController: root), size: Size(width: 40, height: 12))
        let recorder = LifecycleRecorder()
        var appearancesAtTheHandler: [String] = []
        var menuController: MenuController?
        let small = MenuAction(title: "Small") { action in
            chosen.append(action.title)
            presentedAtTheHandler = pilot.window.presentedViewControllers
            appearancesAtTheHandler =
                menuController.map { recorder.log(for: $0) }?.filter { $0.contains("ppear") } ?? []
        }
        let large = MenuAction(title: "Large", state: .on) { chosen.append($0.title) }
        let sizes = Menu(options: .singleSelection, children: [small, large])
        root.view.contextMenuProvider = { sizes }
        pilot.settle()
        pilot.press(at: Point(x: 0, y: 0), button: .right)
        pilot.settle()
        let menu = try #require(shownMenu(pilot))
        menuController = menu
        pilot.press(.enter)
        pilot.press(.enter)  // lands on what is under the menu: nothing
        pilot.settle()
        #expect(chosen == ["Small"], "once")
        #expect(presentedAtTheHandler.isEmpty, "the menu was gone when the handler ran")
        #expect(
            appearancesAtTheHandler
                == [
                    "viewWillAppear(false)", "viewDidAppear(false)", "viewWillDisappear(false)",
                    "viewDidDisappear(false)"
                ],
            "balanced, and over before the handler")
        #expect(small.state == .on && large.state == .off, "the check moved")
        #expect(root.presentedViewController == nil)
        menu.choose(large, in: sizes)
        #expect(chosen == ["Small"], "a second choice of the same menu is ignored")
    }

    @Test func keysTypedAsTheMenuOpensReachItAndChooseInOrder() throws {
        var chosen: [String] = []
        let (pilot, _, list) = setUp { self.editMenu { chosen.append($0) } }
        list.becomeFirstResponder()
        // Delivered at one instant, no frame between: each waits for what the one before started.
        let keys = [
            KeyEvent(.function(10), modifiers: .shift), KeyEvent(.end), KeyEvent(.right), KeyEvent(.down),
            KeyEvent(.enter)
        ]
        for key in keys { pilot.deliver(.key(key)) }
        pilot.settle()
        #expect(chosen == ["Messages"])
        #expect(pilot.window.presentedViewControllers.isEmpty && pilot.window.firstResponder === list)
    }

    @Test func aPressOutsideClosesTheMenusWithoutChoosingAndOneOnTheParentClosesTheSubmenuOnly() throws {
        var chosen: [String] = []
        let (pilot, root, _) = setUp { self.editMenu { chosen.append($0) } }
        let (top, _) = try openShareSubmenu(pilot)
        #expect(pilot.window.presentedViewControllers.count == 2)
        try pilot.click(on: "Cut")
        pilot.settle()
        #expect(pilot.window.presentedViewControllers.count == 1 && shownMenu(pilot) === top && chosen.isEmpty)
        pilot.press(.right)
        pilot.settle()
        pilot.click(at: Point(x: 39, y: 11))
        pilot.settle()
        #expect(root.presentedViewController == nil && pilot.window.presentedViewControllers.isEmpty)
        #expect(chosen.isEmpty)
    }

    @Test func rowsShowChecksDestructiveAndDisabledLooksAndSpeakTheirPlace() throws {
        let (pilot, _, _) = setUp { self.editMenu() }
        pilot.press(at: Point(x: 0, y: 0), button: .right)
        pilot.settle()
        let frame = try #require(pilot.screen.lastFrame)
        let copy = try #require(pilot.position(of: "Copy"))
        #expect(pilot.line(copy.y).contains("✓ Copy"))
        let delete = try #require(pilot.position(of: "Delete"))
        #expect(
            frame[delete.x, delete.y].style.foreground == .red
                && frame[delete.x, delete.y].style.attributes.contains(.underline))
        let paste = try #require(pilot.position(of: "Paste"))
        #expect(frame[paste.x, paste.y].style.attributes.contains(.dim))
        #expect(pilot.line(delete.y - 1).contains("──────"), "a separator above the inline group")
        #expect(pilot.line(delete.y + 1).contains("──────"), "and below it")
        #expect(pilot.line(delete.y + 2).contains("Share") && pilot.line(delete.y + 2).contains("› │"))
        #expect(!frame[0, 10].style.attributes.contains(.dim), "nothing under a menu dims")
        #expect(pilot.accessibilityFocus == "Cut, menu item, 1 of 5")
        pilot.press(.down)
        #expect(pilot.accessibilityFocus == "Copy, menu item, checked, 2 of 5")
        pilot.press(.end)
        #expect(pilot.accessibilityFocus == "Share, submenu, 5 of 5")
        pilot.press(.escape)
        pilot.window.isScreenReaderModeOn = true
        pilot.settle()
        let heard = pilot.announcements.count
        pilot.press(at: Point(x: 0, y: 0), button: .right)
        pilot.settle()
        #expect(
            pilot.announcements.dropFirst(heard).contains { $0.contains("Cut, menu item, 1 of 5") },
            "opening says the menu's first item as a new screen: \(pilot.announcements)")
        pilot.window.glyphSet = .ascii
        pilot.settle()
        #expect(pilot.line(copy.y).contains("* Copy") && pilot.line(delete.y + 2).contains("> │"))
    }

    @Test func aPullDownButtonOpensItsMenuBelowItAndAPopUpButtonChoosesOneValue() throws {
        var chosen: [String] = []
        let (pilot, root, _) = setUp { nil }
        let pullDown = Button(title: "Actions") { chosen.append("action") }
        pullDown.menu = editMenu { chosen.append($0) }
        pullDown.showsMenuAsPrimaryAction = true
        pullDown.frame = Rect(x: 25, y: 1, width: 11, height: 1)
        let options = ["Low", "Medium", "High"].map { title in
            MenuAction(title: title, state: title == "Medium" ? .on : .off) { chosen.append($0.title) }
        }
        let popUp = Button(title: "Priority")
        popUp.menu = Menu(children: options)
        popUp.changesSelectionAsPrimaryAction = true
        popUp.frame = Rect(x: 1, y: 9, width: 14, height: 1)
        root.view.addSubview(pullDown)
        root.view.addSubview(popUp)
        pilot.settle()
        try pilot.click(on: "[ Actions ]")
        pilot.settle()
        let menu = try #require(shownMenu(pilot))
        #expect(menu.view.frame.origin == Point(x: 25, y: 3), "below the button, moved in from the edge: \(pilot.text)")
        #expect(chosen.isEmpty, "the action does not run")
        pilot.press(.escape)
        pilot.settle()
        #expect(pilot.position(of: "[ Medium ▾ ]") != nil, "shows the chosen value: \(pilot.text)")
        #expect(popUp.accessibility.spoken == "Medium ▾, button")
        popUp.becomeFirstResponder()
        pilot.press(.enter)
        pilot.settle()
        let popUpMenu = try #require(shownMenu(pilot))
        #expect(popUpMenu.menuView?.selectedRow == 1, "opens on the chosen value")
        #expect(popUpMenu.view.frame.maxY <= 9 - 1, "flipped above the button at the bottom: \(pilot.text)")
        pilot.press(.down)
        pilot.press(.enter)
        pilot.settle()
        #expect(chosen == ["High"])
        #expect(options.map(\.state) == [.off, .off, .on])
        #expect(pilot.position(of: "[ High ▾ ]") != nil, "\(pilot.text)")
        #expect(root.presentedViewController == nil)
    }

    @Test func hostileTitlesAndTinyWindowsDrawSafely() throws {
        let hostile = "\u{1b}]0;pwned\u{7}\u{1b}[31mRed" + String(repeating: "W", count: 500)
        let menu = Menu(
            title: "\u{1b}[2J", children: (0..<200).map { MenuAction(title: "\($0) \(hostile)") { _ in } })
        for size in [Size(width: 1, height: 1), Size(width: 4, height: 3), Size(width: 20, height: 6)] {
            let (pilot, root, _) = setUp({ menu }, size: size)
            pilot.press(at: Point(x: size.width - 1, y: size.height - 1), button: .right)
            pilot.settle()
            let shown = try #require(shownMenu(pilot))
            #expect(Rect(origin: .zero, size: size).contains(shown.view.frame.origin) || shown.view.frame.isEmpty)
            #expect(!pilot.text.contains("\u{1b}"), "drawn inert")
            pilot.press(.end)
            pilot.settle()
            pilot.press(.escape)
            pilot.settle()
            #expect(root.presentedViewController == nil)
        }
        let (pilot, _, _) = setUp({ menu }, size: Size(width: 20, height: 6))
        pilot.press(at: Point(x: 0, y: 0), button: .right)
        pilot.settle()
        #expect(pilot.text.contains("^[") && pilot.text.contains("…"), "caret notation, cut: \(pilot.text)")
        pilot.press(.end)
        pilot.settle()
        #expect(pilot.text.contains("199"), "the last row scrolled into view: \(pilot.text)")
    }
}

/// `count` rows titled "Row 0"….
@MainActor
private final class Rows: ListViewDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    func numberOfRows(in listView: ListView) -> Int { count }
    func listView(_ listView: ListView, titleForRow row: Int) -> String { "Row \(row)" }
}
