import Testing
@testable import Shoji
import ShojiTesting

/// Regression tests for the base bugs the lifecycle property test found: changes made from
/// inside appearance hooks (as apps do in `viewWillAppear` and friends) must still leave every
/// controller settled and balanced.
@MainActor
struct ReentrancyTests {
    /// A shown window whose root container holds `count` leaves, with a recorder from the start.
    private func world(leaves count: Int = 2) -> (Window, TestContainer, [TestLeaf], LifecycleRecorder) {
        let recorder = LifecycleRecorder()
        let root = TestContainer()
        let leaves = (0..<count).map { _ in TestLeaf() }
        for leaf in leaves { root.add(leaf) }
        let window = Window(rootViewController: root)
        window.show()
        return (window, root, leaves, recorder)
    }

    private func verifySettled(_ window: Window, _ recorder: LifecycleRecorder, others: [ViewController] = []) throws {
        var checker = LifecycleChecker()
        checker.consume(recorder.events)
        try checker.verify(window: window, others: others)
    }

    @Test func hideWhoseHookReplacesTheRoot() throws {
        let (window, root, leaves, recorder) = world()
        let newRoot = TestLeaf()
        leaves[0].react(in: .willDisappear) { window.rootViewController = newRoot }
        window.hide()
        #expect(root.appearancePhase == .didDisappear, "the old root was left in willDisappear")
        #expect(newRoot.appearancePhase == .viewDidLoad)
        try verifySettled(window, recorder, others: [root])
    }

    @Test func replacingTheRootWhoseHookHidesTheWindow() throws {
        let (window, root, leaves, recorder) = world()
        leaves[1].react(in: .willDisappear) { window.hide() }
        window.rootViewController = TestLeaf()
        #expect(root.appearancePhase == .didDisappear)
        #expect(!window.isVisible)
        try verifySettled(window, recorder, others: [root])
    }

    @Test func hideWhoseHookShowsAgain() throws {
        let (window, _, leaves, recorder) = world(leaves: 3)
        leaves[0].react(in: .willDisappear) { window.show() }
        window.hide()
        #expect(window.isVisible)
        #expect(leaves.allSatisfy { $0.appearancePhase == .didAppear }, "siblings were left in willDisappear")
        try verifySettled(window, recorder)
    }

    @Test func aDisappearingChildRemovedByAHookBeforeItsContainerEnds() throws {
        // root → [leaf, inner → [nested]]: hiding, the leaf's viewDidDisappear removes
        // `nested` (in willDisappear) before `inner`'s own end would have reached it.
        let (window, root, leaves, recorder) = world(leaves: 1)
        let inner = TestContainer()
        let nested = TestLeaf()
        root.add(inner)
        inner.add(nested)
        leaves[0].react(in: .didDisappear) { inner.remove(nested) }
        window.hide()
        #expect(nested.appearancePhase == .didDisappear, "it was left in willDisappear")
        #expect(nested.parent == nil)
        try verifySettled(window, recorder, others: [nested])
    }

    @Test func aTransitionWhoseOutgoingHookHidesTheWindow() throws {
        let (window, root, leaves, recorder) = world(leaves: 1)
        leaves[0].react(in: .willDisappear) { window.hide() }
        let incoming = TestLeaf()
        root.swap(leaves[0], for: incoming)
        #expect(incoming.appearancePhase != .didAppear, "it appeared in a hidden window")
        #expect(!incoming.isAppearing)
        try verifySettled(window, recorder, others: [leaves[0]])
    }

    @Test func aTransitionWhoseIncomingHookHidesTheWindow() throws {
        let (window, root, leaves, recorder) = world(leaves: 1)
        let incoming = TestLeaf()
        incoming.react(in: .willAppear) { window.hide() }
        root.swap(leaves[0], for: incoming)
        #expect(incoming.appearancePhase == .didDisappear, "it was left in willAppear")
        try verifySettled(window, recorder, others: [leaves[0]])
    }

    @Test func hideCutShortByARootChangeStillReachesEveryChild() throws {
        let (window, root, leaves, recorder) = world(leaves: 2)
        leaves[0].react(in: .willDisappear) { window.rootViewController = TestLeaf() }
        window.hide()
        #expect(leaves[1].appearancePhase == .didDisappear, "the second child never heard of it")
        try verifySettled(window, recorder, others: [root])
    }

    @Test func aRemovalWhoseHookShowsTheWindowAgain() throws {
        let (window, root, leaves, recorder) = world(leaves: 2)
        window.hide()
        window.show()
        // Hide from inside the removal: the first leaf's hook, reached by hide's forwarding,
        // removes the second, whose own hook shows the window again before its view is gone.
        leaves[0].react(in: .willDisappear) { root.remove(leaves[1]) }
        leaves[1].react(in: .willDisappear) { window.show() }
        window.hide()
        #expect(leaves[1].appearancePhase == .didDisappear, "it was left didAppear out of the window")
        try verifySettled(window, recorder, others: [leaves[1]])
    }

    @Test func aHiddenWindowStaysHiddenThroughResizesAndFrames() {
        let root = TestLeaf()
        let window = Window(rootViewController: root)
        let pilot = Pilot(window, size: Size(width: 20, height: 5))
        #expect(window.isVisible, "shown at the first callback")
        window.hide()
        pilot.resize(to: Size(width: 30, height: 6))
        pilot.press(.character("x"))
        pilot.advance(by: 1)
        #expect(!window.isVisible)
        #expect(root.appearancePhase == .didDisappear)
        window.show()
        #expect(root.appearancePhase == .didAppear)
    }

    @Test func aWindowHiddenBeforeItsFirstFrameStaysHidden() {
        let root = TestLeaf()
        let window = Window(rootViewController: root)
        window.hide()
        _ = Pilot(window, size: Size(width: 20, height: 5))
        #expect(!window.isVisible)
        #expect(root.appearancePhase == .viewDidLoad)
    }

    @Test func aHandWrittenContainerRepairsWithBringAppearanceInLine() throws {
        let recorder = LifecycleRecorder()
        let root = TestContainer(forwardsAutomatically: false)
        let window = Window(rootViewController: root)
        window.show()
        let child = TestLeaf()
        child.react(in: .willAppear) { window.hide() }
        root.add(child)  // begin, add the view, then bring in line: not left in willAppear
        #expect(child.appearancePhase == .didDisappear)
        try verifySettled(window, recorder)
    }
}
