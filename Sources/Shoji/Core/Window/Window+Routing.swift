/// Routing: where keys, pastes and mouse events go. Each event's route is found in one walk
/// (`route(for:)`: its responders, the binding that would act, urgency, who is transitioning);
/// the gate decides from it whether the event waits, and `deliver(_:)` follows it. See
/// `Window`'s guarantees.
extension Window {
    // MARK: Routes

    /// The route `event` takes if delivered now (see `EventRoute`), found in one walk of the
    /// responder chain; a key's or a paste's validates the focus first.
    func route(for event: InputEvent) -> EventRoute {
        var start: Responder?
        var isCaptured = false
        var key: KeyEvent?
        switch event {
        case .key(let pressed):
            validateFocus()
            start = keyResponder
            // A key that types text for the focused text input is text: no binding acts.
            if !focusedViewTakesText(pressed) { key = pressed }
        case .paste, .keyRelease:
            validateFocus()
            start = keyResponder
        case .mouse(let mouse):
            if mouse.kind.continuesAGesture, let captured = liveMouseCapture {
                start = captured
                isCaptured = true
            } else {
                start = contentView.hitTest(mouse.position)
            }
        default:
            break
        }
        var responders: [Responder] = []
        var binding: KeyBinding?
        var transitioning: [ViewController] = []
        walkResponderChain(from: start) { responder in
            responders.append(responder)
            if let key, binding == nil { binding = responder.activeBinding(for: key) }
            if let controller = responder as? ViewController, controller.isTransitioning {
                transitioning.append(controller)
            }
            return false
        }
        return EventRoute(
            event: event, responders: responders, isCaptured: isCaptured, binding: binding,
            transitioning: transitioning)
    }

    /// Delivers the event of `route` along it, now (see the type's guarantees): a key to the
    /// first responder on it that takes it (`offer(_:to:)`), a paste to the first `paste(_:)`
    /// that takes it, a mouse event as `send(_:)` describes. Returns whether it was handled.
    func deliver(_ route: EventRoute) -> Bool {
        switch route.event {
        case .key(let key): return route.responders.contains { offer(key, to: $0) }
        case .paste(let text): return route.responders.contains { $0.paste(text) }
        case .keyRelease(let key): return route.responders.contains { $0.wantsKeyReleases && $0.keyReleased(key) }
        case .mouse(let mouse): return deliver(mouse, along: route)
        default: return false
        }
    }

    // MARK: Sending

    /// Delivers a key as described in the type's guarantees, now (nothing holds it back);
    /// returns whether it was handled.
    @discardableResult
    public func send(_ key: KeyEvent) -> Bool { deliver(route(for: .key(key))) }

    /// Where a key starts once the focus is validated: the first responder, else the focus
    /// scope's controller, else the root.
    var keyResponder: Responder? {
        firstResponder ?? focusScope.flatMap { ViewController.owningController(of: $0) } ?? rootViewController
    }

    /// Offers `key` to `responder` as the walk does: its binding first, unless the key types
    /// text for the focused text-input view and `responder` is not that view (the one text
    /// rule; containers that take keys during their transitions come here too).
    func offer(_ key: KeyEvent, to responder: Responder) -> Bool {
        responder.respond(to: key, usingBindings: bindingsTake(key, at: responder))
    }

    /// Whether `responder`'s bindings may take `key`: always for the first responder itself;
    /// above it, not a key that types text for a focused text-input view.
    private func bindingsTake(_ key: KeyEvent, at responder: Responder) -> Bool {
        responder === firstResponder || !focusedViewTakesText(key)
    }

    /// The responders a key pressed now would visit, first to last: the first responder (or
    /// the focus scope's controller, or the root controller), then each `nextResponder`, ending
    /// with the window and its application. Validates the focus first.
    public var keyRoute: [Responder] {
        // A paste's route starts where a key's does and looks up no binding.
        route(for: .paste("")).responders
    }

    /// The key bindings that act if pressed now, innermost first (see `keyRoute`): per
    /// responder, the bindings it can perform, each with only the keys that reach it (not
    /// taken by a binding nearer the focus, not text for a focused text view). Responders
    /// with nothing left are left out. The key help lists these.
    public func activeKeyBindings() -> [KeyBindings] { activeKeyBindingsByResponder().map(\.bindings) }

    /// `activeKeyBindings()` with the responder each table belongs to: what the key help lists
    /// and the command palette performs (on that responder).
    func activeKeyBindingsByResponder() -> [(responder: Responder, bindings: KeyBindings)] {
        let route = keyRoute
        var taken = Set<KeyEvent>()
        var result: [(responder: Responder, bindings: KeyBindings)] = []
        for responder in route {
            var active = KeyBindings(title: responder.keyBindings.title)
            for binding in responder.keyBindings.bindings where responder.canPerform(binding.command) {
                var reaching = binding
                // A key under the first of this responder's bindings that can act, as it performs.
                reaching.keys = binding.keys.filter { key in
                    !taken.contains(key) && !active.bindings.contains { $0.keys.contains(key) }
                        && bindingsTake(key, at: responder)
                }
                if !reaching.keys.isEmpty { active.set(reaching) }
            }
            for binding in active.bindings { taken.formUnion(binding.keys) }
            if !active.bindings.isEmpty { result.append((responder, active)) }
        }
        return result
    }

    /// The one responder-chain walk (routes, and the key help's bindings): offers each
    /// responder from `first` on to `handles` until it returns true; returns that responder, or
    /// `nil` when none did.
    @discardableResult
    func walkResponderChain(from first: Responder?, _ handles: (Responder) -> Bool) -> Responder? {
        var responder = first
        while let current = responder {
            if handles(current) { return current }
            responder = current.nextResponder
        }
        return nil
    }

    /// Whether a responder on the key route (`keyRoute`, so the focus is validated first, as
    /// for a key) wants key releases (`Responder.wantsKeyReleases`): the main loop has its input
    /// source report them while this is true, reading it once per pass. Walks the route only
    /// when it or a wish may have changed since the last answer (see `knownKeyReleaseWish`).
    public var keyRouteWantsKeyReleases: Bool {
        if let known = knownKeyReleaseWish { return known }
        let wish = keyRoute.contains { $0.wantsKeyReleases }
        knownKeyReleaseWish = wish
        return wish
    }

    /// The responder that handled the mouse press being followed (`mouseCapture`), while it is
    /// still in this window (a captured view that left takes no more of the gesture).
    var liveMouseCapture: Responder? {
        guard let captured = mouseCapture, (captured as? View).map({ $0.window === self }) ?? true else { return nil }
        return captured
    }

    /// Delivers pasted text along the key route (first responder, then up the chain) to the
    /// first `paste(_:)` that takes it; returns whether one did. Unhandled, it is dropped: a
    /// paste is never typed as key presses.
    @discardableResult
    public func sendPaste(_ text: String) -> Bool { deliver(route(for: .paste(text))) }

    /// Delivers a mouse event as described in the type's guarantees, now; returns whether
    /// handled.
    @discardableResult
    public func send(_ mouse: MouseEvent) -> Bool { deliver(route(for: .mouse(mouse))) }

    /// A mouse event along its route: the drag or release of a followed press to the responder
    /// that took the press; otherwise a press ends any following, focuses the view under the
    /// pointer if it can take the focus, and the event goes up from that view to the first
    /// responder that handles it (which, for a press, is followed from then on). A right press
    /// opens the context menu of the nearest view around the pointer that has one, before any
    /// view sees the press.
    private func deliver(_ mouse: MouseEvent, along route: EventRoute) -> Bool {
        func point(in responder: Responder) -> Point {
            guard let view = responder as? View else { return mouse.position }
            return mouse.position - view.convertToWindow(.zero)
        }
        if route.isCaptured, let captured = route.responders.first {
            if case .release = mouse.kind { mouseCapture = nil }
            return captured.mouseEvent(mouse, at: point(in: captured))
        }
        switch mouse.kind {
        case .drag, .release:
            mouseCapture = nil
        case .press:
            mouseCapture = nil
            pressNumber &+= 1
        case .wheelUp, .wheelDown:
            break
        }
        guard let hit = route.responders.first as? View else { return false }
        if case .press = mouse.kind, hit.canBecomeFocused { makeFirstResponder(hit) }
        if case .press(.right) = mouse.kind, let owner = contextMenuView(onRouteFrom: hit),
            presentContextMenu(of: owner, from: Rect(origin: mouse.position, size: Size(width: 1, height: 1)))
        {
            return true
        }
        guard let handler = route.responders.first(where: { $0.mouseEvent(mouse, at: point(in: $0)) }) else {
            return false
        }
        if case .press = mouse.kind { mouseCapture = handler }
        return true
    }

    // MARK: Transitions

    /// See `EventGateHost.animationsHolding(_:all:)`.
    func animationsHolding(_ route: EventRoute, all: Bool) -> [Animation] {
        var held: [Animation] = []
        if isPresentationTransitioning, let running = presentationAnimation, running.isRunning,
            all || running.endsAtNextFrame
        {
            held.append(running)
        }
        guard !route.transitioning.isEmpty else { return held }
        return held
            + animator.animations.filter { animation in
                (all || animation.endsAtNextFrame) && route.transitioning.contains { $0 === animation.owner }
            }
    }

    /// See `EventGateHost.hasAnimationEndingAtNextFrame`.
    var hasAnimationEndingAtNextFrame: Bool { animator.animations.contains(where: \.endsAtNextFrame) }

    /// Finishes now the animations that would end at the next frame anyway (started while
    /// catching up, or under reduced motion) and that `owner` runs as its transition:
    /// finishing them changes no end state, and what waits behind them need not wait a frame.
    func finishAnimationsEndingAtNextFrame(ownedBy owner: ViewController) {
        for animation in animator.animations where animation.endsAtNextFrame && animation.owner === owner {
            animation.finish()
        }
    }

    /// Delivers the held-back events in order, as the main loop delivers events (so an
    /// unhandled Ctrl-C quits), until one is still held back by a transition, the loop stopped,
    /// or `eventsDeliveredPerPass` went (the rest then follow at the next pass). Transitions
    /// holding the next event that would end at the next frame anyway (started while catching
    /// up) are finished first. The window calls it at the pass after an animation ends; a
    /// controller whose `isTransitioning` override ends without an animation calls it.
    public func deliverQueuedEvents() { eventGate.deliverHeldEvents() }

    /// Called when something that holds events back may have ended (an animation's completion
    /// ran, a container's `ChildChangeQueue` went idle): delivers the held-back events at the
    /// next pass of the main loop, outside the frame being drawn.
    func transitionDidEnd() { eventGate.scheduleDelivery() }

    // MARK: Urgent keys

    /// Whether `key` is urgent in this window: a responder on its route (`keyRoute`) binds it
    /// to an urgent `KeyBinding` it can perform, and the focused view does not take it as text
    /// (`focusedViewTakesText`; then it waits its turn like any key).
    public func isUrgent(_ key: KeyEvent) -> Bool { route(for: .key(key)).isUrgent }

    /// Whether the first responder accepts text input and `key` types a character: the view
    /// takes it as text, so shortcuts and urgency leave such keys alone.
    public func focusedViewTakesText(_ key: KeyEvent) -> Bool {
        key.typesText && (firstResponder?.acceptsTextInput ?? false)
    }
}
