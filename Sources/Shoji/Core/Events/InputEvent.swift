/// Everything an input source can deliver to the run loop.
public enum InputEvent: Hashable, Sendable {
    /// A key press, routed to the first responder and up the responder chain.
    case key(KeyEvent)
    /// A key let go, from a terminal that reports releases (the kitty keyboard protocol, asked
    /// for while a responder on the key route wants them: `Responder.wantsKeyReleases`). It
    /// follows its press in order and goes along the key route to `Responder.keyReleased(_:)`
    /// of the responders that want releases only: no key binding and no `keyPressed(_:)` ever
    /// sees it. A held key's repeats arrive as presses (`.key`), as they do from any terminal.
    /// Keys that type text report no release (see "The keyboard" in the documentation).
    case keyRelease(KeyEvent)
    /// A mouse report, routed to the front-most interactive view under the pointer.
    case mouse(MouseEvent)
    /// Text the user pasted (a terminal's bracketed paste), as one event rather than key
    /// presses, so pasted text never triggers a shortcut (`q`, `m`). It goes along the key
    /// route to `Responder.paste(_:)`; nobody taking it drops it. Line breaks are `"\n"`;
    /// everything else is as the terminal sent it, control characters included, so a receiver
    /// must make them inert (`TextField` and `TextView` do).
    case paste(String)
    /// The screen now has this size; the app must relayout and the next frame is a full redraw.
    case resize(Size)
    /// The screen's contents are unknown (after a suspend and resume, for example): the next
    /// frame must be drawn in full even if nothing changed.
    case redraw
    /// The process was asked to end (SIGTERM, SIGHUP, SIGINT); the run loop stops.
    case terminate
}
