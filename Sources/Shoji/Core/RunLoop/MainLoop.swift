import Synchronization

/// The single-threaded run loop: waits for input or the next deadline, dispatches events to its
/// delegate, fires timers, and renders at most one frame per tick.
///
/// Named `MainLoop` rather than `RunLoop` so it never clashes with Foundation's class.
///
/// Guarantees:
/// - Everything runs on the main actor, in this order on each pass: due timers (earliest
///   first; equal times in scheduling order), then the frame if one is due (tick callbacks, then
///   render, then one `present`).
/// - Redraw requests coalesce: any number of `setNeedsDisplay()` calls before a frame produce one
///   frame, and frames are at least `1 / framesPerSecond` apart.
/// - When no timer is scheduled, no tick callback is active and no frame is pending, the loop
///   waits for input with no time-out, so an idle app uses no CPU.
/// - Time comes only from `clock`, so a manual clock makes the loop deterministic.
/// - Input is read in bounded batches (one read of the source per pass) and only while fewer
///   than `maximumHeldBackEvents` events wait (held back by the delegate, or read and not
///   dispatched yet): a flood of input waits unread where it is (the kernel's buffer) instead
///   of piling up in memory.
/// - Events are dispatched in the order they were read, for at most `dispatchBudget` seconds
///   a pass; the rest wait for the next pass, after the loop has read its input and signals
///   again and drawn what is due. So whatever waits, a request to end (`.terminate`, from a
///   signal) acts within a pass, and so does an event the delegate lets overtake the waiting
///   ones (`MainLoopDelegate.mainLoop(_:overtakes:)`: an application's Ctrl-C).
/// - Key releases: at the end of each pass's due work the loop reads its delegate's
///   `keyRouteWantsKeyReleases` and, when it changed, tells the input source
///   (`InputSource.reportKeyReleases(_:)`); the source starts out told false.
@MainActor
public final class MainLoop {
    /// Where frames go.
    public let screen: any Screen
    /// Where events come from; also woken by `post`.
    public nonisolated let input: any InputSource
    /// The only source of time for timers, frames and animations.
    public let clock: any TimeSource
    /// The app driven by the loop (usually a `Window`); held weakly, so its owner keeps it.
    public weak var delegate: (any MainLoopDelegate)?

    /// Upper bound on frames per second (default 60). Values below 1 are treated as 1.
    public var framesPerSecond: Int {
        didSet { framesPerSecond = max(1, framesPerSecond) }
    }

    /// Seconds between two frames.
    public var frameInterval: Double { 1.0 / Double(framesPerSecond) }

    /// How many held-back events (the delegate's `heldBackEventCount`) stop `run()` from
    /// reading more input (default 1024, at least 1). The held-back events are then at most
    /// this many plus one read's worth (a few thousand with the terminal's 4 KiB reads).
    public var maximumHeldBackEvents = 1024 {
        didSet { maximumHeldBackEvents = max(1, maximumHeldBackEvents) }
    }

    /// Whether `run()` reads input at its next wait: fewer than `maximumHeldBackEvents` events
    /// wait, held back by the delegate or read and not dispatched yet.
    public var isReadingInput: Bool {
        (delegate?.heldBackEventCount ?? 0) + undispatchedEventCount < maximumHeldBackEvents
    }

    /// Seconds of dispatching events per pass (one frame interval): past it, the events still
    /// waiting are dispatched at the next pass, after input, signals, timers and the frame.
    /// The clock decides, so with a manual clock that stands still a pass dispatches them all.
    public var dispatchBudget: Double { frameInterval }

    /// Events `run()` has read and not dispatched yet, oldest first, from `pendingStart` on
    /// (dispatched ones are dropped in bulk, so a long queue is worked off in linear time).
    private var pendingEvents: [InputEvent] = []
    private var pendingStart = 0

    /// Events `run()` has read and not dispatched yet (while one is dispatched, those after
    /// it). A window works off a backlog while this is positive, as while it holds events back
    /// (see `Window.isCatchingUp`).
    public var undispatchedEventCount: Int { pendingEvents.count - pendingStart }

    /// True between `run()` starting (or `start()`) and `stop()`.
    public private(set) var isRunning = false

    /// How many frames have been presented; for tests and benchmarks.
    public private(set) var framesPresented = 0

    /// When the last frame was presented, or `nil` before the first.
    public private(set) var lastFrameTime: Double?

    private var timers: [MainLoopTimer] = []
    private var timerSequence = 0
    private var frameDue: Double?
    private var tickCallbacks: [(id: Int, name: String, callback: @MainActor (Double) -> Bool)] = []
    private var tickSequence = 0
    private let inbox = Mutex<[@Sendable @MainActor () -> Void]>([])
    /// The last frame's surface, blanked and drawn again for the next frame of the same size:
    /// no allocation per frame (unless the screen kept a reference to it).
    private var spareSurface: Surface?
    /// What the input source was last told about key releases (`syncKeyReleaseReporting()`).
    private var reportsKeyReleases = false

    /// A stopped loop; `run()` or `start()` begins it.
    public init(screen: any Screen, input: any InputSource, clock: any TimeSource, framesPerSecond: Int = 60) {
        self.screen = screen
        self.input = input
        self.clock = clock
        self.framesPerSecond = max(1, framesPerSecond)
    }

    // MARK: Running

    /// Marks the loop running and requests the first frame, without blocking. `run()` calls it;
    /// test pilots call it and then drive the loop step by step.
    public func start() {
        isRunning = true
        setNeedsDisplay()
    }

    /// Runs until `stop()`: the blocking loop of a real app. Each pass does the due work, then
    /// waits for input (reading it only while `isReadingInput`) until the next deadline, or not
    /// at all while events wait, and dispatches the events waiting, in order, for at most
    /// `dispatchBudget` seconds (see the type's guarantees).
    public func run() {
        start()
        while isRunning {
            performDueWork()
            guard isRunning else { break }
            receive(input.nextEvents(timeout: waitTimeout, readingInput: isReadingInput))
        }
        pendingEvents.removeAll()
        pendingStart = 0
    }

    /// How long a pass may wait for input now: 0 while events wait to be dispatched, else until
    /// `nextDeadline` (`nil`: idle, no limit). What `run()` waits, and what a driver of several
    /// loops (`MainLoopGroup`) waits at most for this one.
    public var waitTimeout: Double? {
        undispatchedEventCount > 0 ? 0 : nextDeadline.map { max(0, $0 - clock.seconds) }
    }

    /// The second half of a pass, for a driver that waits for several loops' input itself
    /// (`MainLoopGroup`): puts `events` (just read from `input`) behind those waiting, except
    /// what may not wait (see `run()`), then dispatches the waiting events for at most
    /// `dispatchBudget` seconds. The first half is `performDueWork()`.
    public func receive(_ events: [InputEvent]) {
        enqueue(events)
        dispatchPendingEvents()
    }

    /// Puts events just read behind those waiting; what must not wait for them (a request to
    /// end, an event the delegate lets overtake) is dispatched at once instead.
    private func enqueue(_ events: [InputEvent]) {
        for event in events {
            guard isRunning else { return }
            let waiting = undispatchedEventCount + (delegate?.heldBackEventCount ?? 0) > 0
            if case .terminate = event {
                dispatch(event)
            } else if waiting, delegate?.mainLoop(self, overtakes: event) == true {
                dispatch(event)
            } else {
                pendingEvents.append(event)
            }
        }
    }

    /// Dispatches the waiting events in order until none is left, the loop stops, or the pass
    /// has spent `dispatchBudget`.
    private func dispatchPendingEvents() {
        let start = clock.seconds
        while isRunning, undispatchedEventCount > 0 {
            let event = pendingEvents[pendingStart]
            pendingStart += 1
            if pendingStart == pendingEvents.count {
                pendingEvents.removeAll(keepingCapacity: true)
                pendingStart = 0
            } else if pendingStart >= 256, pendingStart * 2 >= pendingEvents.count {
                pendingEvents.removeFirst(pendingStart)
                pendingStart = 0
            }
            dispatch(event)
            if clock.seconds - start >= dispatchBudget { break }
        }
    }

    /// Ends `run()` after the event or timer being handled. Pending timers stay scheduled.
    public func stop() { isRunning = false }

    // MARK: Events

    /// Delivers one event now: resize and redraw are handled here (relayout, full redraw),
    /// `.terminate` stops the loop; keys, mouse and paste go to the delegate. The loop gives no
    /// key a meaning of its own: quitting and repainting by key are the `Application`'s
    /// bindings (Ctrl-C, Ctrl-L).
    public func dispatch(_ event: InputEvent) {
        switch event {
        case .terminate:
            stop()
        case .redraw:
            screen.invalidate()
            setNeedsDisplay()
        case .resize(let size):
            delegate?.mainLoop(self, didResizeTo: size)
            screen.invalidate()
            setNeedsDisplay()
        case .key, .keyRelease, .mouse, .paste:
            _ = delegate?.mainLoop(self, handle: event)
        }
    }

    /// Runs `work` on the main loop at its next pass. Callable from any thread: it wakes a
    /// waiting loop through the input source's wake pipe. Work runs in posting order. For code
    /// that can `await`, `Task { @MainActor in … }` or `await MainActor.run { … }` does the
    /// same through Swift concurrency (the terminal loop serves the main actor too).
    public nonisolated func post(_ work: @escaping @Sendable @MainActor () -> Void) {
        inbox.withLock { $0.append(work) }
        input.wake()
    }

    // MARK: Timers

    /// Schedules `action` after `delay` seconds, then every `interval` seconds if given.
    /// Intervals are clamped to at least one millisecond so a timer cannot starve the loop.
    /// `name` says what it is for in diagnostics (default: where it was scheduled).
    @discardableResult
    public func schedule(
        after delay: Double, repeating interval: Double? = nil, name: String? = nil,
        fileID: StaticString = #fileID, line: UInt = #line,
        _ action: @escaping @MainActor () -> Void
    ) -> MainLoopTimer {
        timerSequence += 1
        let timer = MainLoopTimer(
            fireTime: clock.seconds + max(0, delay), interval: interval.map { max(0.001, $0) },
            sequence: timerSequence, name: name ?? "\(fileID):\(line)", action: action)
        timers.append(timer)
        return timer
    }

    // MARK: Frames

    /// Requests a frame. It is presented at the first pass at or after
    /// `max(now, lastFrameTime + frameInterval)`; further requests before then add nothing.
    public func setNeedsDisplay() {
        guard frameDue == nil else { return }
        frameDue = frameTimeForRequestNow
    }

    /// When a frame requested now would be presented: `max(now, lastFrameTime + frameInterval)`.
    private var frameTimeForRequestNow: Double {
        max(clock.seconds, lastFrameTime.map { $0 + frameInterval } ?? clock.seconds)
    }

    /// The time of the first frame that can show a change made now: the frame requested and not
    /// begun, else the one a request now would get; while a frame is being made (its ticks,
    /// layout, drawing), the one after it, as what changes then is not drawn in it.
    var firstFrameShowingChangesNow: Double {
        if isRenderingFrame { return clock.seconds + frameInterval }
        return frameDue ?? frameTimeForRequestNow
    }

    /// True while a frame is requested but not yet presented.
    public var needsDisplay: Bool { frameDue != nil }

    /// When the requested frame will be presented (see `setNeedsDisplay()`), `nil` while none
    /// is requested.
    public var nextFrameTime: Double? { frameDue }

    /// Calls `callback` with the frame time before every frame for as long as it returns true;
    /// while any callback is active a frame is rendered every tick (the animation display link).
    /// What a callback changes is drawn in the frame it runs for; its redraw requests add no
    /// frame. `name` says what it is for in diagnostics (default: where it was added). Returns
    /// an id for `removeTickCallback(_:)`.
    @discardableResult
    public func addTickCallback(
        name: String? = nil, fileID: StaticString = #fileID, line: UInt = #line,
        _ callback: @escaping @MainActor (Double) -> Bool
    ) -> Int {
        tickSequence += 1
        tickCallbacks.append((tickSequence, name ?? "\(fileID):\(line)", callback))
        setNeedsDisplay()
        return tickSequence
    }

    /// Removes a tick callback; unknown ids are ignored.
    public func removeTickCallback(_ id: Int) {
        tickCallbacks.removeAll { $0.id == id }
    }

    /// True while a tick callback is active (something animates).
    public var isTicking: Bool { !tickCallbacks.isEmpty }

    /// The earliest time the loop has work: a timer or a pending frame; `nil` when idle.
    public var nextDeadline: Double? {
        let timer = timers.lazy.filter(\.isValid).map(\.fireTime).min()
        switch (timer, frameDue) {
        case let (t?, f?): return min(t, f)
        case let (t?, nil): return t
        case let (nil, f): return f
        }
    }

    /// What the loop will do at `nextDeadline`, for diagnostics such as a test pilot's livelock
    /// report: each timer due then (`timer "name"`, repeating or not), and, when a frame is due
    /// then, the active tick callbacks (`tick callback "name"`) and the frame itself. Empty when
    /// idle.
    public var dueWorkDescription: [String] {
        guard let due = nextDeadline else { return [] }
        var work = timers.filter { $0.isValid && $0.fireTime <= due }.sorted { $0.sequence < $1.sequence }.map {
            timer in
            "timer \"\(timer.name)\"" + (timer.interval.map { " (every \($0) s)" } ?? "")
        }
        if let frame = frameDue, frame <= due {
            work += tickCallbacks.map { "tick callback \"\($0.name)\"" }
            work.append("a frame")
        }
        return work
    }

    /// Does everything due at the clock's current time: posted work, due timers, then the frame
    /// if due. Never waits.
    public func performDueWork() {
        let posted = inbox.withLock { work in
            defer { work.removeAll() }; return work
        }
        for work in posted { work() }
        fireDueTimers()
        if let due = frameDue, clock.seconds >= due { renderFrame() }
        syncKeyReleaseReporting()
    }

    /// Tells the input source whether to report key releases when the delegate's wish changed
    /// (see the type's guarantees). After the frame: the focus is where this pass left it.
    private func syncKeyReleaseReporting() {
        let wanted = delegate?.keyRouteWantsKeyReleases ?? false
        guard wanted != reportsKeyReleases else { return }
        reportsKeyReleases = wanted
        input.reportKeyReleases(wanted)
    }

    private func fireDueTimers() {
        let now = clock.seconds
        // Timers added by an action run in a later pass, so a zero-delay timer cannot spin here.
        let due = timers.filter { $0.isValid && $0.fireTime <= now }
            .sorted { ($0.fireTime, $0.sequence) < ($1.fireTime, $1.sequence) }
        for timer in due where timer.isValid {
            if let interval = timer.interval {
                let next = timer.fireTime + interval
                timer.fireTime = next > now ? next : now + interval
            } else {
                timer.isValid = false
            }
            timer.action()
        }
        timers.removeAll { !$0.isValid }
    }

    /// True while a frame is made (its ticks, layout and drawing).
    private var isRenderingFrame = false

    private func renderFrame() {
        isRenderingFrame = true
        defer { isRenderingFrame = false }
        let now = clock.seconds
        // Ticks first, so animated frames are in place for this frame's render. The frame stays
        // due while they run: what they change is drawn in this frame, and their redraw
        // requests must not ask for a second frame at the same instant.
        let callbacks = tickCallbacks
        for entry in callbacks where !entry.callback(now) {
            removeTickCallback(entry.id)
        }
        frameDue = nil
        var surface: Surface
        if var spare = spareSurface.take(), spare.size == screen.size {
            spare.clearForReuse()
            surface = spare
        } else {
            surface = Surface(size: screen.size)
        }
        delegate?.mainLoop(self, render: &surface)
        screen.present(surface)
        spareSurface = surface
        framesPresented += 1
        lastFrameTime = now
        if isTicking { setNeedsDisplay() }
    }
}
