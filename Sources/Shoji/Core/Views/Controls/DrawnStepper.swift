/// The one way a view that moves by itself (a spinner, an indeterminate progress bar) steps:
/// a one-shot timer on its window's main loop, armed when the window draws the view and only
/// then, so a view that is hidden, scrolled away, out of a window or drawn for a screen reader
/// costs no timer and draws no frame.
///
/// Guarantees:
/// - `arm(for:in:step:)`, called from the view's `draw(in:)` while it moves, arms one timer
///   (none while one is armed, none outside a window's frame, none in the screen-reader mode).
/// - When the timer fires, `step` runs; the view calls `fired()` first and steps only if the
///   last frame drew it (`View.wasDrawnInLastFrame`), so an unseen view stops until drawn again.
///   `disarm()` drops the timer at once.
/// - Main actor only; the view owns it, and its `step` holds the view weakly.
@MainActor
struct DrawnStepper {
    /// Seconds between two steps.
    var interval: Double
    /// What the timer is called in the loop's diagnostics.
    let name: String
    private var timer: MainLoopTimer?

    init(interval: Double, name: String) {
        self.interval = interval
        self.name = name
    }

    /// Arms the next step of `view`, drawn into `canvas` (see the type's guarantees); `step`
    /// (capturing the view weakly) advances it and asks for a frame.
    mutating func arm(for view: View, in canvas: Canvas, step: @escaping @MainActor () -> Void) {
        guard timer == nil, canvas.frameNumber > 0, !view.isScreenReaderModeOn, let loop = view.window?.mainLoop
        else { return }
        timer = loop.schedule(after: interval, name: name, step)
    }

    /// The timer fired: forget it (the view calls this first in its step).
    mutating func fired() { timer = nil }

    /// Drops the armed timer, if any.
    mutating func disarm() {
        timer?.invalidate()
        timer = nil
    }
}
