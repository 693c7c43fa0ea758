import Testing
import Shoji
import ShojiTesting

/// A content controller for navigation tests: a title, a body label on its first row and,
/// optionally, a button on its second.
@MainActor
private final class NavPage: ViewController {
    let body: String
    let buttonTitle: String?
    private(set) var button: Button?

    init(_ title: String?, body: String? = nil, button buttonTitle: String? = nil) {
        self.body = body ?? "\(title ?? "untitled") body"
        self.buttonTitle = buttonTitle
        super.init()
        self.title = title
    }

    override func viewDidLoad() {
        view.addSubview(Label(text: body, frame: Rect(x: 1, y: 0, width: 20, height: 1)))
        if let buttonTitle {
            let button = Button(title: buttonTitle, frame: Rect(x: 1, y: 1, width: 0, height: 1))
            button.sizeToFit()
            view.addSubview(button)
            self.button = button
        }
    }
}

/// A navigation controller with the root "Inbox" in a shown window 30 columns wide; the
/// recorder starts before anything is made, so every history is complete.
@MainActor
private final class Fixture {
    let recorder = LifecycleRecorder()
    var checker = LifecycleChecker()
    let root: NavPage
    let nav: NavigationController
    let window: Window
    let pilot: Pilot

    init(width: Int = 30, height: Int = 6, root: NavPage = NavPage("Inbox")) {
        self.root = root
        nav = NavigationController(rootViewController: root)
        window = Window(rootViewController: nav)
        pilot = Pilot(window, size: Size(width: width, height: height))
    }

    var bar: String { pilot.line(0) }

    /// Checks the events since the last check, the settled rules, and the live tree, with
    /// `others` (controllers that left it) required not to appear.
    func check(others: [ViewController] = []) throws {
        checker.consume(recorder.takeEvents())
        try checker.verify(window: window, others: others)
    }

    /// The cell where `view`'s origin is on screen.
    func origin(of view: View) -> Point { view.convertToWindow(.zero) }
}

private func spaces(_ count: Int) -> String { String(repeating: " ", count: count) }

@MainActor
private func ids(_ controllers: [ViewController]) -> [String] { controllers.map { $0.debugIdentifier } }

@MainActor
struct NavigationControllerTests {
    // MARK: The bar and the content

    @Test func showsTheRootsTitleAndView() throws {
        let fixture = Fixture()
        // "Inbox" centred in 30 columns starts at 12; no back item at the root.
        #expect(fixture.bar == spaces(12) + "Inbox" + spaces(13))
        #expect(fixture.pilot.line(1).hasPrefix(" Inbox body"))
        #expect(fixture.nav.viewControllers.map(ObjectIdentifier.init) == [ObjectIdentifier(fixture.root)])
        #expect(fixture.nav.topViewController === fixture.root && fixture.nav.visibleViewController === fixture.root)
        #expect(fixture.nav.navigationBar.backItem == nil)
        try fixture.check()
    }

    @Test func pushShowsTheNewTitleABackItemAndTheNewView() throws {
        let fixture = Fixture()
        let message = NavPage("Message", body: "Hello there")
        fixture.nav.pushViewController(message, animated: true)
        fixture.pilot.settle()
        // `< Inbox` takes 1-7; "Message" centred starts at 11.
        #expect(fixture.bar == " [< Inbox]" + spaces(1) + "Message" + spaces(12))
        #expect(fixture.pilot.line(1).hasPrefix(" Hello there"))
        #expect(!fixture.pilot.text.contains("Inbox body"), "only the top controller's view is in the tree")
        #expect(fixture.root.viewIfLoaded?.superview == nil)
        #expect(ids(fixture.nav.viewControllers) == ids([fixture.root, message]))
        #expect(ids(fixture.nav.children) == ids([fixture.root, message]), "the stack is the children, in order")
        #expect(fixture.nav.topViewController === message && fixture.nav.visibleViewController === message)
        try fixture.check()
    }

    @Test func theBackItemPops() throws {
        let fixture = Fixture()
        let message = NavPage("Message")
        fixture.nav.pushViewController(message, animated: true)
        fixture.pilot.settle()
        fixture.pilot.click(at: Point(x: 3, y: 0))
        fixture.pilot.settle()
        #expect(fixture.bar == spaces(12) + "Inbox" + spaces(13))
        #expect(fixture.pilot.line(1).hasPrefix(" Inbox body"))
        #expect(ids(fixture.nav.viewControllers) == ids([fixture.root]))
        #expect(message.parent == nil)
        try fixture.check(others: [message])
    }

    @Test(arguments: [KeyEvent(.escape), KeyEvent(.left, modifiers: .alt)])
    func aKeyPops(_ key: KeyEvent) throws {
        let fixture = Fixture()
        let first = NavPage("First"), second = NavPage("Second")
        fixture.nav.pushViewController(first, animated: false)
        fixture.nav.pushViewController(second, animated: false)
        fixture.pilot.press(key)
        fixture.pilot.settle()
        #expect(ids(fixture.nav.viewControllers) == ids([fixture.root, first]))
        #expect(fixture.bar.hasPrefix(" [< Inbox] "))
        #expect(fixture.pilot.line(1).hasPrefix(" First body"))
        fixture.pilot.press(key)
        fixture.pilot.settle()
        #expect(ids(fixture.nav.viewControllers) == ids([fixture.root]))
        try fixture.check(others: [first, second])
    }

    @Test func otherKeysAndUnmodifiedLeftDoNotPop() {
        let fixture = Fixture()
        fixture.nav.pushViewController(NavPage("Message"), animated: false)
        for key in [
            KeyEvent(.left), KeyEvent(.backspace), KeyEvent(.escape, modifiers: .shift),
            KeyEvent(.left, modifiers: .ctrl)
        ] {
            #expect(!fixture.window.send(key), "\(key) is not a back key")
        }
        #expect(fixture.nav.viewControllers.count == 2)
    }

    @Test func escapeAtTheRootIsLeftToOuterContainers() {
        // A focused button in the root puts the key's walk inside the navigation controller.
        let root = NavPage("Inbox", button: "Open")
        let nav = NavigationController(rootViewController: root)
        let outer = KeyCatcher(embedding: nav)
        let pilot = Pilot(Window(rootViewController: outer), size: Size(width: 30, height: 6))
        nav.pushViewController(NavPage("Message"), animated: false)
        pilot.press(.escape)
        pilot.settle()
        #expect(nav.viewControllers.count == 1, "below the root Escape pops")
        #expect(outer.keys.isEmpty, "and is consumed")
        pilot.settle()
        #expect(root.button?.isFocused == true)
        pilot.press(.escape)
        pilot.settle()
        #expect(outer.keys == [KeyEvent(.escape)], "at the root it goes on up the chain")
        #expect(nav.viewControllers.count == 1)
    }

    // MARK: Exact lifecycle

    @Test func pushFollowsUIKitsOrder() throws {
        let fixture = Fixture()
        try fixture.check()
        let message = NavPage("Message")
        fixture.nav.pushViewController(message, animated: false)
        let n = fixture.nav.debugIdentifier, r = fixture.root.debugIdentifier, m = message.debugIdentifier
        #expect(
            fixture.recorder.lines == [
                "\(m) willMove(toParent: \(n))",
                "\(m) viewDidLoad",  // laid out to fill the content area before the transition
                "\(r) viewWillDisappear(false)",
                "\(m) viewWillAppear(false)",
                "\(r) viewDidDisappear(false)",
                "\(m) viewDidAppear(false)",
                "\(m) didMove(toParent: \(n))"
            ], "the navigation controller itself is told nothing")
        try fixture.check()
        fixture.pilot.settle()
        try fixture.check()
    }

    @Test func popFollowsUIKitsOrder() throws {
        let fixture = Fixture()
        let message = NavPage("Message")
        fixture.nav.pushViewController(message, animated: false)
        try fixture.check()
        let popped = fixture.nav.popViewController(animated: false)
        #expect(popped === message)
        let r = fixture.root.debugIdentifier, m = message.debugIdentifier
        #expect(
            fixture.recorder.lines == [
                "\(m) willMove(toParent: nil)",
                "\(m) viewWillDisappear(false)",
                "\(r) viewWillAppear(false)",
                "\(m) viewDidDisappear(false)",
                "\(r) viewDidAppear(false)",
                "\(m) didMove(toParent: nil)"
            ])
        try fixture.check(others: [message])
    }

    @Test func aDeepStackKeepsOnlyTheTopAppearedThroughPushesAndPops() throws {
        let fixture = Fixture()
        let pages = (1...4).map { NavPage("NavPage \($0)") }
        for page in pages {
            fixture.nav.pushViewController(page, animated: true)
            fixture.pilot.settle()
            try fixture.check()
            let below = [fixture.root] + pages.prefix { $0 !== page }
            #expect(below.allSatisfy { $0.appearancePhase == .didDisappear && $0.parent === fixture.nav })
            #expect(page.appearancePhase == .didAppear)
        }
        #expect(fixture.bar.hasPrefix(" [< NavPage 3] "))
        let popped = fixture.nav.popToRootViewController(animated: true)
        #expect(ids(popped) == ids(pages), "popped bottom first")
        fixture.pilot.settle()
        #expect(fixture.bar == spaces(12) + "Inbox" + spaces(13))
        // Pages 1-3 were already off screen: only the top disappears.
        let log = fixture.recorder.lines.filter { $0.contains("Appear") || $0.contains("Disappear") }
        #expect(
            log == [
                "\(pages[3].debugIdentifier) viewWillDisappear(true)",
                "\(fixture.root.debugIdentifier) viewWillAppear(true)",
                "\(pages[3].debugIdentifier) viewDidDisappear(true)",
                "\(fixture.root.debugIdentifier) viewDidAppear(true)"
            ])
        try fixture.check(others: pages)
    }

    @Test func poppingTheRootIsRefused() throws {
        let fixture = Fixture()
        try fixture.check()
        let frames = fixture.pilot.screen.presentCount
        #expect(fixture.nav.popViewController(animated: true) == nil)
        #expect(fixture.nav.popToRootViewController(animated: true).isEmpty)
        #expect(!fixture.window.send(KeyEvent(.escape)))
        fixture.pilot.settle()
        #expect(fixture.recorder.events.isEmpty)
        #expect(ids(fixture.nav.viewControllers) == ids([fixture.root]))
        #expect(fixture.root.appearancePhase == .didAppear)
        #expect(fixture.pilot.screen.presentCount == frames, "nothing changed, so nothing was drawn")
    }

    // MARK: setViewControllers

    @Test func setViewControllersReplacesTheStackWithBalancedCalls() throws {
        let fixture = Fixture()
        let a = NavPage("A")
        fixture.nav.pushViewController(a, animated: false)
        try fixture.check()
        let c = NavPage("C"), d = NavPage("D")
        fixture.nav.setViewControllers([c, d], animated: true)
        fixture.pilot.settle()
        let (n, r) = (fixture.nav.debugIdentifier, fixture.root.debugIdentifier)
        let (ai, ci, di) = (a.debugIdentifier, c.debugIdentifier, d.debugIdentifier)
        #expect(
            fixture.recorder.lines == [
                "\(r) willMove(toParent: nil)", "\(ai) willMove(toParent: nil)",
                "\(ci) willMove(toParent: \(n))", "\(di) willMove(toParent: \(n))",
                "\(di) viewDidLoad",
                "\(ai) viewWillDisappear(true)", "\(di) viewWillAppear(true)",
                "\(ai) viewDidDisappear(true)", "\(di) viewDidAppear(true)",
                "\(ci) didMove(toParent: \(n))", "\(di) didMove(toParent: \(n))",
                "\(r) didMove(toParent: nil)", "\(ai) didMove(toParent: nil)"
            ])
        #expect(!c.isViewLoaded, "a controller below the top does not load its view")
        #expect(ids(fixture.nav.viewControllers) == ids([c, d]) && ids(fixture.nav.children) == ids([c, d]))
        try fixture.check(others: [fixture.root, a])
        fixture.pilot.settle()
        #expect(fixture.bar.hasPrefix(" [< C] "))
        #expect(fixture.pilot.line(1).hasPrefix(" D body"))
    }

    @Test func setViewControllersReordersKeptControllersWithoutContainmentCalls() throws {
        let fixture = Fixture()
        let a = NavPage("A")
        fixture.nav.pushViewController(a, animated: false)
        try fixture.check()
        // The root comes back on top: a pop-like change; A stays, below it.
        fixture.nav.viewControllers = [a, fixture.root]
        #expect(
            fixture.recorder.lines == [
                "\(a.debugIdentifier) viewWillDisappear(false)",
                "\(fixture.root.debugIdentifier) viewWillAppear(false)",
                "\(a.debugIdentifier) viewDidDisappear(false)", "\(fixture.root.debugIdentifier) viewDidAppear(false)"
            ])
        #expect(ids(fixture.nav.children) == ids([a, fixture.root]))
        try fixture.check()
        fixture.pilot.settle()
        #expect(fixture.bar.hasPrefix(" [< A] "))
        #expect(fixture.pilot.line(1).hasPrefix(" Inbox body"))
        // Only the controllers below change: no transition, no appearance calls.
        let b = NavPage("B")
        fixture.nav.setViewControllers([b, fixture.root], animated: false)
        #expect(
            fixture.recorder.lines == [
                "\(a.debugIdentifier) willMove(toParent: nil)",
                "\(b.debugIdentifier) willMove(toParent: \(fixture.nav.debugIdentifier))",
                "\(b.debugIdentifier) didMove(toParent: \(fixture.nav.debugIdentifier))",
                "\(a.debugIdentifier) didMove(toParent: nil)"
            ])
        fixture.pilot.settle()
        #expect(fixture.bar.hasPrefix(" [< B] "))
        try fixture.check(others: [a])
    }

    @Test func aControllerTakenFromAnotherParentLeavesItFirst() throws {
        let fixture = Fixture()
        let other = NavigationController(rootViewController: NavPage("Elsewhere"))
        let page = NavPage("Shared")
        other.pushViewController(page, animated: false)
        try fixture.check()
        fixture.nav.pushViewController(page, animated: false)
        #expect(ids(other.viewControllers) == ids([other.children[0]]), "the other stack lost it")
        #expect(page.navigationController === fixture.nav)
        #expect(
            fixture.recorder.log(for: page).prefix(3) == [
                "willMove(toParent: nil)", "didMove(toParent: nil)",
                "willMove(toParent: \(fixture.nav.debugIdentifier))"
            ])
        try fixture.check(others: [other])
    }

    @Test func aTopTakenByAnotherParentShowsTheControllerBelowIt() throws {
        let fixture = Fixture()
        let detail = NavPage("Detail")
        fixture.nav.pushViewController(detail, animated: false)
        fixture.pilot.settle()
        #expect(fixture.pilot.text.contains("Detail body"))
        let other = NavigationController(rootViewController: NavPage("Elsewhere"))
        other.pushViewController(detail, animated: false)  // takes it off this stack
        fixture.pilot.advance(by: 0.1)
        #expect(ids(fixture.nav.viewControllers) == ids([fixture.root]))
        #expect(fixture.pilot.text.contains("Inbox body"), "the root is shown again: \(fixture.pilot.lines)")
        #expect(fixture.bar.contains("Inbox") && !fixture.bar.contains("<"), "the bar follows: \(fixture.bar)")
        #expect(fixture.root.appearancePhase == .didAppear)
        try fixture.check(others: [other])
    }

    /// A stack waiting behind an animated push still lists the root, which the app then gives
    /// to another parent; when the stack's turn comes it must not take it back (the later move
    /// wins), or the root would leave its new parent without being told.
    @Test func aControllerTakenWhileAStackWaitsStaysWithItsNewParent() throws {
        let fixture = Fixture()
        let first = NavPage("First"), second = NavPage("Second")
        fixture.nav.pushViewController(first, animated: true)
        fixture.nav.pushViewController(second, animated: true)  // waits: [root, first, second]
        let other = NavigationController(rootViewController: NavPage("Elsewhere"))
        other.pushViewController(fixture.root, animated: false)  // takes it while the push plays
        #expect(ids(fixture.nav.viewControllers) == ids([first, second]))
        fixture.pilot.settle()
        #expect(fixture.root.parent === other, "still the other stack's")
        #expect(ids(fixture.nav.children) == ids([first, second]))
        #expect(fixture.pilot.text.contains("Second body") && fixture.bar.contains("[< First]"), "\(fixture.bar)")
        try fixture.check(others: [other])
    }

    /// A push made after the root was taken, while the push before it still plays, starts from
    /// the stack without the root: `viewControllers` never lists a controller someone took.
    @Test func aPushAfterTheRootWasTakenMidPushLeavesItWithItsNewParent() throws {
        let fixture = Fixture()
        let first = NavPage("First"), second = NavPage("Second")
        fixture.nav.pushViewController(first, animated: true)
        let other = NavigationController(rootViewController: NavPage("Elsewhere"))
        other.pushViewController(fixture.root, animated: false)
        #expect(ids(fixture.nav.viewControllers) == ids([first]))
        fixture.nav.pushViewController(second, animated: true)
        fixture.pilot.settle()
        #expect(fixture.root.parent === other, "still the other stack's")
        #expect(ids(fixture.nav.children) == ids([first, second]))
        try fixture.check(others: [other])
    }

    /// Its own removals are not takings: popped by the running change and pushed again by the
    /// stack waiting behind it, a controller comes back.
    @Test func aControllerPoppedAndPushedAgainWhileAPopPlaysComesBack() throws {
        let fixture = Fixture()
        let page = NavPage("Page")
        fixture.nav.pushViewController(page, animated: false)
        fixture.pilot.settle()
        fixture.nav.popViewController(animated: true)
        fixture.nav.pushViewController(page, animated: true)
        fixture.pilot.settle()
        #expect(ids(fixture.nav.viewControllers) == ids([fixture.root, page]))
        #expect(page.parent === fixture.nav && page.appearancePhase == .didAppear)
        try fixture.check()
    }

    // MARK: The bar's items

    @Test func leftItemsStayRightOfTheBackItem() throws {
        let fixture = Fixture()
        var menus = 0
        let message = NavPage("Msg")
        message.navigationItem.leftBarButtonItems = [BarButtonItem(title: "Menu") { menus += 1 }]
        message.navigationItem.rightBarButtonItems = [BarButtonItem(title: "Add")]
        fixture.nav.pushViewController(message, animated: false)
        fixture.pilot.settle()
        // `[< Inbox]` 1-9, [Menu] 11-16, "Msg" centred at 13 slides to 18, [Add] 24-28.
        #expect(fixture.bar == " [< Inbox] [Menu] Msg" + spaces(3) + "[Add] ")
        fixture.pilot.click(at: Point(x: 13, y: 0))
        fixture.pilot.settle()
        #expect(menus == 1)
        #expect(fixture.nav.viewControllers.count == 2, "Menu runs its own action, not a pop")
        try fixture.check()
    }

    @Test func titleChangesShowOnTheNextFrame() throws {
        let fixture = Fixture()
        let message = NavPage("Message")
        fixture.nav.pushViewController(message, animated: false)
        fixture.pilot.settle()
        message.title = "Re: Hi"
        fixture.pilot.settle()
        #expect(fixture.bar == " [< Inbox]" + spaces(2) + "Re: Hi" + spaces(12))
        message.navigationItem.title = "Explicit"
        fixture.pilot.settle()
        #expect(fixture.bar.contains(" Explicit "))
        // The controller below is off screen; its title still reaches the back item.
        fixture.root.title = "Mail"
        fixture.pilot.settle()
        #expect(fixture.bar.hasPrefix(" [< Mail] "))
        fixture.root.navigationItem.title = "Folders"
        fixture.pilot.settle()
        #expect(fixture.bar.hasPrefix(" [< Folders] "))
        let back = BarButtonItem(title: "List")
        fixture.root.navigationItem.backBarButtonItem = back
        fixture.pilot.settle()
        #expect(fixture.bar.hasPrefix(" [< List] "), "backBarButtonItem's title wins over the title")
        back.title = "All"
        fixture.pilot.settle()
        #expect(fixture.bar.hasPrefix(" [< All] "))
        #expect(!fixture.pilot.loop.needsDisplay, "the layout pass that updates the bar asks for no extra frame")
    }

    @Test func theBackItemSaysBackWhenThePreviousControllerHasNoTitle() {
        let fixture = Fixture(root: NavPage(nil))
        fixture.nav.pushViewController(NavPage("Message"), animated: false)
        fixture.pilot.settle()
        #expect(fixture.bar.hasPrefix(" [< Back] "))
        fixture.root.title = ""
        fixture.pilot.settle()
        #expect(fixture.bar.hasPrefix(" [< Back] "), "an empty title is no title")
    }

    // MARK: Focus

    @Test func theTopContentAndTheBarItemsAreTabStops() throws {
        let fixture = Fixture()
        let form = NavPage("Form", button: "Send")
        fixture.nav.pushViewController(form, animated: false)
        fixture.pilot.settle()
        let back = try #require(fixture.nav.navigationBar.button(for: fixture.nav.navigationBar.backItem!))
        #expect(form.button?.isFocused == true, "the content comes first in Tab order")
        fixture.pilot.press(.tab)
        fixture.pilot.settle()
        #expect(back.isFocused)
        fixture.pilot.press(.tab)
        fixture.pilot.settle()
        #expect(form.button?.isFocused == true, "Tab wraps within the navigation controller's view")
        fixture.pilot.press(.tab)
        fixture.pilot.settle()
        fixture.pilot.press(.enter)
        fixture.pilot.settle()
        #expect(ids(fixture.nav.viewControllers) == ids([fixture.root]), "Enter on the back item pops")
        try fixture.check(others: [form])
    }

    // MARK: Layout

    @Test func resizingKeepsTheBarOneRowAndTheContentFillingTheRest() throws {
        let fixture = Fixture(width: 30, height: 6)
        let message = NavPage("Message")
        fixture.nav.pushViewController(message, animated: false)
        fixture.pilot.settle()
        #expect(fixture.nav.navigationBar.frame == Rect(x: 0, y: 0, width: 30, height: 1))
        #expect(
            fixture.origin(of: message.view) == Point(x: 0, y: 1)
                && message.view.frame.size == Size(width: 30, height: 5))
        fixture.pilot.resize(to: Size(width: 50, height: 12))
        #expect(fixture.nav.navigationBar.frame == Rect(x: 0, y: 0, width: 50, height: 1))
        #expect(
            fixture.origin(of: message.view) == Point(x: 0, y: 1)
                && message.view.frame.size == Size(width: 50, height: 11))
        #expect(fixture.bar == " [< Inbox]" + spaces(11) + "Message" + spaces(22), "the title is centred in 50 columns")
        // The root missed the resize while off screen; popping lays it out.
        fixture.nav.popViewController(animated: false)
        fixture.pilot.settle()
        #expect(
            fixture.origin(of: fixture.root.view) == Point(x: 0, y: 1)
                && fixture.root.view.frame.size == Size(width: 50, height: 11))
        fixture.pilot.resize(to: Size(width: 20, height: 3))
        #expect(fixture.nav.navigationBar.frame == Rect(x: 0, y: 0, width: 20, height: 1))
        #expect(fixture.root.view.frame.size == Size(width: 20, height: 2))
        try fixture.check(others: [message])
    }

    @Test func layoutRecoversFromAZeroSize() {
        let root = NavPage("Inbox")
        let nav = NavigationController(rootViewController: root)
        nav.view.frame = Rect(x: 0, y: 0, width: 10, height: 5)
        nav.view.frame = .zero
        nav.view.frame = Rect(x: 0, y: 0, width: 30, height: 8)
        nav.view.layoutIfNeeded()
        // Autoresizing alone would leave the content 8 rows high from row 1: lost in clamping.
        #expect(nav.navigationBar.frame == Rect(x: 0, y: 0, width: 30, height: 1))
        #expect(
            root.view.convertToWindow(.zero) == Point(x: 0, y: 1) && root.view.frame.size == Size(width: 30, height: 7))
    }

    // MARK: Containment

    @Test func navigationControllerIsTheNearestAncestor() {
        let fixture = Fixture()
        let page = NavPage("Message")
        #expect(fixture.root.navigationController === fixture.nav)
        #expect(page.navigationController == nil)
        fixture.nav.pushViewController(page, animated: false)
        #expect(page.navigationController === fixture.nav)
        let inner = NavigationController(rootViewController: NavPage("Inner"))
        fixture.nav.pushViewController(inner, animated: false)
        #expect(inner.navigationController === fixture.nav, "a navigation controller's own is its ancestor, not itself")
        #expect(inner.viewControllers[0].navigationController === inner, "the nearest one")
        #expect(fixture.nav.navigationController == nil)
        fixture.nav.popToRootViewController(animated: false)
        #expect(page.navigationController == nil)
    }

    @Test func aPushFromAHookOfAPushWaitsForItAndThenRuns() throws {
        let fixture = Fixture()
        let first = TestLeaf(), second = TestLeaf()
        var seenInHook: [String] = []
        first.react(in: .willAppear) {
            fixture.nav.pushViewController(second, animated: false)
            seenInHook = ids(fixture.nav.viewControllers)
        }
        fixture.nav.pushViewController(first, animated: false)
        #expect(seenInHook == ids([fixture.root, first, second]), "the requested stack shows at once")
        #expect(ids(fixture.nav.children) == ids([fixture.root, first, second]))
        #expect(
            fixture.recorder.log(for: first) == [
                "willMove(toParent: \(fixture.nav.debugIdentifier))", "viewDidLoad",
                "viewWillAppear(false)", "viewDidAppear(false)", "didMove(toParent: \(fixture.nav.debugIdentifier))",
                "viewWillDisappear(false)", "viewDidDisappear(false)"
            ], "the first push completes before the second starts")
        #expect(second.appearancePhase == .didAppear && first.viewIfLoaded?.superview == nil)
        try fixture.check()
    }

    @Test func aPopFromAHookOfAPushUndoesIt() throws {
        let fixture = Fixture()
        let page = TestLeaf()
        page.react(in: .didAppear) { fixture.nav.popViewController(animated: false) }
        fixture.nav.pushViewController(page, animated: false)
        #expect(ids(fixture.nav.viewControllers) == ids([fixture.root]))
        #expect(fixture.root.appearancePhase == .didAppear && page.parent == nil)
        try fixture.check(others: [page])
    }

    // MARK: Memory

    @Test func poppedAndReplacedControllersAreFreed() {
        let fixture = Fixture()
        weak var weakPopped: NavPage?
        weak var weakPoppedView: View?
        weak var weakReplaced: NavPage?
        weak var weakDeep: NavPage?
        do {
            let popped = NavPage("Popped", button: "Tap")
            popped.navigationItem.rightBarButtonItems = [BarButtonItem(title: "Add")]
            fixture.nav.pushViewController(popped, animated: true)
            fixture.pilot.settle()
            (weakPopped, weakPoppedView) = (popped, popped.view)
            fixture.pilot.click(at: Point(x: 3, y: 0))
            fixture.pilot.settle()

            let replaced = NavPage("Replaced"), deep = NavPage("Deep")
            fixture.nav.pushViewController(replaced, animated: false)
            fixture.nav.pushViewController(deep, animated: false)
            (weakReplaced, weakDeep) = (replaced, deep)
            fixture.pilot.settle()
            fixture.nav.setViewControllers([fixture.root, NavPage("New")], animated: false)
            fixture.pilot.settle()
        }
        #expect(weakPopped == nil && weakPoppedView == nil)
        #expect(weakReplaced == nil && weakDeep == nil)
    }

    @Test func theNavigationControllerAndItsStackAreFreedWithTheWindow() {
        weak var weakNav: NavigationController?
        weak var weakRoot: NavPage?
        weak var weakTop: NavPage?
        do {
            let root = NavPage("Inbox"), top = NavPage("Top")
            let nav = NavigationController(rootViewController: root)
            let pilot = Pilot(Window(rootViewController: nav), size: Size(width: 30, height: 6))
            nav.pushViewController(top, animated: false)
            pilot.settle()
            (weakNav, weakRoot, weakTop) = (nav, root, top)
        }
        #expect(
            weakNav == nil && weakRoot == nil && weakTop == nil, "the back item's action holds the controller weakly")
    }
}

/// The interactive pop: the top screen dragged right from the content's left edge.
@MainActor
struct NavigationInteractivePopTests {
    /// Inbox under Message, 30x6, settled, logs cleared.
    private func makeStack() -> (Pilot, NavigationController, AppearanceLog, AppearanceLog, LifecycleRecorder) {
        let recorder = LifecycleRecorder()
        let inbox = AppearanceLog("Inbox"), message = AppearanceLog("Message")
        let nav = NavigationController(rootViewController: inbox)
        let pilot = Pilot(Window(rootViewController: nav), size: Size(width: 30, height: 6))
        nav.pushViewController(message, animated: false)
        pilot.settle()
        inbox.log = []
        message.log = []
        return (pilot, nav, inbox, message, recorder)
    }

    private func drag(_ pilot: Pilot, to columns: ClosedRange<Int>, row: Int = 3) {
        pilot.press(at: Point(x: 0, y: row))
        for x in columns {
            pilot.advance(by: 0.05)
            pilot.drag(to: Point(x: x, y: row))
        }
    }

    /// The dragged screen taken by another parent while the drag is under way (a side menu's
    /// new children, or any `addChild`), then the stack leaving the screen: the drag ends with
    /// the calls balanced, without reaching for a screen that is gone.
    @Test func aDraggedScreenTakenElsewhereMidDragEndsTheDragCleanly() throws {
        let recorder = LifecycleRecorder()
        let inbox = AppearanceLog("Inbox"), message = AppearanceLog("Message")
        let nav = NavigationController(rootViewController: inbox)
        let root = ViewController()
        root.addChild(nav)
        root.view.addSubview(nav.view)
        nav.view.frame = Rect(x: 0, y: 0, width: 30, height: 6)
        nav.didMove(toParent: root)
        let pilot = Pilot(Window(rootViewController: root), size: Size(width: 30, height: 6))
        nav.pushViewController(message, animated: false)
        pilot.settle()
        drag(pilot, to: 1...4)
        #expect(nav.isDraggingToPop)
        // Another parent takes the dragged screen (as a side menu given it as a new child does),
        // then the stack leaves the window (as the side menu swaps it out).
        let other = ViewController()
        other.addChild(message)
        message.didMove(toParent: other)
        #expect(nav.viewControllers.count == 1)
        nav.willMove(toParent: nil)
        nav.beginAppearanceTransition(false, animated: false)
        nav.view.removeFromSuperview()
        nav.endAppearanceTransition()
        nav.removeFromParent()
        pilot.settle()
        #expect(!nav.isDraggingToPop)
        var checker = LifecycleChecker()
        checker.consume(recorder.takeEvents())
        try checker.verify(window: pilot.window, others: [message, other, nav])
    }

    @Test func draggedPastHalfwayTheTopScreenPopsWithUIKitsCalls() throws {
        let (pilot, nav, inbox, message, recorder) = makeStack()
        drag(pilot, to: 1...6)
        #expect(nav.isDraggingToPop)
        #expect(message.view.frame.minX == 6, "the top screen follows the pointer")
        #expect(pilot.line(1).hasPrefix(" Inbox"), "the screen below shows beside it: \(pilot.line(1))")
        #expect(message.log == ["willDisappear true"] && inbox.log == ["willAppear true"], "at the first motion")
        for x in 7...18 {
            pilot.advance(by: 0.05)
            pilot.drag(to: Point(x: x, y: 3))
        }
        pilot.advance(by: 0.3)
        pilot.release(at: Point(x: 18, y: 3))
        pilot.settle()
        #expect(nav.viewControllers.map(\.title) == ["Inbox"])
        #expect(message.log == ["willDisappear true", "didDisappear true"])
        #expect(inbox.log == ["willAppear true", "didAppear true"])
        #expect(message.parent == nil && pilot.line(0).contains("Inbox"))
        var checker = LifecycleChecker()
        checker.consume(recorder.takeEvents())
        try checker.verify(window: pilot.window, others: [message])
    }

    @Test func releasedEarlyTheTopScreenGoesBackWithTheReverseCalls() throws {
        let (pilot, nav, inbox, message, recorder) = makeStack()
        drag(pilot, to: 1...5)
        pilot.advance(by: 0.3)
        pilot.release(at: Point(x: 5, y: 3))
        var positions: [Int] = []
        pilot.stepFrames { positions.append(message.view.frame.minX) }
        #expect(positions.last == 0 && positions == positions.sorted(by: >), "slides back: \(positions)")
        #expect(nav.viewControllers.map(\.title) == ["Inbox", "Message"])
        #expect(message.log == ["willDisappear true", "willAppear true", "didAppear true"])
        #expect(inbox.log == ["willAppear true", "willDisappear true", "didDisappear true"])
        #expect(inbox.viewIfLoaded?.superview == nil, "the screen below left the content area")
        var checker = LifecycleChecker()
        checker.consume(recorder.takeEvents())
        try checker.verify(window: pilot.window)
    }

    @Test func aFlingPopsAndKeysWaitForTheDrag() throws {
        let (pilot, nav, _, _, _) = makeStack()
        pilot.press(at: Point(x: 0, y: 3))
        for x in [2, 4, 6] {
            pilot.advance(by: 0.02)
            pilot.drag(to: Point(x: x, y: 3))
        }
        pilot.press(.escape)
        #expect(nav.isDraggingToPop && nav.viewControllers.count == 2, "Escape waits for the drag")
        pilot.release(at: Point(x: 6, y: 3))
        pilot.settle()
        #expect(nav.viewControllers.map(\.title) == ["Inbox"], "flung: popped; then Escape had nothing to pop")
    }

    @Test func atTheRootTheEdgeIsTheContents() throws {
        let (pilot, nav, _, _, _) = makeStack()
        nav.popViewController(animated: false)
        pilot.settle()
        drag(pilot, to: 1...20)
        pilot.release(at: Point(x: 20, y: 3))
        pilot.settle()
        #expect(!nav.isDraggingToPop && nav.viewControllers.count == 1)
    }
}
