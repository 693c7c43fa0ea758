import Testing
@testable import Shoji
import ShojiTesting

/// Appearance driven from the window and forwarded down nested containers: each controller
/// gets each call once, in legal order, with `animated` false (nothing animates yet).
@MainActor
struct AppearanceTests {
    @Test func windowInitializerInstallsTheRoot() {
        let root = TestLeaf()
        let window = Window(rootViewController: root)
        #expect(window.rootViewController === root)
        #expect(
            root.view.superview === window.contentView, "the initializer's root gets the same set-up as an assigned one"
        )
        #expect(root.view.window === window)
    }

    @Test func showAndHideForwardToTheRootOnce() {
        let root = TestLeaf()
        let window = Window(rootViewController: root)
        let recorder = LifecycleRecorder()
        window.show()
        window.show()
        #expect(recorder.log(for: root) == ["viewWillAppear(false)", "viewDidAppear(false)"])
        window.hide()
        window.hide()
        #expect(
            recorder.log(for: root) == [
                "viewWillAppear(false)", "viewDidAppear(false)", "viewWillDisappear(false)", "viewDidDisappear(false)"
            ])
        #expect(!window.isVisible && root.appearancePhase == .didDisappear)
    }

    /// window → outer → middle → leaf, in both forwarding styles for the middle container.
    @Test(arguments: [true, false])
    func nestedContainersForwardEachCallOnceTopDown(middleForwardsAutomatically: Bool) throws {
        let outer = TestContainer()
        let middle = TestContainer(forwardsAutomatically: middleForwardsAutomatically)
        let leaf = TestLeaf()
        outer.add(middle)
        middle.add(leaf)
        let window = Window(rootViewController: outer)
        let recorder = LifecycleRecorder()
        window.show()
        let (o, m, l) = (outer.debugIdentifier, middle.debugIdentifier, leaf.debugIdentifier)
        #expect(
            recorder.lines == [
                "\(o) viewWillAppear(false)", "\(m) viewWillAppear(false)", "\(l) viewWillAppear(false)",
                "\(o) viewDidAppear(false)", "\(m) viewDidAppear(false)", "\(l) viewDidAppear(false)"
            ])
        recorder.clear()
        window.hide()
        #expect(
            recorder.lines == [
                "\(o) viewWillDisappear(false)", "\(m) viewWillDisappear(false)", "\(l) viewWillDisappear(false)",
                "\(o) viewDidDisappear(false)", "\(m) viewDidDisappear(false)", "\(l) viewDidDisappear(false)"
            ])
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: window))
    }

    @Test func removingANestedContainerDisappearsItsGrandchildrenOnce() throws {
        let outer = TestContainer()
        let window = Window(rootViewController: outer)
        window.show()
        let middle = TestContainer()
        let leaves = [TestLeaf(), TestLeaf()]
        outer.add(middle)
        for leaf in leaves { middle.add(leaf) }
        let recorder = LifecycleRecorder()
        outer.remove(middle)
        for leaf in leaves {
            #expect(recorder.log(for: leaf) == ["viewWillDisappear(false)", "viewDidDisappear(false)"])
        }
        #expect(
            recorder.log(for: middle) == [
                "willMove(toParent: nil)", "viewWillDisappear(false)", "viewDidDisappear(false)",
                "didMove(toParent: nil)"
            ])
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: window, others: [middle]))
    }

    @Test func replacingTheShownRootSwapsAppearance() throws {
        let old = TestLeaf()
        let window = Window(rootViewController: old)
        window.show()
        let new = TestLeaf()
        let recorder = LifecycleRecorder()
        window.rootViewController = new
        #expect(
            recorder.log(for: [old, new]) == [
                "\(old.debugIdentifier) viewWillDisappear(false)", "\(old.debugIdentifier) viewDidDisappear(false)",
                "\(new.debugIdentifier) viewDidLoad",
                "\(new.debugIdentifier) viewWillAppear(false)", "\(new.debugIdentifier) viewDidAppear(false)"
            ])
        #expect(old.view.superview == nil && new.view.superview === window.contentView)
        #expect(new.view.frame == window.contentView.bounds)
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: window, others: [old]))
    }

    @Test func replacingTheRootOfAHiddenWindowCallsNoAppearanceMethod() {
        let old = TestLeaf()
        let window = Window(rootViewController: old)
        let new = TestLeaf()
        let recorder = LifecycleRecorder()
        window.rootViewController = new
        #expect(recorder.log(for: old).isEmpty)
        #expect(recorder.log(for: new) == ["viewDidLoad"])
        window.show()
        #expect(recorder.log(for: old).isEmpty)
        #expect(old.appearancePhase == .viewDidLoad)
    }

    @Test func theWindowShowsOnItsFirstFrame() {
        let root = TestLeaf()
        let window = Window(rootViewController: root)
        let recorder = LifecycleRecorder()
        let pilot = Pilot(window, size: Size(width: 30, height: 8))
        #expect(window.isVisible)
        #expect(recorder.log(for: root) == ["viewWillAppear(false)", "viewDidAppear(false)"])
        #expect(root.view.frame.size == Size(width: 30, height: 8))
        pilot.resize(to: Size(width: 40, height: 12))
        #expect(root.view.frame.size == Size(width: 40, height: 12))
        #expect(
            recorder.log(for: root) == ["viewWillAppear(false)", "viewDidAppear(false)"],
            "a resize is not an appearance")
    }

    @Test func layoutEventsAreRecordedOnlyWhenAsked() {
        let root = TestLeaf()
        let window = Window(rootViewController: root)
        let all = LifecycleRecorder(includesLayout: true)
        let lifecycleOnly = LifecycleRecorder()
        _ = Pilot(window, size: Size(width: 30, height: 8))
        #expect(all.log(for: root).contains("viewWillLayoutSubviews"))
        #expect(all.log(for: root).contains("viewDidLayoutSubviews"))
        #expect(lifecycleOnly.log(for: root) == ["viewWillAppear(false)", "viewDidAppear(false)"])
    }

    @Test func beginAndEndAreSafeWhenUnbalanced() {
        let controller = TestLeaf()
        let recorder = LifecycleRecorder()
        controller.endAppearanceTransition()  // nothing begun: nothing
        controller.beginAppearanceTransition(false, animated: true)  // not appearing: nothing
        controller.beginAppearanceTransition(true, animated: true)
        controller.beginAppearanceTransition(true, animated: false)  // already appearing: nothing
        controller.beginAppearanceTransition(false, animated: false)  // interrupts the appearance
        controller.endAppearanceTransition()
        controller.endAppearanceTransition()
        #expect(
            recorder.log(for: controller) == [
                "viewDidLoad", "viewWillAppear(true)", "viewWillDisappear(false)", "viewDidDisappear(false)"
            ])
    }
}
