/// A one-shot or repeating timer scheduled on a `MainLoop` with `schedule(after:repeating:_:)`.
///
/// The run loop keeps the timer alive until it fires (one-shot) or is invalidated, so callers
/// need not hold it. Fires on the main actor, never early; a repeating timer that falls behind
/// fires once and reschedules from the current time rather than firing a burst to catch up.
@MainActor
public final class MainLoopTimer {
    /// When it next fires, on the run loop's clock.
    public internal(set) var fireTime: Double
    /// The repeat interval, or `nil` for a one-shot timer.
    public let interval: Double?
    /// False once invalidated or, for a one-shot timer, once fired.
    public internal(set) var isValid = true
    /// What the timer is for, for diagnostics (a test pilot's livelock report): the name given
    /// to `schedule`, else where it was scheduled (`Shoji/Window.swift:359`).
    public let name: String
    let action: @MainActor () -> Void
    /// Order of scheduling, so that timers due at the same time fire first-scheduled first.
    let sequence: Int

    init(fireTime: Double, interval: Double?, sequence: Int, name: String, action: @escaping @MainActor () -> Void) {
        self.fireTime = fireTime
        self.interval = interval
        self.name = name
        self.sequence = sequence
        self.action = action
    }

    /// Stops the timer; it never fires again. Safe to call more than once and from inside its own action.
    public func invalidate() { isValid = false }
}
