import Testing
import Shoji
import ShojiTesting

/// `ProgressView`: the value's range, the bar in eighths of a cell or whole ASCII cells, the
/// label, and the animated change on the animator's clock.
@MainActor
struct ProgressViewTests {
    /// A bar `width` columns wide on row 0 of a window as wide.
    private func bar(width: Int = 10, progress: Double = 0) -> (Pilot, ProgressView) {
        let view = ProgressView(progress: progress, frame: Rect(x: 0, y: 0, width: width, height: 1))
        return (pilot(showing: view, size: Size(width: width, height: 1)), view)
    }

    @Test func progressIsClampedToZeroThroughOne() {
        let view = ProgressView(progress: 7)
        #expect(view.progress == 1)
        view.progress = -0.5
        #expect(view.progress == 0)
        view.progress = 0.25
        #expect(view.progress == 0.25)
        view.setProgress(.nan, animated: false)
        #expect(view.progress == 0)
        view.setProgress(.infinity, animated: true)
        #expect(view.progress == 1)
    }

    @Test(arguments: [
        (0.0, "──────────"),
        (0.01, "──────────"),  // 0.8 of an eighth: nothing shows yet
        (0.0125, "▏─────────"),  // one eighth
        (0.5, "█████─────"),
        (0.55, "█████▌────"),  // 44 eighths
        (0.42, "████▏─────"),  // 33.6 → 33 eighths
        (0.999, "█████████▉"),  // never full before it is
        (1.0, "██████████")
    ])
    func theBarFillsInEighthsOfACellRoundedDown(progress: Double, expected: String) {
        let (pilot, _) = bar(progress: progress)
        #expect(pilot.lines[0] == expected)
    }

    @Test func everyEighthHasItsBlock() {
        let (pilot, view) = bar(width: 1)
        var seen: [String] = []
        for eighths in 0...8 {
            view.progress = Double(eighths) / 8
            pilot.advance(by: 0.1)
            seen.append(pilot.lines[0])
        }
        #expect(seen == ["─", "▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"])
    }

    @Test func asciiGlyphsDrawWholeCellsOfHashesOverDashes() {
        let (pilot, view) = bar(progress: 0.55)
        pilot.window.glyphSet = .ascii
        pilot.advance(by: 0.1)
        #expect(pilot.lines[0] == "#####-----", "5.5 cells: five whole ones")
        view.progress = 0.999
        pilot.advance(by: 0.1)
        #expect(pilot.lines[0] == "#########-")
        view.progress = 1
        pilot.advance(by: 0.1)
        #expect(pilot.lines[0] == "##########")
    }

    @Test func theTrackIsDimAndTheFillPlain() {
        let (pilot, _) = bar(width: 4, progress: 0.5)
        #expect(pilot.screen.styledText == "██{dim}──{/}")
    }

    @Test func thePercentageSitsAtTheRightInTheWidthOf100Percent() {
        let (pilot, view) = bar(width: 15, progress: 0.42)
        view.caption = .percentage
        pilot.advance(by: 0.1)
        #expect(pilot.lines[0] == "████▏─────  42%", "a 10-column bar, a gap, then the label")
        view.progress = 0.999
        pilot.advance(by: 0.1)
        #expect(pilot.lines[0] == "█████████▉  99%", "rounded down: not 100% before it is")
        view.progress = 1
        pilot.advance(by: 0.1)
        #expect(pilot.lines[0] == "██████████ 100%", "the bar keeps its length")
    }

    @Test func aCustomLabelTakesItsOwnWidth() {
        let (pilot, view) = bar(width: 12, progress: 1)
        view.caption = .text("日本")
        pilot.advance(by: 0.1)
        #expect(pilot.lines[0] == "███████ 日本")
        view.caption = .none
        pilot.advance(by: 0.1)
        #expect(pilot.lines[0] == "████████████")
    }

    @Test func noIntrinsicWidthAndOneRow() {
        let view = ProgressView()
        #expect(view.intrinsicContentSize.width == View.noIntrinsicMetric)
        #expect(view.intrinsicContentSize.height == 1)
        #expect(view.sizeThatFits(Size(width: 30, height: 5)) == Size(width: 30, height: 1))
        #expect(!view.canBecomeFocused && !view.isUserInteractionEnabled)
    }

    @Test func anAnimatedChangeMovesTheBarOverTheDurationOnTheClock() {
        let (pilot, view) = bar(width: 8)
        let start = pilot.clock.seconds
        view.setProgress(1, animated: true)
        #expect(view.progress == 1, "the value reads the new one at once")
        var shown: [(time: Double, progress: Double, line: String)] = []
        pilot.stepFrames(limit: 1) {
            shown.append((pilot.clock.seconds - start, view.displayedProgress, pilot.lines[0]))
        }
        let values = shown.map(\.progress)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 }, "it only moves forward")
        #expect(values.contains { $0 > 0.2 && $0 < 0.8 }, "it passes through the middle: \(values)")
        let end = shown.first { $0.progress == 1 }
        #expect(end != nil && abs(end!.time - view.animationDuration) < 0.02, "it ends after the duration")
        #expect(shown.last?.line == "████████")
        let partial = shown.map(\.line).filter { line in "▏▎▍▌▋▊▉".contains { line.contains($0) } }
        #expect(partial.count >= 8, "the bar moves by eighths of a cell: \(shown.map(\.line))")
        #expect(pilot.loop.nextDeadline == nil, "nothing left to draw")
    }

    @Test func aNewValueDuringAMotionStartsFromWhereTheBarIs() {
        let (pilot, view) = bar(width: 8)
        view.setProgress(1, animated: true)
        pilot.advance(by: view.animationDuration / 2)
        let halfway = view.displayedProgress
        #expect(halfway > 0.2 && halfway < 0.8)
        view.setProgress(0, animated: true)
        #expect(
            view.displayedProgress <= halfway && halfway - view.displayedProgress < 0.01,
            "no jump: the new motion starts where the bar is, and shows at most its first step already")
        pilot.advance(by: 0.02)
        #expect(view.displayedProgress < halfway, "it turned back")
        pilot.advance(by: 1)
        #expect(view.displayedProgress == 0 && pilot.lines[0] == "────────")
    }

    @Test func reducedMotionAndNoWindowShowTheNewValueAtOnce() {
        View.areAnimationsEnabled = false
        defer { View.areAnimationsEnabled = true }
        let (pilot, view) = bar(width: 8)
        view.setProgress(0.5, animated: true)
        #expect(view.displayedProgress == 0.5)
        pilot.advance(by: pilot.loop.frameInterval)
        #expect(pilot.lines[0] == "████────")
        #expect(pilot.loop.nextDeadline == nil)
        let loose = ProgressView()
        loose.setProgress(0.75, animated: true)
        #expect(loose.displayedProgress == 0.75, "outside a window")
    }

    @Test func aPlainSetStopsAMotion() {
        let (pilot, view) = bar(width: 8)
        view.setProgress(1, animated: true)
        pilot.advance(by: 0.05)
        view.progress = 0.25
        #expect(view.displayedProgress == 0.25)
        pilot.advance(by: 0.05)
        #expect(pilot.lines[0] == "██──────")
        pilot.advance(by: 1)
        #expect(pilot.lines[0] == "██──────", "the old motion does not come back")
    }

    @Test func leavingTheWindowEndsAMotionAtItsTarget() {
        let (pilot, view) = bar(width: 8)
        view.setProgress(1, animated: true)
        pilot.advance(by: 0.05)
        view.removeFromSuperview()
        #expect(view.displayedProgress == 1)
        pilot.advance(by: pilot.loop.frameInterval)
        #expect(pilot.loop.nextDeadline == nil, "no frames for a bar that left")
    }
}

/// The indeterminate bar: a block sweeping back and forth while drawn, standing still when not.
@MainActor
struct IndeterminateProgressViewTests {
    private func sweeping(width: Int = 14) -> (Pilot, ProgressView) {
        let view = ProgressView(progress: 0.5, frame: Rect(x: 0, y: 0, width: width, height: 1))
        view.caption = .percentage
        view.isIndeterminate = true
        return (pilot(showing: view, size: Size(width: width, height: 2)), view)
    }

    @Test func aBlockSweepsBackAndForthACellAStep() {
        let (pilot, view) = sweeping()
        // 14 columns: 5 for the label (empty while indeterminate), a bar of 9, a block of 1.
        #expect(pilot.lines[0] == "█────────     ", "the block at the left, no percentage")
        // Every frame on the way, each step's frame included (a step comes a frame after the
        // drawing that armed it, so steps are not exactly `stepInterval` apart).
        pilot.screen.clearFrames()
        pilot.advance(by: 2.5)
        var starts: [Int] = []
        for frame in pilot.screen.frames {
            let row = (0..<9).map { frame[$0, 0].grapheme }
            guard let start = row.firstIndex(of: "█") else { continue }
            if starts.last != start { starts.append(start) }
        }
        #expect(Array(starts.prefix(17)) == [1, 2, 3, 4, 5, 6, 7, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1], "\(starts)")
        #expect(view.accessibilityValue == "in progress")
        view.isIndeterminate = false
        pilot.settle()
        #expect(pilot.lines[0] == "████▌────  50%", "the progress it kept shows again")
    }

    @Test func itStandsStillUnseenAndForAScreenReader() {
        let (pilot, view) = sweeping()
        pilot.advance(by: 0.3)
        view.isHidden = true
        pilot.settle()
        #expect(pilot.loop.nextDeadline == nil, "hidden: no timer")
        view.isHidden = false
        pilot.window.isScreenReaderModeOn = true
        pilot.settle()
        let shown = pilot.lines[0], frames = pilot.screen.presentCount
        pilot.advance(by: 2)
        #expect(pilot.lines[0] == shown && pilot.screen.presentCount == frames && pilot.loop.nextDeadline == nil)
    }
}
