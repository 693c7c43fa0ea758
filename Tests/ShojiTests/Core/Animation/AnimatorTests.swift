import Testing
@testable import Shoji
import ShojiTesting

/// The animator frame by frame under the manual clock: where a view is at each frame for each
/// curve, when animations end, how they are interrupted, and that each completion runs once.
@MainActor
struct AnimatorTests {
    /// A 30-column window showing one marker at column 0 of row 0, animated by the test.
    private func marker(fps: Int = 60) -> (Pilot, Marker) {
        let view = Marker(frame: Rect(x: 0, y: 0, width: 1, height: 1))
        let pilot = pilot(showing: view, size: Size(width: 30, height: 2), framesPerSecond: fps)
        return (pilot, view)
    }

    // MARK: Curves

    /// Column of a 0 → 24 slide over 0.3 s at 1/3, 1/2 and 2/3 of the time, worked out by hand:
    /// 24 × curve(t) rounded half up.
    @Test(arguments: [
        ("linear", AnimationCurve.linear, [8, 12, 16]),
        ("easeIn", .easeIn, [1, 3, 7]),  // 24/27, 3, 64/9
        ("easeOut", .easeOut, [17, 21, 23]),  // 152/9, 21, 208/9
        ("easeInOut", .easeInOut, [4, 12, 20]),  // 32/9, 12, 184/9
        ("custom t²", .custom { $0 * $0 }, [3, 6, 11])  // 8/3, 6, 32/3
    ])
    func eachCurvePlacesTheViewAtItsValue(name: String, curve: AnimationCurve, expected: [Int]) {
        let (pilot, view) = marker()
        View.animate(withDuration: 0.3, curve: curve) { view.frame.origin.x = 24 }
        var seen: [Int?] = []
        for instant in [0.1, 0.15, 0.2] {
            pilot.advance(to: instant + 0.001)  // just after the frame at that instant
            seen.append(column(of: "#", row: 0, in: pilot))
            #expect(view.frame.origin.x == seen.last!, "the screen shows the frame")
        }
        #expect(seen == expected.map { Optional($0) }, "\(name)")
    }

    @Test func curvesFromOptionsFollowUIKit() {
        #expect(AnimationCurve([]).description == "easeInOut")
        #expect(AnimationCurve(.curveLinear).description == "linear")
        #expect(AnimationCurve(.curveEaseIn).description == "easeIn")
        #expect(AnimationCurve(.curveEaseOut).description == "easeOut")
        #expect(AnimationCurve([.curveEaseIn, .curveEaseOut]).description == "easeInOut")
        #expect(AnimationCurve([.curveLinear, .curveEaseIn]).description == "linear")
    }

    @Test func builtInCurvesRunFromZeroToOneMonotonically() {
        for curve in [AnimationCurve.linear, .easeIn, .easeOut, .easeInOut] {
            #expect(curve.value(at: 0) == 0 && curve.value(at: 1) == 1, "\(curve)")
            #expect(curve.value(at: -1) == 0 && curve.value(at: 2) == 1, "\(curve) clamps its input")
            let values = (0...1000).map { curve.value(at: Double($0) / 1000) }
            #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 }, "\(curve)")
        }
    }

    // MARK: Timing

    @Test(arguments: [AnimationCurve.linear, .easeInOut])
    func a24CellSlideAt60HzMovesMonotonicallyAndEndsOnTime(curve: AnimationCurve) {
        let (pilot, view) = marker()
        var endedAt: [Double] = []
        var results: [Bool] = []
        View.animate(withDuration: 0.3, curve: curve) {
            view.frame.origin.x = 24
        } completion: {
            results.append($0)
            endedAt.append(pilot.clock.seconds)
        }
        var columns: [Int] = []
        stepFrames(pilot) { columns.append(column(of: "#", row: 0, in: pilot) ?? -1) }
        #expect(columns.count == 18, "one frame per 1/60 s for 0.3 s, then the loop sleeps")
        #expect(zip(columns, columns.dropFirst()).allSatisfy { $0 <= $1 }, "never steps back: \(columns)")
        #expect(columns.last == 24 && columns.first! < 24)
        #expect(results == [true])
        #expect(endedAt.count == 1 && abs(endedAt[0] - 0.3) < 1e-9, "ends on the frame at 0.3 s: \(endedAt)")
        #expect(pilot.loop.nextDeadline == nil && !pilot.loop.isTicking && !view.isAnimating)
    }

    // MARK: Speed and retargeting

    /// Starts a linear slide of `view` to column `x` at `speed` cells per second.
    private func slide(_ view: View, to x: Int, speed: Double, completion: @escaping (Bool) -> Void) -> Animation {
        AnimationTransaction.run(
            duration: 0, delay: 0, curve: .linear, owner: nil, speed: speed, context: view.window,
            changes: { view.frame.origin.x = x }, completion: completion)
    }

    @Test func aSpeedGivesTheDurationFromTheDistance() {
        let (pilot, view) = marker()
        var endedAt: [Double] = []
        let animation = slide(view, to: 24, speed: 80) { _ in endedAt.append(pilot.clock.seconds) }
        #expect(abs(animation.duration - 0.3) < 1e-9 && animation.speed == 80, "24 cells at 80 cells/s")
        pilot.settle()
        #expect(endedAt.count == 1 && abs(endedAt[0] - 0.3) < 1e-9)
        var atOnce: [Bool] = []
        _ = slide(view, to: 24, speed: 80) { atOnce.append($0) }
        _ = slide(view, to: 0, speed: .infinity) { atOnce.append($0) }
        #expect(atOnce == [true, true] && view.frame.minX == 0, "no move, or an infinite speed: at once")
    }

    @Test func retargetingASpeedKeepsTheCompletionAndTimesTheRestByTheDistanceLeft() {
        let (pilot, view) = marker()
        var results: [(Bool, Double)] = []
        let animation = slide(view, to: 24, speed: 80) { results.append(($0, pilot.clock.seconds)) }
        pilot.advance(to: 0.15)
        let turn = view.frame.minX
        #expect(turn == 12)
        animation.retarget(view, toFrame: Rect(x: 4, y: 0, width: 1, height: 1))
        #expect(results.isEmpty && animation.isRunning, "nothing was cut short")
        #expect(abs(animation.duration - 0.1) < 1e-9, "8 cells left at 80 cells/s")
        var columns: [Int] = []
        stepFrames(pilot) { columns.append(view.frame.minX) }
        #expect(zip(columns, columns.dropFirst()).allSatisfy { $0 >= $1 } && columns.last == 4, "\(columns)")
        #expect(results.count == 1 && results[0].0 && abs(results[0].1 - 0.25) <= 1.0 / 60 + 1e-9)
        // A new speed, and a start taken at once (a clamp).
        let second = slide(view, to: 20, speed: 80) { _ in }
        pilot.advance(by: 0.05)
        second.retarget(
            view, toFrame: Rect(x: 20, y: 0, width: 1, height: 1), from: Rect(x: 0, y: 0, width: 1, height: 1),
            speed: 40)
        #expect(view.frame.minX == 0 && abs(second.duration - 0.5) < 1e-9 && second.speed == 40)
    }

    @Test func retargetingADurationKeepsTheTimeLeft() {
        let (pilot, view) = marker()
        var results: [Bool] = []
        let animation = View.animate(withDuration: 0.3, curve: .linear) {
            view.frame.origin.x = 24
        } completion: {
            results.append($0)
        }
        pilot.advance(to: 0.1)
        animation.retarget(view, toFrame: Rect(x: 10, y: 0, width: 1, height: 1))
        #expect(abs(animation.duration - 0.2) < 1e-9)
        pilot.settle()
        #expect(results == [true] && view.frame.minX == 10)
        animation.retarget(view, toFrame: Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(view.frame.minX == 10, "a completed animation is not retargeted")
    }

    @Test(arguments: [1, 7, 24, 60, 144])
    func atAnyFrameRateItEndsWithinOneFrameOfItsDuration(fps: Int) {
        let (pilot, view) = marker(fps: fps)
        var endedAt: Double?
        View.animate(withDuration: 0.3, options: .curveLinear) {
            view.frame.origin.x = 24
        } completion: { _ in
            endedAt = pilot.clock.seconds
        }
        pilot.settle()
        #expect(
            endedAt.map { $0 >= 0.3 - 1e-9 && $0 <= 0.3 + 1.0 / Double(fps) + 1e-9 } == true,
            "fps \(fps): ended at \(endedAt ?? -1)")
        #expect(column(of: "#", row: 0, in: pilot) == 24)
    }

    @Test func aStalledFrameSkipsAheadByTheClock() {
        let (pilot, view) = marker()
        var results: [Bool] = []
        View.animate(withDuration: 0.3, options: .curveLinear) {
            view.frame.origin.x = 24
        } completion: {
            results.append($0)
        }
        // The process stalls: the next frame comes at 0.2 s instead of 1/60 s.
        pilot.clock.advance(to: 0.2)
        pilot.loop.performDueWork()
        #expect(column(of: "#", row: 0, in: pilot) == 16, "two thirds of the time, two thirds of the way")
        pilot.clock.advance(to: 0.9)
        pilot.loop.performDueWork()
        #expect(column(of: "#", row: 0, in: pilot) == 24)
        #expect(results == [true], "a stall longer than the rest ends it at the next frame")
    }

    @Test func aDelayHoldsTheStartUntilItPasses() {
        let (pilot, view) = marker()
        var endedAt: Double?
        View.animate(withDuration: 0.2, delay: 0.1, options: .curveLinear) {
            view.frame.origin.x = 20
        } completion: { _ in
            endedAt = pilot.clock.seconds
        }
        pilot.advance(to: 0.1)
        #expect(column(of: "#", row: 0, in: pilot) == 0)
        #expect(pilot.loop.isTicking, "a delayed animation is running")
        pilot.advance(to: 0.201)
        #expect(column(of: "#", row: 0, in: pilot) == 10)
        pilot.settle()
        #expect(endedAt.map { abs($0 - 0.3) < 1e-9 } == true)
    }

    @Test func ticksRunOnlyWhileSomethingAnimates() {
        let (pilot, view) = marker()
        #expect(pilot.loop.nextDeadline == nil && !pilot.loop.isTicking)
        view.animateFrame(to: Rect(x: 10, y: 0, width: 1, height: 1), duration: 0.1)
        #expect(pilot.loop.isTicking && pilot.loop.nextDeadline != nil)
        let framesBefore = pilot.screen.presentCount
        pilot.advance(by: 10)
        #expect(pilot.screen.presentCount - framesBefore == 6, "six frames in 0.1 s, none in the 9.9 s after")
        #expect(pilot.loop.nextDeadline == nil && !pilot.loop.isTicking)
    }

    // MARK: Interruption

    @Test func retargetingMidWayStartsFromTheCurrentCell() {
        let (pilot, view) = marker()
        var first: [Bool] = [], second: [Bool] = []
        view.animateFrame(to: Rect(x: 24, y: 0, width: 1, height: 1), duration: 0.3, curve: .linear) {
            first.append($0)
        }
        pilot.advance(to: 0.151)
        #expect(column(of: "#", row: 0, in: pilot) == 12)
        view.animateFrame(to: Rect(x: 0, y: 0, width: 1, height: 1), duration: 0.3, curve: .linear) {
            second.append($0)
        }
        #expect(first == [false], "the interrupted animation completes at once, not finished")
        #expect(view.frame.origin.x == 12, "the new one starts where the view is")
        var columns: [Int] = []
        stepFrames(pilot) { columns.append(column(of: "#", row: 0, in: pilot) ?? -1) }
        #expect(columns.first.map { $0 == 11 || $0 == 12 } == true, "no jump: \(columns)")
        #expect(zip(columns, columns.dropFirst()).allSatisfy { $0 >= $1 }, "back monotonically: \(columns)")
        #expect(columns.last == 0)
        #expect(first == [false] && second == [true])
    }

    @Test func aDirectSetCancelsTheAnimationAndStays() {
        let (pilot, view) = marker()
        var results: [Bool] = []
        view.animateFrame(to: Rect(x: 24, y: 0, width: 1, height: 1), duration: 0.3) { results.append($0) }
        pilot.advance(to: 0.1)
        view.frame = Rect(x: 5, y: 1, width: 1, height: 1)
        #expect(results == [false])
        pilot.advance(by: 1)
        #expect(view.frame == Rect(x: 5, y: 1, width: 1, height: 1))
        #expect(column(of: "#", row: 1, in: pilot) == 5)
        #expect(!pilot.loop.isTicking && results == [false])
    }

    @Test func cancelStopsWhereItIsAndFinishJumpsToTheEnd() {
        let (pilot, view) = marker()
        let other = Marker("@", frame: Rect(x: 0, y: 1, width: 1, height: 1))
        view.superview?.addSubview(other)
        var results: [String] = []
        let a = view.animateFrame(to: Rect(x: 24, y: 0, width: 1, height: 1), duration: 0.3, curve: .linear) {
            results.append("a \($0)")
        }
        let b = other.animateFrame(to: Rect(x: 24, y: 1, width: 1, height: 1), duration: 0.3, curve: .linear) {
            results.append("b \($0)")
        }
        pilot.advance(to: 0.101)
        a.cancel()
        b.finish()
        #expect(results == ["a false", "b true"])
        #expect(view.frame.origin.x == 8 && other.frame.origin.x == 24)
        #expect(a.finished == false && b.finished == true && !a.isRunning && !b.isRunning)
        a.cancel(); a.finish(); b.cancel(); b.finish()
        pilot.advance(by: 1)
        #expect(results == ["a false", "b true"], "each completion runs exactly once")
        #expect(column(of: "#", row: 0, in: pilot) == 8 && column(of: "@", row: 1, in: pilot) == 24)
    }

    @Test func oneCallWithSeveralViewsCompletesOnceWhenTheLastEnds() {
        let (pilot, view) = marker()
        let other = Marker("@", frame: Rect(x: 0, y: 1, width: 1, height: 1))
        view.superview?.addSubview(other)
        var results: [Bool] = []
        View.animate(withDuration: 0.3) {
            view.frame.origin.x = 10
            other.frame.origin.x = 20
        } completion: {
            results.append($0)
        }
        pilot.advance(to: 0.1)
        other.animateFrame(to: Rect(x: 0, y: 1, width: 1, height: 1), duration: 0.1)  // takes `other` over
        #expect(results.isEmpty, "`view` still moves")
        pilot.settle()
        #expect(results == [false], "once, not finished: one of its views was taken over")
        #expect(view.frame.origin.x == 10 && other.frame.origin.x == 0)
    }

    @Test func aViewLeavingTheWindowEndsAtItsTargetNotFinished() {
        let (pilot, view) = marker()
        var results: [Bool] = []
        view.animateFrame(to: Rect(x: 24, y: 0, width: 1, height: 1), duration: 0.3) { results.append($0) }
        pilot.advance(to: 0.1)
        view.removeFromSuperview()
        #expect(results.isEmpty, "ended at the next frame, not inside the removal")
        pilot.advance(by: 1.0 / 60)
        #expect(results == [false] && view.frame.origin.x == 24 && !view.isAnimating)
    }

    @Test func aWindowThatGoesAwayCancelsItsAnimations() {
        var results: [Bool] = []
        weak var weakWindow: Window?
        do {
            let (pilot, view) = marker()
            weakWindow = pilot.app as? Window
            view.animateFrame(to: Rect(x: 24, y: 0, width: 1, height: 1), duration: 0.3) { results.append($0) }
            pilot.advance(to: 0.1)
        }
        #expect(weakWindow == nil, "the pilot, its window and the views are gone")
        #expect(results == [false], "the completion still ran, once")
    }

    // MARK: Where animations cannot play

    @Test func aViewInNoWindowTakesItsFrameAtOnce() {
        let view = View(frame: Rect(x: 0, y: 0, width: 4, height: 1))
        var results: [Bool] = []
        let animation = View.animate(withDuration: 0.3) {
            view.frame.origin.x = 9
        } completion: {
            results.append($0)
        }
        #expect(results == [true], "completed before `animate` returned")
        #expect(view.frame.origin.x == 9 && !view.isAnimating && !animation.isRunning && animation.startTime == nil)
    }

    @Test func reducedMotionSetsTheEndAtOnceAndCompletesOnTheNextFrame() {
        func run(enabled: Bool) -> (
            results: [Bool], frames: [Rect], alpha: Double, text: String, took: Double,
            atOnce: [Rect]
        ) {
            View.areAnimationsEnabled = enabled
            defer { View.areAnimationsEnabled = true }
            let (pilot, view) = marker()
            let other = Marker("@", frame: Rect(x: 3, y: 1, width: 1, height: 1))
            view.superview?.addSubview(other)
            var results: [Bool] = []
            View.animate(withDuration: 0.3) {
                view.frame = Rect(x: 12, y: 1, width: 1, height: 1)
                other.frame.origin.x = 20
                other.alpha = 0.5
            } completion: {
                results.append($0)
            }
            let atOnce = [view.frame, other.frame]
            #expect(results.isEmpty, "not inside the call")
            let took = pilot.settle()
            return (results, [view.frame, other.frame], other.alpha, pilot.styledText, took, atOnce)
        }
        let played = run(enabled: true)
        let reduced = run(enabled: false)
        #expect(reduced.atOnce == reduced.frames && played.atOnce != played.frames, "reduced motion: the end at once")
        #expect(abs(reduced.took - 1.0 / 60) < 1e-9 && abs(played.took - 0.3) < 1e-9, "completes on the next frame")
        #expect(reduced.results == played.results && reduced.results == [true], "the same completion")
        #expect(reduced.frames == played.frames && reduced.alpha == played.alpha)
        #expect(reduced.text == played.text, "the same final screen")
    }

    /// Under reduced motion an animation that restarts itself from its completion (a spinner)
    /// must not complete and restart at once forever: the app would hang.
    @Test func aSelfRestartingAnimationUnderReducedMotionRunsOncePerFrame() {
        View.areAnimationsEnabled = false
        defer { View.areAnimationsEnabled = true }
        let (pilot, view) = marker()
        var turns = 0
        func spin() {
            View.animate(withDuration: 0.5) {
                view.frame.origin.x = (view.frame.origin.x + 1) % 10
            } completion: { finished in
                turns += 1
                if finished && turns < 1_000 { spin() }  // the cap turns a regression's hang into a failure
            }
        }
        spin()
        #expect(turns == 0 && view.frame.origin.x == 1)
        pilot.advance(by: 1.001)
        #expect(turns == 60, "one turn per frame at 60 fps")
        #expect(column(of: "#", row: 0, in: pilot) == 1, "61 steps around 10 columns")
        view.removeFromSuperview()
        pilot.advance(by: 1)
        #expect(turns == 61 && !pilot.loop.isTicking, "leaving the window ends it, not finished")
    }

    /// An animation started before the window's first main loop callback (a spinner set up in
    /// `viewDidLoad`) plays; completing at once, one that restarts itself would never return.
    @Test func anAnimationStartedBeforeTheWindowRunsPlaysFromItsFirstFrame() {
        let view = Marker(frame: Rect(x: 0, y: 0, width: 1, height: 1))
        let window = Window(rootViewController: HostController([view]))
        var turns = 0
        func spin() {
            view.animateFrame(
                to: Rect(x: view.frame.minX == 0 ? 24 : 0, y: 0, width: 1, height: 1), duration: 0.3,
                curve: .linear
            ) { finished in
                turns += 1
                if finished { spin() }
            }
        }
        spin()
        #expect(turns == 0 && view.frame.origin.x == 0 && window.animator.isAnimating, "waits for the loop")
        let pilot = Pilot(window, size: Size(width: 30, height: 2))
        pilot.advance(to: 0.151)
        #expect(column(of: "#", row: 0, in: pilot) == 12, "started with the first frame")
        pilot.advance(to: 0.301)
        #expect(turns == 1 && view.frame.origin.x == 24)
        pilot.advance(to: 0.451)
        #expect(column(of: "#", row: 0, in: pilot) == 12, "and on its way back")
    }

    @Test func theEnvironmentTurnsAnimationsOffOnlyWithNone() {
        #expect(View.animationsAllowed(byEnvironmentValue: nil))
        #expect(View.animationsAllowed(byEnvironmentValue: ""))
        #expect(View.animationsAllowed(byEnvironmentValue: "all"))
        #expect(!View.animationsAllowed(byEnvironmentValue: "none"))
        #expect(!View.animationsAllowed(byEnvironmentValue: " NONE\n"))
    }

    @Test func performWithoutAnimationAppliesAtOnceEvenInsideABlock() {
        let (pilot, view) = marker()
        let other = Marker("@", frame: Rect(x: 0, y: 1, width: 1, height: 1))
        view.superview?.addSubview(other)
        View.animate(withDuration: 0.3) {
            view.frame.origin.x = 20
            View.performWithoutAnimation { other.frame.origin.x = 7 }
        }
        #expect(other.frame.origin.x == 7 && !other.isAnimating)
        #expect(view.isAnimating && view.frame.origin.x == 0 && view.targetFrame.origin.x == 20)
        pilot.settle()
        #expect(view.frame.origin.x == 20)
    }

    @Test func aPropertySetInAnInnerBlockTakesTheInnerTiming() {
        let (pilot, view) = marker()
        var endedAt: [String: Double] = [:]
        View.animate(withDuration: 0.5) {
            view.frame.origin.x = 5
            View.animate(withDuration: 0.1) {
                view.frame.origin.x = 10
            } completion: { _ in
                endedAt["inner"] = pilot.clock.seconds
            }
        } completion: { _ in
            endedAt["outer"] = pilot.clock.seconds
        }
        pilot.settle()
        #expect(view.frame.origin.x == 10)
        #expect(endedAt["inner"].map { abs($0 - 0.1) < 1e-9 } == true, "the inner block moves it, from 0")
        #expect(endedAt["outer"] == 0, "the outer block, left with no view and so no window, completes at once")
    }

    // MARK: Alpha

    @Test func alphaShowsAsNothingDimOrNormal() throws {
        let (pilot, view) = marker(fps: 20)
        view.alpha = 0
        pilot.advance(by: 0.05)
        #expect(column(of: "#", row: 0, in: pilot) == nil, "transparent: not drawn")
        #expect(pilot.app is Window && (pilot.app as! Window).contentView.hitTest(.zero) !== view, "nor hit")
        let start = pilot.clock.seconds
        View.animate(withDuration: 0.4, options: .curveLinear) { view.alpha = 1 }
        var steps: [String] = []
        stepFrames(pilot) {
            let cell = pilot.screen.lastFrame![0, 0]
            let step = cell.grapheme != "#" ? "none" : (cell.style.attributes.contains(.dim) ? "dim" : "normal")
            if steps.last != step { steps.append(step) }
        }
        #expect(steps == ["none", "dim", "normal"])
        #expect(abs(pilot.clock.seconds - start - 0.4) < 1e-9)
    }

    // MARK: Rounding

    @Test func interpolatedEdgesAreMonotonicAndMovesKeepTheirSize() {
        var generator = SeededGenerator(seed: 42)
        func edges(_ r: Rect) -> [Int] { [r.minX, r.maxX, r.minY, r.maxY] }
        for _ in 0..<500 {
            func n() -> Int { Int.random(in: -80...80, using: &generator) }
            let from = Rect(x: n(), y: n(), width: abs(n()), height: abs(n()))
            let to = Rect(x: n(), y: n(), width: abs(n()), height: abs(n()))
            let progress = (0...240).map { Double($0) / 240 }
            let frames = progress.map { from.interpolated(to: to, progress: $0) }
            #expect(frames.first == from && frames.last == to)
            let directions = zip(edges(from), edges(to)).map { ($1 - $0).signum() }
            let monotonic = zip(frames, frames.dropFirst()).allSatisfy { a, b in
                zip(directions, zip(edges(a), edges(b))).allSatisfy { direction, pair in
                    direction * (pair.1 - pair.0) >= 0
                }
            }
            #expect(monotonic, "\(from) → \(to)")
            // The same move with the size kept keeps the size on every frame, across column 0 too.
            let moved = from.offsetBy(dx: to.minX - from.minX, dy: to.minY - from.minY)
            #expect(
                progress.allSatisfy { from.interpolated(to: moved, progress: $0).size == from.size },
                "\(from) → \(moved)")
        }
        // Half a cell rounds up, whichever side of column 0.
        #expect(
            Rect(x: 0, y: 0, width: 4, height: 1).interpolated(
                to: Rect(x: -3, y: 0, width: 4, height: 1), progress: 0.5
            ).minX == -1)
        #expect(
            Rect(x: 0, y: 0, width: 4, height: 1).interpolated(to: Rect(x: 3, y: 0, width: 4, height: 1), progress: 0.5)
                .minX == 2)
    }
}
