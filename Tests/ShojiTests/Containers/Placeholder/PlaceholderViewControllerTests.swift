import Testing
@testable import Shoji
import ShojiTesting

/// The placeholder container: exact calls for every operation, pre-loading, errors, requests
/// that wait, property forwarding, memory warnings and ownership.
@MainActor
struct PlaceholderViewControllerTests {
    /// A split container (list 10 columns, placeholder to its right) in a 40x4 window; the
    /// recorder starts before anything is made, so every history is complete.
    @MainActor
    private final class Fixture {
        let log = CallLog()
        let split: SplitContainer
        private(set) var window: Window!
        private(set) var pilot: Pilot!

        init(width: Int = 40, start: Bool = true, _ configure: (SplitContainer) throws -> Void) rethrows {
            split = SplitContainer()
            try configure(split)
            if start { self.start(width: width) }
        }

        convenience init(width: Int = 40) {
            self.init(width: width) { _ in }
        }

        func start(width: Int = 40) {
            window = Window(rootViewController: split)
            pilot = Pilot(window, size: Size(width: width, height: 4))
        }

        func calls() -> [String] { log.calls() }
        func check(others: [ViewController] = []) throws { try log.check(window, others: others) }
    }

    // MARK: Pre-loading

    @Test func aChildSetBeforeTheViewLoadsAppearsWithTheContainerWithItsFinalFrame() throws {
        let a = Card("A")
        let fixture = try Fixture(start: false) {
            try $0.setInsetViewController(a, transition: .push(from: .right), animated: true)
        }
        #expect(!fixture.split.isViewLoaded && !a.isViewLoaded, "pre-loading loads no view")
        #expect(fixture.split.children.count == 1 && fixture.split.children[0] === a && a.parent === fixture.split)
        let id = a.debugIdentifier, container = fixture.split.debugIdentifier
        #expect(fixture.calls() == ["\(id) willMove(toParent: \(container))", "\(id) didMove(toParent: \(container))"])
        fixture.start()
        let calls = fixture.calls().filter { $0.hasPrefix(id) }
        #expect(calls == ["\(id) viewDidLoad", "\(id) viewWillAppear(false)", "\(id) viewDidAppear(false)"])
        #expect(a.framesAtWillAppear == [Rect(x: 0, y: 0, width: 30, height: 4)], "final frame from viewWillAppear")
        #expect(a.view.convertToWindow(.zero) == Point(x: 10, y: 0))
        #expect(fixture.pilot.line(0) == "||||||||||" + String(repeating: "A", count: 30))
        try fixture.check()
    }

    @Test func aChildSetWhileTheContainerIsHiddenWaitsForItToAppear() throws {
        let fixture = Fixture()
        fixture.window.hide()
        let a = Card("A")
        try fixture.split.setInsetViewController(a, transition: .fade, animated: true)
        #expect(!a.isViewLoaded, "hidden: the view waits")
        fixture.window.show()
        #expect(a.appearancePhase == .didAppear && a.framesAtWillAppear.count == 1)
        try fixture.check()
    }

    // MARK: Replacing

    @Test func replacingAShownChildMakesTheCallsInUIKitsOrder() throws {
        let a = Card("A"), b = Card("B")
        let fixture = try Fixture { try $0.setInsetViewController(a, animated: true) }
        _ = fixture.calls()
        try fixture.split.setInsetViewController(b, transition: .push(from: .right), animated: true)
        let (p, ai, bi) = (fixture.split.debugIdentifier, a.debugIdentifier, b.debugIdentifier)
        #expect(
            fixture.calls() == [
                "\(ai) willMove(toParent: nil)", "\(bi) willMove(toParent: \(p))", "\(bi) viewDidLoad",
                "\(ai) viewWillDisappear(true)", "\(bi) viewWillAppear(true)"
            ])
        #expect(fixture.split.isTransitioning)
        fixture.pilot.settle()
        #expect(
            fixture.calls() == [
                "\(ai) viewDidDisappear(true)", "\(bi) viewDidAppear(true)",
                "\(bi) didMove(toParent: \(p))", "\(ai) didMove(toParent: nil)"
            ])
        #expect(fixture.split.children.count == 1 && fixture.split.children[0] === b && a.parent == nil)
        #expect(fixture.split.insetViewController() === b)
        try fixture.check(others: [a])
    }

    @Test func replacingWithoutAnimationOrWithNoneCompletesAtOnce() throws {
        let a = Card("A"), b = Card("B"), c = Card("C")
        let fixture = try Fixture { try $0.setInsetViewController(a, animated: true) }
        _ = fixture.calls()
        try fixture.split.setInsetViewController(b, transition: .push(from: .left), animated: false)
        #expect(!fixture.split.isTransitioning)
        #expect(
            fixture.calls().filter { $0.contains("ppear") } == [
                "\(a.debugIdentifier) viewWillDisappear(false)",
                "\(b.debugIdentifier) viewWillAppear(false)",
                "\(a.debugIdentifier) viewDidDisappear(false)",
                "\(b.debugIdentifier) viewDidAppear(false)"
            ])
        try fixture.split.setInsetViewController(c, transition: .none, animated: true)
        #expect(!fixture.split.isTransitioning && c.appearancePhase == .didAppear && b.parent == nil)
        fixture.pilot.settle()
        #expect(fixture.pilot.line(0).hasSuffix("CCCC"))
        try fixture.check(others: [a, b])
    }

    /// Not animated means no motion and appearance calls that say so, whatever the style.
    @Test func aReplacementThatIsNotAnimatedSaysAnimatedFalseInEveryAppearanceCall() throws {
        let fixture = try Fixture { try $0.setInsetViewController(Card("A"), animated: true) }
        let styles: [TransitionStyle] = [.fade, .push(from: .right), .slide(from: .top), .uncover(to: .left)]
        var others: [ViewController] = []
        for style in styles {
            others += fixture.split.children
            _ = fixture.calls()
            try fixture.split.setInsetViewController(Card("B"), transition: style, animated: false)
            #expect(!fixture.split.isTransitioning, "\(style)")
            let appearance = fixture.calls().filter { $0.contains("ppear") }
            #expect(appearance.allSatisfy { $0.hasSuffix("(false)") }, "\(style): \(appearance)")
            #expect(appearance.count == 4, "\(style): all four at once")
        }
        others += fixture.split.children
        _ = fixture.calls()
        try fixture.split.setInsetViewController(Card("C"), transition: .fade, animated: true)
        fixture.pilot.settle()
        let appearance = fixture.calls().filter { $0.contains("ppear") }
        #expect(appearance.count == 4 && appearance.allSatisfy { $0.hasSuffix("(true)") }, "animated: \(appearance)")
        try fixture.check(others: others)
    }

    /// A child set before the container is shown appears with it, animated exactly when the
    /// container's own appearance is.
    @Test func aPreloadedChildAppearsAnimatedExactlyWhenTheContainerDoes() throws {
        let log = CallLog()
        let navigation = NavigationController(rootViewController: Card("R"))
        let window = Window(rootViewController: navigation)
        let pilot = Pilot(window, size: Size(width: 40, height: 6))
        for animated in [false, true] {
            let child = Card("A")
            let split = SplitContainer()
            try split.setInsetViewController(child, animated: true)
            _ = log.calls()
            navigation.pushViewController(split, animated: animated)
            pilot.settle()
            let id = child.debugIdentifier
            #expect(
                log.calls().filter { $0.hasPrefix(id) && $0.contains("ppear") } == [
                    "\(id) viewWillAppear(\(animated))", "\(id) viewDidAppear(\(animated))"
                ])
        }
        try log.check(window)
    }

    @Test func emptyingAPlaceholderAndFillingItAgain() throws {
        let a = Card("A"), b = Card("B")
        let fixture = try Fixture { try $0.setInsetViewController(a, animated: true) }
        _ = fixture.calls()
        try fixture.split.setInsetViewController(nil, transition: .slideOut(to: .bottom), animated: true)
        fixture.pilot.settle()
        let ai = a.debugIdentifier
        #expect(
            fixture.calls() == [
                "\(ai) willMove(toParent: nil)", "\(ai) viewWillDisappear(true)",
                "\(ai) viewDidDisappear(true)", "\(ai) didMove(toParent: nil)"
            ])
        #expect(fixture.pilot.line(0) == "||||||||||" + String(repeating: " ", count: 30))
        try fixture.split.setInsetViewController(b, transition: .slide(from: .top), animated: true)
        fixture.pilot.settle()
        #expect(b.appearancePhase == .didAppear && fixture.pilot.line(3).hasSuffix("BBBB"))
        try fixture.check(others: [a])
    }

    @Test func settingTheSameChildAgainDoesNothing() throws {
        let a = Card("A")
        let fixture = try Fixture { try $0.setInsetViewController(a, animated: true) }
        _ = fixture.calls()
        try fixture.split.setInsetViewController(a, transition: .fade, animated: true)
        #expect(fixture.calls().isEmpty && !fixture.split.isTransitioning)
    }

    @Test func aChildOfAnotherContainerLeavesItFirst() throws {
        let a = Card("A")
        let other = PlaceholderViewController()
        try other.setInsetViewController(a, animated: true)
        let fixture = Fixture()
        _ = fixture.calls()
        try fixture.split.setInsetViewController(a, transition: .fade, animated: true)
        fixture.pilot.settle()
        #expect(other.children.isEmpty && other.insetViewController() == nil, "the other container forgot it")
        #expect(a.parent === fixture.split && a.appearancePhase == .didAppear)
        try fixture.check(others: [other])
    }

    // MARK: Requests during a transition

    @Test func requestsDuringATransitionWaitAndRunInOrder() throws {
        let a = Card("A"), b = Card("B"), c = Card("C")
        let fixture = try Fixture { try $0.setInsetViewController(a, animated: true) }
        try fixture.split.setInsetViewController(b, transition: .push(from: .right), animated: true)
        fixture.pilot.advance(by: 0.1)
        try fixture.split.setInsetViewController(c, transition: .push(from: .left), animated: true)
        #expect(fixture.split.insetViewController() === c, "reported as asked, at once")
        #expect(!c.isViewLoaded && c.parent == nil, "waits for B's push")
        _ = fixture.calls()
        fixture.pilot.advance(by: 0.3)
        let calls = fixture.calls()
        let (bi, ci, p) = (b.debugIdentifier, c.debugIdentifier, fixture.split.debugIdentifier)
        let bDone = calls.firstIndex(of: "\(bi) didMove(toParent: \(p))"),
            cStart = calls.firstIndex(of: "\(ci) willMove(toParent: \(p))")
        #expect(bDone != nil && cStart != nil && bDone! < cStart!, "C's change starts once B's has completed: \(calls)")
        #expect(c.appearancePhase == .willAppear && fixture.split.isTransitioning, "C's push is under way")
        fixture.pilot.settle()
        #expect(fixture.split.children.count == 1 && fixture.split.children[0] === c)
        try fixture.check(others: [a, b])
    }

    @Test func keysWaitForTheTransition() throws {
        final class KeyContainer: PlaceholderViewController {
            var keys: [Character] = []
            override func keyPressed(_ event: KeyEvent) -> Bool {
                if case .character(let c) = event.key { keys.append(c) }
                return true
            }
        }
        let container = KeyContainer()
        try container.setInsetViewController(Card("A"), animated: true)
        let pilot = Pilot(Window(rootViewController: container), size: Size(width: 20, height: 3))
        try container.setInsetViewController(Card("B"), transition: .fade, animated: true)
        pilot.press(.character("x"))
        #expect(container.keys.isEmpty, "held back while the container transitions")
        pilot.settle()
        #expect(container.keys == ["x"], "delivered once it settled")
    }

    // MARK: Errors

    @Test func badIndicesAreErrors() throws {
        let split = PlaceholderViewController(placeholderCount: 2)
        let a = Card("A")
        #expect(throws: PlaceholderError.indexOutOfRange(index: 2, count: 2)) {
            try split.setInsetViewController(a, at: 2, animated: true)
        }
        #expect(throws: PlaceholderError.indexOutOfRange(index: -1, count: 2)) {
            try split.setInsetViewController(a, at: -1, animated: true)
        }
        try split.setInsetViewController(a, at: 1, animated: true)
        try split.setInsetViewController(a, at: 1, animated: true)  // the current child: nothing to do
        #expect(
            PlaceholderError.indexOutOfRange(index: 2, count: 1).description
                == "placeholder index 2 is out of range for a container of 1 placeholder")
        #expect(split.insetViewControllers.map { $0 === a } == [false, true])
        #expect(split.insetViewController(at: 5) == nil)
    }

    // MARK: Several placeholders

    @Test func twoPlaceholdersShowTwoChildrenSideBySide() throws {
        let twoUp = TwoUp()
        let (a, b, c) = (Card("A"), Card("B"), Card("C"))
        try twoUp.setInsetViewController(a, at: 0, animated: true)
        try twoUp.setInsetViewController(b, at: 1, animated: true)
        let pilot = Pilot(Window(rootViewController: twoUp), size: Size(width: 20, height: 2))
        #expect(pilot.line(0) == "AAAAAAAAAABBBBBBBBBB")
        try twoUp.setInsetViewController(c, at: 1, transition: .push(from: .bottom), animated: true)
        pilot.settle()
        #expect(pilot.line(1) == "AAAAAAAAAACCCCCCCCCC" && a.appearancePhase == .didAppear)
        pilot.resize(to: Size(width: 30, height: 2))
        #expect(pilot.line(0) == String(repeating: "A", count: 15) + String(repeating: "C", count: 15))
    }

    // MARK: Forwarding

    @Test func forwardingShowsTheChildsTitleAndItemsInTheNavigationBarThroughNestedPlaceholders() throws {
        let leaf = Card("L", title: "Leaf")
        leaf.navigationItem.rightBarButtonItems = [BarButtonItem(title: "Edit")]
        let inner = PlaceholderViewController()
        inner.title = "Inner"
        try inner.setInsetViewController(leaf, animated: true)
        let outer = SplitContainer()
        outer.title = "Outer"
        try outer.setInsetViewController(inner, animated: true)
        let nav = NavigationController(rootViewController: outer)
        let pilot = Pilot(Window(rootViewController: nav), size: Size(width: 40, height: 4))
        #expect(pilot.line(0).contains("Outer"), "off by default")
        outer.forwardedPlaceholderIndex = 0
        pilot.settle()
        #expect(
            pilot.line(0).contains("Inner") && !pilot.line(0).contains("Edit"), "one level: the inner container's own")
        inner.forwardedPlaceholderIndex = 0
        pilot.settle()
        #expect(pilot.line(0).contains("Leaf") && pilot.line(0).contains("Edit"), "recursively: the leaf's")
        let other = Card("O", title: "Other")
        try inner.setInsetViewController(other, transition: .fade, animated: true)
        pilot.settle()
        #expect(pilot.line(0).contains("Other") && !pilot.line(0).contains("Edit"), "the new child's, once swapped")
        other.title = "Renamed"
        pilot.settle()
        #expect(pilot.line(0).contains("Renamed"))
    }

    // MARK: Memory and ownership

    @Test func aMemoryWarningReleasesTheChildrenOfAHiddenContainerAndTheyReloadWhenItAppears() throws {
        let recorder = LifecycleRecorder()
        var checker = LifecycleChecker()
        let a = Card("A")
        let split = SplitContainer()
        try split.setInsetViewController(a, animated: true)
        let nav = NavigationController(rootViewController: split)
        let window = Window(rootViewController: nav)
        let pilot = Pilot(window, size: Size(width: 40, height: 5))
        window.didReceiveMemoryWarning()
        #expect(a.isViewLoaded && split.isViewLoaded, "shown: kept")
        nav.pushViewController(Card("X"), animated: false)
        pilot.settle()
        window.didReceiveMemoryWarning()
        #expect(!a.isViewLoaded && !split.isViewLoaded && a.unloads == 1)
        #expect(a.appearancePhase == .viewDidUnload && split.appearancePhase == .viewDidUnload)
        nav.popViewController(animated: true)
        pilot.settle()
        #expect(a.loads == 2 && a.appearancePhase == .didAppear && pilot.line(1).hasSuffix("AAAA"))
        #expect(a.framesAtWillAppear.last == Rect(x: 0, y: 0, width: 30, height: 4))
        checker.consume(recorder.takeEvents())
        try checker.verify(window: window)
    }

    @Test func aReplacedChildAndItsViewAreFreed() throws {
        let fixture = Fixture()
        weak var weakChild: Card?
        weak var weakView: View?
        do {
            let a = Card("A")
            try fixture.split.setInsetViewController(a, animated: true)
            weakChild = a
            weakView = a.view
            try fixture.split.setInsetViewController(Card("B"), transition: .push(from: .right), animated: true)
            fixture.pilot.settle()
        }
        #expect(weakChild == nil && weakView == nil)
    }

    @Test func aContainerAndItsChildrenAreFreedTogether() throws {
        weak var weakSplit: SplitContainer?
        weak var weakChild: Card?
        do {
            let split = SplitContainer()
            let a = Card("A")
            try split.setInsetViewController(a, animated: true)
            let pilot = Pilot(Window(rootViewController: split), size: Size(width: 30, height: 3))
            try split.setInsetViewController(Card("B"), transition: .fade, animated: true)
            pilot.advance(by: 0.1)  // mid-transition: the animation must not keep anyone alive
            (weakSplit, weakChild) = (split, a)
        }
        #expect(weakSplit == nil && weakChild == nil)
    }
}
