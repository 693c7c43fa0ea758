import ShojiTesting
import TestSupport
import Testing

/// Keys that pile up behind animations: urgent keys (quit keys, Ctrl-C, the app's own) act at
/// once, a backlog catches up instead of replaying every transition, and the main loop stops
/// reading while too many events wait.
@MainActor
struct BacklogTests {
    // MARK: Urgent keys

    @Test func aQuitKeyDuringALongTransitionQuitsAtOnce() {
        let (pilot, _, _) = app()
        pilot.press(.enter)  // a 10 s push
        pilot.advance(by: 0.5)
        pilot.deliver(.key(KeyEvent(.character("q"))))
        #expect(!pilot.isRunning, "q quits in the pass it arrives in, not after the push")
    }

    @Test func ctrlCOvertakesABacklogAndQuitsAtOnce() {
        let (pilot, _, log) = app()
        pilot.press(.enter)
        pilot.advance(by: 0.5)
        for _ in 0..<10 { pilot.deliver(.key(KeyEvent(.enter))); pilot.deliver(.key(KeyEvent(.escape))) }
        pilot.deliver(.key(.ctrl("c")))
        #expect(!pilot.isRunning)
        #expect(log.keys == [KeyEvent(.enter), .ctrl("c")], "Ctrl-C went ahead of the twenty held keys")
    }

    @Test func aKeyTheAppMarksUrgentOvertakesTheHeldEventsAndTheRestKeepTheirOrder() {
        let (pilot, app, log) = app()
        app.keyBindings.set(
            KeyBinding(KeyCommand("stop"), keys: [KeyEvent(.function(9))], title: "Stop", isUrgent: true))
        pilot.press(.enter)
        pilot.advance(by: 0.5)
        pilot.deliver(.key(KeyEvent(.character("x"))))
        pilot.deliver(.key(KeyEvent(.function(9))))
        pilot.deliver(.key(KeyEvent(.character("y"))))
        #expect(log.keys == [KeyEvent(.enter), KeyEvent(.function(9))])
        pilot.settle(limit: 20)
        #expect(
            log.keys == [KeyEvent(.enter), KeyEvent(.function(9)), KeyEvent(.character("x")), KeyEvent(.character("y"))]
        )
        #expect(pilot.isRunning)
    }

    @Test func aQuitKeyThatTypesTextWaitsItsTurnWhileATextViewHasFocusAndCtrlCDoesNot() {
        let typing = TypingScreen()
        let pilot = Pilot(Application(rootViewController: typing), size: Size(width: 30, height: 5))
        typing.slide(duration: 10)
        pilot.advance(by: 0.5)
        pilot.type("aqb")
        #expect(pilot.isRunning && typing.field.text.isEmpty, "held back with the rest, in order")
        pilot.settle(limit: 20)
        #expect(typing.field.text == "aqb", "the focused field typed q")
        #expect(pilot.isRunning)
        typing.slide(duration: 10)
        pilot.advance(by: 0.5)
        pilot.type("c")
        pilot.press(.character("c"), modifiers: .ctrl)
        #expect(!pilot.isRunning, "Ctrl-C types nothing: still urgent")
    }

    // MARK: Catching up

    @Test func aBacklogCatchesUpInsteadOfReplayingEveryTransition() {
        let (pilot, app, log) = app()
        let navigation = app.rootViewController as! NavigationController
        pilot.press(.enter)  // card 2 slides in for 10 s
        pilot.advance(by: 1)
        var typed: [KeyEvent] = []
        for _ in 0..<30 { typed += [KeyEvent(.enter), KeyEvent(.escape)] }
        typed += [KeyEvent(.enter), KeyEvent(.character("x"))]
        for key in typed { pilot.deliver(.key(key)) }
        pilot.advance(by: 5)
        #expect(
            navigation.isTransitioning && log.keys == [KeyEvent(.enter)], "the running push plays out; the keys wait")
        pilot.advance(by: 4 + 3 * pilot.loop.frameInterval)
        #expect(log.keys == [KeyEvent(.enter)] + typed, "every held key arrived, in order")
        #expect(!navigation.isTransitioning && navigation.viewControllers.count == 3)
        #expect(pilot.line(0).contains("Card 3") && pilot.text.contains("card 3 body"), "the screen caught up")
    }

    @Test func eventsReadTogetherCatchUpBehindTheFirst() throws {
        let (pilot, app, log) = app()
        let navigation = app.rootViewController as! NavigationController
        var keys: [InputEvent] = []
        for _ in 0..<20 { keys += [.key(KeyEvent(.enter)), .key(KeyEvent(.escape))] }
        keys.append(.key(KeyEvent(.enter)))
        pilot.input.enqueue(contentsOf: keys)  // one read: a paste, typed-ahead keys
        pilot.loop.run()
        #expect(log.keys.count == 41)
        #expect(!navigation.isTransitioning && navigation.viewControllers.count == 2)
        #expect(pilot.clock.seconds < 0.1, "no 10 s push was played for keys that had others behind them")
    }

    /// A backlog is worked off at most `Window.eventsDeliveredPerPass` events a pass: each pass
    /// here takes a frame's time, so every frame drawn while the backlog goes shows at most that
    /// many more keys delivered than the frame before, and the loop reads input in between.
    @Test func aBacklogIsDeliveredAtMostSixtyFourEventsAPassWithFramesBetween() {
        let counting = CountingScreen()
        let app = Application(rootViewController: counting)
        let clock = ManualClock()
        let input = PacedInput(read: Array(repeating: .key(KeyEvent(.character("x"))), count: 300), clock: clock)
        input.isDelivering = { app.window.heldBackEventCount > 0 && counting.counter.count > 0 }
        let screen = HeadlessScreen(size: Size(width: 30, height: 5))
        let loop = MainLoop(screen: screen, input: input, clock: clock)
        loop.delegate = app.window
        app.window.mainLoop(loop, didResizeTo: screen.size)
        counting.slide(duration: 1)  // the 300 keys, read in one go, wait behind it
        loop.run()
        #expect(counting.counter.count == 300, "every key delivered")
        let shown = screen.frames.map { frame in
            frame.text(row: 0).split(separator: " ").first.flatMap { Int($0) } ?? -1
        }
        #expect(
            shown.filter { $0 != 0 } == [64, 128, 192, 256, 300],
            "one frame after each pass of at most \(Window.eventsDeliveredPerPass): \(shown)")
        #expect(input.readsWhileDelivering == 4, "input was read between the passes")
    }

    // MARK: Bounded memory

    @Test func theLoopStopsReadingWhileTooManyEventsWaitAndLosesNone() {
        let (app, log) = makeApp()
        let clock = ManualClock()
        let typed = (0..<20_000).map { KeyEvent(.character($0.isMultiple(of: 100) ? "y" : "x")) }
        // Enter alone first: its 10 s push plays, and everything read after it waits.
        let reads = [[KeyEvent(.enter)]] + stride(from: 0, to: typed.count, by: 100).map { Array(typed[$0..<$0 + 100]) }
        let input = TrickleInput(reads.map { $0.map(InputEvent.key) }, clock: clock)
        let recorder = HeldBackRecorder(app)
        let loop = MainLoop(screen: HeadlessScreen(size: Size(width: 30, height: 5)), input: input, clock: clock)
        loop.delegate = recorder
        app.window.mainLoop(loop, didResizeTo: Size(width: 30, height: 5))
        loop.run()
        #expect(input.ranDry && input.waitsWithoutReading > 0, "it waited without reading, then read the rest")
        #expect(recorder.largest <= loop.maximumHeldBackEvents - 1 + 100, "at most the bound plus one read")
        #expect(recorder.largest >= loop.maximumHeldBackEvents, "the bound was reached (else the test tests nothing)")
        #expect(log.keys == [KeyEvent(.enter)] + typed, "every key delivered, in order")
    }

    /// A full backlog finishes the transition holding it (here a 10 s push) at once, so the
    /// loop reads again and the Ctrl-C typed after the backlog quits at once.
    @Test func aFullBacklogFinishesWhatHoldsItAndTheLoopReadsAgain() {
        let (app, log) = makeApp()
        let clock = ManualClock()
        let typed = Array(repeating: KeyEvent(.character("x")), count: 50)
        let reads =
            [[KeyEvent(.enter)]] + stride(from: 0, to: 50, by: 10).map { Array(typed[$0..<$0 + 10]) } + [
                [.ctrl("c")]
            ]
        let input = TrickleInput(reads.map { $0.map(InputEvent.key) }, clock: clock)
        let loop = MainLoop(screen: HeadlessScreen(size: Size(width: 30, height: 5)), input: input, clock: clock)
        loop.maximumHeldBackEvents = 8
        loop.delegate = app.window
        app.window.mainLoop(loop, didResizeTo: Size(width: 30, height: 5))
        loop.run()
        #expect(!input.ranDry, "Ctrl-C quit")
        #expect(clock.seconds < 1, "without waiting for the 10 s push: \(clock.seconds) s")
        #expect(log.keys.prefix(51) == ArraySlice([KeyEvent(.enter)] + typed), "the held keys first, in order")
    }

    /// A transition that ends without telling the window (a custom `isTransitioning` that
    /// forgot `deliverQueuedEvents()`) lets what waited go at the next frame.
    @Test func eventsHeldByATransitionThatEndedQuietlyGoAtTheNextFrame() {
        let screen = QuietlyBusyScreen()
        let pilot = Pilot(Application(rootViewController: screen), size: Size(width: 30, height: 5))
        pilot.settle()
        screen.busy = true
        pilot.deliver(.key(KeyEvent(.character("x"))))
        #expect(pilot.window.heldBackEventCount == 1 && screen.keys == 0)
        screen.busy = false
        screen.view.setNeedsDisplay()
        pilot.settle()
        #expect(pilot.window.heldBackEventCount == 0 && screen.keys == 1)
    }

    // MARK: Fixtures

    /// An app whose root is a navigation controller of cards; every transition takes 10 s.
    private func makeApp() -> (Application, KeyLog) {
        let log = KeyLog()
        let app = Application(rootViewController: NavigationController(rootViewController: StackCard(1, log: log)))
        app.window.transitionDuration = 10
        return (app, log)
    }

    /// `makeApp()` run by a pilot on a 30x5 screen.
    private func app() -> (Pilot, Application, KeyLog) {
        let (app, log) = makeApp()
        return (Pilot(app, size: Size(width: 30, height: 5)), app, log)
    }
}

/// The keys the cards were offered, in order.
@MainActor
private final class KeyLog {
    var keys: [KeyEvent] = []
}

/// A screen of a navigation stack: Enter pushes the next card (Escape pops, the navigation
/// controller's key); it takes Enter, "x", "y" and F9 and logs every key it is offered.
@MainActor
private final class StackCard: ViewController {
    let number: Int
    let log: KeyLog

    init(_ number: Int, log: KeyLog) {
        self.number = number
        self.log = log
        super.init()
        title = "Card \(number)"
    }

    /// Focusable, so keys start in this card (its controller is next in the chain).
    private final class Body: View {
        override var canBecomeFocused: Bool { true }
    }

    override func loadView() {
        view = Body()
        view.addSubview(Label(text: "card \(number) body", frame: Rect(x: 0, y: 0, width: 20, height: 1)))
    }

    override func keyPressed(_ event: KeyEvent) -> Bool {
        log.keys.append(event)
        if event == KeyEvent(.enter) {
            navigationController?.pushViewController(StackCard(number + 1, log: log), animated: true)
            return true
        }
        return [KeyEvent(.character("x")), KeyEvent(.character("y")), KeyEvent(.function(9))].contains(event)
    }
}

/// A focused field that takes typed text, on a screen that can slide a marker as its own
/// transition (so the window holds the field's keys back meanwhile).
@MainActor
private final class TypingScreen: ViewController {
    final class Field: View {
        var text = ""
        override var canBecomeFocused: Bool { true }
        override var acceptsTextInput: Bool { true }
        override func keyPressed(_ event: KeyEvent) -> Bool {
            guard event.typesText, case .character(let character) = event.key else { return false }
            text.append(character)
            return true
        }
    }

    let field = Field(frame: Rect(x: 0, y: 0, width: 20, height: 1))
    let marker = View(frame: Rect(x: 0, y: 2, width: 1, height: 1))

    override func viewDidLoad() {
        view.addSubview(field)
        view.addSubview(marker)
    }

    func slide(duration: Double) {
        animateTransition(withDuration: duration) { marker.frame.origin.x = marker.frame.origin.x == 0 ? 10 : 0 }
    }
}

/// Shows how many keys its counter was offered; it can slide a marker as its own transition
/// (so the window holds the keys back meanwhile).
@MainActor
private final class CountingScreen: ViewController {
    final class Counter: View {
        var count = 0 { didSet { setNeedsDisplay() } }
        override var canBecomeFocused: Bool { true }
        override func keyPressed(_ event: KeyEvent) -> Bool {
            count += 1
            return true
        }
        override func draw(in canvas: inout Canvas) { canvas.write("\(count)", at: .zero) }
    }

    let counter = Counter(frame: Rect(x: 0, y: 0, width: 10, height: 1))
    let marker = View(frame: Rect(x: 0, y: 2, width: 1, height: 1))

    override func viewDidLoad() {
        view.addSubview(counter)
        view.addSubview(marker)
    }

    func slide(duration: Double) {
        animateTransition(withDuration: duration) { marker.frame.origin.x = 10 }
    }
}

/// Hands out one read, then makes every pass of the loop take at least a frame's time (a wait
/// moves the clock by its time-out, and by a frame interval when there is none to wait), so a
/// frame is due at every pass. Ends with `.terminate` when the loop has nothing to do.
@MainActor
private final class PacedInput: InputSource {
    private var read: [InputEvent]?
    let clock: ManualClock
    /// Whether a backlog is being delivered (the test says).
    var isDelivering: () -> Bool = { false }
    /// How many waits read input while `isDelivering`.
    private(set) var readsWhileDelivering = 0

    init(read: [InputEvent], clock: ManualClock) {
        self.read = read
        self.clock = clock
    }

    func nextEvents(timeout: Double?) -> [InputEvent] { nextEvents(timeout: timeout, readingInput: true) }

    func nextEvents(timeout: Double?, readingInput: Bool) -> [InputEvent] {
        if readingInput && isDelivering() { readsWhileDelivering += 1 }
        if let read, readingInput {
            self.read = nil
            return read
        }
        guard let timeout else { return [.terminate] }
        clock.advance(by: max(timeout, 1.0 / 60))
        return []
    }

    nonisolated func wake() {}
}

/// Hands out one read at a time, only while the loop reads; a wait without a read to hand out
/// moves the clock by the time-out. Ends with `.terminate` when the loop has nothing to do.
@MainActor
private final class TrickleInput: InputSource {
    private let reads: [[InputEvent]]
    private var next = 0
    let clock: ManualClock
    private(set) var ranDry = false
    /// How many waits the loop made without reading.
    private(set) var waitsWithoutReading = 0

    init(_ reads: [[InputEvent]], clock: ManualClock) {
        self.reads = reads
        self.clock = clock
    }

    func nextEvents(timeout: Double?) -> [InputEvent] { nextEvents(timeout: timeout, readingInput: true) }

    func nextEvents(timeout: Double?, readingInput: Bool) -> [InputEvent] {
        if !readingInput { waitsWithoutReading += 1 }
        if readingInput, next < reads.count {
            next += 1
            return reads[next - 1]
        }
        if let timeout {
            clock.advance(by: timeout)
            return []
        }
        ranDry = next == reads.count
        return [.terminate]
    }

    nonisolated func wake() {}
}

/// A screen whose transition is a flag it sets itself, ended without telling the window.
@MainActor
private final class QuietlyBusyScreen: ViewController {
    var busy = false
    private(set) var keys = 0
    private final class Body: View {
        override var canBecomeFocused: Bool { true }
    }
    override var isTransitioning: Bool { busy || super.isTransitioning }
    override func loadView() { view = Body() }
    override func keyPressed(_ event: KeyEvent) -> Bool {
        keys += 1
        return true
    }
}
