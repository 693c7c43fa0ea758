import Testing
@testable import Shoji
import ShojiTesting

/// The checker must be able to fail: hand-made illegal logs and broken trees, each reported
/// with the right kind; legal ones, not at all.
@MainActor
struct LifecycleCheckerTests {
    private typealias Kind = LifecycleViolation.Kind

    /// A log in the compact notation: `"A viewWillAppear(true)"`, `"A willMove(toParent: P)"`.
    private func log(_ lines: String...) -> [LifecycleEvent] {
        lines.map { line in
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            let id = parts[0], call = parts[1]
            let name = String(call.prefix { $0 != "(" })
            let argument = call.contains("(") ? String(call.drop { $0 != "(" }.dropFirst().dropLast()) : ""
            let method: LifecycleEvent.Method
            switch name {
            case "willMove": method = .willMoveToParent
            case "didMove": method = .didMoveToParent
            default: method = LifecycleEvent.Method(rawValue: name)!
            }
            let anyID = ObjectIdentifier(LifecycleCheckerTests.self)
            switch method {
            case .willMoveToParent, .didMoveToParent:
                let parent = String(argument.dropFirst("toParent: ".count))
                return LifecycleEvent(
                    controller: anyID, controllerID: id, title: nil, method: method,
                    parent: parent == "nil" ? nil : anyID, parentID: parent)
            case .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear:
                return LifecycleEvent(
                    controller: anyID, controllerID: id, title: nil, method: method, animated: argument == "true")
            default:
                return LifecycleEvent(controller: anyID, controllerID: id, title: nil, method: method)
            }
        }
    }

    private func kinds(_ events: [LifecycleEvent], settled: Bool = true, complete: Bool = true) -> [Kind] {
        LifecycleChecker.violations(in: events, settled: settled, historyIsComplete: complete).map(\.kind)
    }

    // MARK: Legal logs

    @Test func aFullLegalLifeHasNoViolation() {
        let events = log(
            "A willMove(toParent: P)", "A viewDidLoad", "A viewWillAppear(false)", "A viewDidAppear(false)",
            "A didMove(toParent: P)", "A viewWillLayoutSubviews", "A viewDidLayoutSubviews",
            "A viewWillDisappear(true)", "A viewWillAppear(false)",  // a cancelled disappearance
            "A viewDidAppear(false)",
            "A willMove(toParent: nil)", "A viewWillDisappear(false)", "A viewDidDisappear(false)",
            "A didMove(toParent: nil)",
            "A willMove(toParent: Q)", "A didMove(toParent: Q)"
        )
        #expect(kinds(events).isEmpty)
        #expect(throws: Never.self) { try LifecycleChecker.verify(events) }
    }

    @Test func anInterruptedAppearanceIsLegal() {
        #expect(
            kinds(
                log(
                    "A viewDidLoad", "A viewWillAppear(true)", "A viewWillDisappear(false)",
                    "A viewDidDisappear(false)")
            ).isEmpty)
    }

    // MARK: Illegal logs

    @Test func viewDidLoadTwice() {
        #expect(kinds(log("A viewDidLoad", "A viewDidLoad")) == [.viewDidLoadRepeated])
    }

    @Test func appearanceOrLayoutBeforeViewDidLoad() {
        #expect(
            kinds(log("A viewWillAppear(false)", "A viewDidAppear(false)", "A viewDidLoad"))
                == [.eventBeforeViewDidLoad, .eventBeforeViewDidLoad])
        #expect(kinds(log("A viewWillLayoutSubviews")) == [.eventBeforeViewDidLoad])
    }

    @Test(arguments: [
        ["A viewWillAppear(false)", "A viewWillAppear(false)"],  // will twice
        ["A viewDidAppear(false)"],  // did without will
        ["A viewWillDisappear(false)"],  // disappear first
        ["A viewWillAppear(false)", "A viewDidAppear(false)", "A viewDidDisappear(false)"],  // did without will
        ["A viewWillAppear(false)", "A viewDidAppear(false)", "A viewDidAppear(false)"],  // did twice
        [
            "A viewWillAppear(false)", "A viewDidAppear(false)", "A viewWillDisappear(false)",
            "A viewDidDisappear(false)",
            "A viewWillDisappear(false)"
        ]  // disappear twice
    ])
    func illegalAppearanceOrders(lines: [String]) {
        let events = lines.map { log($0)[0] }
        let found = kinds(log("A viewDidLoad") + events, settled: false)
        #expect(found.contains(.illegalAppearanceOrder), "\(lines)")
        #expect(throws: LifecycleChecker.Failure.self) { try LifecycleChecker.verify(log("A viewDidLoad") + events) }
    }

    @Test func animatedFlagsMustMatch() {
        #expect(kinds(log("A viewDidLoad", "A viewWillAppear(true)", "A viewDidAppear(false)")) == [.animatedMismatch])
        #expect(
            kinds(
                log(
                    "A viewDidLoad", "A viewWillAppear(false)", "A viewDidAppear(false)",
                    "A viewWillDisappear(false)", "A viewDidDisappear(true)")) == [.animatedMismatch])
        // The did completes the latest will: a reversal to animated true needs a did(true).
        #expect(
            kinds(
                log(
                    "A viewDidLoad", "A viewWillAppear(false)", "A viewWillDisappear(true)",
                    "A viewDidDisappear(true)")
            ).isEmpty)
    }

    @Test func aWillLeftOpenIsReportedOnlyWhenSettled() {
        let events = log(
            "A viewDidLoad", "A viewWillAppear(false)", "B viewDidLoad", "B viewWillAppear(false)",
            "B viewDidAppear(false)", "B viewWillDisappear(false)")
        #expect(kinds(events, settled: false).isEmpty)
        #expect(kinds(events) == [.unsettledAppearance, .unsettledAppearance])
        let messages = LifecycleChecker.violations(in: events).map(\.description)
        #expect(
            messages == [
                "A: [unsettledAppearance] settled, but left after viewWillAppear(false) with no completion",
                "B: [unsettledAppearance] settled, but left after viewWillDisappear(false) with no completion"
            ])
    }

    @Test func containmentCallsMustPair() {
        #expect(kinds(log("A didMove(toParent: P)")) == [.didMoveWithoutWillMove])
        #expect(kinds(log("A willMove(toParent: P)", "A didMove(toParent: Q)")) == [.didMoveWithoutWillMove])
        #expect(
            kinds(log("A willMove(toParent: P)", "A didMove(toParent: P)", "A didMove(toParent: nil)"))
                == [.didMoveWithoutWillMove], "removeFromParent without willMove(toParent: nil) first")
        #expect(
            kinds(log("A willMove(toParent: P)", "A willMove(toParent: nil)", "A didMove(toParent: nil)"))
                == [.overlappingMove])
        #expect(
            kinds(
                log(
                    "A willMove(toParent: P)", "A didMove(toParent: P)", "A willMove(toParent: Q)",
                    "A didMove(toParent: Q)")) == [.movedWithoutRemoval])
        #expect(kinds(log("A willMove(toParent: P)")) == [.unfinishedMove])
        #expect(kinds(log("A willMove(toParent: P)"), settled: false).isEmpty)
    }

    @Test func aPartialHistoryTakesTheFirstEventAsItComes() {
        let events = log(
            "A viewDidAppear(false)", "A viewWillDisappear(false)", "A viewDidDisappear(false)",
            "B didMove(toParent: nil)")
        #expect(kinds(events, complete: false).isEmpty)
        #expect(
            kinds(events, complete: true) == [
                .eventBeforeViewDidLoad, .illegalAppearanceOrder,
                .eventBeforeViewDidLoad, .eventBeforeViewDidLoad,
                .didMoveWithoutWillMove
            ])
    }

    @Test func consumingStepByStepFindsTheSameAsAWholeLog() {
        let events = log("A viewDidLoad", "A viewWillAppear(false)", "A viewWillAppear(false)", "A viewDidLoad")
        var checker = LifecycleChecker()
        #expect(checker.consume(events.prefix(2)).isEmpty)
        #expect(checker.consume(events.dropFirst(2)).map(\.kind) == [.illegalAppearanceOrder, .viewDidLoadRepeated])
        #expect(checker.violations.map(\.kind) == kinds(events, settled: false))
        #expect(checker.states["A"]?.appearance == .willAppear)
    }

    // MARK: Live trees

    private func shown(_ root: ViewController) -> Window {
        let window = Window(rootViewController: root)
        window.show()
        return window
    }

    @Test func aConsistentTreeHasNoViolation() {
        let root = TestContainer()
        root.add(TestLeaf())
        let hidden = TestContainer(.selected)
        root.add(hidden)
        hidden.add(TestLeaf())
        hidden.add(TestLeaf())
        let window = shown(root)
        #expect(LifecycleChecker.treeViolations(window: window).isEmpty)
        window.hide()
        #expect(LifecycleChecker.treeViolations(window: window).isEmpty)
    }

    @Test func aChildWhoseParentDoesNotPointBack() {
        let root = TestContainer()
        let child = TestLeaf()
        root.childControllers.append(child)  // bypasses addChild
        #expect(LifecycleChecker.treeViolations(root: root).map(\.kind) == [.parentMismatch])
    }

    @Test func aChildListedTwice() {
        let root = TestContainer()
        let child = TestLeaf()
        root.add(child)
        root.childControllers.append(child)
        #expect(LifecycleChecker.treeViolations(root: root).map(\.kind) == [.duplicateChild])
    }

    @Test func aChildViewOutsideItsParent() {
        let root = TestContainer()
        let window = shown(root)
        let child = TestLeaf()
        root.addChild(child)
        window.contentView.addSubview(child.view)
        child.didMove(toParent: root)
        #expect(LifecycleChecker.treeViolations(window: window).map(\.kind).contains(.childViewOutsideParent))
    }

    @Test func aControllerViewWithoutContainment() {
        let root = TestContainer()
        let window = shown(root)
        let stray = TestLeaf()
        root.view.addSubview(stray.view)  // no addChild
        #expect(stray.appearancePhase == .didAppear, "appearance follows the view tree")
        #expect(LifecycleChecker.treeViolations(window: window).map(\.kind) == [.viewWithoutContainment])
    }

    @Test func aRootMovedOutOfTheWindow() {
        let root = TestLeaf()
        let window = Window(rootViewController: root)
        root.view.removeFromSuperview()
        #expect(LifecycleChecker.treeViolations(window: window).map(\.kind) == [.rootMisplaced])
    }

    @Test func appearedOffscreenAndShownWithoutAppearing() {
        let loose = TestLeaf()
        loose.beginAppearanceTransition(true, animated: false)
        loose.endAppearanceTransition()
        #expect(LifecycleChecker.treeViolations(root: loose).map(\.kind) == [.appearedOffscreen])

        let root = TestContainer()
        let child = TestLeaf()
        root.add(child)
        let window = shown(root)
        child.appearanceState.phase = .didDisappear  // as if a container forgot to forward
        #expect(LifecycleChecker.treeViolations(window: window).map(\.kind) == [.shownWithoutAppearing])
        #expect(
            LifecycleChecker.treeViolations(window: window, settled: false).isEmpty,
            "appearance is judged only when settled")
    }

    @Test func anAppearedChildOfAParentThatIsNot() {
        let root = TestContainer()
        let child = TestLeaf()
        root.add(child)
        let window = shown(root)
        root.appearanceState.phase = .didDisappear
        let found = LifecycleChecker.treeViolations(window: window).map(\.kind)
        #expect(found.contains(.ancestorNotAppeared))
        #expect(found.contains(.shownWithoutAppearing))
    }

    @Test func aLivePhaseThatDisagreesWithTheLog() {
        let recorder = LifecycleRecorder()
        let root = TestLeaf()
        let window = shown(root)
        var checker = LifecycleChecker()
        checker.consume(recorder.takeEvents())
        #expect(checker.phaseViolations(of: [root]).isEmpty)
        #expect(throws: Never.self) { try checker.verify(window: window) }
        root.appearanceState.phase = .willDisappear  // changed behind the log's back
        #expect(checker.phaseViolations(of: [root]).map(\.kind) == [.phaseDisagreesWithLog])
        #expect(throws: LifecycleChecker.Failure.self) { try checker.verify(window: window) }
    }
}
