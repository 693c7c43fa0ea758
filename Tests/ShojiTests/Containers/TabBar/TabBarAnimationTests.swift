import Testing
@testable import Shoji
import ShojiTesting

/// Animated tab switches, frame by frame on the manual clock (60 Hz, the window's 0.3 s,
/// ease-in-out).
@MainActor
struct TabBarAnimationTests {
    private func make(_ style: TransitionStyle = .push(from: .right), size: Size = Size(width: 40, height: 6))
        -> (Pilot, TabBarController, [TabPane])
    {
        let tabs = [TabPane("Inbox"), TabPane("Stack"), TabPane("Log")]
        let controller = TabBarController(viewControllers: tabs)
        controller.switchStyle = style
        let pilot = Pilot(Window(rootViewController: controller), size: size)
        pilot.advance(by: 1)  // past the first frame's interval: the next key renders at once
        return (pilot, controller, tabs)
    }

    /// Every frame until nothing moves: its time, the x of `views`, the bar's row, and whether
    /// the controller was still transitioning after it.
    private func record(_ pilot: Pilot, _ controller: TabBarController, _ views: [View], limit: Double = 2)
        -> [(time: Double, xs: [Int], bar: String, moving: Bool)]
    {
        var samples: [(Double, [Int], String, Bool)] = []
        let start = pilot.clock.seconds
        while pilot.clock.seconds - start < limit, pilot.advanceToNextFrame() {
            samples.append(
                (pilot.clock.seconds, views.map(\.frame.minX), pilot.lines.last ?? "", controller.isTransitioning))
        }
        return samples
    }

    @Test func aSwitchToTheRightPushesFrameByFrameAndEndsOnTime() throws {
        let (pilot, controller, tabs) = make()
        let recorder = LifecycleRecorder()
        let start = pilot.clock.seconds
        pilot.deliver(.key(KeyEvent(.pageDown, modifiers: .ctrl)))
        #expect(controller.selectedIndex == 1, "the selection is the incoming tab from the start")
        let samples = record(pilot, controller, [tabs[0].view, tabs[1].view])
        let outgoing = samples.map { $0.xs[0] }, incoming = samples.map { $0.xs[1] }
        #expect(
            zip(incoming, incoming.dropFirst()).allSatisfy { $0 >= $1 },
            "the new tab comes in from the right: \(incoming)")
        #expect(incoming.first == 40 && incoming.last == 0, "from just beyond the right edge to its place")
        #expect(incoming.contains { $0 > 0 && $0 < 40 }, "seen on the way")
        let leaving = outgoing.dropLast()
        #expect(
            zip(leaving, leaving.dropFirst()).allSatisfy { $0 >= $1 } && leaving.last == -40,
            "the old one leaves to the left, beside the new one: \(outgoing)")
        #expect(zip(incoming, outgoing).dropLast().allSatisfy { $0 - $1 == 40 }, "side by side, no gap, no overlap")
        #expect(
            tabs[0].viewIfLoaded?.superview == nil && tabs[0].view.frame.minX == 0, "removed at the end, back at rest")
        let end = try #require(samples.first { !$0.moving }).time - start
        #expect(
            end >= 0.3 - 1.0 / 60 - 1e-9 && end <= 0.3 + 1e-9,
            "ends the window's 0.3 s after it began, a frame before the key (\(end))")
        #expect((17...20).contains(samples.count), "about 18 frames at 60 Hz: \(samples.count)")
        let bars = Set(samples.map(\.bar))
        #expect(bars.count == 1, "the bar never moves and shows the new selection throughout: \(bars)")
        #expect(recorder.log(for: tabs[0]) == ["viewWillDisappear(true)", "viewDidDisappear(true)"])
        #expect(recorder.log(for: tabs[1]) == ["viewDidLoad", "viewWillAppear(true)", "viewDidAppear(true)"])
        try LifecycleChecker.verify(recorder.events, historyIsComplete: false)
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window))
    }

    @Test func aSwitchToTheLeftPlaysTheExactInverse() throws {
        let (pilot, controller, tabs) = make()
        try controller.setSelectedIndex(2, animated: false)
        pilot.settle()
        pilot.advance(by: 1)
        pilot.deliver(.key(KeyEvent(.character("1"), modifiers: .alt)))
        let samples = record(pilot, controller, [tabs[2].view, tabs[0].view])
        let outgoing = samples.map { $0.xs[0] }, incoming = samples.map { $0.xs[1] }
        #expect(
            zip(incoming, incoming.dropFirst()).allSatisfy { $0 <= $1 },
            "the new tab comes in from the left: \(incoming)")
        #expect(incoming.first == -40 && incoming.last == 0)
        let leaving = outgoing.dropLast()
        #expect(
            zip(leaving, leaving.dropFirst()).allSatisfy { $0 <= $1 } && leaving.last == 40,
            "the old one leaves to the right: \(outgoing)")
        #expect(tabs[0].transitionStyle == .push(from: .left))
    }

    @Test func eventsDuringASwitchWaitAndAreDeliveredInOrderAfterIt() throws {
        let (pilot, controller, tabs) = make()
        pilot.deliver(.key(KeyEvent(.pageDown, modifiers: .ctrl)))
        pilot.advance(by: 0.1)
        #expect(controller.isTransitioning)
        pilot.deliver(.key(KeyEvent(.pageDown, modifiers: .ctrl)))
        let first = try #require(controller.tabBar.columns(ofItemAt: 0))
        pilot.deliver(.mouse(MouseEvent(.press(.left), at: Point(x: first.lowerBound + 1, y: 5))))
        pilot.deliver(.mouse(MouseEvent(.release(.left), at: Point(x: first.lowerBound + 1, y: 5))))
        #expect(pilot.window.queuedEvents.count == 3, "held back, not lost")
        #expect(controller.selectedIndex == 1)
        var seen: [Int?] = []
        for _ in 0..<4 {
            pilot.settle()
            seen.append(controller.selectedIndex)
        }
        #expect(pilot.window.queuedEvents.isEmpty)
        #expect(controller.selectedIndex == 0, "the key went to Log, then the click to Inbox: \(seen)")
        #expect(tabs[2].isViewLoaded, "Log was shown on the way")
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window))
    }

    @Test func requestsDuringASwitchWaitAndTheLastOneWins() throws {
        let (pilot, controller, tabs) = make()
        try controller.setSelectedIndex(1, animated: true)
        pilot.advance(by: 0.1)
        try controller.setSelectedIndex(2, animated: true)
        controller.selectedIndex = 0
        #expect(controller.selectedIndex == 0, "reports what was asked at once")
        pilot.settle()
        pilot.settle()
        #expect(controller.selectedIndex == 0)
        #expect(!tabs[2].isViewLoaded, "Log was skipped: one switch towards the last request")
        #expect(tabs[1].appearancePhase == .didDisappear && tabs[0].appearancePhase == .didAppear)
    }

    @Test func replacingTheTabsDuringASwitchRemovesTheOldOnesWhenItEnds() throws {
        let (pilot, controller, tabs) = make()
        let recorder = LifecycleRecorder()
        let fresh = TabPane("Fresh")
        try controller.setSelectedIndex(1, animated: true)
        pilot.advance(by: 0.1)
        controller.setViewControllers([fresh, tabs[0]], animated: true)
        #expect(controller.viewControllers.map(\.title) == ["Fresh", "Inbox"])
        #expect(tabs[1].parent === controller, "still moving in: its removal waits")
        pilot.settle()
        pilot.settle()
        #expect(tabs[1].parent == nil && fresh.parent === controller)
        #expect(controller.selectedViewController === tabs[0], "the tab at the old index (1) is now Inbox")
        #expect(
            recorder.log(for: tabs[1]) == [
                "viewDidLoad", "viewWillAppear(true)", "viewDidAppear(true)", "willMove(toParent: nil)",
                "viewWillDisappear(true)", "viewDidDisappear(true)", "didMove(toParent: nil)"
            ])
        try LifecycleChecker.verify(recorder.events, historyIsComplete: false)
    }

    @Test func aResizeMidSwitchLandsOnTheNewSize() throws {
        let (pilot, controller, tabs) = make()
        pilot.deliver(.key(KeyEvent(.pageDown, modifiers: .ctrl)))
        pilot.advance(by: 0.1)
        pilot.resize(to: Size(width: 20, height: 4))
        var frames = 0
        while pilot.advanceToNextFrame() {
            frames += 1
            #expect(controller.tabBar.frame == Rect(x: 0, y: 3, width: 20, height: 1))
            #expect(tabs[1].view.frame.height == 3)
        }
        #expect(frames > 0)
        #expect(tabs[1].view.frame == Rect(x: 0, y: 0, width: 20, height: 3))
        #expect(tabs[0].view.frame == Rect(x: 0, y: 0, width: 20, height: 3), "the old view is back at rest, resized")
        #expect(pilot.line(0).hasPrefix(" Stack content"))
    }

    @Test func aFadeSwitchStepsThroughTheAlphaLevels() throws {
        let (pilot, controller, tabs) = make(.fade)
        pilot.deliver(.key(KeyEvent(.pageDown, modifiers: .ctrl)))
        var alphas: [Double] = []
        while pilot.advanceToNextFrame() {
            alphas.append(tabs[1].view.alpha)
        }
        #expect(zip(alphas, alphas.dropFirst()).allSatisfy { $0 <= $1 } && alphas.last == 1)
        #expect(alphas.contains { $0 >= 0.25 && $0 < 0.75 }, "passes through dim")
        #expect(!controller.isTransitioning)
    }

    @Test func withReducedMotionTheSwitchCompletesOnTheNextFrameWithTheSameEndState() throws {
        View.areAnimationsEnabled = false
        defer { View.areAnimationsEnabled = true }
        let (pilot, controller, tabs) = make()
        let recorder = LifecycleRecorder()
        pilot.press(.pageDown, modifiers: .ctrl)
        pilot.settle()
        #expect(controller.selectedIndex == 1 && !controller.isTransitioning)
        #expect(tabs[1].view.frame.minX == 0 && tabs[0].viewIfLoaded?.superview == nil)
        #expect(recorder.log(for: tabs[1]).contains("viewWillAppear(false)"), "nothing moved: animated false")
    }

    @Test func theWindowsMotionSettingTimesSwitchesUnlessTheControllerHasItsOwn() throws {
        let (pilot, controller, tabs) = make()
        controller.transitionDuration = 0.5
        var start = pilot.clock.seconds
        pilot.deliver(.key(KeyEvent(.pageDown, modifiers: .ctrl)))
        var samples = record(pilot, controller, [tabs[1].view])
        let own = try #require(samples.first { !$0.moving }).time - start
        #expect(abs(own - 0.5) <= 1.0 / 60 + 1e-9, "its own duration wins (\(own))")
        controller.transitionDuration = nil
        pilot.window.transitionDuration = 0
        let recorder = LifecycleRecorder()
        start = pilot.clock.seconds
        pilot.deliver(.key(KeyEvent(.pageDown, modifiers: .ctrl)))
        #expect(!controller.isTransitioning && controller.selectedIndex == 2, "0: at once (--no-animation)")
        #expect(recorder.log(for: tabs[2]).contains("viewWillAppear(false)"))
        samples = record(pilot, controller, [tabs[2].view])
        #expect(samples.allSatisfy { $0.xs == [0] })
    }

    @Test func anUnanimatedRequestOrTheNoneStyleSwitchesAtOnce() throws {
        let (pilot, controller, _) = make(.none)
        pilot.deliver(.key(KeyEvent(.pageDown, modifiers: .ctrl)))
        #expect(!controller.isTransitioning, "style none: nothing to wait for")
        controller.switchStyle = .push(from: .right)
        try controller.setSelectedIndex(2, animated: false)
        #expect(!controller.isTransitioning && controller.selectedIndex == 2)
        _ = pilot
    }
}
