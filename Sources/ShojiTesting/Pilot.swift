import Shoji

/// Runs a whole app inside a test, with no terminal: a headless screen, scripted input and a
/// manual clock around a real `MainLoop`. The pilot presses keys, clicks, resizes, moves time
/// and reads the screen, like a user at a terminal whose clock only moves when told.
///
/// Time rules, so tests are exact:
/// - `press`, `type`, `click`, `scroll`, `resize` and `send` deliver the event at the current
///   time, then let time run to the frame the event asked for (at most one frame interval), so
///   the screen shows the result when they return.
/// - `deliver` delivers without moving time (to queue events in the middle of an animation).
/// - `advance(by:)` moves time in steps to each deadline (timer or frame) in turn, so every
///   frame in between is rendered at its exact instant and kept by the screen.
/// - A livelock (work due immediately, again and again, time never moving: a timer that
///   reschedules itself with no delay) stops the test process after `livelockBound` passes at
///   one instant, with a message naming the timers, tick callbacks and frame that kept running.
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
    /// The app; the loop holds its delegate weakly, so the pilot keeps it alive.
    public let app: any MainLoopDelegate

    /// Starts `app` on a headless screen of `size` and renders its first frame.
    public init(_ app: any MainLoopDelegate, size: Size = Size(width: 80, height: 24), framesPerSecond: Int = 60) {
        self.app = app
        clock = ManualClock()
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
    /// False once the app quit (Ctrl-C, `.terminate`, or its own `stop()`).
    public var isRunning: Bool { loop.isRunning }

    // MARK: Input

    /// Presses `key` with `modifiers` (see the time rules).
    public func press(_ key: Key, modifiers: KeyModifiers = []) { send(.key(KeyEvent(key, modifiers: modifiers))) }

    /// Presses a key event (see the time rules).
    public func press(_ event: KeyEvent) { send(.key(event)) }

    /// Types each character of `text` as a key press.
    public func type(_ text: String) {
        for character in text { press(.character(character)) }
    }

    /// A left click (press then release) at a 0-based cell.
    public func click(at point: Point, button: MouseEvent.Button = .left) {
        deliver(.mouse(MouseEvent(.press(button), at: point)))
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

    /// Delivers `event`, then runs to the frame it requested (see the time rules).
    public func send(_ event: InputEvent) {
        deliver(event)
        if let due = loop.nextDeadline, loop.needsDisplay, due <= clock.now + loop.frameInterval {
            advance(to: due)
        }
    }

    /// Delivers `event` and does what is due now, without moving time.
    public func deliver(_ event: InputEvent) {
        loop.dispatch(event)
        loop.performDueWork()
    }

    // MARK: Time

    /// Moves time forward by `seconds`, stopping at every deadline on the way.
    public func advance(by seconds: Double) { advance(to: clock.now + max(0, seconds)) }

    /// How many passes in a row at one instant `advance` allows before it calls the app
    /// livelocked. Passes that move time do not count, so a long advance over an animation is fine.
    public static let livelockBound = 10_000

    /// Moves time forward to `instant`, stopping at every deadline on the way.
    public func advance(to instant: Double) {
        loop.performDueWork()
        var passesAtThisInstant = 0
        while let next = loop.nextDeadline, next <= instant {
            passesAtThisInstant = next > clock.now ? 0 : passesAtThisInstant + 1
            if passesAtThisInstant >= Self.livelockBound {
                preconditionFailure("Pilot.advance: livelock at t = \(clock.now): work was due immediately \(Self.livelockBound) "
                    + "times in a row without time moving; due now: \(loop.dueWorkDescription.joined(separator: ", "))")
            }
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
        advance(to: max(next, clock.now))
        return true
    }

    /// Advances frame by frame while something animates or a frame is pending, at most
    /// `limit` seconds; returns the time it took. Timers further away than the last frame do
    /// not keep it going.
    @discardableResult
    public func settle(limit: Double = 10) -> Double {
        let start = clock.now
        while (loop.isTicking || loop.needsDisplay), clock.now - start < limit {
            guard let next = loop.nextDeadline else { break }
            advance(to: max(next, clock.now))
        }
        return clock.now - start
    }

    /// Advances to each deadline in turn (every frame of an animation, every timer) until
    /// nothing is due within `limit` seconds, calling `sample` after each: for tests that check
    /// an animation frame by frame.
    public func stepFrames(limit: Double = 5, _ sample: () -> Void) {
        let end = clock.now + limit
        while let next = loop.nextDeadline, next <= end {
            advance(to: next)
            sample()
        }
    }
}
