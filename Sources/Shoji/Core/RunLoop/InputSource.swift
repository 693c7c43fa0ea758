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

    /// When the source needs to be read even if nothing more arrives (in its loop's clock's
    /// seconds), or `nil`: a source that decodes bytes pushed to it without waiting itself,
    /// holding the start of a sequence, gives the end of the wait that tells a lone Escape from
    /// the sequence. `MainLoopGroup` waits no longer than this; a source that waits itself
    /// (the terminal's) keeps the default, `nil`.
    var inputDeadline: Double? { get }

    /// Asks the source to deliver key releases (`InputEvent.keyRelease`) from now on, or to
    /// stop. `MainLoop` calls it when its delegate's `keyRouteWantsKeyReleases` changes, at
    /// most once per pass, starting from false. A terminal's source has the terminal report
    /// them where it can (the kitty keyboard protocol's event types) and nothing else changes:
    /// presses arrive as before. Releases already read may still arrive after `false`. The
    /// default does nothing: the source delivers no releases.
    func reportKeyReleases(_ report: Bool)
}

extension InputSource {
    /// Ignored: a source that cannot report releases delivers none.
    public func reportKeyReleases(_ report: Bool) {}

    /// None: the source waits for its own sequences.
    public var inputDeadline: Double? { nil }

    /// Reads whatever `readingInput` says: a source without back-pressure.
    public func nextEvents(timeout: Double?, readingInput: Bool) -> [InputEvent] {
        nextEvents(timeout: timeout)
    }
}
