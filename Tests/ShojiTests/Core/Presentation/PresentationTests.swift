import Testing
@testable import Shoji
import ShojiSnapshotTesting
import ShojiTesting

/// Modal presentation headlessly: sheets and full-screen presentations frame by frame, their
/// exact inverses, UIKit's appearance rules, where keys and clicks go, Escape, requests made
/// during transitions, resizes, focus, and presenting from inside containers.
@MainActor
struct PresentationTests {
    /// A 40x12 window showing page A (a root that takes keys and clicks and records them).
    private func setUp(width: Int = 40, height: Int = 12) -> (Pilot, Recorded) {
        let root = Recorded("A")
        let pilot = Pilot(Window(rootViewController: root), size: Size(width: width, height: height))
        return (pilot, root)
    }

    private func sheet(
        _ letter: Character, width: Int = 10, height: Int = 4,
        style: ModalPresentationStyle = .formSheet
    ) -> Recorded {
        let page = Recorded(letter)
        page.modalPresentationStyle = style
        page.preferredContentSize = Size(width: width, height: height)
        return page
    }

    /// The rows on which `letter` shows, top first.
    private func rows(of letter: Character, _ pilot: Pilot) -> [Int] {
        pilot.lines.indices.filter { pilot.line($0).contains(letter) }
    }

    /// Feeds a `LifecycleChecker` and checks the window after each step.
    @MainActor private final class Checked {
        let feed = LifecycleRecorder()
        var checker = LifecycleChecker(historyIsComplete: false)
        /// Every violation found mid-transition, by `step()`.
        var problems: [String] = []

        /// Checks the log so far and the window, settled.
        func verify(_ pilot: Pilot) throws {
            checker.consume(feed.takeEvents())
            try checker.verify(window: pilot.window, settled: true)
        }

        /// Checks the log and the window's structure in the middle of a transition.
        func step(_ pilot: Pilot) {
            checker.consume(feed.takeEvents())
            do { try checker.verify(window: pilot.window, settled: false) } catch { problems.append("\(error)") }
        }
    }

    // MARK: Sheets

    @Test func aSheetCoversFromTheBottomOverTheDimmedPresenterThenLeavesTheExactInverseWay() throws {
        let (pilot, root) = setUp()
        let recorder = LifecycleRecorder()
        let checked = Checked()
        let b = sheet("B")
        var completed = 0
        root.present(b, animated: true) { completed += 1 }
        #expect(root.presentedViewController === b && b.presentingViewController === root && b.isBeingPresented)
        #expect(b.parent == nil && root.children.isEmpty, "a presented controller is not a child")
        #expect(recorder.log(for: b).filter { $0.contains("ppear") } == ["viewWillAppear(true)"])
        #expect(b.view.frame.size == Size(width: 10, height: 4), "sized by viewWillAppear")
        var tops: [Int] = []
        stepFrames(pilot) {
            tops.append(rows(of: "B", pilot).first ?? 12)
            checked.step(pilot)
        }
        #expect(checked.problems.isEmpty, "\(checked.problems)")
        #expect(tops.count == 18, "the window's transition duration at 60 fps")
        #expect(tops.last == 4 && zip(tops, tops.dropFirst()).allSatisfy { $0 >= $1 }, "rises from below: \(tops)")
        #expect(completed == 1 && !b.isBeingPresented)
        #expect(recorder.log(for: b).filter { $0.contains("ppear") } == ["viewWillAppear(true)", "viewDidAppear(true)"])
        #expect(recorder.log(for: root).isEmpty, "a sheet leaves its presenter shown: no appearance calls")
        // Centred in a border, over the presenter drawn dim.
        assertSnapshot(of: pilot, as: .styledScreen, named: "sheet-shown")
        try checked.verify(pilot)

        var dismissed = 0
        b.dismiss(animated: true) { dismissed += 1 }
        #expect(b.isBeingDismissed && root.presentedViewController === b, "presented until the dismissal ends")
        var backTops: [Int] = []
        stepFrames(pilot) { backTops.append(rows(of: "B", pilot).first ?? 12) }
        #expect(backTops == Array(tops.reversed().dropFirst()) + [12], "the exact inverse: \(backTops) after \(tops)")
        #expect(dismissed == 1 && root.presentedViewController == nil && b.presentingViewController == nil)
        #expect(
            recorder.log(for: b).filter { $0.contains("ppear") }
                == ["viewWillAppear(true)", "viewDidAppear(true)", "viewWillDisappear(true)", "viewDidDisappear(true)"])
        #expect(recorder.log(for: root).isEmpty)
        #expect(pilot.lines.allSatisfy { $0 == String(repeating: "A", count: 40) })
        #expect(!pilot.screen.lastFrame![0, 0].style.attributes.contains(.dim), "no longer dimmed")
        #expect(pilot.window.presentedViewControllers.isEmpty && pilot.window.contentView.subviews.count == 1)
        try checked.verify(pilot)
    }

    @Test func aFullScreenPresentationMakesWhatItCoversDisappearAndComeBack() throws {
        let (pilot, root) = setUp()
        let child = Recorded("C")
        root.embed(child)
        let recorder = LifecycleRecorder()
        let checked = Checked()
        let f = sheet("F", style: .fullScreen)
        child.present(f, animated: true)
        #expect(recorder.log(for: root) == ["viewWillDisappear(true)"])
        #expect(recorder.log(for: child) == ["viewWillDisappear(true)"])
        #expect(recorder.log(for: f).filter { $0.contains("ppear") } == ["viewWillAppear(true)"])
        pilot.settle()
        #expect(recorder.log(for: root) == ["viewWillDisappear(true)", "viewDidDisappear(true)"])
        #expect(recorder.log(for: child) == ["viewWillDisappear(true)", "viewDidDisappear(true)"])
        #expect(root.viewIfLoaded?.window == nil && pilot.window.isRootCovered, "UIKit takes the covered views out")
        #expect(pilot.lines.allSatisfy { $0 == String(repeating: "F", count: 40) })
        try checked.verify(pilot)

        pilot.resize(to: Size(width: 30, height: 8))
        #expect(f.view.frame == Rect(x: 0, y: 0, width: 30, height: 8))
        f.dismiss(animated: true)
        #expect(recorder.log(for: root).last == "viewWillAppear(true)")
        #expect(
            root.sizesAtWillAppear.last == Size(width: 30, height: 8)
                && child.sizesAtWillAppear.last == Size(width: 30, height: 8),
            "back at the window's size by viewWillAppear, though it missed the resize")
        pilot.settle()
        #expect(
            recorder.log(for: root) == [
                "viewWillDisappear(true)", "viewDidDisappear(true)", "viewWillAppear(true)", "viewDidAppear(true)"
            ])
        #expect(recorder.log(for: child).suffix(2) == ["viewWillAppear(true)", "viewDidAppear(true)"])
        #expect(pilot.line(0) == String(repeating: "C", count: 30))
        try checked.verify(pilot)
    }

    // MARK: Where events go

    @Test func keysAndClicksOutsideASheetGoNowhereAndTabStaysInside() throws {
        let (pilot, root) = setUp()
        var rootPresses = 0
        let rootButton = Button(title: "Root", frame: Rect(x: 0, y: 0, width: 8, height: 1)) { rootPresses += 1 }
        root.view.addSubview(rootButton)
        let b = sheet("B")
        var sheetPresses: [String] = []
        let one = Button(title: "One", frame: Rect(x: 0, y: 0, width: 7, height: 1)) { sheetPresses.append("One") }
        let two = Button(title: "Two", frame: Rect(x: 0, y: 1, width: 7, height: 1)) { sheetPresses.append("Two") }
        b.view.addSubview(one)
        b.view.addSubview(two)
        root.present(b, animated: false)
        pilot.settle()
        #expect(pilot.window.firstResponder === one, "the focus moves into the sheet")
        pilot.press(.character("x"))
        #expect(b.keys == [KeyEvent(.character("x"))] && root.keys.isEmpty)
        pilot.press(.function(2))
        #expect(root.keys.isEmpty, "an unhandled key ends at the window, never under the sheet")
        for _ in 0..<3 { pilot.press(.tab) }
        #expect(pilot.window.firstResponder === two, "Tab cycles the sheet's buttons only")
        pilot.click(at: Point(x: 1, y: 0))
        pilot.click(at: Point(x: 39, y: 11))
        pilot.scroll(.wheelDown, at: Point(x: 2, y: 2))
        #expect(rootPresses == 0 && root.clicks == 0 && b.clicks == 0, "clicks outside the sheet go nowhere")
        try pilot.click(one)
        #expect(sheetPresses == ["One"])
        pilot.press(.enter)
        #expect(sheetPresses == ["One", "One"], "the clicked button took the focus")
    }

    @Test func escapeDismissesUnlessTheSheetIsModalInPresentation() throws {
        let (pilot, root) = setUp()
        let b = sheet("B")
        b.isModalInPresentation = true
        root.present(b, animated: true)
        pilot.settle()
        pilot.press(.escape)
        pilot.settle()
        #expect(root.presentedViewController === b, "modal in presentation: Escape does nothing")
        b.isModalInPresentation = false
        pilot.press(.escape)
        #expect(b.isBeingDismissed)
        pilot.settle()
        #expect(root.presentedViewController == nil && b.appearancePhase == .didDisappear)
        pilot.press(.escape)
        #expect(root.keys.isEmpty, "Escape with nothing presented goes where it always went")
    }

    @Test func eventsDuringAPresentationWaitAndReachThePresentedController() {
        let (pilot, root) = setUp()
        let b = sheet("B")
        root.present(b, animated: true)
        pilot.advance(by: 0.1)
        pilot.press(.character("1"))
        pilot.click(at: Point(x: 15, y: 5))
        pilot.press(.character("2"))
        #expect(b.keys.isEmpty && root.keys.isEmpty && b.clicks == 0, "held back while it moves")
        #expect(pilot.window.queuedEvents.count == 4, "two keys, a press and a release")
        pilot.settle()
        #expect(
            b.keys == [KeyEvent(.character("1")), KeyEvent(.character("2"))] && b.clicks == 1 && root.keys.isEmpty,
            "delivered in order once the sheet is up")
        b.dismiss(animated: true)
        pilot.advance(by: 0.1)
        pilot.press(.character("3"))
        pilot.settle()
        #expect(
            root.keys == [KeyEvent(.character("3"))] && b.keys.count == 2, "after the dismissal, to what is uncovered")
    }

    // MARK: Requests during transitions

    @Test func presentAndDismissAskedForDuringATransitionWaitTheirTurn() throws {
        let (pilot, root) = setUp()
        let recorder = LifecycleRecorder()
        let checked = Checked()
        let b = sheet("B", width: 20, height: 8)
        let c = sheet("C")
        var order: [String] = []
        root.present(b, animated: true) { order.append("B presented") }
        pilot.advance(by: 0.1)
        b.present(c, animated: true) { order.append("C presented") }
        #expect(b.presentedViewController == nil && c.presentingViewController == nil, "waits for B")
        c.dismiss(animated: true) { order.append("C dismissed") }
        root.dismiss(animated: true) { order.append("B dismissed") }
        stepFrames(pilot) { checked.step(pilot) }
        #expect(checked.problems.isEmpty, "\(checked.problems)")
        #expect(order == ["B presented", "C presented", "C dismissed", "B dismissed"])
        #expect(
            recorder.log(for: c).filter { $0.contains("ppear") }
                == ["viewWillAppear(true)", "viewDidAppear(true)", "viewWillDisappear(true)", "viewDidDisappear(true)"])
        #expect(recorder.log(for: root).isEmpty)
        #expect(pilot.window.presentedViewControllers.isEmpty)
        try checked.verify(pilot)
    }

    @Test func dismissingALowerPresentationTakesTheOnesAboveItAtOnce() throws {
        let (pilot, root) = setUp()
        let b = sheet("B", width: 20, height: 8)
        let c = sheet("C")
        root.present(b, animated: false)
        b.present(c, animated: false)
        pilot.settle()
        #expect(
            pilot.window.presentedViewControllers.map(\.debugIdentifier) == [b, c].map(\.debugIdentifier)
                && b.presentedViewController === c)
        let recorder = LifecycleRecorder()
        let checked = Checked()
        root.dismiss(animated: true)
        #expect(
            recorder.log(for: b) == ["viewWillDisappear(false)", "viewDidDisappear(false)"],
            "the one between goes at once")
        #expect(recorder.log(for: c) == ["viewWillDisappear(true)"], "the topmost leaves animated")
        stepFrames(pilot) { checked.step(pilot) }
        #expect(checked.problems.isEmpty, "\(checked.problems)")
        #expect(recorder.log(for: c) == ["viewWillDisappear(true)", "viewDidDisappear(true)"])
        #expect(pilot.window.presentedViewControllers.isEmpty && root.presentedViewController == nil)
        try checked.verify(pilot)
    }

    @Test func requestsThatCannotBeCarriedOutAreIgnored() throws {
        let (pilot, root) = setUp()
        let b = sheet("B")
        root.present(b, animated: false)
        var completions = 0
        let c = sheet("C")
        root.present(c, animated: false) { completions += 1 }
        #expect(
            c.presentingViewController == nil && completions == 0,
            "the root's layer is covered by B: only the top presents")
        b.present(root, animated: false) { completions += 1 }
        b.present(b, animated: false) { completions += 1 }
        let d = sheet("D")
        b.present(d, animated: false)
        d.present(b, animated: false) { completions += 1 }
        #expect(
            completions == 0
                && pilot.window.presentedViewControllers.map(\.debugIdentifier) == [b, d].map(\.debugIdentifier))
        let loose = Recorded("L")
        loose.present(c, animated: false) { completions += 1 }
        var dismissed = 0
        loose.dismiss(animated: false) { dismissed += 1 }
        #expect(
            completions == 0 && dismissed == 1,
            "no window: nothing presents; a dismissal with nothing to dismiss completes")
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window))
    }

    /// A controller that presents nothing but is under a sheet someone else presented cannot
    /// present: only the topmost layer does.
    @Test func aControllerUnderASheetItDidNotPresentCannotPresent() throws {
        let (pilot, root) = setUp()
        let child = Recorded("X")
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        let b = sheet("B")
        root.present(b, animated: false)
        var completions = 0
        let c = sheet("C")
        child.present(c, animated: false) { completions += 1 }
        pilot.settle()
        #expect(child.presentedViewController == nil && c.presentingViewController == nil && completions == 0)
        #expect(pilot.window.presentedViewControllers.count == 1 && pilot.window.presentedViewControllers.first === b)
        root.dismiss(animated: false)
        child.present(c, animated: false) { completions += 1 }
        pilot.settle()
        #expect(child.presentedViewController === c && completions == 1, "uncovered, it presents")
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window))
    }

    // MARK: Containers

    @Test func aChildInsideTheSideMenuAndANavigationStackPresentsAndAnyoneInsideDismisses() throws {
        let content = Recorded("A")
        let menu = try SideMenuController(viewControllers: [content, Recorded("Z")], menuTitles: ["A", "Z"])
        let pilot = Pilot(Window(rootViewController: menu), size: Size(width: 60, height: 16))
        let recorder = LifecycleRecorder()
        let checked = Checked()
        let inner = Recorded("R")
        let presented = NavigationController(rootViewController: inner)
        presented.preferredContentSize = Size(width: 30, height: 8)
        content.present(presented, animated: true)
        #expect(content.presentedViewController === presented && inner.presentingViewController === content)
        stepFrames(pilot) { checked.step(pilot) }
        let pushed = Recorded("P")
        presented.pushViewController(pushed, animated: true)
        pilot.settle()
        #expect(pushed.presentingViewController === content, "a child of a presented controller names its presenter")
        pilot.press(.function(2))
        pilot.settle()
        #expect(!menu.isMenuVisible, "the side menu's key goes nowhere while the sheet is up")
        pilot.press(.escape)
        pilot.settle()
        #expect(
            presented.viewControllers.map(\.debugIdentifier) == [inner.debugIdentifier],
            "Escape pops inside the presented navigation first")
        inner.dismiss(animated: true)  // from a child of the presented controller
        stepFrames(pilot) { checked.step(pilot) }
        #expect(checked.problems.isEmpty, "\(checked.problems)")
        #expect(content.presentedViewController == nil && presented.appearancePhase == .didDisappear)
        #expect(
            recorder.log(for: content).isEmpty && recorder.log(for: menu).isEmpty, "the sheet's presenter stayed shown")
        try checked.verify(pilot)
        pilot.press(.function(2))
        pilot.settle()
        #expect(menu.isMenuVisible, "the side menu takes its key again")
    }

    @Test func presentingWhileTheSideMenuSlidesAndDismissingDuringAPushInsideThePresentedStack() throws {
        let content = Recorded("A")
        let menu = try SideMenuController(viewControllers: [content, Recorded("Z")], menuTitles: ["A", "Z"])
        let pilot = Pilot(Window(rootViewController: menu), size: Size(width: 60, height: 16))
        let recorder = LifecycleRecorder()
        let checked = Checked()
        menu.toggleMenu(animated: true)
        pilot.advance(by: 0.1)
        #expect(menu.isTransitioning, "the menu is sliding open")
        let inner = Recorded("R")
        let presented = NavigationController(rootViewController: inner)
        presented.preferredContentSize = Size(width: 30, height: 8)
        content.present(presented, animated: true)
        #expect(presented.isBeingPresented, "a presentation does not wait for a container's transition")
        stepFrames(pilot) { checked.step(pilot) }
        #expect(menu.isMenuVisible && presented.appearancePhase == .didAppear && content.appearancePhase == .didAppear)
        presented.pushViewController(Recorded("P"), animated: true)
        pilot.advance(by: 0.1)
        #expect(presented.isTransitioning)
        inner.dismiss(animated: true)
        stepFrames(pilot) { checked.step(pilot) }
        #expect(checked.problems.isEmpty, "\(checked.problems)")
        #expect(content.presentedViewController == nil && presented.appearancePhase == .didDisappear)
        #expect(presented.viewControllers.count == 2, "the push ran to its end under the dismissal")
        #expect(
            recorder.log(for: content).isEmpty && recorder.log(for: menu).isEmpty, "the sheet's presenter stayed shown")
        try checked.verify(pilot)
    }

    // MARK: Resizing, focus, visibility

    @Test func aResizeWhileASheetIsUpKeepsItCentredAndNeverLargerThanTheWindow() throws {
        let (pilot, root) = setUp()
        let b = sheet("B", width: 30, height: 8)
        root.present(b, animated: true)
        pilot.settle()
        #expect(b.view.frame == Rect(x: 5, y: 2, width: 30, height: 8))
        let checked = Checked()
        pilot.resize(to: Size(width: 20, height: 6))
        #expect(b.view.frame == Rect(x: 1, y: 1, width: 18, height: 4), "clamped inside the border")
        #expect(pilot.line(0) == "┌──────────────────┐")
        pilot.resize(to: Size(width: 60, height: 20))
        #expect(b.view.frame == Rect(x: 15, y: 6, width: 30, height: 8), "back to its size, centred")
        pilot.resize(to: Size(width: 2, height: 1))
        #expect(b.view.frame == Rect(x: 0, y: 0, width: 2, height: 1), "no room for a border: the content alone")
        pilot.resize(to: Size(width: 0, height: 0))
        pilot.resize(to: Size(width: 40, height: 12))
        try checked.verify(pilot)
        b.preferredContentSize = Size(width: 12, height: 2)
        pilot.settle()
        #expect(
            b.view.frame == Rect(x: 14, y: 5, width: 12, height: 2), "a new preferred size shows at the next layout")
    }

    @Test func aResizeDuringThePresentationLandsTheSheetWhereTheNewSizePutsIt() throws {
        let (pilot, root) = setUp()
        let b = sheet("B", width: 10, height: 4)
        root.present(b, animated: true)
        pilot.advance(by: 0.15)
        pilot.resize(to: Size(width: 60, height: 20))
        pilot.settle()
        #expect(b.view.frame == Rect(x: 25, y: 8, width: 10, height: 4))
        #expect(b.appearancePhase == .didAppear)
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window))
    }

    @Test func theFocusGoesBackToWhatPresented() {
        let (pilot, root) = setUp()
        let first = Button(title: "First", frame: Rect(x: 0, y: 0, width: 9, height: 1))
        let open = Button(title: "Open", frame: Rect(x: 0, y: 2, width: 8, height: 1))
        root.view.addSubview(first)
        root.view.addSubview(open)
        let b = sheet("B")
        b.view.addSubview(Button(title: "In", frame: Rect(x: 0, y: 0, width: 6, height: 1)))
        open.action = { root.present(b, animated: true) }
        pilot.press(.tab)  // the first Tab stop is First, so this one moves on to Open
        #expect(pilot.window.firstResponder === open)
        pilot.press(.enter)
        pilot.settle()
        #expect(pilot.window.firstResponder?.isDescendant(of: b.view) == true)
        pilot.press(.escape)
        pilot.settle()
        #expect(pilot.window.firstResponder === open)
    }

    @Test func hidingAndShowingTheWindowTakesThePresentedControllersAlong() throws {
        let (pilot, root) = setUp()
        let b = sheet("B")
        root.present(b, animated: false)
        pilot.settle()
        let checked = Checked()
        pilot.window.hide()
        #expect(root.appearancePhase == .didDisappear && b.appearancePhase == .didDisappear)
        try checked.verify(pilot)
        pilot.window.show()
        #expect(root.appearancePhase == .didAppear && b.appearancePhase == .didAppear)
        try checked.verify(pilot)
        pilot.window.hide()
        let c = sheet("C", style: .fullScreen)
        b.present(c, animated: true)
        #expect(c.appearancePhase == .viewDidLoad, "no appearance calls in a hidden window")
        pilot.settle()
        try checked.verify(pilot)
        pilot.window.show()
        #expect(
            c.appearancePhase == .didAppear && b.appearancePhase == .didDisappear
                && root.appearancePhase == .didDisappear)
        try checked.verify(pilot)
        b.dismiss(animated: true)  // dismisses C, which B presented
        pilot.settle()
        #expect(
            b.appearancePhase == .didAppear && root.appearancePhase == .didAppear && c.appearancePhase == .didDisappear)
        try checked.verify(pilot)
    }

    @Test func aFullScreenCoverDimsWhatItCoversAsItRises() throws {
        let (pilot, root) = setUp()
        let f = sheet("F", style: .fullScreen)
        root.present(f, animated: true)
        pilot.advance(by: 0.15)
        let frame = try #require(pilot.screen.lastFrame)
        let firstF = try #require(rows(of: "F", pilot).first)
        #expect(firstF > 0 && firstF < 12, "half way up")
        #expect(
            frame[0, 0].grapheme == "A" && frame[0, 0].style.attributes.contains(.dim), "the covered view shows dim")
        #expect(!frame[0, firstF].style.attributes.contains(.dim))
        f.dismiss(animated: false)
        pilot.settle()
        #expect(root.presentedViewController == nil && pilot.line(0) == String(repeating: "A", count: 40))
    }

    @Test func theRootReplacedUnderAFullScreenPresentationWaitsOutOfTheWindow() throws {
        let (pilot, root) = setUp()
        let f = sheet("F", style: .fullScreen)
        root.present(f, animated: false)
        pilot.settle()
        let checked = Checked()
        let next = Recorded("N")
        pilot.window.rootViewController = next
        #expect(next.viewIfLoaded?.window == nil && next.appearancePhase != .didAppear)
        try checked.verify(pilot)
        f.dismiss(animated: true)
        pilot.settle()
        #expect(next.appearancePhase == .didAppear && pilot.line(0) == String(repeating: "N", count: 40))
        #expect(root.presentedViewController == nil, "the presentation ended although its presenter left")
        try checked.verify(pilot)
    }

    @Test func aMemoryWarningUnderAFullScreenPresentationReleasesTheCoveredViewsWhichLoadAgainAtItsDismissal() throws {
        let (pilot, root) = setUp()
        let b = sheet("B")
        root.present(b, animated: false)
        let f = sheet("F", style: .fullScreen)
        b.present(f, animated: false)
        pilot.settle()
        let recorder = LifecycleRecorder()
        let checked = Checked()
        pilot.window.didReceiveMemoryWarning()
        #expect(root.viewIfLoaded == nil && b.viewIfLoaded == nil, "the covered root and sheet let their views go")
        #expect(f.viewIfLoaded != nil, "the shown one keeps its view")
        #expect(recorder.log(for: b) == ["viewDidUnload"] && recorder.log(for: root) == ["viewDidUnload"])
        try checked.verify(pilot)
        f.dismiss(animated: true)
        pilot.settle()
        #expect(recorder.log(for: b) == ["viewDidUnload", "viewDidLoad", "viewWillAppear(true)", "viewDidAppear(true)"])
        #expect(pilot.line(0) == String(repeating: "A", count: 40) && pilot.line(4).contains("BBBBBBBBBB"))
        try checked.verify(pilot)
    }

    @Test func theWindowOwnsWhatItPresentsAndLetsGoOfItAtTheDismissal() {
        weak var weakSheet: Recorded?
        weak var weakWindow: Window?
        do {
            let (pilot, root) = setUp()
            do {
                let b = sheet("B")
                weakSheet = b
                root.present(b, animated: true)
            }
            pilot.settle()
            #expect(weakSheet != nil, "the window owns what it presents")
            root.dismiss(animated: true)
            pilot.settle()
            #expect(weakSheet == nil, "freed once dismissed")
            do {
                let c = sheet("C", style: .fullScreen)
                weakSheet = c
                root.present(c, animated: true)
            }
            pilot.advance(by: 0.1)
            weakWindow = pilot.window
        }
        #expect(weakWindow == nil && weakSheet == nil, "a window that goes away mid-presentation frees it all")
    }

    /// In the dismissal's completion (and anything that runs after it in the same pass, such as
    /// a `present` that waited) the dismissed controller is no longer presented in any way: it
    /// can be added as a child or presented again at once, as in UIKit.
    @Test func aDismissedControllerIsFreeInTheDismissalsCompletion() throws {
        let (pilot, root) = setUp()
        let b = sheet("B")
        let container = Recorded("C")
        root.present(b, animated: true)
        pilot.settle()
        var seen: (presenting: ViewController?, dismissed: Bool, presented: ViewController?)?
        root.dismiss(animated: true) {
            seen = (b.presentingViewController, b.isBeingDismissed, root.presentedViewController)
            container.addChild(b)
            b.didMove(toParent: container)
        }
        pilot.settle()
        let after = try #require(seen, "the completion ran")
        #expect(after.presenting == nil && !after.dismissed && after.presented == nil)
        #expect(b.parent === container && pilot.window.presentedViewControllers.isEmpty)
        b.willMove(toParent: nil)
        b.removeFromParent()
        root.present(b, animated: false)
        pilot.settle()
        #expect(pilot.window.presentedViewControllers.first === b, "presented again")
    }
}
