/// Where an input event goes if it is delivered now, found in one walk of the responder chain
/// (`Window.route(for:)`): the responders it is offered to, the key binding that would act (so
/// whether it is urgent), and the controllers on its way that are transitioning. The window's
/// `EventGate` decides from it whether the event waits; the window delivers along it.
///
/// A route is a snapshot of the hierarchy and the focus: it holds from the moment it is found
/// until its event is delivered, as nothing runs between. Whoever lets code run in between (an
/// offer to a transitioning controller, which may end a drag or move the focus) finds it again.
@MainActor
struct EventRoute {
    /// The event this is the route of.
    let event: InputEvent

    /// The responders the event is offered to, first to last, ending with the window and its
    /// application: from the key responder (the first responder, else the focus scope's
    /// controller, else the root) for a key or a paste; from the view under the pointer for a
    /// press or a wheel notch, and for a drag or a release nobody follows; from the responder
    /// that took the press for the drag or release of a press being followed. Empty when
    /// nothing is under the pointer.
    let responders: [Responder]

    /// True for the drag or release of a followed press: it goes to `responders.first` only,
    /// not up the chain (the chain is still the route's, for who is transitioning).
    let isCaptured: Bool

    /// For a key, the binding that acts: the first on the route whose responder can perform
    /// it (a responder's own `keyPressed(_:)` before it may still take the key). `nil` for a
    /// key that types text for the focused text input (it is text, not a shortcut), a key no
    /// binding takes, and every other event.
    let binding: KeyBinding?

    /// The controllers on the route that are transitioning now, nearest first: while one is,
    /// an ordinary event waits for it (it is offered `handleDuringTransition(_:)` first).
    let transitioning: [ViewController]

    /// Whether the event never waits: a key whose binding is urgent (quit).
    var isUrgent: Bool { binding?.isUrgent ?? false }
}
