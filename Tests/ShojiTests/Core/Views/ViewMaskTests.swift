import Testing
@testable import Shoji
import ShojiTesting

/// `View.mask`: drawing and hits clipped to a rectangle, dimming inside it only, and the mask
/// animated frame by frame through the animator (the mechanism under `TransitionStyle.wipe`).
@MainActor
struct ViewMaskTests {
    /// A 10x4 window of dots with an X view over all of it.
    private func masked(_ mask: Rect?) -> (Pilot, FillView) {
        let back = FillView(".", frame: Rect(x: 0, y: 0, width: 10, height: 4))
        let front = FillView("X", frame: Rect(x: 0, y: 0, width: 10, height: 4))
        front.mask = mask
        let pilot = pilot(showing: back, front, size: Size(width: 10, height: 4))
        return (pilot, front)
    }

    @Test func onlyTheCellsInsideTheMaskAreDrawnAndWhatIsBehindShowsElsewhere() {
        let (pilot, _) = masked(Rect(x: 2, y: 1, width: 3, height: 2))
        #expect(pilot.lines == ["..........", "..XXX.....", "..XXX.....", ".........."])
    }

    @Test func noMaskDrawsTheWholeViewAndAnEmptyMaskNothing() {
        let (pilot, front) = masked(nil)
        #expect(pilot.lines.allSatisfy { $0 == "XXXXXXXXXX" })
        front.mask = Rect(x: 0, y: 0, width: 10, height: 0)
        pilot.settle()
        #expect(pilot.lines.allSatisfy { $0 == ".........." }, "an empty strip hides the view")
        #expect(pilot.window.contentView.hitTest(Point(x: 3, y: 0)) !== front)
    }

    @Test func subviewsAreClippedToTheMaskAndAMaskBeyondTheBoundsIsClippedToThem() {
        let front = FillView("X", frame: Rect(x: 0, y: 0, width: 10, height: 4))
        front.addSubview(FillView("s", frame: Rect(x: 0, y: 0, width: 10, height: 1)))
        front.mask = Rect(x: 8, y: 0, width: 20, height: 2)
        let pilot = pilot(showing: front, size: Size(width: 10, height: 4))
        #expect(pilot.lines == ["        ss", "        XX", "          ", "          "])
    }

    @Test func aDimAlphaDimsOnlyTheCellsInsideTheMask() {
        let (pilot, front) = masked(Rect(x: 0, y: 0, width: 4, height: 1))
        front.alpha = 0.5
        pilot.settle()
        let frame = pilot.screen.lastFrame!
        // Subscripts are (column, row).
        #expect(frame[0, 0].style.attributes.contains(.dim) && frame[3, 0].style.attributes.contains(.dim))
        #expect(!frame[4, 0].style.attributes.contains(.dim), "the dots beside the mask stay normal")
        #expect(!frame[0, 1].style.attributes.contains(.dim))
    }

    @Test func hitsOutsideTheMaskPassToTheViewsBehind() {
        let (pilot, front) = masked(Rect(x: 2, y: 1, width: 3, height: 2))
        let content = pilot.window.contentView
        #expect(content.hitTest(Point(x: 2, y: 1)) === front)
        #expect(content.hitTest(Point(x: 4, y: 2)) === front)
        #expect(content.hitTest(Point(x: 5, y: 1)) !== front)
        #expect(content.hitTest(Point(x: 2, y: 0)) !== front)
    }

    // MARK: Animation

    /// Rows of X from the top at each frame while the mask grows from the top strip to the
    /// whole view, linearly over 0.2 s at 60 Hz on an 8-row view: t seconds after it began (a
    /// frame before its first frame, the loop being idle) the bottom edge is at ⌊8·t/0.2 + ½⌋,
    /// as the one rounding rule says (8 rows: no frame falls on a half).
    @Test func aMaskGrowsFromTheTopStripRowByRowAndEndsAsNil() throws {
        let back = FillView(".", frame: Rect(x: 0, y: 0, width: 6, height: 8))
        let front = FillView("X", frame: Rect(x: 0, y: 0, width: 6, height: 8))
        front.mask = Rect(x: 0, y: 0, width: 6, height: 0)
        let pilot = pilot(showing: back, front, size: Size(width: 6, height: 8))
        pilot.advance(by: 1)
        var finished: [Bool] = []
        View.animate(withDuration: 0.2, curve: .linear) {
            front.mask = nil
        } completion: {
            finished.append($0)
        }
        let start = try #require(pilot.window.animator.animations.first?.startTime)
        #expect(start < pilot.clock.seconds, "idle, it began a frame before the frame that shows it")
        #expect(front.mask == Rect(x: 0, y: 0, width: 6, height: 0), "a block's change plays from the old value")
        #expect(front.isAnimating && front.targetMask == nil)
        var rows: [Int] = []
        stepFrames(pilot) {
            let shown = pilot.lines.prefix { $0 == "XXXXXX" }.count
            #expect(pilot.lines.dropFirst(shown).allSatisfy { $0 == "......" }, "a top part, no gaps: \(pilot.lines)")
            let elapsed = pilot.clock.seconds - start
            let progress = elapsed >= 0.2 - 1e-9 ? 1 : elapsed / 0.2
            #expect(shown == Int((8 * progress + 0.5).rounded(.down)), "at \(elapsed) s")
            rows.append(shown)
        }
        #expect(Set(rows).isSuperset(of: 1...8), "row by row over the frames: \(rows)")
        #expect(front.mask == nil && !front.isAnimating && finished == [true])
    }

    @Test func aSetOutsideABlockStopsTheMaskWhereItIs() {
        let (pilot, front) = masked(Rect(x: 0, y: 0, width: 10, height: 0))
        pilot.advance(by: 1)
        var finished: [Bool] = []
        View.animate(withDuration: 0.3, curve: .linear) {
            front.mask = nil
        } completion: {
            finished.append($0)
        }
        pilot.advance(by: 0.15)
        #expect(front.mask == Rect(x: 0, y: 0, width: 10, height: 2), "half way: 2 of 4 rows")
        front.mask = Rect(x: 0, y: 0, width: 10, height: 1)
        #expect(finished == [false] && !front.isAnimating)
        pilot.settle()
        #expect(front.mask == Rect(x: 0, y: 0, width: 10, height: 1))
    }

    @Test func cancelAndFinishApplyToTheMaskToo() {
        let (pilot, front) = masked(Rect(x: 0, y: 0, width: 10, height: 0))
        pilot.advance(by: 1)
        View.animate(withDuration: 0.3) { front.mask = nil }
        front.finishAnimations()
        #expect(front.mask == nil && !front.isAnimating)
        View.animate(withDuration: 0.3, curve: .linear) { front.mask = Rect(x: 0, y: 0, width: 10, height: 0) }
        pilot.advance(by: 0.15)
        front.cancelAnimations()
        #expect(front.mask == Rect(x: 0, y: 0, width: 10, height: 2) && !front.isAnimating)
    }

    @Test func reducedMotionSetsTheMaskAtOnce() {
        View.areAnimationsEnabled = false
        defer { View.areAnimationsEnabled = true }
        let (pilot, front) = masked(Rect(x: 0, y: 0, width: 10, height: 0))
        var finished: [Bool] = []
        View.animate(withDuration: 0.3) {
            front.mask = nil
        } completion: {
            finished.append($0)
        }
        #expect(front.mask == nil)
        pilot.settle()
        #expect(finished == [true] && pilot.lines.allSatisfy { $0 == "XXXXXXXXXX" })
    }

    // MARK: Resizing

    @Test func theMaskScalesWithTheView() {
        let view = View(frame: Rect(x: 0, y: 0, width: 20, height: 10))
        view.mask = Rect(x: 0, y: 0, width: 20, height: 5)
        view.frame.size = Size(width: 40, height: 30)
        #expect(view.mask == Rect(x: 0, y: 0, width: 40, height: 15), "the same half, the far edge on the far edge")
        view.mask = Rect(x: 10, y: 30, width: 30, height: 0)
        view.frame.size = Size(width: 4, height: 3)
        #expect(view.mask == Rect(x: 1, y: 3, width: 3, height: 0), "a bottom strip stays at the bottom")
        view.frame.size = .zero
        #expect(view.mask == Rect(x: 0, y: 0, width: 0, height: 0))
        view.frame.size = Size(width: 8, height: 8)
        #expect(view.mask == Rect(x: 0, y: 0, width: 0, height: 0), "from an empty axis the edges stay")
    }

    @Test func aResizeMidAnimationRescalesBothEndsAndLandsOnTheNewBounds() {
        let front = FillView("X", frame: Rect(x: 0, y: 0, width: 10, height: 4))
        front.mask = Rect(x: 0, y: 0, width: 10, height: 0)
        let pilot = pilot(showing: front, size: Size(width: 10, height: 4))
        front.autoresizingMask = .flexibleSize  // once the host's view has the window's size
        pilot.advance(by: 1)
        View.animate(withDuration: 0.3, curve: .linear) { front.mask = nil }
        pilot.advance(by: 0.15)
        #expect(front.mask == Rect(x: 0, y: 0, width: 10, height: 2))
        pilot.screen.size = Size(width: 20, height: 8)
        pilot.deliver(.resize(Size(width: 20, height: 8)))
        #expect(front.mask == Rect(x: 0, y: 0, width: 20, height: 4), "the same part of the bigger view")
        var rows: [Int] = []
        stepFrames(pilot) { rows.append(pilot.lines.prefix { $0.hasPrefix("X") }.count) }
        #expect(zip(rows, rows.dropFirst()).allSatisfy { $0 <= $1 } && rows.last == 8, "\(rows)")
        #expect(pilot.lines.allSatisfy { $0 == String(repeating: "X", count: 20) } && front.mask == nil)
    }
}
