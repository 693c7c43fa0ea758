import Testing
@testable import Shoji
import ShojiTesting

/// `TransitionStyle.wipe` and its inverse frame by frame: the new view revealed from an edge
/// one row at a time over the old one (which stays still), and the exact reverse.
@MainActor
struct WipeTransitionTests {
    /// A 12x8 window whose root is a `StackHost` showing page A (linear, 0.3 s, 60 Hz).
    private func host(width: Int = 12, height: Int = 8) -> (Pilot, StackHost, Page) {
        let a = Page("A")
        let host = StackHost(root: a)
        let pilot = Pilot(Window(rootViewController: host), size: Size(width: width, height: height))
        pilot.advance(by: 1)
        return (pilot, host, a)
    }

    /// The rows of the screen, each as its one letter, or "?" for a row that mixes letters.
    private func rowLetters(_ pilot: Pilot) -> String {
        String(
            pilot.lines.map { line -> Character in
                guard let first = line.first, line.allSatisfy({ $0 == first }) else { return "?" }
                return first
            })
    }

    /// Rows of `letter` at each frame until nothing is due, checking each frame with `check`.
    private func frames(_ pilot: Pilot, _ check: (String) -> Void) -> [String] {
        var result: [String] = []
        stepFrames(pilot) {
            let rows = rowLetters(pilot)
            check(rows)
            result.append(rows)
        }
        return result
    }

    /// The rows revealed at time `t` of a linear 0.3 s wipe over `height` rows, by the one
    /// rounding rule (`Rect.interpolated`), `t` counted from when the wipe began (a frame
    /// before the frame that shows its first step, when the loop was idle: `Animator`).
    private func revealed(at t: Double, of height: Int) -> Int {
        let progress = min(1, t / 0.3 + 1e-9)
        return Int((Double(height) * progress + 0.5).rounded(.down))
    }

    @Test func aWipeFromTheTopRevealsTheNewViewRowByRowOverTheStillOldOne() throws {
        let (pilot, host, a) = host()
        let b = Page("B")
        let recorder = LifecycleRecorder()
        host.push(b, style: .wipe(from: .top))
        let start = try #require(pilot.window.animator.animations.first?.startTime)
        #expect(recorder.log(for: a) == ["viewWillDisappear(true)"])
        #expect(a.view.frame == host.view.bounds && b.view.frame == host.view.bounds, "neither view moves")
        var seen: [Int] = []
        let all = frames(pilot) { rows in
            let count = rows.prefix { $0 == "B" }.count
            #expect(
                rows == String(repeating: "B", count: count) + String(repeating: "A", count: 8 - count),
                "B on top from the top edge, A below, whole rows: \(rows)")
            #expect(
                count == revealed(at: pilot.clock.seconds - start, of: 8),
                "at \(pilot.clock.seconds - start) s: \(rows)")
            seen.append(count)
        }
        #expect(Set(seen) == Set(0...8), "every row in turn: \(all)")
        #expect(all.last == "BBBBBBBB" && host.completions == [true])
        #expect(b.view.mask == nil, "the incoming view ends unmasked")
        #expect(a.viewIfLoaded?.superview == nil && a.view.mask == nil && a.view.frame == host.view.bounds)
        #expect(recorder.log(for: a) == ["viewWillDisappear(true)", "viewDidDisappear(true)"])
        #expect(
            recorder.log(for: b).filter { $0.contains("ppear(") } == ["viewWillAppear(true)", "viewDidAppear(true)"])
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window))
    }

    @Test func theInverseHidesTheViewBackToTheTopEdgeFrameByFrame() throws {
        let (pilot, host, a) = host()
        let b = Page("B")
        host.push(b, style: .wipe(from: .top))
        pilot.settle()
        pilot.advance(by: 1)
        host.pop()
        let start = try #require(pilot.window.animator.animations.first?.startTime)
        #expect(b.transitionStyle == .wipe(from: .top), "the pop plays the inverse of what B was shown with")
        let all = frames(pilot) { rows in
            let count = rows.prefix { $0 == "B" }.count
            #expect(rows == String(repeating: "B", count: count) + String(repeating: "A", count: 8 - count), "\(rows)")
            #expect(count == 8 - revealed(at: pilot.clock.seconds - start, of: 8), "the wipe played backwards: \(rows)")
        }
        #expect(all.last == "AAAAAAAA" && host.children.count == 1)
        #expect(b.viewIfLoaded?.superview == nil && b.view.mask == nil, "removed, and back to its resting mask")
        #expect(a.view.mask == nil)
    }

    @Test(arguments: [TransitionStyle.Edge.bottom, .left, .right])
    func aWipeFromOtherEdgesRevealsFromThatEdge(edge: TransitionStyle.Edge) throws {
        let (pilot, host, _) = host()
        host.push(Page("B"), style: .wipe(from: edge))
        pilot.advance(to: try #require(pilot.window.animator.animations.first?.startTime) + 0.15)
        let lines = pilot.lines
        switch edge {
        case .bottom:
            #expect(
                lines == Array(repeating: String(repeating: "A", count: 12), count: 4)
                    + Array(repeating: String(repeating: "B", count: 12), count: 4), "\(lines)")
        case .left:
            #expect(lines.allSatisfy { $0 == "BBBBBBAAAAAA" }, "\(lines)")
        case .right:
            #expect(lines.allSatisfy { $0 == "AAAAAABBBBBB" }, "\(lines)")
        case .top:
            break
        }
        pilot.settle()
        #expect(pilot.lines.allSatisfy { $0 == "BBBBBBBBBBBB" })
    }

    @Test func aPopMidWipeReversesFromTheRowsShown() throws {
        let (pilot, host, a) = host()
        let b = Page("B")
        let recorder = LifecycleRecorder()
        host.push(b, style: .wipe(from: .top))
        pilot.advance(by: 0.15)
        #expect(rowLetters(pilot) == "BBBBAAAA")
        host.pop()
        var counts: [Int] = []
        _ = frames(pilot) { rows in counts.append(rows.prefix { $0 == "B" }.count) }
        #expect(counts.first.map { $0 <= 4 } == true && counts.last == 0, "no jump back to a full B: \(counts)")
        #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 >= $1 }, "\(counts)")
        #expect(host.completions == [false, true])
        #expect(b.view.mask == nil && a.view.mask == nil)
        func appearance(_ c: ViewController) -> [String] { recorder.log(for: c).filter { $0.contains("ppear(") } }
        #expect(appearance(a) == ["viewWillDisappear(true)", "viewWillAppear(true)", "viewDidAppear(true)"])
        #expect(appearance(b) == ["viewWillAppear(true)", "viewWillDisappear(true)", "viewDidDisappear(true)"])
        try LifecycleChecker.verify(recorder.events, historyIsComplete: false)
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window, others: [b]))
    }

    @Test func aResizeMidWipeKeepsRevealingAndLandsOnTheNewBounds() {
        let (pilot, host, a) = host()
        let b = Page("B")
        host.push(b, style: .wipe(from: .top))
        pilot.advance(by: 0.15)
        #expect(b.view.mask == Rect(x: 0, y: 0, width: 12, height: 4))
        pilot.screen.size = Size(width: 20, height: 16)
        pilot.deliver(.resize(Size(width: 20, height: 16)))
        #expect(b.view.mask == Rect(x: 0, y: 0, width: 20, height: 8), "the same half of the taller view")
        var counts: [Int] = []
        _ = frames(pilot) { rows in
            let count = rows.prefix { $0 == "B" }.count
            #expect(rows == String(repeating: "B", count: count) + String(repeating: "A", count: 16 - count), "\(rows)")
            counts.append(count)
        }
        #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 <= $1 } && counts.last == 16, "\(counts)")
        #expect(b.view.frame == Rect(x: 0, y: 0, width: 20, height: 16) && b.view.mask == nil)
        #expect(a.view.frame == Rect(x: 0, y: 0, width: 20, height: 16) && a.view.mask == nil)
    }

    @Test func clicksHitTheOldViewBelowTheRevealedRows() {
        let (pilot, host, a) = host()
        let b = Page("B")
        host.push(b, style: .wipe(from: .top))
        pilot.advance(by: 0.15)
        let content = pilot.window.contentView
        #expect(content.hitTest(Point(x: 3, y: 1))?.isDescendant(of: b.view) == true)
        #expect(content.hitTest(Point(x: 3, y: 6))?.isDescendant(of: a.view) == true, "the unrevealed rows are A's")
    }

    @Test func reducedMotionSwapsAtOnceWithNoMaskLeft() {
        View.areAnimationsEnabled = false
        defer { View.areAnimationsEnabled = true }
        let (pilot, host, a) = host()
        let b = Page("B")
        host.push(b, style: .wipe(from: .top))
        pilot.settle()
        #expect(rowLetters(pilot) == "BBBBBBBB" && b.view.mask == nil && a.view.mask == nil)
        host.pop()
        pilot.settle()
        #expect(rowLetters(pilot) == "AAAAAAAA" && b.view.mask == nil)
    }
}
