import Testing
@testable import Shoji
import ShojiTesting

/// Records the delegate calls; refuses the tabs listed in `refused`.
@MainActor
private final class DelegateSpy: TabBarControllerDelegate {
    var log: [String] = []
    var refused: Set<String> = []
    func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) -> Bool {
        log.append("shouldSelect \(viewController.title ?? "?")")
        return !refused.contains(viewController.title ?? "")
    }
    func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController) {
        log.append("didSelect \(viewController.title ?? "?")")
    }
}

/// A tab bar controller over `tabs` in a shown window; the recorder starts before anything
/// is made, so every history is complete.
@MainActor
private final class Fixture {
    let recorder = LifecycleRecorder()
    var checker = LifecycleChecker()
    let tabs: [ViewController]
    let controller: TabBarController
    let window: Window
    let pilot: Pilot

    init(_ tabs: [ViewController]? = nil, width: Int = 40, height: Int = 6) {
        self.tabs = tabs ?? [TabPane("Inbox", symbol: "✉", badge: "3"), TabPane("Stack"), TabPane("Log")]
        controller = TabBarController(viewControllers: self.tabs)
        window = Window(rootViewController: controller)
        pilot = Pilot(window, size: Size(width: width, height: height))
    }

    var bar: String { pilot.line(pilot.lines.count - 1) }

    /// The events since the last call (also fed to the checker), as `ID call` lines.
    @discardableResult
    func take() -> [String] {
        let events = recorder.takeEvents()
        checker.consume(events)
        return events.map(\.description)
    }

    func check(others: [ViewController] = []) throws {
        checker.consume(recorder.takeEvents())
        try checker.verify(window: window, others: others)
    }

    /// Clicks the middle of tab `index` on the bar's row.
    func clickTab(_ index: Int) throws {
        let columns = try #require(controller.tabBar.columns(ofItemAt: index))
        pilot.click(at: Point(x: columns.lowerBound + columns.count / 2, y: controller.tabBar.convertToWindow(.zero).y))
    }
}

@MainActor
struct TabBarControllerTests {
    // MARK: Containment order

    @Test func childrenSetBeforeTheViewLoadsBecomeChildrenAtOnceAndTheFirstAppearsWithTheWindow() throws {
        let recorder = LifecycleRecorder()
        let (a, b, c) = (TabPane("A"), TabPane("B"), TabPane("C"))
        let controller = TabBarController()
        controller.viewControllers = [a, b, c]
        let t = controller.debugIdentifier
        #expect(!controller.isViewLoaded && !a.isViewLoaded, "setting tabs loads no view")
        #expect(controller.children.map(ObjectIdentifier.init) == [a, b, c].map(ObjectIdentifier.init))
        #expect(
            recorder.lines == [
                "\(a.debugIdentifier) willMove(toParent: \(t))", "\(b.debugIdentifier) willMove(toParent: \(t))",
                "\(c.debugIdentifier) willMove(toParent: \(t))", "\(a.debugIdentifier) didMove(toParent: \(t))",
                "\(b.debugIdentifier) didMove(toParent: \(t))", "\(c.debugIdentifier) didMove(toParent: \(t))"
            ])
        #expect(controller.selectedViewController === a && controller.selectedIndex == 0)
        recorder.clear()
        let pilot = Pilot(Window(rootViewController: controller), size: Size(width: 40, height: 6))
        #expect(recorder.log(for: a) == ["viewDidLoad", "viewWillAppear(false)", "viewDidAppear(false)"])
        #expect(recorder.log(for: b).isEmpty && recorder.log(for: c).isEmpty, "hidden tabs load nothing")
        #expect(!b.isViewLoaded)
        #expect(pilot.text.contains("A content"))
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window))
    }

    @Test func childrenSetAfterTheViewIsShownFollowUIKitsOrder() throws {
        let controller = TabBarController()
        let pilot = Pilot(Window(rootViewController: controller), size: Size(width: 40, height: 6))
        let recorder = LifecycleRecorder()
        let (a, b) = (TabPane("A"), TabPane("B"))
        controller.setViewControllers([a, b], animated: true)
        let (t, ai, bi) = (controller.debugIdentifier, a.debugIdentifier, b.debugIdentifier)
        #expect(
            recorder.lines == [
                "\(ai) willMove(toParent: \(t))", "\(bi) willMove(toParent: \(t))",
                "\(ai) viewDidLoad", "\(ai) viewWillAppear(false)", "\(ai) viewDidAppear(false)",
                "\(ai) didMove(toParent: \(t))", "\(bi) didMove(toParent: \(t))"
            ])
        pilot.settle()
        #expect(pilot.text.contains("A content"))
        #expect(pilot.line(5).contains(" A  B "))
    }

    @Test func selectingSwapsTheViewsWithBalancedCallsAndNoContainmentCalls() throws {
        let f = Fixture()
        let (a, b) = (f.tabs[0], f.tabs[1])
        f.take()
        f.controller.selectedIndex = 1
        // The new tab's view loads first: the container sizes it before the switch, as in UIKit.
        #expect(
            f.take() == [
                "\(b.debugIdentifier) viewDidLoad", "\(a.debugIdentifier) viewWillDisappear(false)",
                "\(b.debugIdentifier) viewWillAppear(false)", "\(a.debugIdentifier) viewDidDisappear(false)",
                "\(b.debugIdentifier) viewDidAppear(false)"
            ])
        #expect(f.controller.selectedViewController === b)
        #expect(f.controller.children.count == 3, "every tab stays a child")
        #expect(a.viewIfLoaded?.superview == nil, "only the selected tab's view is in the tree")
        f.pilot.settle()
        #expect(f.pilot.text.contains("Stack content") && !f.pilot.text.contains("Inbox content"))
        try f.check()
    }

    @Test func replacingAllTabsRemovesTheOldOnesInUIKitsOrder() throws {
        let f = Fixture()
        f.controller.selectedIndex = 1
        let (a, b, c) = (f.tabs[0], f.tabs[1], f.tabs[2])
        let (d, e) = (TabPane("D"), TabPane("E"))
        f.take()
        f.controller.setViewControllers([d, e], animated: false)
        let t = f.controller.debugIdentifier
        let (ai, bi, ci, di, ei) = (
            a.debugIdentifier, b.debugIdentifier, c.debugIdentifier, d.debugIdentifier, e.debugIdentifier
        )
        // The old selection was at index 1: the new tab at index 1 (E) is selected.
        #expect(
            f.take() == [
                "\(ai) willMove(toParent: nil)", "\(bi) willMove(toParent: nil)", "\(ci) willMove(toParent: nil)",
                "\(di) willMove(toParent: \(t))", "\(ei) willMove(toParent: \(t))",
                "\(ei) viewDidLoad", "\(bi) viewWillDisappear(false)", "\(ei) viewWillAppear(false)",
                "\(bi) viewDidDisappear(false)", "\(ei) viewDidAppear(false)",
                "\(di) didMove(toParent: \(t))", "\(ei) didMove(toParent: \(t))",
                "\(ai) didMove(toParent: nil)", "\(bi) didMove(toParent: nil)", "\(ci) didMove(toParent: nil)"
            ])
        #expect(f.controller.viewControllers.map(ObjectIdentifier.init) == [d, e].map(ObjectIdentifier.init))
        #expect(f.controller.selectedViewController === e)
        try f.check(others: [a, b, c])
    }

    @Test func removingTheSelectedTabSelectsTheOneThatTakesItsPlace() throws {
        let f = Fixture()
        f.controller.selectedIndex = 1
        let (a, b, c) = (f.tabs[0], f.tabs[1], f.tabs[2])
        f.take()
        f.controller.viewControllers = [a, c]
        let (bi, ci) = (b.debugIdentifier, c.debugIdentifier)
        #expect(
            f.take() == [
                "\(bi) willMove(toParent: nil)", "\(ci) viewDidLoad", "\(bi) viewWillDisappear(false)",
                "\(ci) viewWillAppear(false)", "\(bi) viewDidDisappear(false)", "\(ci) viewDidAppear(false)",
                "\(bi) didMove(toParent: nil)"
            ])
        #expect(f.controller.selectedViewController === c && f.controller.selectedIndex == 1)
        // Removing the last tab, selected, selects the new last one.
        f.controller.viewControllers = [a]
        #expect(f.controller.selectedViewController === a)
        f.controller.viewControllers = []
        #expect(f.controller.selectedViewController == nil && f.controller.selectedIndex == nil)
        #expect(a.appearancePhase == .didDisappear)
        f.pilot.settle()
        #expect(f.bar.allSatisfy { $0 == " " }, "an empty bar")
        try f.check(others: [a, b, c])
    }

    /// The selection stays at the end of the bar rather than jumping back to the first tab.
    @Test func removingTheSelectedLastOfSeveralTabsSelectsTheNewLastTab() throws {
        let f = Fixture()
        f.controller.selectedIndex = 2
        let (a, b, c) = (f.tabs[0], f.tabs[1], f.tabs[2])
        f.controller.viewControllers = [a, b]
        #expect(f.controller.selectedViewController === b && f.controller.selectedIndex == 1)
        f.pilot.settle()
        #expect(f.pilot.text.contains("Stack content") && !f.pilot.text.contains("Inbox content"))
        try f.check(others: [c])
    }

    @Test func keptTabsAreOnlyReorderedAndTheSelectionFollowsItsController() throws {
        let f = Fixture()
        f.controller.selectedIndex = 2
        f.take()
        let reversed = Array(f.tabs.reversed())
        f.controller.viewControllers = reversed
        #expect(f.take().isEmpty, "no calls for a reorder")
        #expect(
            f.controller.selectedViewController === f.tabs[2] && f.controller.selectedIndex == 0,
            "derived from the controller")
        f.pilot.settle()
        #expect(f.bar.hasPrefix(" Log  Stack  ✉ Inbox (3) "), "\(f.bar)")
    }

    @Test func aControllerListedTwiceOrAnAncestorIsLeftOut() throws {
        let (a, b) = (TabPane("A"), TabPane("B"))
        let controller = TabBarController()
        let host = KeyCatcher(embedding: controller)
        let pilot = Pilot(Window(rootViewController: host), size: Size(width: 30, height: 4))
        controller.viewControllers = [a, a, controller, host, b]
        #expect(controller.viewControllers.map(\.title) == ["A", "B"], "no trap, no cycle")
        #expect(controller.parent === host)
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window))
    }

    // MARK: Selection rules

    @Test func badIndicesThrowFromTheMethodAndAreIgnoredByTheSetter() throws {
        let f = Fixture()
        #expect(throws: TabBarError.indexOutOfRange(index: 3, count: 3)) {
            try f.controller.setSelectedIndex(3, animated: true)
        }
        #expect(throws: TabBarError.indexOutOfRange(index: -1, count: 3)) {
            try f.controller.setSelectedIndex(-1, animated: false)
        }
        #expect(
            TabBarError.indexOutOfRange(index: 3, count: 3).description
                == "index 3 is out of range for a tab bar controller with 3 tabs")
        f.take()
        f.controller.selectedIndex = 7
        f.controller.selectedIndex = nil
        f.controller.selectedViewController = nil
        #expect(f.controller.selectedIndex == 0)
        #expect(f.take().isEmpty, "nothing happened")
        try f.controller.setSelectedIndex(0, animated: true)
        #expect(f.take().isEmpty, "selecting the selected tab does nothing")
        let empty = TabBarController()
        #expect(throws: TabBarError.indexOutOfRange(index: 0, count: 0)) {
            try empty.setSelectedIndex(0, animated: false)
        }
        #expect(empty.selectedIndex == nil)
    }

    @Test func selectingBeforeTheViewLoadsChangesNoViewAndShowsTheChoiceWhenItLoads() throws {
        let recorder = LifecycleRecorder()
        let tabs = [TabPane("A"), TabPane("B")]
        let controller = TabBarController(viewControllers: tabs)
        try controller.setSelectedIndex(1, animated: true)
        #expect(!controller.isViewLoaded && !tabs[1].isViewLoaded)
        #expect(controller.selectedViewController === tabs[1])
        let pilot = Pilot(Window(rootViewController: controller), size: Size(width: 30, height: 4))
        #expect(pilot.text.contains("B content"))
        #expect(!tabs[0].isViewLoaded)
        try LifecycleChecker.verify(recorder.events)
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window))
    }

    @Test func aTabMovedToAnotherParentLeavesTheBarAndTheFirstTabIsShown() throws {
        let f = Fixture()
        f.controller.selectedIndex = 1
        let moved = f.tabs[1]
        let other = KeyCatcher(embedding: TabPane("elsewhere"))
        other.addChild(moved)
        moved.didMove(toParent: other)
        #expect(f.controller.viewControllers.count == 2)
        f.pilot.settle()
        #expect(f.controller.selectedViewController === f.tabs[0], "the first tab is shown again")
        #expect(f.pilot.text.contains("Inbox content"))
        #expect(!f.bar.contains("Stack"))
        try f.check()
    }

    /// Tabs asked for while a switch plays list a tab the app then gives to another parent:
    /// when their turn comes they must not take it back (the later move wins).
    @Test func aTabTakenWhileTabsWaitStaysWithItsNewParent() throws {
        let f = Fixture()
        f.controller.switchStyle = .push(from: .right)
        f.controller.setSelectedViewController(f.tabs[1], animated: true)
        f.controller.setViewControllers(f.tabs + [TabPane("New")], animated: false)  // waits
        let other = KeyCatcher(embedding: TabPane("elsewhere"))
        other.addChild(f.tabs[2])
        f.tabs[2].didMove(toParent: other)
        #expect(f.controller.viewControllers.count == 3, "the waiting tabs leave it out at once")
        f.pilot.settle()
        #expect(f.tabs[2].parent === other, "still the other parent's")
        #expect(f.bar.contains("New") && !f.bar.contains("Log"), "\(f.bar)")
        try f.check()
    }

    /// The tab a switch is showing, taken by another parent while the switch plays: when the
    /// switch ends the first tab is shown (the content area is never left empty), and
    /// `selectedViewController` never names a controller that is not a tab.
    @Test func aTabTakenDuringTheSwitchToItLeavesTheFirstTabShown() throws {
        let f = Fixture()
        f.controller.switchStyle = .push(from: .right)
        f.controller.setSelectedViewController(f.tabs[2], animated: true)
        f.pilot.advance(by: 0.05)
        let other = KeyCatcher(embedding: TabPane("elsewhere"))
        other.addChild(f.tabs[2])
        f.tabs[2].didMove(toParent: other)
        #expect(f.controller.selectedViewController !== f.tabs[2], "not a tab any more")
        f.pilot.settle()
        #expect(f.controller.selectedViewController === f.tabs[0])
        #expect(f.pilot.text.contains("Inbox content"), "\(f.pilot.lines)")
        #expect(f.tabs[0].appearancePhase == .didAppear)
        try f.check()
    }

    // MARK: The bar

    @Test func theBarShowsEveryTabsItemAndTheSelectedOneStandsOut() throws {
        let f = Fixture()
        #expect(f.bar == " ✉ Inbox (3)  Stack  Log" + String(repeating: " ", count: 16))
        let styled = f.pilot.screen.styledText.split(separator: "\n").last.map(String.init) ?? ""
        #expect(
            styled.hasPrefix("{bold underline} ✉ Inbox (3) {/}{reverse} Stack  Log"),
            "selected: reverse toggled off, bold, underlined while the bar has focus; the rest reverse: \(styled)")
    }

    @Test func titlesThatFillTheBarExactlyAreShownWhole() throws {
        // The three labels with their padding take 25 columns.
        let f = Fixture(width: 25)
        #expect(f.bar == " ✉ Inbox (3)  Stack  Log ")
        #expect(f.controller.tabBar.columns(ofItemAt: 2) == 20..<25)
        f.pilot.resize(to: Size(width: 24, height: 6))
        #expect(!f.bar.contains("Inbox (3)"), "one column less cuts: \(f.bar)")
    }

    @Test func itemChangesShowAtOnceAlsoForHiddenTabs() throws {
        let f = Fixture()
        let log = f.tabs[2]
        log.title = "Journal"
        f.pilot.advance(by: 0.05)
        #expect(f.bar.contains(" Journal "), "\(f.bar)")
        log.tabBarItem.badgeValue = "new"
        f.pilot.advance(by: 0.05)
        #expect(f.bar.contains(" Journal (new) "), "\(f.bar)")
        log.tabBarItem.title = "Log book"
        log.tabBarItem.symbol = "≡"
        f.pilot.advance(by: 0.05)
        #expect(f.bar.contains(" ≡ Log book (new) "), "\(f.bar)")
        f.tabs[0].tabBarItem.badgeValue = nil
        f.pilot.advance(by: 0.05)
        #expect(f.bar.hasPrefix(" ✉ Inbox  Stack "), "\(f.bar)")
    }

    @Test func aNavigationTabShowsItsRootsItemUnlessItsOwnWasSet() throws {
        let root = TabPane("Files", symbol: "▤")
        let navigation = NavigationController(rootViewController: root)
        let f = Fixture([TabPane("Home"), navigation])
        #expect(f.bar.contains(" ▤ Files "), "\(f.bar)")
        root.tabBarItem.badgeValue = "2"
        navigation.pushViewController(TabPane("Deeper"), animated: false)
        f.pilot.advance(by: 0.05)
        #expect(f.bar.contains(" ▤ Files (2) "), "the root's item, live, whatever is on top: \(f.bar)")
        navigation.tabBarItem.title = "Drive"
        f.pilot.advance(by: 0.05)
        #expect(f.bar.contains(" Drive "), "\(f.bar)")
        #expect(root.tabBarController === f.controller && navigation.tabBarController === f.controller)
    }

    @Test func theBarCanBeOnTop() throws {
        let f = Fixture()
        f.controller.tabBarPosition = .top
        f.pilot.advance(by: 0.05)
        #expect(f.pilot.line(0).hasPrefix(" ✉ Inbox (3)  Stack  Log"))
        #expect(f.pilot.line(1).hasPrefix(" Inbox content"))
        #expect(f.tabs[0].view.convertToWindow(.zero) == Point(x: 0, y: 1))
        try f.clickTab(2)
        #expect(f.controller.selectedIndex == 2)
    }

    @Test func hostileAndWideTitlesRenderInertly() throws {
        let f = Fixture([TabPane("\u{1B}[2J\u{1B}]0;pwned\u{07}"), TabPane("日本語"), TabPane("Tea 🍵")], width: 60)
        #expect(f.bar.hasPrefix(" ^[[2J^[]0;pwned^G  日本語  Tea 🍵 "), "\(f.bar)")
        for width in [30, 20, 12, 7, 3] {
            f.pilot.resize(to: Size(width: width, height: 4))
            let row = try #require(f.pilot.screen.lastFrame).text(row: 3)
            #expect(!row.unicodeScalars.contains { $0.value < 0x20 }, "no control character reaches a cell")
            #expect(DisplayWidth.of(row) == width)
        }
    }

    // MARK: Choosing

    @Test func aClickOnATabSelectsItAndAClickOnTheSelectedNavigationTabPopsToItsRoot() throws {
        let navigation = NavigationController(rootViewController: TabPane("Root"))
        let f = Fixture([TabPane("Home"), navigation])
        try f.clickTab(1)
        #expect(f.controller.selectedViewController === navigation)
        navigation.pushViewController(TabPane("Deeper"), animated: false)
        f.pilot.settle()
        #expect(navigation.viewControllers.count == 2)
        try f.clickTab(1)
        f.pilot.settle()
        #expect(navigation.viewControllers.count == 1, "re-tapping the selected navigation tab pops to its root")
        #expect(f.controller.selectedViewController === navigation)
        try f.check()
    }

    @Test func keysSelectTheNextAndPreviousTabsWrappingAroundAndAltDigitsSelectByNumber() throws {
        let f = Fixture()
        f.pilot.press(.pageDown, modifiers: .ctrl)
        #expect(f.controller.selectedIndex == 1)
        f.pilot.press(.pageDown, modifiers: .ctrl)
        f.pilot.press(.pageDown, modifiers: .ctrl)
        #expect(f.controller.selectedIndex == 0, "wraps past the last")
        f.pilot.press(.pageUp, modifiers: .ctrl)
        #expect(f.controller.selectedIndex == 2, "wraps before the first")
        f.pilot.press(.character("2"), modifiers: .alt)
        #expect(f.controller.selectedIndex == 1)
        f.pilot.press(.character("1"), modifiers: .alt)
        #expect(f.controller.selectedIndex == 0)
        #expect(!f.controller.keyPressed(KeyEvent(.character("4"), modifiers: .alt)), "no fourth tab: left to others")
        for key in [
            KeyEvent(.function(2)), KeyEvent(.character("m")), KeyEvent(.escape), KeyEvent(.left, modifiers: .alt),
            KeyEvent(.down), KeyEvent(.enter), KeyEvent(.pageDown), KeyEvent(.character("1"))
        ] {
            #expect(
                f.controller.keyBindings.binding(for: key) == nil && !f.controller.keyPressed(key),
                "\(key) belongs to the side menu, the navigation controller or the tab")
        }
        f.controller.keyBindings.setKeys([], for: .selectTab)
        f.controller.keyBindings.setKeys([KeyEvent(.function(6))], for: .nextTab)
        f.pilot.press(.character("3"), modifiers: .alt)
        f.pilot.press(.pageDown, modifiers: .ctrl)
        #expect(f.controller.selectedIndex == 0)
        f.pilot.press(.function(6))
        #expect(f.controller.selectedIndex == 1)
    }

    @Test func keysTheTabBarControllerLeavesGoOnUpTheChain() throws {
        let tabs = [TabPane("A"), TabPane("B")]
        let controller = TabBarController(viewControllers: tabs)
        let host = KeyCatcher(embedding: controller)
        let pilot = Pilot(Window(rootViewController: host), size: Size(width: 30, height: 4))
        pilot.press(.character("9"), modifiers: .alt)
        pilot.press(.escape)
        pilot.press(.pageDown, modifiers: .ctrl)
        #expect(host.keys == [KeyEvent(.character("9"), modifiers: .alt), KeyEvent(.escape)])
        #expect(controller.selectedIndex == 1)
    }

    /// Alt with the number of the last tab selects it; a higher number changes nothing here and
    /// reaches the ancestors, which may use it.
    @Test func altWithADigitPastTheLastTabSelectsNothingAndGoesOnUpTheChain() throws {
        let tabs = [TabPane("A"), TabPane("B"), TabPane("C")]
        let controller = TabBarController(viewControllers: tabs)
        let host = KeyCatcher(embedding: controller)
        let pilot = Pilot(Window(rootViewController: host), size: Size(width: 30, height: 4))
        controller.selectedIndex = 1
        pilot.press(.character("4"), modifiers: .alt)
        pilot.press(.character("9"), modifiers: .alt)
        pilot.settle()
        #expect(controller.selectedIndex == 1)
        #expect(host.keys == [KeyEvent(.character("4"), modifiers: .alt), KeyEvent(.character("9"), modifiers: .alt)])
        pilot.press(.character("3"), modifiers: .alt)
        pilot.settle()
        #expect(controller.selectedIndex == 2, "the last tab's own number selects it")
        #expect(host.keys.count == 2)
    }

    @Test func leftAndRightMoveBetweenTabsWhileTheBarHasFocus() throws {
        let f = Fixture()
        #expect(f.controller.tabBar.isFocused, "the selected tab has nothing focusable: the bar takes focus")
        f.pilot.press(.right)
        f.pilot.press(.right)
        f.pilot.press(.right)
        #expect(f.controller.selectedIndex == 2, "stops at the last")
        f.pilot.press(.left)
        #expect(f.controller.selectedIndex == 1)
        #expect(f.controller.tabBar.isFocused, "the bar keeps focus across switches")
    }

    /// An ancestor that acts on arrows (a list around the tab bar controller) never sees them.
    @Test func leftOnTheFirstTabAndRightOnTheLastStayWithTheFocusedBar() throws {
        let tabs = [TabPane("A"), TabPane("B"), TabPane("C")]
        let controller = TabBarController(viewControllers: tabs)
        let host = KeyCatcher(embedding: controller)
        let pilot = Pilot(Window(rootViewController: host), size: Size(width: 30, height: 4))
        #expect(controller.tabBar.isFocused)
        pilot.press(.left)
        #expect(controller.selectedIndex == 0)
        pilot.press(.right)
        pilot.press(.right)
        pilot.settle()
        #expect(controller.selectedIndex == 2)
        pilot.press(.right)
        pilot.settle()
        #expect(controller.selectedIndex == 2)
        #expect(host.keys.isEmpty, "the ancestor got \(host.keys)")
        #expect(controller.tabBar.isFocused)
    }

    @Test func theDelegateIsAskedAndToldAboutTheUsersChoicesOnly() throws {
        let f = Fixture()
        let spy = DelegateSpy()
        spy.refused = ["Log"]
        f.controller.delegate = spy
        f.pilot.press(.pageUp, modifiers: .ctrl)
        #expect(f.controller.selectedIndex == 0, "refused")
        try f.clickTab(1)
        #expect(f.controller.selectedIndex == 1)
        try f.clickTab(1)
        f.controller.selectedIndex = 0
        #expect(
            spy.log == [
                "shouldSelect Log", "shouldSelect Stack", "didSelect Stack", "shouldSelect Stack", "didSelect Stack"
            ])
    }

    // MARK: Focus

    @Test func tabMovesFocusAmongTheSelectedTabsViewsAndTheBarOnly() throws {
        let tabs = [TabPane("A", button: true), TabPane("B", button: true)]
        let f = Fixture(tabs)
        let (a, b) = (tabs[0], tabs[1])
        #expect(a.button?.isFocused == true, "the selected tab's first focusable view takes focus")
        #expect(f.controller.focusScope === f.controller.view)
        f.pilot.press(.tab)
        #expect(f.controller.tabBar.isFocused)
        f.pilot.press(.tab)
        #expect(a.button?.isFocused == true, "wraps within the selected tab and the bar")
        f.pilot.press(.pageDown, modifiers: .ctrl)
        #expect(b.button?.isFocused == true, "focus moves into the new tab")
        for _ in 0..<4 {
            f.pilot.press(.tab)
            #expect(a.button?.isFocused != true, "a hidden tab's views are never reached")
        }
    }

    /// The user lands in the tab they chose, ready to use it, whether the focus was on the bar
    /// or in the old tab.
    @Test func afterASwitchTheFocusIsOnTheNewTabsFirstFocusableView() throws {
        let tabs = [TabPane("A", button: true), TabPane("B", button: true), TabPane("C", button: true)]
        let f = Fixture(tabs)
        f.pilot.press(.tab)
        #expect(f.controller.tabBar.isFocused)
        f.pilot.press(.pageDown, modifiers: .ctrl)
        f.pilot.settle()
        #expect(tabs[1].button?.isFocused == true, "from the bar, by key")
        try f.clickTab(2)
        f.pilot.settle()
        #expect(f.controller.selectedIndex == 2)
        #expect(tabs[2].button?.isFocused == true, "from the bar, by a click")
        f.pilot.press(.character("1"), modifiers: .alt)
        f.pilot.settle()
        #expect(tabs[0].button?.isFocused == true, "from the old tab")
        f.pilot.press(.tab)
        #expect(f.controller.tabBar.isFocused)
        f.controller.selectedIndex = 1
        f.pilot.settle()
        #expect(tabs[1].button?.isFocused == true, "from the bar, by the app")
    }

    /// Moving along the bar with the arrows keeps the user on the bar, to move on.
    @Test func leftAndRightOnTheBarLeaveTheFocusOnTheBar() throws {
        let tabs = [TabPane("A", button: true), TabPane("B", button: true)]
        let f = Fixture(tabs)
        f.pilot.press(.tab)
        #expect(f.controller.tabBar.isFocused)
        f.pilot.press(.right)
        f.pilot.settle()
        #expect(f.controller.selectedIndex == 1 && f.controller.tabBar.isFocused)
        f.pilot.press(.left)
        f.pilot.settle()
        #expect(f.controller.selectedIndex == 0 && f.controller.tabBar.isFocused)
    }

    // MARK: Nested

    @Test func insideTheSideMenuWithANavigationTabEveryStepStaysBalanced() throws {
        let recorder = LifecycleRecorder()
        var checker = LifecycleChecker()
        let root = TabPane("Root", button: true)
        let inner = NavigationController(rootViewController: root)
        let log = TabPane("Log")
        let tabs = TabBarController(viewControllers: [inner, log])
        tabs.title = "Tabs"
        let other = TabPane("Other")
        let menu = try SideMenuController(viewControllers: [tabs, other])
        let pilot = Pilot(Window(rootViewController: menu), size: Size(width: 50, height: 8))
        func check(_ step: String) throws {
            checker.consume(recorder.takeEvents())
            try checker.verify(window: pilot.window)
            #expect(pilot.window.queuedEvents.isEmpty, "\(step): nothing left waiting")
        }
        #expect(
            tabs.navigationController === menu.viewControllers[0],
            "the side menu hosts the tab bar controller in a navigation controller")
        #expect(pilot.line(0).hasPrefix(" [Menu] ") && pilot.line(0).contains("Tabs"), "\(pilot.line(0))")
        #expect(pilot.line(1).contains(" Root "), "the inner navigation bar, under the outer one: \(pilot.line(1))")
        #expect(pilot.line(2).hasPrefix(" Root content"))
        #expect(pilot.line(7).hasPrefix(" Root  Log "), "\(pilot.line(7))")
        try check("start")

        #expect(root.button?.isFocused == true)
        checker.consume(recorder.takeEvents())
        pilot.press(.pageDown, modifiers: .ctrl)
        pilot.settle()
        let (n, r, l) = (inner.debugIdentifier, root.debugIdentifier, log.debugIdentifier)
        let events = recorder.takeEvents()
        checker.consume(events)
        #expect(
            events.map(\.description) == [
                "\(l) viewDidLoad", "\(n) viewWillDisappear(false)", "\(r) viewWillDisappear(false)",
                "\(l) viewWillAppear(false)", "\(n) viewDidDisappear(false)", "\(r) viewDidDisappear(false)",
                "\(l) viewDidAppear(false)"
            ], "the key reached the tab bar controller from the focused button, through the inner navigation controller"
        )
        #expect(tabs.selectedViewController === log)
        #expect(tabs.tabBar.isFocused, "Log has nothing focusable: the bar has focus")
        try check("next tab")

        pilot.press(.character("1"), modifiers: .alt)
        #expect(root.button?.isFocused == true, "focus goes into the tab chosen by key")
        inner.pushViewController(TabPane("Detail"), animated: true)
        pilot.settle()
        #expect(pilot.line(1).contains("Detail"))
        try check("push in a tab")
        pilot.press(.escape)
        pilot.settle()
        #expect(inner.viewControllers.count == 1, "Escape pops the inner stack")
        try check("pop")

        pilot.press(.function(2))
        pilot.settle()
        #expect(menu.isMenuVisible)
        pilot.press(.escape)
        pilot.settle()
        #expect(!menu.isMenuVisible, "Escape at the inner root travels up to the side menu")
        try check("menu")

        try menu.setSelectedIndex(1, animated: true)
        pilot.settle()
        #expect(inner.appearancePhase == .didDisappear && root.appearancePhase == .didDisappear)
        try check("away")
        try menu.setSelectedIndex(0, animated: true)
        pilot.settle()
        #expect(inner.appearancePhase == .didAppear && log.appearancePhase == .didDisappear)
        #expect(pilot.text.contains("Root content"))
        try check("back")
    }

    // MARK: Size

    @Test func everySizeFromZeroKeepsTheBarOneRowAndTheSelectedTabVisible() throws {
        let tabs: [ViewController] = (0..<8).map {
            TabPane(
                ["Inbox", "日本語のタブ", "Tea 🍵", "Settings"][$0 % 4] + " \($0)",
                symbol: $0 % 3 == 0 ? nil : "✉", badge: $0 == 5 ? "12" : nil)
        }
        let f = Fixture(tabs, width: 0, height: 0)
        f.controller.selectedIndex = 5
        for position in TabBarPosition.allCases {
            f.controller.tabBarPosition = position
            for height in 0...4 {
                for width in 0...70 {
                    f.pilot.resize(to: Size(width: width, height: height))
                    let bar = f.controller.tabBar.frame
                    #expect(
                        bar.height == 1 && bar.width == width, "one row, also when there is none: \(width)x\(height)")
                    #expect(bar.minY == (position == .top ? 0 : max(0, height - 1)))
                    let content = try #require(tabs[5].viewIfLoaded).frame
                    #expect(content.height == max(0, height - 1) && content.width == width)
                    guard width > 0, height > 0 else { continue }
                    let slot = try #require(f.controller.tabBar.layout.slot(for: 5), "\(width)x\(height)")
                    let row = f.pilot.line(position == .top ? 0 : height - 1)
                    #expect(row.contains(slot.label), "\(width)x\(height): \(row)")
                }
            }
        }
        try f.check()
    }

    // MARK: Deallocation

    @Test func removedTabsAndTheirViewsAreFreed() throws {
        weak var weakB: ViewController?
        weak var weakBView: View?
        weak var weakC: ViewController?
        weak var weakItem: TabBarItem?
        let f: Fixture
        do {
            let b = TabPane("B"), c = TabPane("C")
            f = Fixture([TabPane("A"), b, c])
            f.controller.selectedIndex = 1
            weakB = b
            weakBView = b.view
            weakC = c
            weakItem = b.tabBarItem
        }
        f.controller.viewControllers = [f.tabs[0]]
        f.pilot.settle()
        _ = consume f
        #expect(weakB == nil && weakBView == nil && weakC == nil && weakItem == nil)
    }

    @Test func aTabRemovedDuringAnAnimatedSwitchIsFreedWhenItEnds() throws {
        weak var weakB: ViewController?
        let controller: TabBarController
        let pilot: Pilot
        do {
            let b = TabPane("B")
            controller = TabBarController(viewControllers: [TabPane("A"), b])
            controller.switchStyle = .push(from: .right)
            pilot = Pilot(Window(rootViewController: controller), size: Size(width: 30, height: 5))
            pilot.advance(by: 1)
            weakB = b
            try controller.setSelectedIndex(1, animated: true)
        }
        pilot.advance(by: 0.1)
        controller.viewControllers = [controller.viewControllers[0]]
        #expect(weakB != nil, "still moving")
        pilot.settle()
        pilot.settle()
        #expect(weakB == nil)
        #expect(controller.children.count == 1)
    }

    @Test func theWholeTreeIsFreedWithTheWindow() throws {
        weak var weakController: TabBarController?
        weak var weakTab: ViewController?
        weak var weakBar: TabBar?
        do {
            let tab = NavigationController(rootViewController: TabPane("Root"))
            let controller = TabBarController(viewControllers: [tab, TabPane("B")])
            let pilot = Pilot(Window(rootViewController: controller), size: Size(width: 30, height: 5))
            pilot.press(.pageDown, modifiers: .ctrl)
            (weakController, weakTab, weakBar) = (controller, tab, controller.tabBar)
        }
        #expect(weakController == nil && weakTab == nil && weakBar == nil)
    }
}
