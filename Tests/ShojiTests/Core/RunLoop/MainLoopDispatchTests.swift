import ShojiTesting
import Testing

@testable import Shoji

/// Work queued before them never delays what must act at once: a request to end (a signal)
/// and an urgent key that types no text (Ctrl-C) act within a pass, however slow the events
/// read before them are, and the loop keeps reading input and drawing while it works them off.
@MainActor
struct MainLoopDispatchTests {
    /// 3,000 keys that each take 6 ms (a sort of 100,000 rows), read 100 at a time.
    private func slowKeys(_ count: Int = 3000) -> [InputEvent] {
        Array(repeating: .key(KeyEvent(.character("s"))), count: count)
    }

    private func run(
        reads: [[InputEvent]], signal: (time: Double, event: InputEvent)? = nil
    ) -> (loop: MainLoop, clock: ManualClock, slow: SlowScreen) {
        let clock = ManualClock()
        let slow = SlowScreen(clock: clock, cost: 0.006)
        let app = Application(rootViewController: slow)
        let input = SignalledInput(reads: reads, signal: signal, clock: clock)
        let screen = HeadlessScreen(size: Size(width: 30, height: 5))
        let loop = MainLoop(screen: screen, input: input, clock: clock)
        loop.delegate = app.window
        app.window.mainLoop(loop, didResizeTo: screen.size)
        loop.run()
        return (loop, clock, slow)
    }

    @Test func aSignalToEndActsWithinAPassWhateverKeysWait() {
        let keys = slowKeys()
        let reads = stride(from: 0, to: keys.count, by: 100).map { Array(keys[$0..<$0 + 100]) }
        let (loop, clock, slow) = run(reads: reads, signal: (0.05, .terminate))
        #expect(!loop.isRunning)
        #expect(clock.seconds < 0.05 + 2 * loop.dispatchBudget + 0.006, "ended at \(clock.seconds) s")
        #expect(slow.handled < 30, "not after the queued keys: \(slow.handled) handled")
    }

    @Test func ctrlCReadBehindSlowKeysOvertakesThem() {
        var keys = slowKeys()
        keys.insert(.key(.ctrl("c")), at: 500)
        let reads = stride(from: 0, to: keys.count, by: 100).map { Array(keys[$0..<min(keys.count, $0 + 100)]) }
        let (loop, clock, slow) = run(reads: reads)
        #expect(!loop.isRunning)
        #expect(clock.seconds < 0.2, "Ctrl-C quit at \(clock.seconds) s")
        #expect(slow.handled < 100, "ahead of the keys before it: \(slow.handled) handled")
        #expect(slow.frames > 3, "frames were drawn while the keys were worked off")
    }

    @Test func aKeyThatTypesTextKeepsItsPlace() {
        // q quits the application, but it types text: the keys before it may focus a field.
        var keys = slowKeys(40)
        keys.append(.key(KeyEvent(.character("q"))))
        let (loop, _, slow) = run(reads: [keys])
        #expect(!loop.isRunning)
        #expect(slow.handled == 40, "q quit after the 40 keys before it")
    }
}

/// A focused view whose every key takes `cost` seconds of the manual clock (slow work), and
/// that counts the keys and the frames it draws.
@MainActor
private final class SlowScreen: ViewController {
    final class Worker: View {
        var onKey: () -> Void = {}
        var onDraw: () -> Void = {}
        override var canBecomeFocused: Bool { true }
        override func keyPressed(_ event: KeyEvent) -> Bool {
            guard event == KeyEvent(.character("s")) else { return false }
            onKey()
            return true
        }
        override func draw(in canvas: inout Canvas) { onDraw() }
    }

    private(set) var handled = 0
    private(set) var frames = 0
    let worker = Worker(frame: Rect(x: 0, y: 0, width: 10, height: 1))

    init(clock: ManualClock, cost: Double) {
        super.init()
        worker.onKey = { [unowned self] in
            handled += 1
            clock.advance(by: cost)
            worker.setNeedsDisplay()
        }
        worker.onDraw = { [unowned self] in frames += 1 }
    }

    override func viewDidLoad() { view.addSubview(worker) }
}

/// Hands out one read per wait while the loop reads input; `signal` comes at the first wait at
/// or after its time whether the loop reads input or not (a signal's self-pipe is always
/// served). A wait with nothing to hand out moves the clock by its time-out; with none, the
/// script ran dry and it ends the loop.
@MainActor
private final class SignalledInput: InputSource {
    private var reads: [[InputEvent]]
    private var signal: (time: Double, event: InputEvent)?
    let clock: ManualClock

    init(reads: [[InputEvent]], signal: (time: Double, event: InputEvent)?, clock: ManualClock) {
        self.reads = reads
        self.signal = signal
        self.clock = clock
    }

    func nextEvents(timeout: Double?) -> [InputEvent] { nextEvents(timeout: timeout, readingInput: true) }

    func nextEvents(timeout: Double?, readingInput: Bool) -> [InputEvent] {
        var events: [InputEvent] = []
        if let pending = signal, clock.seconds >= pending.time {
            signal = nil
            events.append(pending.event)
        }
        if readingInput, !reads.isEmpty { events += reads.removeFirst() }
        if events.isEmpty {
            guard let timeout else { return [.terminate] }
            clock.advance(by: max(timeout, 0.001))
        }
        return events
    }

    nonisolated func wake() {}
}
