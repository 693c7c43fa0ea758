/// Where events come from: a terminal (`ShojiTerminal.TerminalInput`) or a script in tests
/// (`ShojiTesting.ScriptedInput`).
@MainActor
public protocol InputSource: AnyObject, Sendable {
    /// Waits until at least one event is available, `wake()` is called, or `timeout` seconds
    /// pass (`nil`: no time limit, so an idle app sleeps without using CPU). Returns the
    /// events in arrival order; empty on time-out or wake-up.
    ///
    /// A source for a real app also serves the main actor while it waits (the terminal's does):
    /// Swift concurrency jobs queued for the main actor run inside this call, on the main
    /// thread, and it returns after them, so the loop draws what they changed. A scripted
    /// source does not: tests let tasks run with `Pilot.runTasks()`.
    func nextEvents(timeout: Double?) -> [InputEvent]

    /// `nextEvents(timeout:)`, or, with `readingInput` false, the same wait without reading
    /// keys or mouse events: they stay where they are (the terminal's bytes in the kernel's
    /// buffer, so a writer that keeps writing is made to wait), while wake-ups, signals
    /// (`.resize`, `.terminate`…) and the main actor's jobs are still served. `MainLoop.run()`
    /// passes false while its delegate holds back too many events (back-pressure). A source
    /// that does not implement it reads anyway (the default calls `nextEvents(timeout:)`).
    func nextEvents(timeout: Double?, readingInput: Bool) -> [InputEvent]

    /// Interrupts a waiting `nextEvents` from any thread (the wake pipe). Safe to call from a
    /// signal-free background thread; it never blocks.
    nonisolated func wake()
}

extension InputSource {
    /// Reads whatever `readingInput` says: a source without back-pressure.
    public func nextEvents(timeout: Double?, readingInput: Bool) -> [InputEvent] {
        nextEvents(timeout: timeout)
    }
}
