/// Everything an input source can deliver to the run loop.
public enum InputEvent: Hashable, Sendable {
    /// A key press, routed to the first responder and up the responder chain.
    case key(KeyEvent)
    /// A mouse report, routed to the front-most interactive view under the pointer.
    case mouse(MouseEvent)
    /// The screen now has this size; the app must relayout and the next frame is a full redraw.
    case resize(Size)
    /// The screen's contents are unknown (after a suspend and resume, for example): the next
    /// frame must be drawn in full even if nothing changed.
    case redraw
    /// The process was asked to end (SIGTERM, SIGHUP, SIGINT); the run loop stops.
    case terminate
}
