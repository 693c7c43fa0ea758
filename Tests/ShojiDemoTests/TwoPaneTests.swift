import Shoji
import ShojiTesting
import Testing
@testable import ShojiDemoKit

/// The seed's add / remove / swap pattern (`TwoPaneController`): UIKit's call orders, Swap
/// disabled while nothing is shown, the wipe and its inverse frame by frame, presses during a
/// swap, resizing, freeing, and the pane inside the demo's side menu.
@MainActor
struct TwoPaneTests {
    /// A 40x12 window whose root is a two-pane container over Orange and Blue; the buttons are
    /// on row 0 (Show / Hide at columns 1-15, Swap at 18-25), the bottom area on rows 3-11.
    private func makeTwoPane(size: Size = Size(width: 40, height: 12), transitionDuration: Double = 0.5)
        -> (Pilot, TwoPaneController, ColorPane, ColorPane)
    {
        let orange = ColorPane(title: "Orange", color: .orange, text: nil)
        let blue = ColorPane(title: "Blue", color: .blue, text: nil)
        let twoPane = TwoPaneController(
            title: "Two", first: orange, second: blue, transitionDuration: transitionDuration)
        let pilot = Pilot(Window(rootViewController: twoPane), size: size)
        pilot.advance(by: 1)
        return (pilot, twoPane, orange, blue)
    }

    nonisolated static let showHide = Point(x: 5, y: 0)
    nonisolated static let swap = Point(x: 20, y: 0)

    private func window(_ pilot: Pilot) -> Window { pilot.app as! Window }

    /// The bottom area's rows, top first, each "O" (orange), "B" (blue), "-" (neither) or "?"
    /// (mixed), read from the cells' background colours.
    private func bottomRows(_ pilot: Pilot, from top: Int = 3) -> String {
        let frame = pilot.screen.lastFrame!
        return String(
            (top..<frame.size.height).map { y -> Character in
                let colours = Set((0..<frame.size.width).map { frame[$0, y].style.background })
                guard colours.count == 1 else { return "?" }
                switch colours.first! {
                case MenuColor.orange.color: return "O"
                case MenuColor.blue.color: return "B"
                default: return "-"
                }
            })
    }

    // MARK: Call orders

    @Test func theInitialStateIsTheButtonsAndOrangeWithSwapEnabled() throws {
        let recorder = LifecycleRecorder()
        let (pilot, twoPane, orange, blue) = makeTwoPane()
        #expect(twoPane.children.map(ObjectIdentifier.init) == [twoPane.buttonsPane, orange].map(ObjectIdentifier.init))
        #expect(twoPane.isBottomVisible && twoPane.buttonsPane.isSwapEnabled && blue.parent == nil)
        #expect(pilot.line(0).hasPrefix(" [ Show / Hide ]  [ Swap ]"))
        #expect(pilot.line(1).contains("Bottom: Orange, shown"))
        #expect(bottomRows(pilot) == "OOOOOOOOO")
        #expect(!pilot.screen.lastFrame![Self.swap.x, 0].style.attributes.contains(.dim))
        var checker = LifecycleChecker()
        checker.consume(recorder.takeEvents())
        try LifecycleChecker.verify(
            checker.violations + LifecycleChecker.treeViolations(window: window(pilot), others: [blue]))
    }

    @Test func showHideRemovesAndAddsTheBottomChildWithTheFullContainmentSequence() throws {
        let (pilot, twoPane, orange, _) = makeTwoPane()
        let recorder = LifecycleRecorder()
        pilot.click(at: Self.showHide)
        let t = twoPane.debugIdentifier
        #expect(
            recorder.log(for: orange) == [
                "willMove(toParent: nil)", "viewWillDisappear(false)", "viewDidDisappear(false)",
                "didMove(toParent: nil)"
            ])
        #expect(!twoPane.isBottomVisible && twoPane.children.count == 1 && orange.parent == nil)
        #expect(bottomRows(pilot) == "---------")
        #expect(pilot.line(1).contains("Bottom: Orange, hidden"))
        pilot.click(at: Self.showHide)
        #expect(
            recorder.log(for: orange).suffix(4) == [
                "willMove(toParent: \(t))", "viewWillAppear(false)", "viewDidAppear(false)", "didMove(toParent: \(t))"
            ])
        #expect(twoPane.isBottomVisible && bottomRows(pilot) == "OOOOOOOOO")
        try LifecycleChecker.verify(recorder.events, historyIsComplete: false)
    }

    @Test func swapFollowsTheSeedsOrderAroundAnAnimatedTransition() throws {
        let (pilot, twoPane, orange, blue) = makeTwoPane()
        let recorder = LifecycleRecorder()
        pilot.click(at: Self.swap)
        let t = twoPane.debugIdentifier
        let (o, b) = (orange.debugIdentifier, blue.debugIdentifier)
        #expect(
            recorder.lines == [
                "\(o) willMove(toParent: nil)", "\(b) willMove(toParent: \(t))", "\(b) viewDidLoad",
                "\(o) viewWillDisappear(true)", "\(b) viewWillAppear(true)"
            ], "old.willMove(nil), addChild(new), then the transition's will-calls")
        #expect(twoPane.isTransitioning && twoPane.current === blue)
        pilot.settle()
        #expect(
            recorder.lines.suffix(4) == [
                "\(o) viewDidDisappear(true)", "\(b) viewDidAppear(true)",
                "\(b) didMove(toParent: \(t))", "\(o) didMove(toParent: nil)"
            ])
        #expect(twoPane.children.map(ObjectIdentifier.init) == [twoPane.buttonsPane, blue].map(ObjectIdentifier.init))
        #expect(bottomRows(pilot) == "BBBBBBBBB" && blue.transitionStyle == .wipe(from: .top))
        try LifecycleChecker.verify(recorder.events, historyIsComplete: false)
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: window(pilot), others: [orange]))
    }

    // MARK: Swap disabled while hidden

    @Test func swapIsDisabledWhileTheBottomIsHiddenDrawnDimAndDeaf() throws {
        let (pilot, twoPane, orange, blue) = makeTwoPane()
        pilot.click(at: Self.showHide)
        #expect(!twoPane.buttonsPane.isSwapEnabled)
        #expect(pilot.screen.lastFrame![Self.swap.x, 0].style.attributes.contains(.dim), "drawn disabled")
        let recorder = LifecycleRecorder()
        pilot.click(at: Self.swap)
        pilot.settle()
        #expect(recorder.events.isEmpty && blue.parent == nil && !twoPane.isBottomVisible, "a click does nothing")
        // Tab skips it: from Show / Hide, Tab comes back to Show / Hide.
        #expect(window(pilot).makeFirstResponder(twoPane.buttonsPane.showHideButton))
        pilot.press(.tab)
        #expect(twoPane.buttonsPane.showHideButton.isFocused)
        twoPane.swapBottom()
        #expect(recorder.events.isEmpty, "nothing to swap: the request does nothing")
        pilot.press(.enter)  // Show / Hide by key
        #expect(twoPane.isBottomVisible && twoPane.buttonsPane.isSwapEnabled && orange.parent === twoPane)
        #expect(!pilot.screen.lastFrame![Self.swap.x, 0].style.attributes.contains(.dim))
    }

    @Test func aHiddenSwappedChildComesBackAsTheOneShownLast() {
        let (pilot, twoPane, _, blue) = makeTwoPane(transitionDuration: 0)
        pilot.click(at: Self.swap)
        pilot.click(at: Self.showHide)
        pilot.click(at: Self.showHide)
        #expect(twoPane.current === blue && blue.parent === twoPane && bottomRows(pilot) == "BBBBBBBBB")
        #expect(pilot.line(1).contains("Bottom: Blue, shown"))
    }

    // MARK: The wipe, frame by frame

    @Test func swapWipesBlueInFromTheTopAndSwapBackPlaysItBackwards() throws {
        let (pilot, twoPane, orange, blue) = makeTwoPane()
        let curve = AnimationCurve.easeInOut
        var start = pilot.clock.seconds
        pilot.click(at: Self.swap)
        var counts: [Int] = []
        pilot.stepFrames {
            let rows = bottomRows(pilot)
            let count = rows.prefix { $0 == "B" }.count
            #expect(rows == String(repeating: "B", count: count) + String(repeating: "O", count: 9 - count), "\(rows)")
            let progress =
                pilot.clock.seconds - start >= 0.5 - 1e-9 ? 1 : curve.value(at: (pilot.clock.seconds - start) / 0.5)
            #expect(count == Int((9 * progress + 0.5).rounded(.down)), "at \(pilot.clock.seconds - start) s: \(rows)")
            counts.append(count)
        }
        #expect(Set(counts).isSuperset(of: 0...9), "every row in turn: \(counts)")
        #expect(twoPane.current === blue && orange.parent == nil && blue.view.mask == nil)
        pilot.advance(by: 1)
        start = pilot.clock.seconds
        pilot.click(at: Self.swap)
        counts = []
        pilot.stepFrames {
            let rows = bottomRows(pilot)
            let count = rows.prefix { $0 == "B" }.count
            #expect(rows == String(repeating: "B", count: count) + String(repeating: "O", count: 9 - count), "\(rows)")
            let progress =
                pilot.clock.seconds - start >= 0.5 - 1e-9 ? 1 : curve.value(at: (pilot.clock.seconds - start) / 0.5)
            #expect(count == 9 - Int((9 * progress + 0.5).rounded(.down)), "the inverse: \(rows)")
            counts.append(count)
        }
        #expect(counts.last == 0 && twoPane.current === orange && blue.parent == nil && blue.view.mask == nil)
        #expect(pilot.lines.prefix(3).joined().contains("Show / Hide"), "the swap never covers the buttons")
    }

    // MARK: Presses during a swap

    @Test func pressesDuringASwapAreHeldBackAndAppliedInOrderAfterIt() throws {
        let (pilot, twoPane, orange, blue) = makeTwoPane()
        let recorder = LifecycleRecorder()
        pilot.click(at: Self.swap)
        pilot.advance(by: 0.2)
        pilot.click(at: Self.showHide)  // hide Blue…
        pilot.click(at: Self.showHide)  // …show it again…
        pilot.click(at: Self.swap)  // …and swap back to Orange
        #expect(window(pilot).queuedEvents.count == 6, "three clicks held back while the swap runs")
        #expect(twoPane.current === blue && blue.parent === twoPane)
        pilot.settle()
        pilot.settle()
        #expect(window(pilot).queuedEvents.isEmpty)
        #expect(twoPane.current === orange && twoPane.isBottomVisible && blue.parent == nil)
        let moves = recorder.log(for: blue).filter { $0.contains("Move") }
        let t = twoPane.debugIdentifier
        #expect(
            moves == [
                "willMove(toParent: \(t))", "didMove(toParent: \(t))", "willMove(toParent: nil)",
                "didMove(toParent: nil)",
                "willMove(toParent: \(t))", "didMove(toParent: \(t))", "willMove(toParent: nil)",
                "didMove(toParent: nil)"
            ],
            "swap in, hide, show, swap out: in the order pressed")
        try LifecycleChecker.verify(recorder.events, historyIsComplete: false)
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: window(pilot), others: [blue]))
    }

    @Test func requestsMadeDuringASwapWaitInTheQueueInOrder() throws {
        let (pilot, twoPane, orange, blue) = makeTwoPane()
        twoPane.swapBottom()
        pilot.advance(by: 0.1)
        twoPane.toggleBottomVisible()
        twoPane.swapBottom()  // the bottom will be hidden when this runs: it does nothing
        twoPane.toggleBottomVisible()
        #expect(twoPane.current === blue && twoPane.isBottomVisible, "nothing runs before the swap ends")
        pilot.settle()
        #expect(twoPane.current === blue && twoPane.isBottomVisible && orange.parent == nil)
        #expect(twoPane.buttonsPane.isSwapEnabled && bottomRows(pilot) == "BBBBBBBBB")
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: window(pilot), others: [orange]))
    }

    @Test func manyQuickPressesLeaveOneBottomChildOrNoneMatchingTheButtons() throws {
        let (pilot, twoPane, orange, blue) = makeTwoPane()
        let recorder = LifecycleRecorder()
        var checker = LifecycleChecker(historyIsComplete: false)
        for index in 0..<40 {
            pilot.click(at: index % 3 == 0 ? Self.showHide : Self.swap)
            pilot.advance(by: 0.03)
            checker.consume(recorder.takeEvents())
            #expect(checker.violations.isEmpty, "\(checker.violations)")
        }
        pilot.settle(limit: 60)
        for _ in 0..<40 { pilot.settle() }
        checker.consume(recorder.takeEvents())
        #expect(window(pilot).queuedEvents.isEmpty)
        let bottom = [orange, blue].filter { $0.parent === twoPane }
        #expect(bottom.count == (twoPane.isBottomVisible ? 1 : 0) && twoPane.children.count == 1 + bottom.count)
        #expect(twoPane.buttonsPane.isSwapEnabled == twoPane.isBottomVisible)
        try LifecycleChecker.verify(
            checker.violations + checker.settledViolations()
                + LifecycleChecker.treeViolations(
                    window: window(pilot), others: [orange, blue].filter { $0.parent == nil }))
    }

    // MARK: Sizes and freeing

    @Test func everySizeFromZeroKeepsTheButtonsOnTopAndTheBottomBelow() throws {
        let (pilot, twoPane, orange, blue) = makeTwoPane(size: .zero, transitionDuration: 0.3)
        for width in 0...30 {
            for height in 0...10 {
                pilot.resize(to: Size(width: width, height: height))
                if (width + height) % 7 == 0 { twoPane.swapBottom() }
                pilot.advance(by: 0.05)
                let top = min(height, TwoPaneButtonsPane.height)
                #expect(twoPane.buttonsPane.view.frame == Rect(x: 0, y: 0, width: width, height: top))
                #expect(twoPane.bottomArea.frame == Rect(x: 0, y: top, width: width, height: height - top))
                #expect(pilot.lines.count == height)
            }
        }
        pilot.settle()
        #expect(twoPane.current.view.frame == twoPane.bottomArea.bounds)
        try LifecycleChecker.verify(
            LifecycleChecker.treeViolations(window: window(pilot), others: [orange, blue].filter { $0.parent == nil }))
    }

    @Test func nothingIsKeptAliveOnceTheContainerGoes() {
        var twoPane: TwoPaneController? = TwoPaneController(
            title: "T", first: ColorPane(title: "O", color: .orange, text: nil),
            second: ColorPane(title: "B", color: .blue, text: nil))
        weak let weakTwoPane = twoPane
        weak let weakFirst = twoPane?.first
        weak let weakSecond = twoPane?.second
        weak let weakButtons = twoPane?.buttonsPane
        let window = Window(rootViewController: twoPane)
        let pilot = Pilot(window, size: Size(width: 40, height: 12))
        pilot.click(at: Self.swap)
        pilot.advance(by: 0.1)  // mid-swap
        twoPane = nil
        window.rootViewController = nil
        pilot.settle()
        #expect(weakTwoPane == nil && weakFirst == nil && weakSecond == nil && weakButtons == nil)
    }

    @Test func theButtonsTalkOnlyThroughTheirDelegate() {
        final class Spy: TwoPaneButtonsDelegate {
            var log: [String] = []
            func buttonsPaneDidPressShowHide(_ buttonsPane: TwoPaneButtonsPane) { log.append("showHide") }
            func buttonsPaneDidPressSwap(_ buttonsPane: TwoPaneButtonsPane) { log.append("swap") }
        }
        let pane = TwoPaneButtonsPane()
        let spy = Spy()
        pane.delegate = spy
        let pilot = Pilot(Window(rootViewController: pane), size: Size(width: 40, height: 3))
        pilot.click(at: Self.showHide)
        pilot.click(at: Self.swap)
        pane.isSwapEnabled = false
        pilot.click(at: Self.swap)
        #expect(spy.log == ["showHide", "swap"])
    }

    // MARK: In the demo

    @Test func theDemosTwoPanesItemWorksInsideTheSideMenu() throws {
        let menu = try MenuFile.builtIn()
        let app = try DemoApp(menu: menu, options: try DemoOptions.parse([]), seconds: { 0 })
        let pilot = Pilot(app, size: Size(width: 80, height: 24))
        let recorder = LifecycleRecorder()
        let index = try #require(menu.items.firstIndex { $0.kind.name == "two-pane" })
        try app.sideMenu.setSelectedIndex(index, animated: false)
        pilot.settle()
        let twoPane = try #require(app.panes[index] as? TwoPaneController)
        #expect(pilot.line(0).hasPrefix(" [Menu] ") && pilot.line(0).contains("Two panes"))
        #expect(pilot.line(1).hasPrefix(" [ Show / Hide ]  [ Swap ]"))
        pilot.click(at: Point(x: 20, y: 1))
        pilot.settle()
        #expect(twoPane.current === twoPane.second && pilot.text.contains("Colour: blue"))
        pilot.click(at: Point(x: 5, y: 1))
        pilot.settle()
        #expect(!twoPane.isBottomVisible && pilot.screen.lastFrame![20, 1].style.attributes.contains(.dim))
        try app.sideMenu.setSelectedIndex(0, animated: true)
        pilot.settle()
        #expect(twoPane.appearancePhase == .didDisappear && twoPane.buttonsPane.appearancePhase == .didDisappear)
        try LifecycleChecker.verify(recorder.events, historyIsComplete: false)
        try LifecycleChecker.verify(
            LifecycleChecker.treeViolations(window: app.window, others: [twoPane.first, twoPane.second]))
    }
}
