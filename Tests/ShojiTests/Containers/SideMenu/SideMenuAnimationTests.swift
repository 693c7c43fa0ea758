import Testing
@testable import Shoji
import ShojiTesting

/// The side menu's motion, frame by frame on the manual clock (60 Hz, 0.3 s, ease-out).
@MainActor
struct SideMenuAnimationTests {
    private func makeMenu(size: Size = Size(width: 60, height: 12)) throws -> (Pilot, SideMenuController) {
        let panes = (0..<3).map { MenuPane("Pane \($0)") }
        let menu = try SideMenuController(viewControllers: panes, menuTitles: panes.map { $0.title! })
        let pilot = Pilot(Window(rootViewController: menu), size: size)
        pilot.advance(by: 1)  // past the first frame's interval: the next key renders at once
        return (pilot, menu)
    }

    /// The pane's x at every frame until nothing moves, with each frame's time and whether the
    /// menu was still transitioning after it.
    private func record(_ pilot: Pilot, _ menu: SideMenuController, limit: Double = 2) -> [(
        time: Double, x: Int, moving: Bool
    )] {
        var samples: [(Double, Int, Bool)] = []
        let start = pilot.clock.seconds
        while pilot.clock.seconds - start < limit, pilot.advanceToNextFrame() {
            samples.append((pilot.clock.seconds, menu.paneView.frame.minX, menu.isTransitioning))
        }
        return samples
    }

    @Test func openingSlidesMonotonicallyAndEndsOnTime() throws {
        let (pilot, menu) = try makeMenu()
        let start = pilot.clock.seconds
        pilot.deliver(.key(KeyEvent(.function(2))))
        let first = menu.paneView.frame.minX
        #expect(first > 0, "the key's own frame shows the first step (the first byte goes out with the key)")
        let samples = record(pilot, menu)
        let xs = [first] + samples.map(\.x)
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 <= $1 }, "never steps back: \(xs)")
        #expect(xs.last == 24)
        let end = try #require(samples.first { !$0.moving }).time - start
        #expect(
            end >= 0.3 - 1.0 / 60 - 1e-9 && end <= 0.3 + 1e-9,
            "ends 0.3 s after it began, a frame before the key (\(end))")
        #expect((16...20).contains(samples.count), "about 18 frames at 60 Hz: \(samples.count)")
        // Ease-out: ahead of linear early on.
        let quarter = try #require(samples.first { $0.time - start >= 0.075 })
        #expect(quarter.x > 6, "ease-out is past a quarter of the way at a quarter of the time (\(quarter.x))")
        #expect(menu.isMenuVisible && !menu.isTransitioning)
    }

    @Test func closingIsTheReverseMotion() throws {
        let (pilot, menu) = try makeMenu()
        pilot.press(.function(2))
        pilot.settle()
        pilot.advance(by: 1)
        pilot.deliver(.key(KeyEvent(.escape)))
        let xs = record(pilot, menu).map(\.x)
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 >= $1 }, "\(xs)")
        #expect(xs.last == 0)
        #expect(!menu.isMenuVisible)
    }

    @Test func aSecondToggleMidwayReversesFromThePaneWithAProportionalDuration() throws {
        let (pilot, menu) = try makeMenu()
        pilot.deliver(.key(KeyEvent(.function(2))))
        pilot.advance(by: 0.1)
        let turnX = menu.paneView.frame.minX
        #expect(turnX > 0 && turnX < 24)
        let turnTime = pilot.clock.seconds
        pilot.deliver(.key(KeyEvent(.function(2))))  // taken by the menu during its own motion, not queued
        #expect(pilot.window.queuedEvents.isEmpty)
        let samples = record(pilot, menu)
        let xs = samples.map(\.x)
        #expect(xs.first.map { $0 <= turnX } == true, "continues from where the pane was")
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 >= $1 }, "\(xs)")
        #expect(xs.last == 0)
        let took = try #require(samples.first { !$0.moving }).time - turnTime
        let expected = 0.3 * Double(turnX) / 24
        #expect(
            abs(took - expected) <= 1.0 / 60 + 1e-9,
            "duration proportional to the distance left: \(took) vs \(expected)")
        #expect(!menu.isMenuVisible)
    }

    @Test func selectingSlidesTheOldPaneOutRightThenTheNewOneInWithBalancedAnimatedCalls() throws {
        let (pilot, menu) = try makeMenu()
        pilot.press(.function(2))
        pilot.settle()
        let outgoing = menu.viewControllers[0], incoming = menu.viewControllers[1]
        let recorder = LifecycleRecorder()
        pilot.press(.down)
        pilot.deliver(.key(KeyEvent(.enter)))
        #expect(menu.selectedIndex == 1, "the selection is the incoming child from the start")
        var xs: [Int] = []
        var sawIncomingOffRight = false
        while pilot.advanceToNextFrame() {
            xs.append(menu.paneView.frame.minX)
            if incoming.viewIfLoaded?.superview === menu.paneView, menu.paneView.frame.minX > 24 {
                sawIncomingOffRight = true
            }
        }
        let peak = try #require(xs.firstIndex(of: 60))
        #expect(zip(xs[..<peak], xs[1...peak]).allSatisfy { $0 <= $1 }, "out to the right: \(xs)")
        #expect(zip(xs[peak...], xs[(peak + 1)...]).allSatisfy { $0 >= $1 }, "then in from the right: \(xs)")
        #expect(xs.last == 0)
        #expect(sawIncomingOffRight, "the new pane comes in from the right edge")
        #expect(
            recorder.log(for: outgoing) == [
                "willMove(toParent: nil)", "viewWillDisappear(true)", "viewDidDisappear(true)", "didMove(toParent: nil)"
            ])
        let m = menu.debugIdentifier
        #expect(
            recorder.log(for: incoming) == [
                "willMove(toParent: \(m))", "viewDidLoad", "viewWillAppear(true)", "viewDidAppear(true)",
                "didMove(toParent: \(m))"
            ])
        #expect(!menu.isMenuVisible)
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window))
    }

    @Test func keysTypedDuringAReplacementAreQueuedAndDeliveredAfter() throws {
        let (pilot, menu) = try makeMenu()
        pilot.press(.function(2))
        pilot.settle()
        pilot.press(.down)
        pilot.deliver(.key(KeyEvent(.enter)))
        pilot.advance(by: 0.1)
        pilot.deliver(.key(KeyEvent(.character("m"))))
        #expect(pilot.window.queuedEvents == [.key(KeyEvent(.character("m")))], "held back, not lost")
        #expect(!menu.isMenuVisible)
        pilot.settle()
        pilot.settle()
        #expect(pilot.window.queuedEvents.isEmpty)
        #expect(menu.selectedIndex == 1)
        #expect(menu.isMenuVisible, "the m typed during the slide opened the menu afterwards")
        #expect(menu.paneView.frame.minX == 24)
    }

    @Test func aResizeMidAnimationRelayoutsAndClampsAgain() throws {
        let (pilot, menu) = try makeMenu()
        pilot.deliver(.key(KeyEvent(.function(2))))
        pilot.advance(by: 0.1)
        pilot.resize(to: Size(width: 20, height: 6))
        var frames = 0
        while pilot.advanceToNextFrame() {
            frames += 1
            #expect(menu.paneView.frame.size == Size(width: 20, height: 6), "the pane always fills the container")
            #expect(menu.paneView.frame.minX <= 16, "never past the clamped width")
            #expect(pilot.screen.lastFrame?.size == Size(width: 20, height: 6))
        }
        #expect(frames > 0)
        #expect(menu.paneView.frame.minX == 16)
        #expect(pilot.line(0).dropFirst(15).hasPrefix("│ [Me"))
    }

    @Test func aResizeThatKeepsTheTargetLetsTheSlideGoOnFromWhereItIs() throws {
        let (pilot, menu) = try makeMenu()
        pilot.deliver(.key(KeyEvent(.function(2))))
        pilot.advance(by: 0.1)
        let before = menu.paneView.frame.minX
        #expect(before > 0 && before < 24)
        pilot.resize(to: Size(width: 70, height: 14))
        #expect(menu.isTransitioning, "still sliding after the resize")
        #expect(menu.paneView.frame.minX < 24, "not jumped to the end")
        let xs = record(pilot, menu).map(\.x)
        #expect(xs.count > 3, "the rest of the slide plays: \(xs)")
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 <= $1 }, "never steps back: \(xs)")
        #expect(xs.last == 24 && menu.paneView.frame.size == Size(width: 70, height: 14))
    }

    @Test func aReplacementWhoseFirstHalfHasNothingToMoveStillTracksItsSecondHalf() throws {
        // 3 columns: the open menu takes the whole width, so the pane is already off the right
        // edge and the first half ends inside the call that starts it, starting the second.
        let (pilot, menu) = try makeMenu(size: Size(width: 3, height: 8))
        menu.toggleMenu(animated: true)
        try menu.setSelectedIndex(2, animated: true)
        #expect(menu.isTransitioning, "the second half slides in")
        pilot.resize(to: Size(width: 72, height: 32))
        pilot.settle()
        #expect(menu.selectedIndex == 2 && !menu.isMenuVisible && menu.paneView.frame.minX == 0)
        #expect(pilot.window.hierarchyChangesDuringLayout == 0, "the resize's layout cut the slide short")
    }

    @Test func reducedMotionCompletesAtOnceWithTheSameEndState() throws {
        View.areAnimationsEnabled = false
        defer { View.areAnimationsEnabled = true }
        let (pilot, menu) = try makeMenu()
        let recorder = LifecycleRecorder()
        pilot.deliver(.key(KeyEvent(.function(2))))
        #expect(menu.paneView.frame.minX == 24 && !menu.isTransitioning)
        try menu.setSelectedIndex(2, animated: true)
        #expect(menu.selectedIndex == 2 && menu.paneView.frame.minX == 0 && !menu.isMenuVisible)
        #expect(
            recorder.log(for: menu.viewControllers[2]).contains("viewWillAppear(false)"),
            "nothing moved, so the calls say animated false")
    }
}
