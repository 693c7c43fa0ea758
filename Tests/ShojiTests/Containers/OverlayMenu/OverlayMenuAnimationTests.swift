import Testing
@testable import Shoji
import ShojiTesting

/// The overlay's show and hide frame by frame on the manual clock (60 Hz, 0.3 s, ease-out),
/// reversals, events during its motion and during an animated selection under it. The motion
/// takes the window's `transitionDuration`, 0.3 s by default.
@MainActor
struct OverlayMenuAnimationTests {
    private func makeOverlay(size: Size = Size(width: 60, height: 20)) -> (Pilot, OverlayMenuController, [Page]) {
        let pages = OverlayMenuTests.pages(5)
        let overlay = OverlayMenuController(viewControllers: pages)
        let pilot = Pilot(Window(rootViewController: overlay), size: size)
        pilot.advance(by: 1)  // past the first frame's interval: a key renders at once
        return (pilot, overlay, pages)
    }

    /// One frame of the overlay's motion: the time since it started, what the screen shows.
    struct Sample {
        var time: Double
        /// The overlay's shown opacity: 0 nothing, 1 dim, 2 normal.
        var level: Int
        var mask: Rect?
        /// Whether the child's cell at the bottom-left corner is drawn dim.
        var childDim: Bool
        /// The label's row as drawn, if the label shows ("Page A" somewhere on it).
        var labelShown: Bool
        /// Whether the label's text is drawn dim.
        var labelDim: Bool
        var transitioning: Bool
    }

    private func record(_ pilot: Pilot, _ overlay: OverlayMenuController, from start: Double) -> [Sample] {
        var samples: [Sample] = []
        let labelRow = overlay.menuView.layout.labelFrame.minY
        // The frame the key was answered with first, then every frame until nothing moves.
        func take() {
            let frame = pilot.screen.lastFrame!
            let line = pilot.line(labelRow)
            let cells = Array(line), word = Array("Page A")
            let column =
                cells.count < word.count
                ? nil
                : (0...(cells.count - word.count)).first { Array(cells[$0..<($0 + word.count)]) == word }
            samples.append(
                Sample(
                    time: pilot.clock.seconds - start, level: overlay.menuView.opacityLevel,
                    mask: overlay.menuView.mask,
                    childDim: frame[0, pilot.screen.size.height - 1].style.attributes.contains(.dim),
                    labelShown: column != nil,
                    labelDim: column.map { frame[$0, labelRow].style.attributes.contains(.dim) } ?? false,
                    transitioning: overlay.isTransitioning))
        }
        take()
        stepFrames(pilot) { take() }
        return samples
    }

    private func deduplicated<T: Equatable>(_ values: [T]) -> [T] {
        values.reduce(into: []) { result, value in if result.last != value { result.append(value) } }
    }

    /// Whether each mask contains the one before (nil is the whole view).
    private func grows(_ masks: [Rect?], in bounds: Rect) -> Bool {
        zip(masks, masks.dropFirst()).allSatisfy { previous, next in
            let a = previous ?? bounds, b = next ?? bounds
            return b.intersection(a) == a
        }
    }

    @Test func showingFadesThroughTheAlphaLevelsGrowsFromTheCentreAndDimsTheChild() throws {
        let (pilot, overlay, _) = makeOverlay()
        let start = pilot.clock.seconds
        pilot.deliver(.key(KeyEvent(.function(4))))
        #expect(overlay.isMenuVisible && overlay.isTransitioning)
        let samples = record(pilot, overlay, from: start)
        #expect(deduplicated(samples.map(\.level)) == [0, 1, 2], "nothing, dim, normal: \(samples.map(\.level))")
        #expect(deduplicated(samples.map(\.childDim)) == [false, true], "the child dims once, and stays dim")
        #expect(grows(samples.map(\.mask), in: overlay.menuView.bounds), "the mask only grows")
        let centre = Point(x: 30, y: 10)
        #expect(
            samples.allSatisfy { ($0.mask ?? overlay.menuView.bounds).contains(centre) || $0.mask?.isEmpty == true })
        #expect(samples.last?.mask == nil && samples.last?.level == 2)
        // On screen: the label shows dim while the overlay is dim, then normal.
        let labelStates = deduplicated(samples.map { $0.labelShown ? ($0.labelDim ? "dim" : "normal") : "none" })
        #expect(labelStates == ["none", "dim", "normal"], "\(labelStates)")
        let end = try #require(samples.first { !$0.transitioning }).time
        #expect(abs(end - 0.3) <= 1.0 / 60 + 1e-9, "ends after 0.3 s from a frame before the key (\(end))")
        #expect((17...19).contains(samples.count), "about 18 frames at 60 Hz: \(samples.count)")
        #expect(overlay.menuView.isFocused)
    }

    @Test func hidingIsTheReverse() throws {
        let (pilot, overlay, _) = makeOverlay()
        pilot.press(.function(4))
        pilot.settle()
        pilot.advance(by: 1)
        let start = pilot.clock.seconds
        pilot.deliver(.key(KeyEvent(.escape)))
        #expect(!overlay.isMenuVisible && overlay.isTransitioning)
        let samples = record(pilot, overlay, from: start)
        #expect(deduplicated(samples.map(\.level)) == [2, 1, 0], "\(samples.map(\.level))")
        #expect(deduplicated(samples.map(\.childDim)) == [true, false])
        #expect(grows(samples.map(\.mask).reversed(), in: overlay.menuView.bounds), "the mask only shrinks")
        #expect(samples.last?.mask == Rect(x: 30, y: 10, width: 0, height: 0), "back to the centre")
        #expect(overlay.menuView.isHidden && !overlay.isTransitioning)
        #expect(!pilot.text.contains("Page B"))
    }

    @Test func aToggleMidwayReversesFromWhereItIsOverTheTimeLeft() throws {
        final class Spy: OverlayMenuDelegate {
            var log: [String] = []
            func overlayMenuDidShowMenu(_ overlayMenu: OverlayMenuController) { log.append("didShow") }
            func overlayMenuDidHideMenu(_ overlayMenu: OverlayMenuController) { log.append("didHide") }
        }
        let (pilot, overlay, _) = makeOverlay()
        let spy = Spy()
        overlay.delegate = spy
        pilot.deliver(.key(KeyEvent(.function(4))))
        pilot.advance(by: 0.1)
        let alpha = overlay.menuView.alpha
        let mask = try #require(overlay.menuView.mask)
        #expect(alpha > 0.25 && alpha < 1)
        let turn = pilot.clock.seconds
        pilot.deliver(.key(KeyEvent(.function(4))))
        #expect(pilot.window.queuedEvents.isEmpty, "taken during the motion, not held back")
        #expect(!overlay.isMenuVisible)
        var alphas: [Double] = []
        var masks: [Rect?] = []
        var end: Double?
        stepFrames(pilot) {
            alphas.append(overlay.menuView.alpha)
            masks.append(overlay.menuView.mask)
            if end == nil, !overlay.isTransitioning { end = pilot.clock.seconds - turn }
        }
        #expect(alphas.first.map { $0 <= alpha } == true && zip(alphas, alphas.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(
            masks.first.map { mask.intersection($0 ?? .zero) == ($0 ?? .zero) } == true, "no jump to a full overlay")
        #expect(grows(masks.reversed(), in: overlay.menuView.bounds))
        let took = try #require(end)
        #expect(abs(took - 0.3 * alpha) <= 1.0 / 60 + 1e-9, "proportional to what is left: \(took) vs \(0.3 * alpha)")
        #expect(overlay.menuView.isHidden && spy.log == ["didHide"], "the interrupted show is not reported as shown")
    }

    @Test func escapeAndTheRightButtonAlsoReverseAMotion() {
        let (pilot, overlay, _) = makeOverlay()
        pilot.deliver(.key(KeyEvent(.function(4))))
        pilot.advance(by: 0.05)
        pilot.deliver(.key(KeyEvent(.escape)))
        #expect(!overlay.isMenuVisible && pilot.window.queuedEvents.isEmpty)
        pilot.advance(by: 0.02)
        pilot.deliver(.mouse(MouseEvent(.press(.right), at: Point(x: 1, y: 1))))
        #expect(overlay.isMenuVisible && pilot.window.queuedEvents.isEmpty, "the right button shows it again")
        pilot.settle()
        #expect(overlay.isMenuVisible && overlay.menuView.alpha == 1 && overlay.menuView.mask == nil)
    }

    @Test func otherEventsDuringTheMotionWaitAndArriveInOrderAfterIt() {
        let (pilot, overlay, pages) = makeOverlay()
        pilot.deliver(.key(KeyEvent(.function(4))))
        pilot.advance(by: 0.05)
        pilot.deliver(.key(KeyEvent(.right)))
        pilot.deliver(.key(KeyEvent(.right)))
        pilot.deliver(.key(KeyEvent(.enter)))
        #expect(pilot.window.queuedEvents.count == 3 && overlay.menuView.highlightedIndex == 0, "held back")
        pilot.settle()
        pilot.settle()
        #expect(
            overlay.selectedViewController === pages[2] && !overlay.isMenuVisible,
            "delivered, in order, after the motion")
        #expect(pilot.window.queuedEvents.isEmpty && pilot.line(19) == String(repeating: "C", count: 60))
    }

    @Test func anAnimatedChoiceSwapsTheChildUnderTheClosingOverlay() throws {
        let (pilot, overlay, pages) = makeOverlay()
        overlay.selectionStyle = .wipe(from: .top)
        pilot.press(.function(4))
        pilot.settle()
        pilot.advance(by: 1)
        let recorder = LifecycleRecorder()
        pilot.deliver(.key(KeyEvent(.right)))
        pilot.deliver(.key(KeyEvent(.enter)))
        #expect(overlay.selectedViewController === pages[1] && !overlay.isMenuVisible)
        #expect(recorder.log(for: pages[0]) == ["viewWillDisappear(true)"])
        #expect(recorder.log(for: pages[1]) == ["viewDidLoad", "viewWillAppear(true)"])
        pilot.advance(by: 0.15)
        // B is wiped in from the top over A, under the fading overlay.
        #expect(pilot.line(19).hasPrefix("AAAA") && pilot.line(0).contains("B"))
        pilot.deliver(.key(KeyEvent(.character("x"))))
        #expect(pilot.window.queuedEvents.count == 1, "held back while the selection animates")
        overlay.setSelectedViewController(pages[3], animated: true)
        #expect(overlay.selectedViewController === pages[1], "a selection meanwhile waits its turn")
        pilot.settle()
        pilot.settle()
        #expect(overlay.selectedViewController === pages[3] && pilot.line(19) == String(repeating: "D", count: 60))
        #expect(
            recorder.log(for: pages[1]) == [
                "viewDidLoad", "viewWillAppear(true)", "viewDidAppear(true)",
                "viewWillDisappear(true)", "viewDidDisappear(true)"
            ])
        #expect(pages.allSatisfy { $0.viewIfLoaded?.mask == nil })
        try LifecycleChecker.verify(recorder.events, historyIsComplete: false)
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window, others: pages))
    }

    @Test func replacingTheChildrenFinishesARunningSelectionFirst() throws {
        let (pilot, overlay, pages) = makeOverlay()
        overlay.selectionStyle = .fade
        overlay.setSelectedViewController(pages[1], animated: true)
        pilot.advance(by: 0.1)
        #expect(overlay.isTransitioning)
        let z = Page("Z")
        overlay.viewControllers = [pages[1], z]
        #expect(overlay.viewControllers.count == 2 && overlay.selectedViewController === pages[1], "at once")
        #expect(!overlay.isTransitioning && pages[1].appearancePhase == .didAppear)
        pilot.settle()
        #expect(pilot.line(0) == String(repeating: "B", count: 60))
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window, others: pages))
    }

    @Test func reducedMotionShowsAndHidesOnTheNextFrame() {
        View.areAnimationsEnabled = false
        defer { View.areAnimationsEnabled = true }
        let (pilot, overlay, _) = makeOverlay()
        pilot.deliver(.key(KeyEvent(.function(4))))
        let took = pilot.settle()
        #expect(took <= 1.0 / 60 + 1e-9 && overlay.menuView.alpha == 1 && overlay.menuView.mask == nil)
        #expect(pilot.text.contains("Page C"))
        pilot.deliver(.key(KeyEvent(.escape)))
        pilot.settle()
        #expect(overlay.menuView.isHidden && overlay.transitionView.alpha == 1)
    }

    @Test func aResizeMidShowKeepsTheOverlayGrowingFromTheNewCentre() throws {
        let (pilot, overlay, _) = makeOverlay()
        pilot.deliver(.key(KeyEvent(.function(4))))
        pilot.advance(by: 0.05)
        pilot.resize(to: Size(width: 30, height: 10))
        let mask = try #require(overlay.menuView.mask)
        #expect(abs((mask.minX + mask.maxX) - 30) <= 2 && abs((mask.minY + mask.maxY) - 10) <= 2, "centred: \(mask)")
        pilot.settle()
        #expect(overlay.menuView.mask == nil && overlay.menuView.frame == Rect(x: 0, y: 0, width: 30, height: 10))
        #expect(overlay.isMenuVisible && pilot.text.contains("Page A"))
    }
}
