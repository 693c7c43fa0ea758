/// An object in the responder chain: it may handle a key or mouse event, or pass it on.
///
/// The chain, as the window walks it: the first responder (a focused view), each view up its
/// superviews, a view's owning controller after its root view, each parent controller, the
/// window, then its application. The first responder that returns `true` ends the walk. Mirrors
/// UIKit's `UIResponder` in spirit; Shoji's handlers return whether they handled the event
/// instead of calling `super`.
///
/// Keys a responder acts on by name are data: its `keyBindings` table maps keys to commands
/// (`KeyCommand`), which the window offers it before `keyPressed(_:)`, when it `canPerform`
/// them. Apps rebind or remove keys by changing the table; the key help lists the tables.
@MainActor
open class Responder {
    /// A responder that handles nothing until a subclass says otherwise.
    public init() {}

    /// The next responder in the chain, or `nil` at its end.
    open var nextResponder: Responder? { nil }

    /// The undo manager for changes made through this responder, as UIKit's
    /// `UIResponder.undoManager`: by default the next responder's, so every responder in a
    /// window shares the window's (`Window.undoManager`); `nil` outside a window. A responder
    /// that keeps steps of its own returns its own (a text input does, see `TextInputView`).
    open var undoManager: UndoManager? { nextResponder?.undoManager }

    /// Handles a key press that no binding of this responder took (see `keyBindings`). Return
    /// `true` if handled; the default handles nothing, so the key goes on to `nextResponder`.
    open func keyPressed(_ event: KeyEvent) -> Bool { false }

    // MARK: Key releases

    /// Whether this responder wants to hear keys being let go (`keyReleased(_:)`); default
    /// false. A terminal sends releases only when asked (UIKit's `pressesEnded` needs no such
    /// switch): while a responder on the key route says true, the window has the terminal
    /// report them (where it can: the kitty keyboard protocol), from the end of the main loop
    /// pass on. The window asks again whenever the key route may have changed (the focus
    /// moved, a view joined or left the window, a controller's parent changed), so an answer
    /// computed from the focus works as it is; one that changes for any other reason calls
    /// `setNeedsKeyReleaseUpdate()` when it does.
    open var wantsKeyReleases: Bool { false }

    /// Tells this responder's window that `wantsKeyReleases` may answer differently now, as
    /// UIKit's `setNeedsStatusBarAppearanceUpdate()`: the window asks the key route again at
    /// the end of the main loop pass, and the terminal reports releases or stops accordingly.
    /// Outside a window it does nothing (the window asks when the responder joins it).
    public func setNeedsKeyReleaseUpdate() { windowForKeyReleaseUpdates?.keyRouteMayHaveChanged() }

    /// The window whose key route this responder may be on: the one `setNeedsKeyReleaseUpdate()`
    /// tells. None for a responder that is in no window.
    var windowForKeyReleaseUpdates: Window? { nil }

    /// Handles a key let go (`InputEvent.keyRelease`), offered only to responders on the key
    /// route that `wantsKeyReleases`, first responder first; return `true` to end the walk.
    /// UIKit's `pressesEnded(_:with:)`, one key at a time and returning whether handled. A key
    /// held down repeats as presses (`keyPressed(_:)`, bindings) before its one release. Keys
    /// that type text (plain letters, digits, Space) and Enter, Tab and Backspace report no
    /// release; keys with Ctrl or Alt, Escape, arrows and function keys do.
    open func keyReleased(_ event: KeyEvent) -> Bool { false }

    // MARK: Key bindings

    /// This responder's keys: which key performs which of its commands. It starts as
    /// `defaultKeyBindings` (read at first use); change it to rebind or remove keys of this
    /// responder alone (`keyBindings.setKeys([.init(.function(2))], for: .toggleMenu)`).
    public lazy var keyBindings: KeyBindings = defaultKeyBindings

    /// The table a responder of this class starts with (empty here). A subclass that performs
    /// commands returns its bindings, adding them to `super`'s.
    open var defaultKeyBindings: KeyBindings { KeyBindings() }

    /// Whether `command` can be performed now (default true). A bound key is offered to
    /// `perform(_:key:)` only while it can, else it goes on as if unbound; the key help lists
    /// only such bindings ("Back" only with a screen to go back to).
    open func canPerform(_ command: KeyCommand) -> Bool { true }

    /// Performs `command`, bound to `key` in `keyBindings`. Return `true` if done; `false` lets
    /// the key go on to `keyPressed(_:)` and up the chain. The default performs nothing.
    open func perform(_ command: KeyCommand, key: KeyEvent) -> Bool { false }

    /// Offers `key` to this responder: the bound command if `usingBindings` and it can perform
    /// it, else `keyPressed(_:)`. Returns whether it was handled. The window's walk and the
    /// containers that take keys during their transitions both come here.
    final func respond(to key: KeyEvent, usingBindings: Bool = true) -> Bool {
        if usingBindings, let binding = activeBinding(for: key), perform(binding.command, key: key) { return true }
        return keyPressed(key)
    }

    /// The binding `key` performs here now: the first in table order that lists it and whose
    /// command this responder can perform (a text view binds Home to the line's start while
    /// editable and to the top while read-only).
    final func activeBinding(for key: KeyEvent) -> KeyBinding? {
        keyBindings.bindings.first { $0.keys.contains(key) && canPerform($0.command) }
    }

    /// Handles a mouse event at `point`, in this responder's coordinates when it is a view.
    /// Return `true` if handled; the default handles nothing.
    open func mouseEvent(_ event: MouseEvent, at point: Point) -> Bool { false }

    /// Handles pasted text (`InputEvent.paste`), which travels the same chain as keys. Return
    /// `true` if handled; the default handles nothing. UIKit's `paste(_:)` edit action, with
    /// the text handed over instead of read from a pasteboard. `text` may hold control
    /// characters: make them inert before showing or storing it.
    open func paste(_ text: String) -> Bool { false }
}
