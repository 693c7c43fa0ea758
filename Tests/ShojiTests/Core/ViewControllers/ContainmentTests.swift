import Testing
@testable import Shoji
import ShojiTesting

/// Exact call order of UIKit-style containment: adding, removing, swapping with
/// `transition(from:to:...)`, and re-parenting, into shown and hidden parents.
@MainActor
struct ContainmentTests {
    /// A shown window whose root is a stacked container.
    private func shownContainer() -> (Window, TestContainer) {
        let container = TestContainer()
        let window = Window(rootViewController: container)
        window.show()
        return (window, container)
    }

    @Test func addingToAShownParentMakesTheChildAppearBetweenWillMoveAndDidMove() throws {
        let (window, parent) = shownContainer()
        let recorder = LifecycleRecorder()
        let child = TestLeaf()
        parent.add(child)
        let p = parent.debugIdentifier
        #expect(
            recorder.log(for: child) == [
                "willMove(toParent: \(p))", "viewDidLoad", "viewWillAppear(false)", "viewDidAppear(false)",
                "didMove(toParent: \(p))"
            ])
        #expect(recorder.log(for: parent).isEmpty, "the parent is not told anything")
        #expect(child.parent === parent && parent.children.map(ObjectIdentifier.init) == [ObjectIdentifier(child)])
        #expect(child.appearancePhase == .didAppear)
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: window))
    }

    @Test func addingToAHiddenParentCallsNoAppearanceMethod() throws {
        let parent = TestContainer()
        let window = Window(rootViewController: parent)  // never shown
        let recorder = LifecycleRecorder()
        let child = TestLeaf()
        parent.add(child)
        let p = parent.debugIdentifier
        #expect(recorder.log(for: child) == ["willMove(toParent: \(p))", "viewDidLoad", "didMove(toParent: \(p))"])
        #expect(child.appearancePhase == .viewDidLoad)
        #expect(child.view.superview === parent.view, "the view is in place, ready for when the window shows")
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: window))
    }

    @Test func removingAShownChildDisappearsItBetweenWillMoveNilAndDidMoveNil() throws {
        let (window, parent) = shownContainer()
        let child = TestLeaf()
        parent.add(child)
        let recorder = LifecycleRecorder()
        parent.remove(child)
        #expect(
            recorder.log(for: child) == [
                "willMove(toParent: nil)", "viewWillDisappear(false)", "viewDidDisappear(false)",
                "didMove(toParent: nil)"
            ])
        #expect(child.parent == nil && parent.children.isEmpty)
        #expect(child.viewIfLoaded?.superview == nil)
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: window, others: [child]))
    }

    @Test func removeFromParentAloneAlsoTakesTheViewOut() {
        let (_, parent) = shownContainer()
        let child = TestLeaf()
        parent.add(child)
        let recorder = LifecycleRecorder()
        child.willMove(toParent: nil)
        child.removeFromParent()  // the view is still in the parent's tree: removed with it
        #expect(
            recorder.log(for: child) == [
                "willMove(toParent: nil)", "viewWillDisappear(false)", "viewDidDisappear(false)",
                "didMove(toParent: nil)"
            ])
        #expect(child.view.superview == nil)
    }

    @Test func swapWithTransitionFollowsUIKitOrder() throws {
        let (window, parent) = shownContainer()
        let old = TestLeaf()
        parent.add(old)
        let new = TestLeaf()
        let recorder = LifecycleRecorder()
        var completed = 0
        parent.swap(old, for: new) { completed += 1 }
        let p = parent.debugIdentifier
        let o = old.debugIdentifier, n = new.debugIdentifier
        #expect(
            recorder.log(for: [old, new]) == [
                "\(o) willMove(toParent: nil)",
                "\(n) willMove(toParent: \(p))",
                "\(n) viewDidLoad",  // the container sets the new view's frame before the transition
                "\(o) viewWillDisappear(false)",
                "\(n) viewWillAppear(false)",
                "\(o) viewDidDisappear(false)",
                "\(n) viewDidAppear(false)",
                "\(n) didMove(toParent: \(p))",
                "\(o) didMove(toParent: nil)"
            ])
        #expect(completed == 1)
        #expect(parent.children.map(\.debugIdentifier) == [n])
        #expect(old.viewIfLoaded?.superview == nil && new.view.superview === parent.view)
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: window, others: [old]))
    }

    @Test func swapInAHiddenParentCallsNoAppearanceMethod() {
        let parent = TestContainer()
        _ = Window(rootViewController: parent)
        let old = TestLeaf()
        parent.add(old)
        let new = TestLeaf()
        let recorder = LifecycleRecorder()
        parent.swap(old, for: new)
        #expect(recorder.log(for: old) == ["willMove(toParent: nil)", "didMove(toParent: nil)"])
        #expect(
            recorder.log(for: new) == [
                "willMove(toParent: \(parent.debugIdentifier))", "viewDidLoad",
                "didMove(toParent: \(parent.debugIdentifier))"
            ])
    }

    @Test func selectingAnotherChildSwapsAppearanceOnly() throws {
        let parent = TestContainer(.selected)
        let window = Window(rootViewController: parent)
        window.show()
        let first = TestLeaf(), second = TestLeaf()
        parent.add(first)
        parent.add(second)
        #expect(first.appearancePhase == .didAppear)
        #expect(!second.isViewLoaded, "an unselected child's view is not even loaded")
        let recorder = LifecycleRecorder()
        parent.select(second)
        #expect(
            recorder.log(for: [first, second]) == [
                "\(second.debugIdentifier) viewDidLoad",
                "\(first.debugIdentifier) viewWillDisappear(false)",
                "\(second.debugIdentifier) viewWillAppear(false)",
                "\(first.debugIdentifier) viewDidDisappear(false)",
                "\(second.debugIdentifier) viewDidAppear(false)"
            ])
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: window))
    }

    @Test func reparentingAShownChildRemovesItFromTheFirstParentWithBalancedCalls() throws {
        let root = TestContainer()
        let window = Window(rootViewController: root)
        window.show()
        let first = TestContainer(), second = TestContainer()
        root.add(first)
        root.add(second)
        let child = TestLeaf()
        first.add(child)
        let recorder = LifecycleRecorder()
        second.add(child)
        let s = second.debugIdentifier
        #expect(
            recorder.log(for: child) == [
                "willMove(toParent: nil)", "viewWillDisappear(false)", "viewDidDisappear(false)",
                "didMove(toParent: nil)",
                "willMove(toParent: \(s))", "viewWillAppear(false)", "viewDidAppear(false)", "didMove(toParent: \(s))"
            ])
        #expect(first.children.isEmpty && second.children.count == 1 && child.parent === second)
        #expect(child.view.superview === second.view)
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: window))
        // The recorder started after the child had loaded and appeared: a partial history.
        try LifecycleChecker.verify(recorder.events, settled: true, historyIsComplete: false)
    }

    @Test func addingTheSameChildTwiceDoesNothing() {
        let (_, parent) = shownContainer()
        let child = TestLeaf()
        parent.add(child)
        let recorder = LifecycleRecorder()
        parent.addChild(child)
        #expect(recorder.events.isEmpty)
        #expect(parent.children.count == 1)
    }
}

/// A root has no parent; a child is nobody's root.
@MainActor
struct RootContainmentTests {
    @Test func aChildMadeTheWindowsRootLeavesItsParentFirst() throws {
        let parent = TestContainer()
        let window = Window(rootViewController: parent)
        window.show()
        let child = TestLeaf()
        parent.add(child)
        let recorder = LifecycleRecorder()
        window.rootViewController = child
        let p = parent.debugIdentifier
        #expect(
            recorder.log(for: [parent, child]) == [
                "\(p) viewWillDisappear(false)", "\(child.debugIdentifier) viewWillDisappear(false)",
                "\(p) viewDidDisappear(false)", "\(child.debugIdentifier) viewDidDisappear(false)",
                "\(child.debugIdentifier) willMove(toParent: nil)", "\(child.debugIdentifier) didMove(toParent: nil)",
                "\(child.debugIdentifier) viewWillAppear(false)", "\(child.debugIdentifier) viewDidAppear(false)"
            ])
        #expect(child.parent == nil && parent.children.isEmpty)
        #expect(child.view.superview === window.contentView)
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: window, others: [parent]))
    }

    @Test func theWindowsRootAddedAsAChildStopsBeingTheRoot() throws {
        let root = TestLeaf()
        let window = Window(rootViewController: root)
        window.show()
        let elsewhere = TestContainer()
        let recorder = LifecycleRecorder()
        elsewhere.add(root)
        #expect(window.rootViewController == nil)
        #expect(root.parent === elsewhere && root.view.superview === elsewhere.view)
        #expect(
            recorder.log(for: root) == [
                "viewWillDisappear(false)", "viewDidDisappear(false)",
                "willMove(toParent: \(elsewhere.debugIdentifier))", "didMove(toParent: \(elsewhere.debugIdentifier))"
            ])
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: window, others: [elsewhere]))
    }
}
