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

    /// Interrupts a waiting `nextEvents` from any thread (the wake pipe). Safe to call from a
    /// signal-free background thread; it never blocks.
    nonisolated func wake()
}
