/// What an `EventGate` needs of the window it guards: routes and delivery, what holds events
/// back, and the main loop. `Window` is the host; a test gives the gate a host of its own to
/// check holding and delivering apart from any view.
@MainActor
protocol EventGateHost: AnyObject {
    /// The route `event` takes if delivered now (`Window.route(for:)`).
    func route(for event: InputEvent) -> EventRoute

    /// Delivers the event of `route` along it, now; whether it was handled.
    func deliver(_ route: EventRoute) -> Bool

    /// The drag under way that drives a transition, if any: its reports never wait, a key ends
    /// it once it went still, a new press ends it as its lost release would.
    var interactiveTransition: InteractiveTransition? { get }

    /// Whether a presentation or dismissal is under way: it holds back every event.
    var isPresentationTransitioning: Bool { get }

    /// The running animations that hold back the event of `route` (a presentation's, and
    /// those its transitioning controllers run): every one with `all`, else only those that end
    /// at the next frame anyway (started while catching up, or under reduced motion), which can
    /// be finished now without changing any end state.
    func animationsHolding(_ route: EventRoute, all: Bool) -> [Animation]

    /// Whether a running animation ends at the next frame anyway.
    var hasAnimationEndingAtNextFrame: Bool { get }

    /// The loop that schedules the gate's passes, dispatches what it held back and counts what
    /// it has read and not dispatched.
    var mainLoop: MainLoop? { get }
}
