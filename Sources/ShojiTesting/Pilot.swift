import Shoji

/// Runs a whole app inside a test, with no terminal: a headless screen, scripted input and a
/// manual clock around a real `MainLoop`. The pilot presses keys, clicks, resizes, moves time
/// and reads the screen, like a user at a terminal whose clock only moves when told.
///
/// Time rules, so tests are exact:
/// - `press`, `type`, `paste`, `click`, `scroll`, `resize` and `send` deliver the event at the current
///   time, then let time run to the frame the event asked for (at most one frame interval), so
///   the screen shows the result when they return.
/// - `deliver` delivers without moving time (to queue events in the middle of an animation).
/// - `advance(by:)` moves time in steps to each deadline (timer, frame or a task sleeping on
///   `clock`) in turn, so every frame in between is rendered at its exact instant and kept by
///   the screen.
/// - A livelock (work due immediately, again and again, time never moving: a timer that
///   reschedules itself with no delay) stops the test process after `livelockBound` passes at
///   one instant, with a message naming the timers, tick callbacks and frame that kept running.
///
/// Swift concurrency (an `async` test): the app's tasks run only when the test lets them:
/// `await runTasks()` runs every task that is ready until each waits again, then draws;
/// `await advance(by:)` does the same at every deadline on its way, so a task sleeping on
/// `clock` (`Task.sleep(for:clock:)`, with the clock handed to the app) wakes at its exact
/// instant and what it changes is drawn in that instant's frame. A task that waits for another
/// thread (a `Task.detached` producer, I/O) is done when that thread is: await it (its `value`)
/// before `runTasks()`. See `runTasks()` for how this is made deterministic.
@MainActor
public final class Pilot {
    /// The manual clock; move it with `advance` so due work runs on the way.
    public let clock: ManualClock
    /// Every presented frame.
    public let screen: HeadlessScreen
    /// The scripted input the loop reads (for `MainLoop.run()` style tests).
    public let input: ScriptedInput
    /// The real main loop under test.
    public let loop: MainLoop
    /// The main loop's delegate (a `Window`, an application's window, or a small app object);
    /// the loop holds its delegate weakly, so the pilot keeps it alive.
    public let app: any MainLoopDelegate

    /// The application, when the pilot was started with one (`init(_:size:framesPerSecond:clock:)`
    /// with an `Application`): kept alive here, as its window holds it weakly.
    public let application: Application?

    /// Starts `app` on a headless screen of `size` and renders its first frame. Pass the
    /// `clock` the app's tasks sleep on, if they do (the app was made with it).
    public convenience init(
        _ app: any MainLoopDelegate, size: Size = Size(width: 80, height: 24), framesPerSecond: Int = 60,
        clock: ManualClock = ManualClock()
    ) {
        self.init(delegate: app, application: nil, size: size, framesPerSecond: framesPerSecond, clock: clock)
    }

    /// Starts `application`'s window (the main loop's delegate; keys no responder took reach
    /// the application last) on a headless screen of `size` and renders its first frame.
    public convenience init(
        _ application: Application, size: Size = Size(width: 80, height: 24), framesPerSecond: Int = 60,
        clock: ManualClock = ManualClock()
    ) {
        self.init(
            delegate: application.window, application: application, size: size, framesPerSecond: framesPerSecond,
            clock: clock)
    }

    private init(
        delegate app: any MainLoopDelegate, application: Application?, size: Size, framesPerSecond: Int,
        clock: ManualClock
    ) {
        self.app = app
        self.application = application
        self.clock = clock
        screen = HeadlessScreen(size: size)
        input = ScriptedInput(clock: clock)
        loop = MainLoop(screen: screen, input: input, clock: clock, framesPerSecond: framesPerSecond)
        loop.delegate = app
        // As a terminal session does: the app learns its size before the first frame.
        app.mainLoop(loop, didResizeTo: size)
        loop.start()
        loop.performDueWork()
    }

    // MARK: Reading the screen

    /// The last frame as plain text.
    public var text: String { screen.text }
    /// The last frame's rows as plain text.
    public var lines: [String] { screen.lines }
    /// The last frame with styles (see `StyledText`).
    public var styledText: String { screen.styledText }
    /// Row `y` of the last frame as plain text ("" if there is no such row).
    public func line(_ y: Int) -> String {
        let all = lines
        return all.indices.contains(y) ? all[y] : ""
    }
    /// Where the terminal's cursor shows on the last frame (the focused text view's insertion
    /// point), or `nil` while it is hidden.
    public var cursor: Point? { screen.cursor }
    /// False once the app quit (Ctrl-C, `.terminate`, or its own `stop()`).
    public var isRunning: Bool { loop.isRunning }

    // MARK: Accessibility

    /// What a screen reader says for the focused view (`AccessibilityDescription.spoken`:
    /// "Notifications, switch, off"), or `nil` when nothing has the focus.
    public var accessibilityFocus: String? { window.firstResponder?.accessibility.spoken }

    /// What a screen reader says for each accessibility element the window shows, in drawing
    /// order (presented controllers, which lie over the rest, last; `View.accessibilityElements`).
    public var accessibilityElements: [String] {
        window.contentView.accessibilityElements.map(\.accessibility.spoken)
    }

    /// The accessibility tree the window shows (`View.accessibilityHierarchy`): one line per
    /// element or group, what a screen reader says for it, indented two spaces inside its group.
    public var accessibilityTree: String {
        window.contentView.accessibilityHierarchy.flatMap { $0.outline() }.joined(separator: "\n")
    }

    /// What was said to assistive technology so far, oldest first
    /// (`Window.accessibilityAnnouncements`: posted notifications, and in the screen-reader
    /// mode what the focus said as it moved).
    public var announcements: [String] { window.accessibilityAnnouncements }

    // MARK: Finding things on screen

    /// The window the app shows: `app` itself (an application's window when the pilot was
    /// started with an `Application`). A precondition failure for a bare `MainLoopDelegate`.
    public var window: Window {
        guard let shownWindow else {
            preconditionFailure("Pilot.window: the app is neither a Window nor an Application's window")
        }
        return shownWindow
    }

    private var shownWindow: Window? { app as? Window }

    /// Where `text` first shows on the last frame, reading rows top to bottom and each row left
    /// to right: the cell of its first character, in display columns (a wide character takes
    /// two). `nil` when it is not on screen. Text never spans rows.
    public func position(of text: String) -> Point? {
        guard let frame = screen.lastFrame, !text.isEmpty else { return nil }
        let wanted = Array(text)
        for y in 0..<frame.size.height {
            // The row's graphemes with the column each starts at (continuations skipped).
            var graphemes: [(x: Int, grapheme: String)] = []
            for x in 0..<frame.size.width where frame[x, y].width > 0 {
                graphemes.append((x, frame[x, y].grapheme))
            }
            guard graphemes.count >= wanted.count else { continue }
            for start in 0...(graphemes.count - wanted.count)
            where (0..<wanted.count).allSatisfy({ graphemes[start + $0].grapheme == String(wanted[$0]) }) {
                return Point(x: graphemes[start].x, y: y)
            }
        }
        return nil
    }

    /// Every view of type `T` in the window that `predicate` accepts, in view order (depth
    /// first, back to front), hidden ones included.
    public func views<T: View>(ofType type: T.Type = T.self, where predicate: (T) -> Bool = { _ in true }) -> [T] {
        guard let root = shownWindow?.contentView else { return [] }
        var found: [T] = []
        func visit(_ view: View) {
            if let match = view as? T, predicate(match) { found.append(match) }
            for subview in view.subviews { visit(subview) }
        }
        visit(root)
        return found
    }

    /// The first view of type `T` in the window that `predicate` accepts (see `views`).
    public func view<T: View>(ofType type: T.Type = T.self, where predicate: (T) -> Bool = { _ in true }) -> T? {
        views(ofType: type, where: predicate).first
    }

    /// Clicks the middle of the first place `text` shows (see `position(of:)`), as `click(at:)`.
    /// Throws `PilotError` when the text is not on screen.
    public func click(on text: String) throws {
        guard let start = position(of: text) else {
            throw PilotError(reason: "\"\(text)\" is not on the screen", screen: self.text)
        }
        click(at: Point(x: start.x + (DisplayWidth.of(text) - 1) / 2, y: start.y))
    }

    /// Clicks the middle of `view`'s frame, as `click(at:)`. Throws `PilotError` when the view is
    /// not in the window, is hidden or takes no events, or another view covers that cell (the
    /// click would not reach it).
    public func click(_ view: View) throws {
        guard let window = shownWindow, view.window === window, view.isEffectivelyInteractive else {
            throw PilotError(
                reason: "\(Swift.type(of: view)) is not shown in the window or takes no events", screen: text)
        }
        let middle = view.convertToWindow(Point(x: (view.bounds.width - 1) / 2, y: (view.bounds.height - 1) / 2))
        guard let hit = window.contentView.hitTest(middle), hit.isDescendant(of: view) else {
            throw PilotError(
                reason: "\(Swift.type(of: view)) is covered at \(middle) (a click there reaches another view)",
                screen: text)
        }
        click(at: middle)
    }

    // MARK: Input

    /// Presses `key` with `modifiers` (see the time rules).
    public func press(_ key: Key, modifiers: KeyModifiers = []) { send(.key(KeyEvent(key, modifiers: modifiers))) }

    /// Presses a key event (see the time rules).
    public func press(_ event: KeyEvent) { send(.key(event)) }

    /// Lets go of a key (`InputEvent.keyRelease`), as a terminal that reports releases sends it
    /// (see the time rules). It reaches only responders that want releases.
    public func releaseKey(_ event: KeyEvent) { send(.keyRelease(event)) }

    /// Types each character of `text` as a key press.
    public func type(_ text: String) {
        for character in text { press(.character(character)) }
    }

    /// Pastes `text` as a terminal's bracketed paste does: one `.paste` event (see the time
    /// rules).
    public func paste(_ text: String) { send(.paste(text)) }

    /// A left click (press then release) at a 0-based cell.
    public func click(at point: Point, button: MouseEvent.Button = .left) {
        deliver(.mouse(MouseEvent(.press(button), at: point)))
        send(.mouse(MouseEvent(.release(button), at: point)))
    }

    /// A press of `button` at a 0-based cell, held: the start of a drag (`drag(to:)`,
    /// `release(at:)`). Delivered without moving time, as the press of a `click(at:)`.
    public func press(at point: Point, button: MouseEvent.Button = .left) {
        deliver(.mouse(MouseEvent(.press(button), at: point)))
    }

    /// A motion report with `button` held, the pointer now at a 0-based cell.
    public func drag(to point: Point, button: MouseEvent.Button = .left) {
        send(.mouse(MouseEvent(.drag(button), at: point)))
    }

    /// The release of `button` at a 0-based cell, ending a press or drag.
    public func release(at point: Point, button: MouseEvent.Button = .left) {
        send(.mouse(MouseEvent(.release(button), at: point)))
    }

    /// One wheel notch at a cell, up or down.
    public func scroll(_ direction: MouseEvent.Kind, at point: Point) {
        precondition(direction == .wheelUp || direction == .wheelDown, "scroll takes .wheelUp or .wheelDown")
        send(.mouse(MouseEvent(direction, at: point)))
    }

    /// Resizes the screen and tells the app, as a terminal resize would.
    public func resize(to size: Size) {
        screen.size = size
        send(.resize(size))
    }

    /// Delivers `event`, then runs to the frame it requested (see the time rules), through any
    /// timer due before it.
    public func send(_ event: InputEvent) {
        deliver(event)
        if let due = loop.nextFrameTime, due <= clock.seconds + loop.frameInterval {
            advance(to: due)
        }
    }

    /// Delivers `event` and does what is due now, without moving time.
    public func deliver(_ event: InputEvent) {
        loop.dispatch(event)
        loop.performDueWork()
    }

    // MARK: Time

    /// Moves time forward by `seconds` (to the nearest nanosecond, as the clock adds durations),
    /// stopping at every deadline on the way.
    public func advance(by seconds: Double) { advance(to: clock.seconds(after: seconds)) }

    /// How many passes in a row at one instant `advance` allows before it calls the app
    /// livelocked. Passes that move time do not count, so a long advance over an animation is fine.
    public static let livelockBound = 10_000

    /// Moves time forward to `instant`, stopping at every deadline on the way.
    public func advance(to instant: Double) {
        loop.performDueWork()
        var passesAtThisInstant = 0
        while let next = nextDeadline, next <= instant {
            countPass(to: next, &passesAtThisInstant)
            clock.advance(to: next)
            loop.performDueWork()
        }
        clock.advance(to: instant)
        loop.performDueWork()
    }

    /// Moves time to the next deadline (the next frame, while something animates or a frame is
    /// pending) and returns true; returns false, moving nothing, when nothing is due. So
    /// `while pilot.advanceToNextFrame() { … }` looks at every frame of an animation.
    @discardableResult
    public func advanceToNextFrame() -> Bool {
        guard loop.isTicking || loop.needsDisplay, let next = loop.nextDeadline else { return false }
        advance(to: max(next, clock.seconds))
        return true
    }

    /// Counts the passes made at one instant; stops the test past `livelockBound` (see the
    /// type's notes).
    private func countPass(to next: Double, _ passesAtThisInstant: inout Int) {
        passesAtThisInstant = next > clock.seconds ? 0 : passesAtThisInstant + 1
        if passesAtThisInstant >= Self.livelockBound {
            preconditionFailure(
                "Pilot.advance: livelock at t = \(clock.seconds): work was due immediately \(Self.livelockBound) "
                    + "times in a row without time moving; due now: \(loop.dueWorkDescription.joined(separator: ", "))")
        }
    }

    /// The earliest time something is due: a timer, a frame, or a task sleeping on `clock`.
    public var nextDeadline: Double? {
        switch (loop.nextDeadline, clock.nextWakeUp) {
        case let (loop?, sleeper?): return min(loop, sleeper)
        case let (loop, sleeper): return loop ?? sleeper
        }
    }

    // MARK: Swift concurrency

    /// Lets the app's Swift tasks run: every task that is ready runs until it waits again (for
    /// a sleep, a stream, another task) or ends, along with the tasks it starts or wakes; then
    /// due work runs and time runs to the frame they asked for (at most one frame interval, as
    /// for a key press), so the screen shows what they changed.
    ///
    /// Deterministic: while it runs, work Swift would send to other threads (the inside of a
    /// `Task.sleep`, a nonisolated async function, a `Task.detached`) is queued on the main
    /// actor instead, in order, and it returns once a pass over that queue found nothing left.
    /// A thread that is really separate (one that is already running, I/O) is not waited for.
    public func runTasks() async {
        await runTasksAtCurrentTime()
        if let due = nextDeadline, loop.needsDisplay, due <= clock.seconds + loop.frameInterval {
            await advance(to: due)
        }
    }

    /// Moves time forward by `seconds` like `advance(by:)`, and at every deadline on the way
    /// lets the app's tasks run (`runTasks()`): a task that sleeps one second at a time wakes
    /// once per second, each time at its instant.
    public func advance(by seconds: Double) async { await advance(to: clock.seconds(after: seconds)) }

    /// Moves time forward to `instant` like `advance(to:)`, running the app's tasks at every
    /// deadline on the way (see `advance(by:) async`).
    public func advance(to instant: Double) async {
        await runTasksAtCurrentTime()
        var passesAtThisInstant = 0
        while let next = nextDeadline, next <= instant {
            countPass(to: next, &passesAtThisInstant)
            clock.advance(to: next)
            await runTasksAtCurrentTime()
        }
        clock.advance(to: instant)
        await runTasksAtCurrentTime()
    }

    /// Runs ready tasks and due work, without moving time, until neither brings more.
    private func runTasksAtCurrentTime() async {
        for _ in 0..<10_000 {
            await SerialTasks.runUntilIdle()
            let before = SerialTasks.mainActorJobs.load(ordering: .sequentiallyConsistent)
            let frames = screen.presentCount
            SerialTasks.redirectingGlobalJobs { loop.performDueWork() }
            let queued = SerialTasks.mainActorJobs.load(ordering: .sequentiallyConsistent) != before
            if !queued && frames == screen.presentCount { return }
        }
    }

    /// Advances frame by frame while something animates, a frame is pending or work is due
    /// now (a timer the last frame scheduled for its next pass), at most `limit` seconds;
    /// returns the time it took. Timers further away than the last frame do not keep it going.
    @discardableResult
    public func settle(limit: Double = 10) -> Double {
        let start = clock.seconds
        while loop.isTicking || loop.needsDisplay || (loop.nextDeadline.map { $0 <= clock.seconds } ?? false),
            clock.seconds - start < limit
        {
            guard let next = loop.nextDeadline else { break }
            advance(to: max(next, clock.seconds))
        }
        return clock.seconds - start
    }

    /// Advances to each deadline in turn (every frame of an animation, every timer) until
    /// nothing is due within `limit` seconds, calling `sample` after each: for tests that check
    /// an animation frame by frame.
    public func stepFrames(limit: Double = 5, _ sample: () -> Void) {
        let end = clock.seconds + limit
        while let next = loop.nextDeadline, next <= end {
            advance(to: next)
            sample()
        }
    }
}
