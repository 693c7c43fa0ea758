import Testing
@testable import Shoji
import ShojiTesting

/// The transition styles frame by frame, their inverses, appearance during (interrupted)
/// transitions, and the events a window holds back while a container transitions.
@MainActor
struct TransitionTests {
    /// A 40x4 window whose root is a `StackHost` showing page A.
    private func host(width: Int = 40, fps: Int = 60) -> (Pilot, StackHost, Page) {
        let a = Page("A")
        let host = StackHost(root: a)
        let pilot = Pilot(Window(rootViewController: host), size: Size(width: width, height: 4), framesPerSecond: fps)
        return (pilot, host, a)
    }

    /// Row 0 split into runs of equal letters, e.g. "A×12 B×28".
    private func runs(_ pilot: Pilot) -> String {
        var result: [String] = []
        var current: Character?
        var count = 0
        for c in pilot.line(0) {
            if c == current { count += 1; continue }
            if let current { result.append("\(current)×\(count)") }
            current = c
            count = 1
        }
        if let current { result.append("\(current)×\(count)") }
        return result.joined(separator: " ")
    }

    /// How many columns of row 0 show `letter`.
    private func count(_ letter: Character, _ pilot: Pilot) -> Int { pilot.line(0).filter { $0 == letter }.count }

    // MARK: Styles

    @Test func everyStyleHasAnExactInverse() {
        var styles: [TransitionStyle] = [.none, .fade]
        for edge in TransitionStyle.Edge.allCases {
            styles += [
                .slide(from: edge), .slideOut(to: edge), .push(from: edge), .cover(from: edge), .uncover(to: edge)
            ]
            styles += [.wipe(from: edge), .unwipe(to: edge)]
        }
        for style in styles { #expect(style.inverse.inverse == style, "\(style)") }
        #expect(TransitionStyle.push(from: .right).inverse == .push(from: .left))
        #expect(TransitionStyle.slide(from: .top).inverse == .slideOut(to: .top))
        #expect(TransitionStyle.cover(from: .bottom).inverse == .uncover(to: .bottom))
        #expect(TransitionStyle.wipe(from: .top).inverse == .unwipe(to: .top))
        #expect(TransitionStyle.wipe(from: .left).description == "wipe(from: left)")
        #expect(Set(styles.map(\.inverse)).count == styles.count, "no two styles undo the same way")
    }

    @Test func aPushSlidesBothViewsSideBySideAndAppearanceEndsWithIt() throws {
        let (pilot, host, a) = host()
        let b = Page("B")
        let recorder = LifecycleRecorder()
        host.push(b)
        #expect(recorder.log(for: a) == ["viewWillDisappear(true)"])
        #expect(recorder.log(for: b).filter { $0.contains("ppear(") } == ["viewWillAppear(true)"])
        #expect(host.isTransitioning)
        var frames: [String] = []
        var aVisible: [Int] = []
        stepFrames(pilot) {
            frames.append(runs(pilot))
            aVisible.append(count("A", pilot))
            #expect(count("A", pilot) + count("B", pilot) == 40, "side by side, no gap or overlap: \(runs(pilot))")
        }
        #expect(frames.count == 18)
        #expect(zip(aVisible, aVisible.dropFirst()).allSatisfy { $0 >= $1 }, "\(aVisible)")
        #expect(frames.dropLast().allSatisfy { $0.hasPrefix("A×") }, "A leaves to the left, B comes from the right")
        #expect(frames.last == "B×40")
        #expect(recorder.log(for: a) == ["viewWillDisappear(true)", "viewDidDisappear(true)"])
        #expect(
            recorder.log(for: b).filter { $0.contains("ppear(") } == ["viewWillAppear(true)", "viewDidAppear(true)"])
        #expect(!host.isTransitioning && host.completions == [true])
        #expect(a.viewIfLoaded?.superview == nil && a.view.frame == host.view.bounds, "removed, back at its place")
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.app as! Window))
        try LifecycleChecker.verify(recorder.events, historyIsComplete: false)
    }

    @Test func aPopPlaysThePushBackwards() {
        let (pilot, host, _) = host()
        host.push(Page("B"))
        pilot.settle()
        host.pop()
        var aVisible: [Int] = []
        stepFrames(pilot) {
            aVisible.append(count("A", pilot))
            #expect(runs(pilot).hasPrefix("A×") || runs(pilot) == "B×40", "A comes back from the left: \(runs(pilot))")
        }
        #expect(zip(aVisible, aVisible.dropFirst()).allSatisfy { $0 <= $1 } && aVisible.last == 40, "\(aVisible)")
        #expect(host.children.count == 1)
    }

    @Test func theInverseUsesTheContainerAsItIsAtRemoval() {
        let (pilot, host, a) = host()
        let b = Page("B")
        host.push(b, style: .slide(from: .right))
        pilot.settle()
        pilot.resize(to: Size(width: 60, height: 4))
        host.pop()
        #expect(b.transitionStyle == .slide(from: .right), "the style stays with the child")
        var bLeft: [Int] = []
        stepFrames(pilot) {
            bLeft.append(column(of: "B", row: 0, in: pilot) ?? 60)
            #expect(runs(pilot).hasPrefix("A×"), "A waits below: \(runs(pilot))")
        }
        #expect(
            zip(bLeft, bLeft.dropFirst()).allSatisfy { $0 <= $1 } && bLeft.last == 60,
            "B slides out to just beyond the new right edge: \(bLeft)")
        #expect(runs(pilot) == "A×60" && a.view.frame.width == 60)
        #expect(b.viewIfLoaded?.superview == nil && b.view.frame == Rect(x: 0, y: 0, width: 60, height: 4))
    }

    @Test func coverDimsTheCoveredViewAndUncoverBrightensIt() {
        let (pilot, host, _) = host()
        host.push(Page("B"), style: .cover(from: .bottom))
        // Row 0: the last to be covered and the first to be uncovered.
        func aIsDim() -> Bool? {
            guard pilot.line(0).hasPrefix("A") else { return nil }
            return pilot.screen.lastFrame![0, 0].style.attributes.contains(.dim)
        }
        var states: [Bool?] = []
        stepFrames(pilot) { if states.last != aIsDim() { states.append(aIsDim()) } }
        #expect(states == [false, true, nil], "A normal, then dimmed while B covers it, then gone")
        host.pop()
        states = []
        stepFrames(pilot) { if states.last != aIsDim() { states.append(aIsDim()) } }
        #expect(states == [nil, true, false], "B covers all on the first frame; then A shows dim, then normal")
    }

    @Test func aFadeStepsThroughDim() {
        let (pilot, host, _) = host()
        host.push(Page("B"), style: .fade)
        var steps: [String] = []
        stepFrames(pilot) {
            let cell = pilot.screen.lastFrame![5, 1]
            let step = "\(cell.grapheme)\(cell.style.attributes.contains(.dim) ? " dim" : "")"
            if steps.last != step { steps.append(step) }
        }
        #expect(steps == ["A", "B dim", "B"])
    }

    // MARK: The animated flag

    @Test(arguments: [
        ("push", TransitionStyle.push(from: .right), 0.3, true, true),
        ("none", .none, 0.3, true, false),
        ("duration 0", .push(from: .right), 0, true, false),
        ("reduced motion", .push(from: .right), 0.3, false, false)
    ])
    func animatedIsTrueExactlyWhenTheTransitionPlays(
        name: String, style: TransitionStyle, duration: Double,
        motion: Bool, expected: Bool
    ) throws {
        View.areAnimationsEnabled = motion
        defer { View.areAnimationsEnabled = true }
        let (pilot, host, a) = host()
        host.duration = duration
        let recorder = LifecycleRecorder()
        let b = Page("B")
        host.push(b, style: style)
        let took = pilot.settle()
        #expect(expected ? abs(took - 0.3) < 1e-9 : took <= 1.0 / 60 + 1e-9, "\(name): took \(took) s")
        #expect(recorder.log(for: a) == ["viewWillDisappear(\(expected))", "viewDidDisappear(\(expected))"], "\(name)")
        #expect(
            recorder.log(for: b).filter { $0.contains("ppear(") }
                == ["viewWillAppear(\(expected))", "viewDidAppear(\(expected))"], "\(name)")
        #expect(runs(pilot) == "B×40" && host.completions == [true])
    }

    @Test func aTransitionStartedBeforeTheWindowRunsPlaysFromItsFirstFrame() {
        let a = Page("A")
        let host = StackHost(root: a)
        let window = Window(rootViewController: host)
        window.show()
        let recorder = LifecycleRecorder()
        host.push(Page("B"))
        #expect(host.completions.isEmpty && recorder.log(for: a) == ["viewWillDisappear(true)"])
        // Before its first callback the window has no size, so nothing had room to move: the
        // transition still takes its time from the first frame and ends where it should.
        let pilot = Pilot(window, size: Size(width: 40, height: 4))
        #expect(host.completions.isEmpty)
        #expect(abs(pilot.settle() - 0.3) < 1e-9)
        #expect(
            host.completions == [true] && recorder.log(for: a) == ["viewWillDisappear(true)", "viewDidDisappear(true)"])
        #expect(runs(pilot) == "B×40")
    }

    // MARK: Interruptions

    @Test func aPopMidPushReversesFromWhereTheViewsAre() throws {
        let (pilot, host, a) = host()
        let b = Page("B")
        let recorder = LifecycleRecorder()
        host.push(b)
        pilot.advance(to: 0.151)
        #expect(runs(pilot) == "A×20 B×20")
        host.pop()
        #expect(host.completions == [false], "the push completes at once, not finished: both its views were taken over")
        var aVisible: [Int] = []
        stepFrames(pilot) { aVisible.append(count("A", pilot)) }
        #expect(aVisible.first.map { (20...21).contains($0) } == true, "no jump: \(aVisible)")
        #expect(zip(aVisible, aVisible.dropFirst()).allSatisfy { $0 <= $1 } && aVisible.last == 40)
        #expect(host.completions == [false, true])
        func appearance(_ c: ViewController) -> [String] { recorder.log(for: c).filter { $0.contains("ppear(") } }
        #expect(appearance(a) == ["viewWillDisappear(true)", "viewWillAppear(true)", "viewDidAppear(true)"])
        #expect(
            appearance(b) == ["viewWillAppear(true)", "viewWillDisappear(true)", "viewDidDisappear(true)"],
            "B never appears: the first transition's end leaves it to the second")
        #expect(b.viewIfLoaded?.superview == nil && host.children.count == 1)
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.app as! Window, others: [b]))
        try LifecycleChecker.verify(recorder.events, historyIsComplete: false)
    }

    @Test func aPushMidPushTakesTheIncomingViewOut() throws {
        let (pilot, host, a) = host()
        let (b, c) = (Page("B"), Page("C"))
        let recorder = LifecycleRecorder()
        host.push(b)
        pilot.advance(to: 0.1)
        host.push(c)
        pilot.settle()
        func appearance(_ v: ViewController) -> [String] { recorder.log(for: v).filter { $0.contains("ppear(") } }
        #expect(appearance(a) == ["viewWillDisappear(true)", "viewDidDisappear(true)"])
        #expect(appearance(b) == ["viewWillAppear(true)", "viewWillDisappear(true)", "viewDidDisappear(true)"])
        #expect(appearance(c) == ["viewWillAppear(true)", "viewDidAppear(true)"])
        #expect(runs(pilot) == "C×40" && host.completions == [false, true])
        try LifecycleChecker.verify(recorder.events, historyIsComplete: false)
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.app as! Window))
    }

    /// A controller moved to another parent while it slides in is no longer claimed by its
    /// transition, whose end would otherwise make it appear with its old parent, inside a
    /// container that never appeared (a case the property test found).
    @Test func aControllerMovedAwayMidTransitionIsLeftToItsNewParent() throws {
        let c = TestContainer()
        let host = StackHost(root: c)
        let pilot = Pilot(Window(rootViewController: host), size: Size(width: 40, height: 4))
        let (b1, b) = (Page("1"), Page("B"))
        let recorder = LifecycleRecorder()
        host.push(b1)  // C slides out until 0.3
        pilot.advance(to: 0.05)
        host.duration = 0.1
        host.push(b)  // 1 out, B in, until 0.15
        let d = TestContainer()
        c.add(d)  // D joins C as C leaves: it never appears
        d.add(b)  // B moves into D mid-slide
        pilot.advance(to: 0.2)
        #expect(b.appearancePhase == .didDisappear, "the push that showed B leaves it to D")
        pilot.settle()
        #expect(b.parent === d && b.appearancePhase == .didDisappear)
        try LifecycleChecker.verify(recorder.events, historyIsComplete: false)
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.app as! Window, others: [c]))
    }

    @Test func hidingTheWindowMidTransitionStaysBalanced() throws {
        let (pilot, host, a) = host()
        let b = Page("B")
        let recorder = LifecycleRecorder()
        let window = pilot.app as! Window
        host.push(b)
        pilot.advance(to: 0.1)
        window.hide()
        pilot.settle()
        try LifecycleChecker.verify(recorder.events, historyIsComplete: false)
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: window))
        #expect(a.appearancePhase == .didDisappear && b.appearancePhase == .didDisappear)
        window.show()
        #expect(b.appearancePhase == .didAppear && a.appearancePhase == .didDisappear)
    }

    @Test func aResizeMidPushLandsOnTheNewBounds() {
        let (pilot, host, a) = host()
        let b = Page("B")
        host.push(b)
        pilot.advance(to: 0.1)
        pilot.resize(to: Size(width: 50, height: 5))
        pilot.settle()
        #expect(b.view.frame == Rect(x: 0, y: 0, width: 50, height: 5) && runs(pilot) == "B×50")
        #expect(a.view.frame == Rect(x: 0, y: 0, width: 50, height: 5), "the removed view rests at the resized frame")
    }

    // MARK: Events during a transition

    @Test func eventsDuringATransitionWaitAndArriveInOrderAfterwards() {
        let (pilot, host, _) = host()
        let window = pilot.app as! Window
        host.push(Page("B"))
        pilot.advance(to: 0.1)
        let events: [InputEvent] = [
            .key(KeyEvent(.character("a"))),
            .mouse(MouseEvent(.press(.left), at: Point(x: 30, y: 1))),
            .mouse(MouseEvent(.release(.left), at: Point(x: 30, y: 1))),
            .key(KeyEvent(.character("b")))
        ]
        for event in events { pilot.deliver(event) }
        pilot.advance(to: 0.2)
        pilot.deliver(.key(KeyEvent(.character("c"))))
        #expect(host.received.isEmpty, "nothing reaches the container while it moves")
        #expect(window.queuedEvents.count == 5)
        pilot.advance(to: 0.3 + 0.001)
        #expect(host.received == events + [.key(KeyEvent(.character("c")))], "all of them, in order, at the end")
        #expect(window.queuedEvents.isEmpty)
        pilot.press(.character("d"))
        #expect(host.received.last == .key(KeyEvent(.character("d"))), "settled: delivered at once")
    }

    /// The animation has ended but the held events' turn (the next pass) has not come: an event
    /// read now still goes behind them.
    @Test func anEventArrivingBeforeTheHeldOnesTurnWaitsBehindThem() {
        let (pilot, host, _) = host()
        let window = pilot.app as! Window
        host.push(Page("B"))
        pilot.advance(to: 0.1)
        let held: [InputEvent] = [.key(KeyEvent(.character("a"))), .key(KeyEvent(.character("b")))]
        for event in held { pilot.deliver(event) }
        // Pass by pass, up to the one whose frame ends the push, and no further.
        while host.isTransitioning, let next = pilot.loop.nextDeadline {
            pilot.clock.advance(to: next)
            pilot.loop.performDueWork()
        }
        #expect(window.queuedEvents == held, "the push ended; the held events wait for the next pass")
        let late = InputEvent.key(KeyEvent(.character("c")))
        pilot.loop.dispatch(late)
        #expect(host.received.isEmpty, "the late event did not go first")
        pilot.advance(by: 0.1)
        #expect(host.received == held + [late])
    }

    /// Events for a container that still moves hold back the events behind them, even those for
    /// a container that has settled.
    @Test func aSettledContainersEventsDoNotOvertakeOnesStillHeldBack() {
        let slow = StackHost(root: Page("L")), fast = StackHost(root: Page("R"))
        slow.duration = 0.6
        fast.duration = 0.3
        let split = TestContainer(.stacked)
        let pilot = Pilot(Window(rootViewController: split), size: Size(width: 40, height: 4))
        for (host, x) in [(slow, 0), (fast, 20)] {
            split.addChild(host)
            host.view.frame = Rect(x: x, y: 0, width: 20, height: 4)
            split.view.addSubview(host.view)
            host.didMove(toParent: split)
        }
        slow.push(Page("M"))
        fast.push(Page("S"))
        pilot.advance(to: 0.1)
        let click = { (x: Int) -> [InputEvent] in
            [
                .mouse(MouseEvent(.press(.left), at: Point(x: x, y: 1))),
                .mouse(MouseEvent(.release(.left), at: Point(x: x, y: 1)))
            ]
        }
        for event in click(5) + click(25) { pilot.deliver(event) }
        pilot.advance(to: 0.45)
        #expect(!fast.isTransitioning && slow.isTransitioning)
        #expect(fast.received.isEmpty && slow.received.isEmpty, "the fast one's click waits behind the slow one's")
        pilot.settle()
        #expect(slow.received == click(5) && fast.received == click(25))
    }

    @Test func aContainerTakesTheEventsItHandlesDuringItsTransitionUnlessOthersWait() {
        let (pilot, host, _) = host()
        host.transitionKeys = ["t"]
        let window = pilot.app as! Window
        host.push(Page("B"))
        pilot.advance(to: 0.1)
        let (t, x, y) = (
            InputEvent.key(KeyEvent(.character("t"))), InputEvent.key(KeyEvent(.character("x"))),
            InputEvent.key(KeyEvent(.character("y")))
        )
        pilot.deliver(t)
        pilot.deliver(x)
        pilot.deliver(t)
        pilot.deliver(y)
        #expect(host.takenDuringTransition == [t], "the first t taken at once, not queued")
        #expect(window.queuedEvents == [x, t, y], "the second t waits behind x: taking it would overtake x")
        pilot.settle()
        #expect(host.received == [x, t, y])
    }

    @Test func eventsWaitForATransitionThatFollowsAnother() {
        let (pilot, host, a) = host()
        var secondEnded: Double?
        // The first transition's completion starts the second, before the held events' turn.
        host.animateTransition(withDuration: 0.2, curve: .linear) {
            a.view.frame.origin.x = 10
        } completion: { _ in
            host.animateTransition(withDuration: 0.2) {
                a.view.frame.origin.x = 0
            } completion: { _ in
                secondEnded = pilot.clock.seconds
            }
        }
        pilot.advance(to: 0.1)
        pilot.deliver(.key(KeyEvent(.character("x"))))
        pilot.advance(to: 0.3)
        #expect(host.received.isEmpty && host.isTransitioning)
        pilot.settle()
        #expect(host.received == [.key(KeyEvent(.character("x")))])
        #expect(secondEnded.map { abs($0 - 0.4) < 1e-9 } == true)
    }

    @Test func anUnhandledCtrlCHeldBackStillQuitsAfterwards() {
        let host = StackHost(root: Page("A"))
        let app = Application(rootViewController: host)
        var quit = app.keyBindings[.quit]!
        quit.isUrgent = false  // urgent by default: it would not wait
        app.keyBindings.set(quit)
        let pilot = Pilot(app, size: Size(width: 40, height: 4))
        host.push(Page("B"))
        pilot.advance(to: 0.1)
        pilot.deliver(.key(.ctrl("c")))
        #expect(pilot.isRunning, "held back with the rest")
        pilot.settle()
        #expect(!pilot.isRunning && host.received == [.key(.ctrl("c"))])
    }

    @Test func animateTransitionMakesTheControllerTransitioning() {
        let (pilot, host, a) = host()
        host.animateTransition(withDuration: 0.2) { a.view.frame.origin.x = 10 }
        #expect(host.isTransitioning)
        pilot.deliver(.key(KeyEvent(.character("k"))))
        #expect(host.received.isEmpty)
        pilot.settle()
        #expect(!host.isTransitioning && host.received == [.key(KeyEvent(.character("k")))])
    }
}
