import Testing
@testable import Shoji
import ShojiTesting

/// The stack container: exact calls for every operation, transparent stacking, capacity,
/// waiting requests, errors, removal of the top during its push, forwarding, memory, ownership.
@MainActor
struct StackControllerTests {
    /// A stack with the root card "R" in a 20x4 window; the recorder starts first, so every
    /// history is complete.
    @MainActor
    private final class Fixture {
        let log = CallLog()
        let root: Card
        let stack: StackController
        let window: Window
        let pilot: Pilot

        init(root: Card = Card("R"), width: Int = 20) {
            self.root = root
            stack = StackController(rootViewController: root)
            window = Window(rootViewController: stack)
            pilot = Pilot(window, size: Size(width: width, height: 4))
        }

        var s: String { stack.debugIdentifier }

        func calls() -> [String] { log.calls() }
        func check(others: [ViewController] = []) throws { try log.check(window, others: others) }

        /// The letters of each visible child, bottom first.
        var visible: String { String(stack.visibleViewControllers.compactMap { ($0 as? Card)?.letter }) }
        var loaded: String { String(stack.children.compactMap { $0.isViewLoaded ? ($0 as? Card)?.letter : nil }) }
    }

    // MARK: Call orders

    @Test func aPushAndItsPopMakeTheCallsInUIKitsOrder() throws {
        let fixture = Fixture()
        let (r, s) = (fixture.root.debugIdentifier, fixture.s)
        _ = fixture.calls()
        let a = Card("A")
        let ai = a.debugIdentifier
        fixture.stack.pushViewController(a, transition: .push(from: .right), animated: true)
        #expect(
            fixture.calls() == [
                "\(ai) willMove(toParent: \(s))", "\(ai) viewDidLoad",
                "\(r) viewWillDisappear(true)", "\(ai) viewWillAppear(true)"
            ])
        #expect(fixture.stack.isTransitioning && fixture.stack.viewControllers.count == 2)
        fixture.pilot.settle()
        #expect(
            fixture.calls() == [
                "\(r) viewDidDisappear(true)", "\(ai) viewDidAppear(true)", "\(ai) didMove(toParent: \(s))"
            ])
        #expect(a.transitionStyle == .push(from: .right))
        let popped = fixture.stack.popViewController(animated: true)
        #expect(popped === a)
        #expect(
            fixture.calls() == [
                "\(ai) willMove(toParent: nil)", "\(ai) viewWillDisappear(true)", "\(r) viewWillAppear(true)"
            ])
        fixture.pilot.settle()
        #expect(
            fixture.calls() == [
                "\(ai) viewDidDisappear(true)", "\(r) viewDidAppear(true)", "\(ai) didMove(toParent: nil)"
            ])
        #expect(fixture.stack.children.count == 1 && a.parent == nil)
        try fixture.check(others: [a])
    }

    @Test func unanimatedChangesCompleteAtOnceWithAnimatedFalse() throws {
        let fixture = Fixture()
        let a = Card("A")
        _ = fixture.calls()
        fixture.stack.pushViewController(a, animated: false)
        #expect(!fixture.stack.isTransitioning)
        #expect(
            fixture.calls().filter { $0.contains("ppear") } == [
                "\(fixture.root.debugIdentifier) viewWillDisappear(false)",
                "\(a.debugIdentifier) viewWillAppear(false)",
                "\(fixture.root.debugIdentifier) viewDidDisappear(false)", "\(a.debugIdentifier) viewDidAppear(false)"
            ])
        fixture.stack.popViewController(animated: false)
        #expect(fixture.root.appearancePhase == .didAppear && a.parent == nil && !fixture.stack.isTransitioning)
        try fixture.check(others: [a])
    }

    @Test func popToAndPopToRootLeaveInOneTransitionWithTheTopsInverse() throws {
        let fixture = Fixture()
        let (a, b, c) = (Card("A"), Card("B"), Card("C"))
        for card in [a, b, c] {
            fixture.stack.pushViewController(card, transition: .slide(from: .bottom), animated: false)
        }
        _ = fixture.calls()
        let popped = fixture.stack.popToViewController(a, animated: true)
        #expect(popped.map(\.debugIdentifier) == [b, c].map(\.debugIdentifier))
        let (ai, bi, ci) = (a.debugIdentifier, b.debugIdentifier, c.debugIdentifier)
        // B is not shown (capacity keeps its view): it just leaves; C plays its inverse over A.
        #expect(
            fixture.calls() == [
                "\(bi) willMove(toParent: nil)", "\(ci) willMove(toParent: nil)", "\(ai) viewDidLoad",
                "\(ci) viewWillDisappear(true)", "\(ai) viewWillAppear(true)"
            ],
            "A's view, released by capacity, loads again")
        fixture.pilot.advance(by: 0.15)
        #expect(
            fixture.pilot.line(0) == String(repeating: "A", count: 20)
                && fixture.pilot.line(3) == String(repeating: "C", count: 20),
            "A waits in place while C slides out to the bottom")
        fixture.pilot.settle()
        #expect(
            fixture.calls() == [
                "\(ci) viewDidDisappear(true)", "\(ai) viewDidAppear(true)",
                "\(bi) didMove(toParent: nil)", "\(ci) didMove(toParent: nil)",
                "\(fixture.root.debugIdentifier) viewDidLoad"
            ], "the root is near the top again")
        #expect(fixture.stack.popToViewController(a, animated: true).isEmpty, "already the top")
        #expect(fixture.stack.popToRootViewController(animated: false).map(\.debugIdentifier) == [ai])
        #expect(fixture.stack.popToRootViewController(animated: true).isEmpty)
        #expect(fixture.visible == "R")
        try fixture.check(others: [a, b, c])
    }

    @Test func insertingAndRemovingBelowTheTopMakeOnlyContainmentCalls() throws {
        let fixture = Fixture()
        let (a, b) = (Card("A"), Card("B"))
        fixture.stack.pushViewController(a, animated: false)
        _ = fixture.calls()
        try fixture.stack.insertViewController(b, at: 1, transition: .push(from: .top), animated: true)
        let (bi, s) = (b.debugIdentifier, fixture.s)
        #expect(
            fixture.calls() == [
                "\(bi) willMove(toParent: \(s))", "\(bi) didMove(toParent: \(s))",
                "\(fixture.root.debugIdentifier) viewDidUnload", "\(bi) viewDidLoad"
            ],
            "B is among the top two, so capacity loads its view (it is not shown) and releases the root's")
        #expect(fixture.stack.viewControllers.map(\.debugIdentifier) == [fixture.root, b, a].map(\.debugIdentifier))
        #expect(b.transitionStyle == .push(from: .top), "kept for its pop")
        #expect(fixture.loaded == "BA" && fixture.visible == "A")
        let removed = try fixture.stack.removeViewController(at: 1, animated: true)
        #expect(removed === b)
        #expect(
            fixture.calls() == [
                "\(bi) willMove(toParent: nil)", "\(bi) didMove(toParent: nil)",
                "\(fixture.root.debugIdentifier) viewDidLoad"
            ])
        // Popping A now plays its own inverse; B's push(from: .top) was never used.
        fixture.stack.popViewController(animated: true)
        fixture.pilot.settle()
        #expect(fixture.visible == "R")
        try fixture.check(others: [a, b])
    }

    @Test func insertingAtTheTopIsAPushAndRemovingTheTopIsAPop() throws {
        let fixture = Fixture()
        let a = Card("A")
        try fixture.stack.insertViewController(a, at: 1, transition: .cover(from: .right), animated: true)
        fixture.pilot.settle()
        #expect(fixture.visible == "A" && a.transitionStyle == .cover(from: .right))
        _ = fixture.calls()
        try fixture.stack.removeViewController(at: 1, animated: true)
        #expect(fixture.calls().contains("\(a.debugIdentifier) viewWillDisappear(true)"))
        var dimSeen = false
        stepFrames(fixture.pilot) {
            dimSeen = dimSeen || fixture.pilot.screen.lastFrame![0, 0].style.attributes.contains(.dim)
        }
        #expect(dimSeen, "the root brightens from dim as it is uncovered (cover's inverse)")
        #expect(fixture.visible == "R")
        try fixture.check(others: [a])
    }

    // MARK: Transparent stacking

    @Test func aTransparentChildLeavesTheChildBelowShownAndAppeared() throws {
        let fixture = Fixture()
        let a = Card("A")
        fixture.stack.pushViewController(a, animated: false)
        _ = fixture.calls()
        let t = Card("t", opaque: false)
        fixture.stack.pushViewController(t, transition: .slide(from: .bottom), animated: true)
        let ti = t.debugIdentifier
        #expect(
            fixture.calls() == [
                "\(ti) willMove(toParent: \(fixture.s))", "\(ti) viewDidLoad", "\(ti) viewWillAppear(true)"
            ],
            "A is not told anything: it stays shown")
        fixture.pilot.settle()
        #expect(
            fixture.calls() == [
                "\(ti) viewDidAppear(true)", "\(ti) didMove(toParent: \(fixture.s))",
                "\(fixture.root.debugIdentifier) viewDidUnload"
            ], "capacity: the root is third from the top")
        #expect(fixture.visible == "At" && a.appearancePhase == .didAppear)
        #expect(
            fixture.pilot.line(0) == String(repeating: "t", count: 20)
                && fixture.pilot.line(1) == String(repeating: "A", count: 20),
            "t paints its first row; A shows through below")
        #expect(fixture.stack.focusScope === t.view, "only the top is interactive")

        // An opaque child over both: they disappear; popping it shows them again.
        let o = Card("O")
        fixture.stack.pushViewController(o, transition: .push(from: .left), animated: true)
        let disappearing = fixture.calls().filter { $0.contains("ppear") }
        #expect(
            disappearing == [
                "\(ti) viewWillDisappear(true)", "\(o.debugIdentifier) viewWillAppear(true)",
                "\(a.debugIdentifier) viewWillDisappear(true)"
            ], "the top's move first, then the rest beneath")
        fixture.pilot.settle()
        #expect(fixture.visible == "O" && t.appearancePhase == .didDisappear)
        #expect(a.appearancePhase == .viewDidUnload, "third from the top: capacity released it")
        _ = fixture.calls()
        fixture.stack.popViewController(animated: true)
        #expect(
            fixture.calls().filter { !$0.contains("Move") } == [
                "\(a.debugIdentifier) viewDidLoad", "\(o.debugIdentifier) viewWillDisappear(true)",
                "\(ti) viewWillAppear(true)", "\(a.debugIdentifier) viewWillAppear(true)"
            ],
            "A loads again (the rule reads which views are opaque), then the top's move, then A beneath")
        fixture.pilot.settle()
        #expect(fixture.visible == "At" && a.appearancePhase == .didAppear && t.appearancePhase == .didAppear)

        // Popping the transparent child: A was shown all along, so it gets no call.
        _ = fixture.calls()
        fixture.stack.popViewController(animated: true)
        fixture.pilot.settle()
        #expect(fixture.calls().filter { $0.hasPrefix(a.debugIdentifier) }.isEmpty)
        #expect(fixture.visible == "A" && fixture.pilot.line(0) == String(repeating: "A", count: 20))
        try fixture.check(others: [t, o])
    }

    @Test func aChainOfTransparentChildrenShowsDownToTheFirstOpaqueOne() throws {
        let fixture = Fixture()
        fixture.stack.capacity = 1
        for card in [Card("A"), Card("b", opaque: false), Card("c", opaque: false)] {
            fixture.stack.pushViewController(card, animated: false)
        }
        #expect(fixture.visible == "Abc", "R is below an opaque A")
        #expect(fixture.loaded == "Abc", "shown children keep their views whatever the capacity")
        #expect(fixture.root.appearancePhase == .viewDidUnload)
        try fixture.check()
    }

    // MARK: Capacity

    @Test func onlyTheTopChildrenKeepTheirViewsAndComeBackWithViewDidLoad() throws {
        let fixture = Fixture()
        let cards = (0..<5).map { Card(Character(UnicodeScalar(UInt8(65 + $0)))) }
        for card in cards { fixture.stack.pushViewController(card, animated: false) }
        #expect(fixture.loaded == "DE", "capacity 2")
        #expect(cards.map(\.loads) == [1, 1, 1, 1, 1] && cards.map(\.unloads) == [1, 1, 1, 0, 0])
        #expect(fixture.root.unloads == 1 && fixture.root.appearancePhase == .viewDidUnload)
        fixture.stack.popViewController(animated: true)
        fixture.pilot.settle()
        #expect(fixture.loaded == "CD", "C came back near the top")
        #expect(cards[2].loads == 2 && cards[2].appearancePhase == .viewDidLoad)
        fixture.stack.popViewController(animated: true)
        fixture.pilot.settle()
        #expect(cards[2].appearancePhase == .didAppear && cards[2].loads == 2, "shown with the view loaded before")
        #expect(fixture.pilot.line(0) == String(repeating: "C", count: 20))
        fixture.stack.capacity = 4
        #expect(fixture.loaded == "RABC", "a larger capacity loads at once")
        fixture.stack.capacity = 0
        #expect(fixture.stack.capacity == 1 && fixture.loaded == "C")
        try fixture.check()
    }

    @Test func aMemoryWarningReleasesEveryViewNotShown() throws {
        let fixture = Fixture()
        let (a, b) = (Card("A"), Card("B"))
        fixture.stack.pushViewController(a, animated: false)
        fixture.stack.pushViewController(b, animated: false)
        #expect(fixture.loaded == "AB")
        fixture.window.didReceiveMemoryWarning()
        #expect(fixture.loaded == "B" && a.appearancePhase == .viewDidUnload)
        fixture.stack.popViewController(animated: true)
        fixture.pilot.settle()
        #expect(
            a.loads == 2 && a.appearancePhase == .didAppear
                && fixture.pilot.line(2) == String(repeating: "A", count: 20))
        try fixture.check(others: [b])
    }

    // MARK: Requests during transitions

    @Test func requestsDuringATransitionWaitAndRunInOrder() throws {
        let fixture = Fixture()
        let (a, b) = (Card("A"), Card("B"))
        fixture.stack.pushViewController(a, animated: true)
        fixture.pilot.advance(by: 0.1)
        fixture.stack.pushViewController(b, transition: .fade, animated: true)
        fixture.stack.popViewController(animated: true)
        fixture.stack.popViewController(animated: true)
        #expect(fixture.stack.viewControllers.count == 1, "reported as asked, at once")
        #expect(fixture.stack.popViewController(animated: true) == nil, "at the root as asked")
        #expect(b.parent == nil && !b.isViewLoaded, "B waits for A's push")
        _ = fixture.calls()
        fixture.pilot.settle()
        let order = fixture.calls().filter { $0.contains("willMove") }
        #expect(
            order == [
                "\(b.debugIdentifier) willMove(toParent: \(fixture.s))", "\(b.debugIdentifier) willMove(toParent: nil)",
                "\(a.debugIdentifier) willMove(toParent: nil)"
            ], "push B, pop B, pop A, in order")
        #expect(fixture.visible == "R")
        try fixture.check(others: [a, b])
    }

    @Test func removingTheTopDuringItsOwnPushWaitsThenPlaysTheInverse() throws {
        let fixture = Fixture()
        let a = Card("A")
        fixture.stack.pushViewController(a, transition: .slide(from: .right), animated: true)
        fixture.pilot.advance(by: 0.1)
        try fixture.stack.removeViewController(at: 1, animated: true)
        _ = fixture.calls()
        var aColumns: [Int] = []
        stepFrames(fixture.pilot) { aColumns.append(column(of: "A", row: 0, in: fixture.pilot) ?? 20) }
        let ai = a.debugIdentifier
        let calls = fixture.calls()
        #expect(
            calls.firstIndex(of: "\(ai) viewDidAppear(true)")! < calls.firstIndex(of: "\(ai) willMove(toParent: nil)")!,
            "the push completes first: \(calls)")
        let turn = aColumns.firstIndex(of: aColumns.min()!)!
        #expect(
            aColumns.min() == 0 && aColumns.last == 20 && aColumns[turn...].elementsEqual(aColumns[turn...].sorted()),
            "A arrives, then slides back out to the right: \(aColumns)")
        try fixture.check(others: [a])
    }

    @Test func aTopTakenAwayByAnotherContainerDuringItsPushIsLetGo() throws {
        let fixture = Fixture()
        let a = Card("A")
        fixture.stack.pushViewController(a, transition: .push(from: .right), animated: true)
        fixture.pilot.advance(by: 0.1)
        let other = PlaceholderViewController()
        try other.setInsetViewController(a, animated: true)
        #expect(a.parent === other)
        fixture.pilot.settle()
        #expect(fixture.stack.viewControllers.count == 1 && fixture.visible == "R")
        #expect(
            fixture.root.appearancePhase == .didAppear
                && fixture.root.view.frame == Rect(x: 0, y: 0, width: 20, height: 4))
        #expect(fixture.pilot.line(0) == String(repeating: "R", count: 20))
        // Taking a controller in the middle of its move breaks its UIKit sequence (in UIKit
        // too): that is the one violation in the log; the stack itself is consistent.
        let log = fixture.log
        log.checker.consume(log.recorder.takeEvents())
        #expect(log.checker.violations.map(\.kind) == [.overlappingMove])
        #expect(log.checker.violations.first?.controllerID == a.debugIdentifier)
        try LifecycleChecker.verify(
            log.checker.settledViolations() + log.checker.phaseViolations(of: [fixture.stack, fixture.root, a])
                + LifecycleChecker.treeViolations(window: fixture.window, others: [other]))
    }

    @Test func aTopTakenAwayBetweenChangesShowsTheOneBelow() throws {
        let fixture = Fixture()
        let a = Card("A")
        fixture.stack.pushViewController(a, animated: false)
        _ = fixture.calls()
        let other = PlaceholderViewController()
        try other.setInsetViewController(a, animated: true)
        #expect(fixture.visible == "R" && fixture.root.appearancePhase == .didAppear)
        fixture.pilot.settle()
        #expect(fixture.pilot.line(0) == String(repeating: "R", count: 20))
        try fixture.check(others: [other])
    }

    /// A push waiting behind another lists the root, which the app then gives to another
    /// container: the waiting push must not take it back (the later move wins).
    @Test func aControllerTakenWhileAPushWaitsStaysWithItsNewParent() throws {
        let fixture = Fixture()
        let a = Card("A"), b = Card("B")
        fixture.stack.pushViewController(a, animated: true)
        fixture.stack.pushViewController(b, animated: true)  // waits: [R, A, B]
        let other = PlaceholderViewController()
        try other.setInsetViewController(fixture.root, animated: false)
        fixture.pilot.settle()
        #expect(fixture.root.parent === other, "still the other container's")
        #expect(fixture.stack.viewControllers.count == 2 && fixture.visible.hasSuffix("B"))
        try fixture.check(others: [other])
    }

    @Test func keysWaitWhileTheStackTransitions() throws {
        final class KeyStack: StackController {
            var keys: [Character] = []
            override func keyPressed(_ event: KeyEvent) -> Bool {
                if case .character(let c) = event.key { keys.append(c) }
                return true
            }
        }
        let stack = KeyStack(rootViewController: Card("R"))
        let pilot = Pilot(Window(rootViewController: stack), size: Size(width: 10, height: 2))
        stack.pushViewController(Card("A"), animated: true)
        pilot.press(.character("p"))
        #expect(stack.keys.isEmpty)
        pilot.settle()
        #expect(stack.keys == ["p"])
    }

    // MARK: Errors

    @Test func badIndicesAreErrorsAndAPopAtTheRootDoesNothing() throws {
        let root = Card("R")
        let stack = StackController(rootViewController: root)
        #expect(stack.popViewController(animated: true) == nil, "nothing to pop, as the navigation controller")
        #expect(throws: StackControllerError.cannotRemoveRoot) { try stack.removeViewController(at: 0, animated: true) }
        #expect(throws: StackControllerError.indexOutOfRange(index: 1, count: 1)) {
            try stack.removeViewController(at: 1, animated: true)
        }
        #expect(throws: StackControllerError.indexOutOfRange(index: 2, count: 1)) {
            try stack.insertViewController(Card("X"), at: 2, animated: true)
        }
        #expect(
            StackControllerError.cannotRemoveRoot.description
                == "the root view controller cannot be removed: a stack always keeps one view controller")
        #expect(stack.viewControllers.count == 1 && stack.rootViewController === root && !stack.isViewLoaded)
        // Removing the root with others above is fine: the next one becomes the root.
        let a = Card("A")
        stack.pushViewController(a, animated: true)
        try stack.removeViewController(at: 0, animated: true)
        #expect(stack.viewControllers.count == 1 && stack.rootViewController === a)
    }

    // MARK: Resizes

    @Test func theInverseIsRebuiltFromTheFramesAtPopTime() throws {
        let fixture = Fixture()
        let a = Card("A")
        fixture.stack.pushViewController(a, transition: .slide(from: .right), animated: true)
        fixture.pilot.advance(by: 0.1)
        fixture.pilot.resize(to: Size(width: 30, height: 4))
        fixture.pilot.settle()
        #expect(a.view.frame == Rect(x: 0, y: 0, width: 30, height: 4), "the push lands where the resize puts it")
        fixture.stack.popViewController(animated: true)
        var aLeft: [Int] = []
        stepFrames(fixture.pilot) { aLeft.append(column(of: "A", row: 0, in: fixture.pilot) ?? 30) }
        #expect(aLeft.elementsEqual(aLeft.sorted()) && aLeft.last == 30, "out beyond the new right edge: \(aLeft)")
        #expect(fixture.root.view.frame == Rect(x: 0, y: 0, width: 30, height: 4))
        #expect(fixture.pilot.line(0) == String(repeating: "R", count: 30))
        try fixture.check(others: [a])
    }

    // MARK: Forwarding

    @Test func forwardingReachesTheBarThroughAStackAndAPlaceholder() throws {
        let leaf = Card("L", title: "Leaf")
        leaf.navigationItem.rightBarButtonItems = [BarButtonItem(title: "Save")]
        let placeholder = PlaceholderViewController()
        placeholder.title = "Holder"
        placeholder.forwardedPlaceholderIndex = 0
        try placeholder.setInsetViewController(leaf, animated: true)
        let stack = StackController(rootViewController: Card("R", title: "Root"))
        stack.title = "Stack"
        let nav = NavigationController(rootViewController: stack)
        let pilot = Pilot(Window(rootViewController: nav), size: Size(width: 40, height: 5))
        #expect(pilot.line(0).contains("Stack"))
        stack.forwardsNavigationItem = true
        pilot.settle()
        #expect(pilot.line(0).contains("Root"))
        stack.pushViewController(placeholder, animated: false)
        pilot.settle()
        #expect(pilot.line(0).contains("Leaf") && pilot.line(0).contains("Save"), "stack → placeholder → leaf")
        stack.popViewController(animated: false)
        pilot.settle()
        #expect(pilot.line(0).contains("Root") && !pilot.line(0).contains("Save"))
    }

    // MARK: Ownership

    @Test func aPoppedChildAndItsViewAreFreed() throws {
        let fixture = Fixture()
        weak var weakChild: Card?
        weak var weakView: View?
        do {
            let a = Card("A")
            fixture.stack.pushViewController(a, animated: true)
            fixture.pilot.settle()
            (weakChild, weakView) = (a, a.view)
            fixture.stack.popViewController(animated: true)
            fixture.pilot.settle()
        }
        #expect(weakChild == nil && weakView == nil)
    }

    @Test func aReleasedViewIsFreed() throws {
        let fixture = Fixture()
        weak var weakRootView: View?
        do { weakRootView = fixture.root.view }
        for letter in "ABC" { fixture.stack.pushViewController(Card(letter), animated: false) }
        #expect(weakRootView == nil, "capacity released the root's view")
    }

    @Test func aStackAndItsChildrenAreFreedMidTransition() throws {
        weak var weakStack: StackController?
        var weakCards: [Weak<Card>] = []
        do {
            let cards = (0..<4).map { Card(Character(UnicodeScalar(UInt8(65 + $0)))) }
            let stack = StackController(rootViewController: cards[0])
            let pilot = Pilot(Window(rootViewController: stack), size: Size(width: 10, height: 3))
            for card in cards.dropFirst() { stack.pushViewController(card, animated: true) }
            pilot.advance(by: 0.1)
            weakStack = stack
            weakCards = cards.map { Weak($0) }
        }
        #expect(weakStack == nil && weakCards.allSatisfy { $0.object == nil })
    }
}
