/// An object in the responder chain: it may handle a key or mouse event, or pass it on.
///
/// The chain, as the window walks it: the first responder (a focused view), each view up its
/// superviews, a view's owning controller after its root view, each parent controller, then the
/// window. The first responder that returns `true` ends the walk. Mirrors UIKit's `UIResponder`
/// in spirit; Shoji's handlers return whether they handled the event instead of calling `super`.
@MainActor
open class Responder {
    /// A responder that handles nothing until a subclass says otherwise.
    public init() {}

    /// The next responder in the chain, or `nil` at its end.
    open var nextResponder: Responder? { nil }

    /// Handles a key press. Return `true` if handled; the default handles nothing, so the key
    /// goes on to `nextResponder`.
    open func keyPressed(_ event: KeyEvent) -> Bool { false }

    /// Handles a mouse event at `point`, in this responder's coordinates when it is a view.
    /// Return `true` if handled; the default handles nothing.
    open func mouseEvent(_ event: MouseEvent, at point: Point) -> Bool { false }

    /// Handles pasted text (`InputEvent.paste`), which travels the same chain as keys. Return
    /// `true` if handled; the default handles nothing. UIKit's `paste(_:)` edit action, with
    /// the text handed over instead of read from a pasteboard. `text` may hold control
    /// characters: make them inert before showing or storing it.
    open func paste(_ text: String) -> Bool { false }
}
