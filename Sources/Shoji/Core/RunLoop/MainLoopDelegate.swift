/// What the run loop drives: a `Window` (an `Application`'s window), or a small app object.
///
/// All calls come on the main actor, from the run loop, never re-entrantly.
@MainActor
public protocol MainLoopDelegate: AnyObject {
    /// Handles a key, mouse or paste event. Returns whether it was handled; the loop gives
    /// unhandled events no meaning (quitting by key is the delegate's: see `Application`).
    func mainLoop(_ loop: MainLoop, handle event: InputEvent) -> Bool

    /// The screen changed size: lay out for `size`. A full redraw follows.
    func mainLoop(_ loop: MainLoop, didResizeTo size: Size)

    /// Draws the whole frame. `surface` has the screen's size and starts blank, so everything
    /// not drawn is blank.
    func mainLoop(_ loop: MainLoop, render surface: inout Surface)

    /// How many key and mouse events the delegate received and holds back, not yet delivered
    /// (a `Window`'s `queuedEvents`). While it is at least the loop's `maximumHeldBackEvents`,
    /// `MainLoop.run()` reads no more input (see `MainLoop`). A delegate that holds nothing
    /// back need not implement it (0).
    var heldBackEventCount: Int { get }

    /// Whether `event`, just read while other events wait (read and not dispatched, or held
    /// back), is dispatched at once, ahead of them: an application's urgent keys that type no
    /// text (Ctrl-C), so quitting never waits for work queued before it. A key that types
    /// text keeps its place: the events before it may give the focus to a text field. The
    /// default lets nothing overtake.
    func mainLoop(_ loop: MainLoop, overtakes event: InputEvent) -> Bool

    /// Whether key releases (`InputEvent.keyRelease`) are wanted now: a `Window`'s is whether a
    /// responder on its key route wants them. The loop reads it once per pass, so it must be
    /// cheap (a window's walks its key route only after something it depends on changed), and
    /// has its input source report releases while it is true (`InputSource.reportKeyReleases(_:)`).
    var keyRouteWantsKeyReleases: Bool { get }
}

extension MainLoopDelegate {
    /// None: a delegate that delivers every event at once holds nothing back.
    public var heldBackEventCount: Int { 0 }

    /// Never: a delegate that does not say gets no releases.
    public var keyRouteWantsKeyReleases: Bool { false }

    /// Nothing overtakes: events are dispatched in the order they were read.
    public func mainLoop(_ loop: MainLoop, overtakes event: InputEvent) -> Bool { false }
}
