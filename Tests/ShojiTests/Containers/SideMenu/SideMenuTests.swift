import Testing
@testable import Shoji
import ShojiTesting

@MainActor
struct SideMenuTests {
    private func makeMenu(_ count: Int = 3, size: Size = Size(width: 60, height: 12)) throws -> (
        Pilot, SideMenuController, [MenuPane]
    ) {
        let panes = (0..<count).map { MenuPane("Pane \($0)", leftItem: $0 == 1) }
        let menu = try SideMenuController(viewControllers: panes, menuTitles: panes.map { $0.title! })
        let pilot = Pilot(Window(rootViewController: menu), size: size)
        return (pilot, menu, panes)
    }

    // MARK: Construction

    @Test func constructionErrorsAreThrownWithAClearMessage() {
        #expect(throws: SideMenuError.noViewControllers) { try SideMenuController(viewControllers: [], menuTitles: []) }
        #expect(throws: SideMenuError.titleCountMismatch(controllers: 2, titles: 1)) {
            try SideMenuController(viewControllers: [MenuPane("a"), MenuPane("b")], menuTitles: ["a"])
        }
        #expect(
            SideMenuError.titleCountMismatch(controllers: 2, titles: 1).description
                == "a side menu needs one title per view controller (got 2 controllers and 1 titles)")
    }

    @Test func childrenAreWrappedInNavigationControllersWithAMenuButtonFirst() throws {
        let (pilot, menu, panes) = try makeMenu()
        #expect(menu.viewControllers.allSatisfy { $0 is NavigationController })
        #expect((menu.viewControllers[1] as? NavigationController)?.viewControllers.first === panes[1])
        #expect(panes[1].navigationItem.leftBarButtonItems.map(\.title) == ["Menu", "Left"])
        #expect(panes[0].navigationItem.leftBarButtonItems.map(\.title) == ["Menu"])
        #expect(pilot.line(0).hasPrefix(" [Menu] "), "the bar starts with the Menu button: \(pilot.line(0))")
        #expect(pilot.line(0).contains("Pane 0"))
        #expect(pilot.text.contains("Pane 0 content"))
    }

    @Test func anExistingNavigationControllerIsNotWrappedAgain() throws {
        let root = MenuPane("Root")
        let navigation = NavigationController(rootViewController: root)
        let menu = try SideMenuController(viewControllers: [navigation], menuTitles: ["Root"])
        #expect(menu.viewControllers.first === navigation)
        #expect(root.navigationItem.leftBarButtonItems.map(\.title) == ["Menu"])
    }

    // MARK: Opening and closing

    @Test func f2OpensTheMenuMovingThePaneRightAndRevealingTheTitledList() throws {
        let (pilot, menu, _) = try makeMenu()
        pilot.press(.function(2))
        pilot.settle()
        #expect(menu.isMenuVisible)
        #expect(menu.paneView.frame.minX == 24)
        #expect(menu.paneView.frame.size == Size(width: 60, height: 12), "the pane keeps its full size")
        #expect(pilot.line(0).hasPrefix(" Menu"), "the list's heading")
        #expect(pilot.line(1).hasPrefix(" Pane 0"))
        #expect(
            pilot.line(0).dropFirst(23).hasPrefix("│ [Menu]"),
            "the separator beside the pane's left edge: \(pilot.line(0))")
        #expect(menu.listView.isFocused)
    }

    @Test func mTogglesAndEscapeCloses() throws {
        let (pilot, menu, _) = try makeMenu()
        pilot.press(.character("m"))
        pilot.settle()
        #expect(menu.isMenuVisible)
        pilot.press(.character("m"))
        pilot.settle()
        #expect(!menu.isMenuVisible)
        #expect(menu.paneView.frame.minX == 0)
        pilot.press(.character("m"))
        pilot.press(.escape)
        pilot.settle()
        #expect(!menu.isMenuVisible)
        #expect(!pilot.line(0).contains("│"), "no separator when closed")
    }

    @Test func escapeWithTheMenuClosedIsLeftToOthers() throws {
        let (_, menu, _) = try makeMenu()
        #expect(!menu.keyPressed(KeyEvent(.escape)))
    }

    @Test func clickingTheMenuButtonToggles() throws {
        let (pilot, menu, _) = try makeMenu()
        pilot.click(at: Point(x: 2, y: 0))
        pilot.settle()
        #expect(menu.isMenuVisible)
    }

    @Test func aClickOnTheExposedPaneClosesTheMenuAndReachesNoContent() throws {
        let (pilot, menu, _) = try makeMenu()
        pilot.press(.function(2))
        pilot.settle()
        // Column 26 is on the pane; row 0 there holds the content's bar (its Menu button).
        pilot.click(at: Point(x: 27, y: 0))
        pilot.settle()
        #expect(!menu.isMenuVisible, "closed, and the Menu button under the click did not re-open it")
    }

    @Test func withTheMenuOpenTheContentGetsNoKeys() throws {
        let (pilot, menu, _) = try makeMenu()
        pilot.press(.function(2))
        pilot.settle()
        pilot.press(.down)
        #expect(menu.listView.selectedRow == 1, "Down moved the list's selection")
        #expect(menu.selectedIndex == 0, "moving the selection does not select")
        #expect(menu.focusScope === menu.listView)
    }

    @Test func theExposedWidthIsClampedOnANarrowTerminal() throws {
        let (pilot, menu, _) = try makeMenu(size: Size(width: 20, height: 8))
        pilot.press(.function(2))
        pilot.settle()
        #expect(menu.effectiveExposedWidth == 16)
        #expect(menu.paneView.frame.minX == 16, "four columns of content stay visible")
        pilot.resize(to: Size(width: 80, height: 8))
        pilot.settle()
        #expect(menu.paneView.frame.minX == 24, "clamped again after a resize")
        pilot.resize(to: Size(width: 10, height: 8))
        pilot.settle()
        #expect(menu.paneView.frame.minX == 6)
    }

    @Test(arguments: [1, 2, 3, 4, 5])
    func onATinyTerminalTheOpenMenuIsAlwaysVisible(width: Int) throws {
        let (pilot, menu, _) = try makeMenu(size: Size(width: width, height: 6))
        pilot.press(.function(2))
        pilot.settle()
        #expect(menu.isMenuVisible)
        let menuColumns = menu.paneView.frame.minX
        #expect(menuColumns >= 1, "at least one column of the menu shows")
        #expect(width > 4 || menuColumns == width, "at 4 columns or fewer the menu takes the whole width")
        #expect(menuColumns < 4 || pilot.line(1).hasPrefix(" P"), "the list's first row (Pane 0) shows: \(pilot.lines)")
        #expect(pilot.window.firstResponder === menu.listView, "the visible list takes the keys")
        pilot.press(.down)
        pilot.press(.enter)
        pilot.settle()
        #expect(menu.selectedIndex == 1 && !menu.isMenuVisible && menu.paneView.frame.minX == 0)
        pilot.press(.function(2))
        pilot.settle()
        pilot.press(.escape)
        pilot.settle()
        #expect(!menu.isMenuVisible && menu.paneView.frame.minX == 0)
    }

    // MARK: Selecting

    @Test func downThenEnterShowsTheSecondChildWithTheMenuClosed() throws {
        let (pilot, menu, panes) = try makeMenu()
        pilot.press(.function(2))
        pilot.press(.down)
        pilot.press(.enter)
        pilot.settle()
        #expect(menu.selectedIndex == 1)
        #expect(!menu.isMenuVisible)
        #expect(menu.paneView.frame.minX == 0)
        #expect(pilot.text.contains("Pane 1 content"))
        #expect(pilot.line(0).hasPrefix(" [Menu] [Left] "), "Menu, then the child's own Left item: \(pilot.line(0))")
        #expect(panes[0].appearancePhase == .didDisappear)
        #expect(panes[1].appearancePhase == .didAppear)
    }

    @Test func replacingAChildFollowsUIKitsContainmentOrder() throws {
        let (pilot, menu, _) = try makeMenu()
        let recorder = LifecycleRecorder()
        let outgoing = menu.viewControllers[0], incoming = menu.viewControllers[2]
        try menu.setSelectedIndex(2, animated: false)
        pilot.settle()
        let m = menu.debugIdentifier
        #expect(
            recorder.log(for: outgoing) == [
                "willMove(toParent: nil)", "viewWillDisappear(false)", "viewDidDisappear(false)",
                "didMove(toParent: nil)"
            ])
        #expect(
            recorder.log(for: incoming) == [
                "willMove(toParent: \(m))", "viewDidLoad", "viewWillAppear(false)", "viewDidAppear(false)",
                "didMove(toParent: \(m))"
            ])
        let order = recorder.lines.filter {
            $0.hasPrefix(outgoing.debugIdentifier + " ") || $0.hasPrefix(incoming.debugIdentifier + " ")
        }.filter { $0.contains("Move") }
        #expect(
            order == [
                "\(outgoing.debugIdentifier) willMove(toParent: nil)",
                "\(incoming.debugIdentifier) willMove(toParent: \(m))",
                "\(incoming.debugIdentifier) didMove(toParent: \(m))",
                "\(outgoing.debugIdentifier) didMove(toParent: nil)"
            ])
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window))
        #expect(menu.children.map(ObjectIdentifier.init) == [ObjectIdentifier(incoming)], "exactly one child")
    }

    @Test func selectedIndexRules() throws {
        let (pilot, menu, _) = try makeMenu()
        #expect(throws: SideMenuError.indexOutOfRange(index: 3, count: 3)) {
            try menu.setSelectedIndex(3, animated: false)
        }
        #expect(throws: SideMenuError.indexOutOfRange(index: -1, count: 3)) {
            try menu.setSelectedIndex(-1, animated: false)
        }
        let recorder = LifecycleRecorder()
        try menu.setSelectedIndex(0, animated: false)
        pilot.settle()
        #expect(recorder.events.isEmpty, "selecting the current child does nothing")
        #expect(menu.selectedIndex == 0)
        pilot.press(.function(2))
        pilot.settle()
        try menu.setSelectedIndex(0, animated: true)
        pilot.settle()
        #expect(!menu.isMenuVisible, "selecting the current child closes the menu")
    }

    @Test func setViewControllersReplacesEveryChildWithBalancedCalls() throws {
        let (pilot, menu, _) = try makeMenu()
        let old = menu.viewControllers[0]
        weak let weakOld = old
        let recorder = LifecycleRecorder()
        let fresh = [MenuPane("New A"), MenuPane("New B")]
        try menu.setViewControllers(fresh, titles: ["New A", "New B"])
        pilot.settle()
        #expect(
            recorder.log(for: old) == [
                "willMove(toParent: nil)", "viewWillDisappear(false)", "viewDidDisappear(false)",
                "didMove(toParent: nil)"
            ])
        #expect(menu.selectedIndex == 0)
        #expect(pilot.text.contains("New A content"))
        #expect(menu.menuTitles == ["New A", "New B"])
        #expect(throws: SideMenuError.noViewControllers) { try menu.setViewControllers([], titles: []) }
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window))
        _ = consume old
        #expect(weakOld == nil, "the old child is freed")
    }

    @Test func theDelegateHearsOpenCloseAndSelection() throws {
        let (pilot, menu, _) = try makeMenu()
        let spy = SideMenuSpy()
        spy.refuse = 2
        menu.delegate = spy
        pilot.press(.function(2))
        pilot.settle()
        pilot.press(.end)
        pilot.press(.enter)
        pilot.settle()
        #expect(menu.isMenuVisible, "a refused selection leaves the menu open")
        pilot.press(.up)
        pilot.press(.enter)
        pilot.settle()
        #expect(
            spy.log == [
                "willShow left", "didShow left", "shouldSelect 2", "shouldSelect 1", "willHide left", "didSelect 1",
                "didHide left"
            ])
    }

    @Test func aHostileTitleRendersInertly() throws {
        let pane = MenuPane("x")
        let menu = try SideMenuController(viewControllers: [pane], menuTitles: ["\u{1B}[2J\u{1B}]0;pwned\u{07}"])
        let pilot = Pilot(Window(rootViewController: menu), size: Size(width: 40, height: 5))
        pilot.press(.function(2))
        pilot.settle()
        #expect(pilot.line(1).hasPrefix(" ^[[2J^[]0;pwned^G"))
    }

    // MARK: Titles from the children

    @Test func withoutTitlesTheMenuShowsTheChildrensTitlesAsTheyChange() throws {
        let panes = [MenuPane("Inbox"), MenuPane("Settings")]
        let untitled = ViewController()
        let menu = try SideMenuController(viewControllers: panes + [untitled])
        let pilot = Pilot(Window(rootViewController: menu), size: Size(width: 60, height: 8))
        pilot.press(.function(2))
        pilot.settle()
        #expect(menu.menuTitles == ["Inbox", "Settings", "Untitled"])
        #expect(
            pilot.line(1).hasPrefix(" Inbox") && pilot.line(2).hasPrefix(" Settings")
                && pilot.line(3).hasPrefix(" Untitled"))
        panes[1].title = "Preferences"
        pilot.advance(by: 0.1)
        #expect(menu.menuTitles[1] == "Preferences")
        #expect(pilot.line(2).hasPrefix(" Preferences"), "the renamed child shows at once: \(pilot.line(2))")
        #expect(throws: SideMenuError.noViewControllers) { try SideMenuController(viewControllers: []) }
    }

    // MARK: Keys

    @Test func theToggleKeysCanBeChangedOrTurnedOff() throws {
        let (pilot, menu, _) = try makeMenu()
        menu.keyBindings.setKeys([KeyEvent(.function(9))], for: .toggleMenu)
        pilot.press(.function(2))
        pilot.press(.character("m"))
        pilot.settle()
        #expect(!menu.isMenuVisible, "F2 and m no longer toggle")
        pilot.press(.function(9))
        pilot.settle()
        #expect(menu.isMenuVisible)
        menu.keyBindings.setKeys([], for: .toggleMenu)
        pilot.press(.function(9))
        pilot.settle()
        #expect(menu.isMenuVisible, "no key toggles; Escape still closes")
        pilot.press(.escape)
        pilot.settle()
        #expect(!menu.isMenuVisible)
    }

    @Test func mGoesToAFocusedTextInputViewInsteadOfToggling() throws {
        let form = FormPane()
        let menu = try SideMenuController(viewControllers: [form], menuTitles: ["Form"])
        let pilot = Pilot(Window(rootViewController: menu), size: Size(width: 40, height: 6))
        #expect(pilot.window.makeFirstResponder(form.field))
        pilot.type("mm")
        pilot.settle()
        #expect(form.field.text == "mm")
        #expect(!menu.isMenuVisible, "m typed into the field, not a toggle")
        pilot.press(.function(2))
        pilot.settle()
        #expect(menu.isMenuVisible, "F2 still toggles over a text field")
    }

    @Test func aSubclassCanOverrideTheKeys() throws {
        final class QuietMenu: SideMenuController {
            override var defaultKeyBindings: KeyBindings {
                var keys = super.defaultKeyBindings
                keys.unbind(KeyEvent(.character("m")))
                return keys
            }
        }
        let menu = try QuietMenu(viewControllers: [MenuPane("A")])
        let pilot = Pilot(Window(rootViewController: menu), size: Size(width: 40, height: 6))
        pilot.press(.character("m"))
        pilot.settle()
        #expect(!menu.isMenuVisible)
        pilot.press(.function(2))
        pilot.settle()
        #expect(menu.isMenuVisible)
    }

    // MARK: Requests during a replacement

    @Test func setMenuVisibleDuringAReplacementWaitsThenAppliesAndCompletes() throws {
        let (pilot, menu, _) = try makeMenu()
        pilot.advance(by: 1)
        try menu.setSelectedIndex(1, animated: true)
        pilot.advance(by: 0.1)
        var completed: [Bool] = []
        menu.setMenuVisible(true, animated: true) { completed.append($0) }
        #expect(!menu.isMenuVisible && completed.isEmpty, "waits for the replacement")
        pilot.settle()
        pilot.settle()
        #expect(menu.selectedIndex == 1)
        #expect(menu.isMenuVisible && menu.paneView.frame.minX == 24)
        #expect(completed == [true], "its completion runs once, finished")
    }

    @Test func aSelectionDuringAReplacementWaitsAndThenPlaysItsOwn() throws {
        let (pilot, menu, panes) = try makeMenu()
        pilot.advance(by: 1)
        try menu.setSelectedIndex(1, animated: true)
        pilot.advance(by: 0.1)
        try menu.setSelectedIndex(2, animated: true)
        #expect(menu.selectedIndex == 1, "the running replacement keeps going")
        pilot.settle()
        pilot.settle()
        #expect(menu.selectedIndex == 2 && menu.children.count == 1)
        #expect(panes[1].appearancePhase == .didDisappear && panes[2].appearancePhase == .didAppear)
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window))
    }

    @Test func selectingBeforeTheViewLoadsSwapsTheChildWithBalancedCalls() throws {
        let panes = [MenuPane("A"), MenuPane("B")]
        let menu = try SideMenuController(viewControllers: panes)
        let recorder = LifecycleRecorder()
        var checker = LifecycleChecker()
        try menu.setSelectedIndex(1, animated: true)
        #expect(!menu.isViewLoaded, "selecting does not load the view")
        #expect(menu.selectedIndex == 1 && menu.children.count == 1)
        let pilot = Pilot(Window(rootViewController: menu), size: Size(width: 40, height: 6))
        #expect(pilot.text.contains("B content"))
        let wrapped = menu.viewControllers[1]
        #expect(recorder.log(for: wrapped).filter { $0.hasPrefix("didMove") }.count == 1, "one didMove")
        checker.consume(recorder.takeEvents())
        try LifecycleChecker.verify(checker.violations + LifecycleChecker.treeViolations(window: pilot.window))
    }

    @Test func theFocusTheContentHadComesBackWhenTheMenuCloses() throws {
        let pane = TwoButtons()
        let menu = try SideMenuController(viewControllers: [pane, MenuPane("Other")], menuTitles: ["Buttons", "Other"])
        let pilot = Pilot(Window(rootViewController: menu), size: Size(width: 60, height: 8))
        #expect(pilot.window.makeFirstResponder(pane.second))
        pilot.press(.function(2))
        pilot.settle()
        #expect(pilot.window.firstResponder === menu.listView)
        pilot.press(.escape)
        pilot.settle()
        #expect(pilot.window.firstResponder === pane.second, "the second button has the focus again")
        pilot.press(.character("m"))
        pilot.settle()
        pilot.press(.character("m"))
        pilot.settle()
        #expect(pilot.window.firstResponder === pane.second, "also after a toggle by key")
    }
}
