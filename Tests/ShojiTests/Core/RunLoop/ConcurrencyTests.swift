import Testing
import ShojiTesting

/// A controller that starts a task in `viewDidLoad`: it sleeps on `clock`, then changes its
/// label, `ticks` times.
@MainActor
private final class SleepingController: ViewController {
    let label = Label(text: "waiting")
    let clock: any Clock<Duration>
    let ticks: Int
    var task: Task<Void, Never>?

    init(clock: any Clock<Duration>, ticks: Int = 1) {
        self.clock = clock
        self.ticks = ticks
        super.init()
    }

    override func viewDidLoad() {
        label.frame = Rect(x: 0, y: 0, width: 30, height: 1)
        view.addSubview(label)
        task = Task {
            for tick in 1...ticks {
                do {
                    try await Task.sleep(for: .seconds(1), clock: clock)
                } catch {
                    label.text = "cancelled"
                    return
                }
                label.text = ticks == 1 ? "woke" : "tick \(tick)"
            }
        }
    }
}

/// A list fed from a background task through an `AsyncStream`.
@MainActor
private final class StreamController: ViewController, ListViewDataSource {
    let list = ListView()
    var rows: [Int] = []

    override func viewDidLoad() {
        list.frame = Rect(x: 0, y: 0, width: 20, height: 5)
        list.dataSource = self
        view.addSubview(list)
    }

    /// Starts a detached producer of `count` values and a main-actor consumer; returns the
    /// producer so a test can wait for the other thread.
    func stream(count: Int) -> Task<Void, Never> {
        let (values, continuation) = AsyncStream.makeStream(of: Int.self)
        Task {
            for await value in values {
                rows.append(value)
                list.reloadData()
                list.selectedRow = rows.count - 1
            }
        }
        return Task.detached {
            for value in 0..<count { continuation.yield(value) }
            continuation.finish()
        }
    }

    func numberOfRows(in listView: ListView) -> Int { rows.count }
    func listView(_ listView: ListView, titleForRow row: Int) -> String { "row \(rows[row])" }
}

@MainActor
struct ConcurrencyTests {
    @Test func aTaskStartedInViewDidLoadWakesAtItsInstantAndItsChangeIsDrawn() async {
        let clock = ManualClock()
        let controller = SleepingController(clock: clock)
        let pilot = Pilot(Application(rootViewController: controller), size: Size(width: 30, height: 3), clock: clock)
        await pilot.runTasks()
        #expect(clock.sleeperCount == 1, "the task began its sleep")
        await pilot.advance(by: 0.999)
        #expect(pilot.line(0).hasPrefix("waiting"))
        await pilot.advance(by: 0.001)
        #expect(pilot.line(0).hasPrefix("woke"))
        #expect(pilot.screen.lastFrame?.text(row: 0).hasPrefix("woke") == true)
        #expect(abs(pilot.clock.seconds - 1) < 1e-9, "drawn in the frame of the instant it woke")
    }

    @Test func aTaskThatSleepsEachSecondWakesOncePerSecondWhileTimeAdvances() async {
        let clock = ManualClock()
        let controller = SleepingController(clock: clock, ticks: 3)
        let pilot = Pilot(Application(rootViewController: controller), size: Size(width: 30, height: 3), clock: clock)
        pilot.screen.clearFrames()
        await pilot.advance(by: 3.5)
        #expect(pilot.line(0).hasPrefix("tick 3"))
        let shown = pilot.screen.frames.map { $0.text(row: 0).trimmingTrailingSpaces }
        #expect(shown == ["tick 1", "tick 2", "tick 3"], "one frame per wake-up, none skipped")
        #expect(clock.sleeperCount == 0)
    }

    @Test func aCancelledSleepThrowsAtOnce() async {
        let clock = ManualClock()
        let controller = SleepingController(clock: clock)
        let pilot = Pilot(Application(rootViewController: controller), size: Size(width: 30, height: 3), clock: clock)
        await pilot.runTasks()
        controller.task?.cancel()
        await pilot.runTasks()
        #expect(pilot.line(0).hasPrefix("cancelled"))
        #expect(clock.sleeperCount == 0)
        #expect(clock.seconds < 1.0 / 60 + 1e-9, "no time had to pass")
    }

    @Test func sleepersWakeInDeadlineOrderAndPastDeadlinesDoNotWait() async throws {
        let clock = ManualClock(start: 10)
        var woke: [String] = []
        let late = Task { @MainActor in
            try await clock.sleep(until: .init(seconds: 12)); woke.append("late")
        }
        let early = Task { @MainActor in
            try await clock.sleep(until: .init(seconds: 11)); woke.append("early")
        }
        let past = Task { @MainActor in
            try await clock.sleep(until: .init(seconds: 9)); woke.append("past")
        }
        try await past.value
        #expect(woke == ["past"])
        let pilot = Pilot(Application(rootViewController: ViewController()), clock: clock)
        await pilot.runTasks()
        #expect(clock.nextWakeUp == 11)
        await pilot.advance(to: 12)
        try await early.value
        try await late.value
        #expect(woke == ["past", "early", "late"])
        #expect(clock.now == ManualClock.Instant(seconds: 12))
    }

    /// Earlier frames leave the clock at a time no decimal adds up to (steps of 1/60 s): a task
    /// that sleeps 100 ms five times from there has woken five times once the test advances by
    /// 0.5 s, because the clock counts whole nanoseconds.
    @Test func aTaskSleeping100msFiveTimesFromANonRoundTimeWakesFiveTimesInHalfASecond() async {
        let clock = ManualClock(start: 0.8333333333333343)
        let pilot = Pilot(Application(rootViewController: ViewController()), clock: clock)
        pilot.settle()
        let start = clock.now
        var ticks = 0
        let task = Task { @MainActor in
            for _ in 0..<5 {
                try await clock.sleep(for: .milliseconds(100))
                ticks += 1
            }
        }
        await pilot.runTasks()
        #expect(clock.sleeperCount == 1 && clock.now == start, "asleep from the instant the advance starts at")
        await pilot.advance(by: 0.4)
        #expect(ticks == 4)
        await pilot.advance(by: 0.1)
        #expect(ticks == 5, "the fifth deadline is the instant 0.5 s after the start")
        #expect(clock.now == start.advanced(by: .milliseconds(500)))
        task.cancel()
    }

    @Test func instantsAddUpExactlyHoweverTheyAreReached() {
        let clock = ManualClock(start: 1.0 / 3)
        let start = clock.now
        var byDurations = start
        for _ in 0..<10 { byDurations = byDurations.advanced(by: .milliseconds(100)) }
        clock.advance(by: 1.0)
        #expect(clock.now == byDurations)
        for _ in 0..<10 { clock.advance(by: 0.1) }
        clock.advance(by: Duration.seconds(1))
        #expect(clock.now == start.advanced(by: .seconds(3)))
        #expect(start.duration(to: clock.now) == .seconds(3))
        clock.advance(by: -1)
        clock.advance(to: 0)
        #expect(clock.now == start.advanced(by: .seconds(3)), "time never goes back")
    }

    /// Advancing by a fraction of a second moves the clock by that fraction, to the
    /// nanosecond, and wakes a sleeper whose deadline it reaches (a failure if not, never a
    /// hang: the sleeper is checked without awaiting it). The limit counts the time the test
    /// waits for the main actor behind the rest of the suite (two minutes in all on two cores),
    /// so it is far above what the test itself takes.
    @Test(.timeLimit(.minutes(10)))
    func advancingByAFractionOfASecondMovesByItAndWakesTheSleepersItReaches() async {
        let clock = ManualClock()
        clock.advance(by: 0.25)
        #expect(clock.now == ManualClock.Instant(nanoseconds: 250_000_000) && clock.seconds == 0.25)
        clock.advance(by: Duration.milliseconds(125))
        #expect(clock.now == ManualClock.Instant(nanoseconds: 375_000_000))
        clock.advance(by: 0.000_000_001)
        #expect(clock.now.nanoseconds == 375_000_001)
        let pilot = Pilot(Application(rootViewController: ViewController()), clock: clock)
        var woke = false
        let task = Task { @MainActor in
            try await clock.sleep(for: .milliseconds(250))
            woke = true
        }
        await pilot.runTasks()
        #expect(clock.sleeperCount == 1)
        await pilot.advance(by: 0.249)
        #expect(!woke && clock.sleeperCount == 1)
        await pilot.advance(by: 0.001)
        #expect(woke && clock.sleeperCount == 0, "a quarter of a second after it began")
        task.cancel()
    }

    @Test func aThousandValuesStreamedFromABackgroundTaskAllReachTheList() async {
        let controller = StreamController()
        let pilot = Pilot(Application(rootViewController: controller), size: Size(width: 20, height: 5))
        let producer = controller.stream(count: 1_000)
        await producer.value
        await pilot.runTasks()
        #expect(controller.rows == Array(0..<1_000), "none lost, none reordered")
        #expect(pilot.line(4).contains("row 999"), "the list shows the last row")
    }

    @Test(arguments: 0..<20)
    func runTasksIsDeterministic(_ run: Int) async {
        let clock = ManualClock()
        let controller = SleepingController(clock: clock, ticks: 2)
        let pilot = Pilot(Application(rootViewController: controller), size: Size(width: 30, height: 3), clock: clock)
        await pilot.runTasks()
        clock.advance(by: 1)  // the sleeper wakes here; its task runs at the next runTasks
        await pilot.runTasks()
        #expect(pilot.line(0).hasPrefix("tick 1"), "run \(run)")
        #expect(clock.sleeperCount == 1, "asleep again, run \(run)")
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
