import Testing
@testable import Shoji
import ShojiTesting

/// Views not shown can be released (a memory warning, `unloadViewIfPossible`), with
/// `viewDidUnload`, and load again with `viewDidLoad` when next needed; the phase says so.
@MainActor
struct ViewUnloadingTests {
    /// A leaf that keeps an "outlet" to a subview and drops it in `viewDidUnload`.
    private final class OutletLeaf: ViewController {
        private(set) var label: Label?
        private(set) var loads = 0
        private(set) var unloads = 0
        override func viewDidLoad() {
            loads += 1
            let label = Label(text: "hi", frame: Rect(x: 0, y: 0, width: 4, height: 1))
            view.addSubview(label)
            self.label = label
        }
        override func viewDidUnload() {
            unloads += 1
            label = nil
        }
    }

    @Test func anUnshownViewIsReleasedAndLoadsAgainWithViewDidLoad() {
        let recorder = LifecycleRecorder()
        let leaf = OutletLeaf()
        #expect(!leaf.unloadViewIfPossible(), "nothing loaded, nothing to release")
        #expect(leaf.appearancePhase == .initialized)
        weak var weakView: View?
        weak var weakLabel: Label?
        do {
            weakView = leaf.view
            weakLabel = leaf.label
        }
        #expect(leaf.unloadViewIfPossible())
        #expect(!leaf.isViewLoaded && leaf.viewIfLoaded == nil)
        #expect(leaf.appearancePhase == .viewDidUnload)
        #expect(weakView == nil && weakLabel == nil, "the view and the outlet are freed")
        #expect(!leaf.isViewLoaded, "asking does not load")
        _ = leaf.view
        #expect(leaf.appearancePhase == .viewDidLoad)
        #expect((leaf.loads, leaf.unloads) == (2, 1))
        #expect(recorder.log(for: leaf) == ["viewDidLoad", "viewDidUnload", "viewDidLoad"])
        #expect(throws: Never.self) { try LifecycleChecker.verify(recorder.events) }
    }

    @Test func aShownOrPlacedViewIsKept() {
        let root = TestContainer()
        let window = Window(rootViewController: root)
        window.show()
        let child = TestLeaf()
        root.add(child)
        #expect(child.appearancePhase == .didAppear)
        #expect(!child.unloadViewIfPossible(), "shown")
        window.hide()
        #expect(child.appearancePhase == .didDisappear)
        #expect(!child.unloadViewIfPossible(), "its view is still in its parent's view")
        #expect(!root.unloadViewIfPossible(), "the window's root view is in the window")
        window.didReceiveMemoryWarning()
        #expect(child.isViewLoaded && root.isViewLoaded)
    }

    @Test func aDisappearingViewIsKeptUntilItHasDisappeared() {
        let leaf = TestLeaf()
        leaf.beginAppearanceTransition(true, animated: false)
        #expect(!leaf.unloadViewIfPossible(), "appearing")
        leaf.endAppearanceTransition()
        leaf.beginAppearanceTransition(false, animated: true)
        #expect(!leaf.unloadViewIfPossible(), "disappearing")
        leaf.endAppearanceTransition()
        #expect(leaf.unloadViewIfPossible())
    }

    /// The memory warning reaches the whole tree: a navigation controller's covered screens
    /// release their views, the shown one keeps its own; popping back reloads the covered one.
    @Test func aMemoryWarningReleasesCoveredScreensOfANavigationController() throws {
        let recorder = LifecycleRecorder()
        var checker = LifecycleChecker()
        let first = OutletLeaf(), second = OutletLeaf(), third = OutletLeaf()
        let nav = NavigationController(rootViewController: first)
        let window = Window(rootViewController: nav)
        let pilot = Pilot(window, size: Size(width: 30, height: 8))
        nav.pushViewController(second, animated: false)
        nav.pushViewController(third, animated: false)
        pilot.settle()
        #expect([first, second, third].map(\.isViewLoaded) == [true, true, true])
        window.didReceiveMemoryWarning()
        #expect([first, second, third].map(\.isViewLoaded) == [false, false, true])
        #expect([first, second, third].map(\.appearancePhase) == [.viewDidUnload, .viewDidUnload, .didAppear])
        #expect(first.label == nil && second.label == nil, "viewDidUnload dropped the outlets")
        nav.popViewController(animated: true)
        pilot.settle()
        #expect(second.isViewLoaded && second.appearancePhase == .didAppear)
        #expect(
            recorder.log(for: second).suffix(4) == [
                "viewDidUnload", "viewDidLoad", "viewWillAppear(true)", "viewDidAppear(true)"
            ])
        #expect(pilot.line(1).hasPrefix("hi"), "the reloaded view shows")
        checker.consume(recorder.takeEvents())
        try checker.verify(window: window, others: [third])
    }

    @Test func aSideMenuPassesTheWarningToItsHiddenEntries() throws {
        let a = OutletLeaf(), b = OutletLeaf()
        let menu = try SideMenuController(viewControllers: [a, b])
        let window = Window(rootViewController: menu)
        let pilot = Pilot(window, size: Size(width: 40, height: 8))
        try menu.setSelectedIndex(1, animated: false)
        pilot.settle()
        let hiddenEntry = menu.viewControllers[0]
        #expect(hiddenEntry.isViewLoaded)
        window.didReceiveMemoryWarning()
        #expect(!hiddenEntry.isViewLoaded, "the entry not shown released its view")
        #expect(menu.viewControllers[1].isViewLoaded && b.isViewLoaded, "the shown one kept it")
    }

    @Test func theCheckerKnowsUnloading() {
        func kinds(_ lines: [(String, LifecycleEvent.Method, Bool?)]) -> [LifecycleViolation.Kind] {
            let id = ObjectIdentifier(ViewUnloadingTests.self)
            let events = lines.map {
                LifecycleEvent(controller: id, controllerID: $0.0, title: nil, method: $0.1, animated: $0.2)
            }
            return LifecycleChecker.violations(in: events).map(\.kind)
        }
        #expect(
            kinds([
                ("A", .viewDidLoad, nil), ("A", .viewDidUnload, nil), ("A", .viewDidLoad, nil),
                ("A", .viewWillAppear, false), ("A", .viewDidAppear, false)
            ]).isEmpty)
        #expect(
            kinds([
                ("A", .viewDidLoad, nil), ("A", .viewWillAppear, false), ("A", .viewDidAppear, false),
                ("A", .viewWillDisappear, false), ("A", .viewDidDisappear, false), ("A", .viewDidUnload, nil),
                ("A", .viewDidLoad, nil)
            ]).isEmpty)
        #expect(kinds([("A", .viewDidUnload, nil)]) == [.illegalUnload], "never loaded")
        #expect(
            kinds([
                ("A", .viewDidLoad, nil), ("A", .viewWillAppear, false), ("A", .viewDidUnload, nil),
                ("A", .viewDidLoad, nil), ("A", .viewDidAppear, false)
            ]) == [.illegalUnload, .illegalAppearanceOrder],
            "unloaded while appearing")
        #expect(
            kinds([
                ("A", .viewDidLoad, nil), ("A", .viewDidUnload, nil), ("A", .viewWillAppear, false),
                ("A", .viewDidAppear, false)
            ]) == [.eventBeforeViewDidLoad, .eventBeforeViewDidLoad],
            "appeared without loading again")
        #expect(kinds([("A", .viewDidLoad, nil), ("A", .viewDidLoad, nil)]) == [.viewDidLoadRepeated])
    }

    @Test func theCheckerComparesTheUnloadedPhaseWithTheLog() {
        let recorder = LifecycleRecorder()
        let leaf = TestLeaf()
        _ = leaf.view
        leaf.unloadViewIfPossible()
        var checker = LifecycleChecker()
        checker.consume(recorder.takeEvents())
        #expect(checker.phaseViolations(of: [leaf]).isEmpty)
        leaf.appearanceState.phase = .didDisappear  // behind the log's back
        #expect(checker.phaseViolations(of: [leaf]).map(\.kind) == [.phaseDisagreesWithLog])
    }
}
