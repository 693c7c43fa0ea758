/// Routing: where keys, pastes and mouse events go (the one responder-chain walk, the key
/// route and its active bindings, urgency, mouse capture) and which controllers hold them back.
/// See `Window`'s guarantees.
extension Window {
    // MARK: Routing

    /// Delivers a key as described in the type's guarantees; returns whether it was handled.
    @discardableResult
    public func send(_ key: KeyEvent) -> Bool {
        validateFocus()
        return sendWithFocusValidated(key)
    }

    /// Where a key starts once the focus is validated: the first responder, else the focus
    /// scope's controller, else the root.
    var keyResponder: Responder? {
        firstResponder ?? focusScope.flatMap { ViewController.owningController(of: $0) } ?? rootViewController
    }

    /// `send(_:)` right after a `validateFocus()`.
    func sendWithFocusValidated(_ key: KeyEvent) -> Bool {
        walkResponderChain(from: keyResponder) { offer(key, to: $0) } != nil
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
        validateFocus()
        var route: [Responder] = []
        walkResponderChain(from: keyResponder) {
            route.append($0)
            return false
        }
        return route
    }

    /// The key bindings that act if pressed now, innermost first (see `keyRoute`): per
    /// responder, the bindings it can perform, each with only the keys that reach it (not
    /// taken by a binding nearer the focus, not text for a focused text view). Responders
    /// with nothing left are left out. The key help lists these.
    public func activeKeyBindings() -> [KeyBindings] {
        let route = keyRoute
        var taken = Set<KeyEvent>()
        var result: [KeyBindings] = []
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
            if !active.bindings.isEmpty { result.append(active) }
        }
        return result
    }

    /// The one responder-chain walk (keys, pastes, mouse events, and finding who transitions):
    /// offers the event to `first`, then each next responder, until `handles` returns true;
    /// returns that responder, or `nil` when none did.
    @discardableResult
    func walkResponderChain(from first: Responder?, _ handles: (Responder) -> Bool) -> Responder? {
        var responder = first
        while let current = responder {
            if handles(current) { return current }
            responder = current.nextResponder
        }
        return nil
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
    public func sendPaste(_ text: String) -> Bool {
        validateFocus()
        return walkResponderChain(from: keyResponder) { $0.paste(text) } != nil
    }

    /// Delivers a mouse event as described in the type's guarantees; returns whether handled.
    @discardableResult
    public func send(_ mouse: MouseEvent) -> Bool {
        func point(in responder: Responder) -> Point {
            guard let view = responder as? View else { return mouse.position }
            return mouse.position - view.convertToWindow(.zero)
        }
        switch mouse.kind {
        case .drag, .release:
            if let captured = liveMouseCapture {
                if case .release = mouse.kind { mouseCapture = nil }
                return captured.mouseEvent(mouse, at: point(in: captured))
            }
            mouseCapture = nil
        case .press:
            mouseCapture = nil
            pressNumber &+= 1
        case .wheelUp, .wheelDown:
            break
        }
        guard let hit = contentView.hitTest(mouse.position) else { return false }
        if case .press = mouse.kind, hit.canBecomeFocused { makeFirstResponder(hit) }
        guard let handler = walkResponderChain(from: hit, { $0.mouseEvent(mouse, at: point(in: $0)) }) else {
            return false
        }
        if case .press = mouse.kind { mouseCapture = handler }
        return true
    }

    // MARK: Transitions

    /// The controllers in `event`'s responder chain that are transitioning, nearest first.
    func transitioningControllers(for event: InputEvent) -> [ViewController] {
        var responder: Responder?
        switch event {
        case .key, .paste:
            validateFocus()
            responder = keyResponder
        case .mouse(let mouse):
            switch mouse.kind {
            case .drag, .release:
                responder = liveMouseCapture ?? contentView.hitTest(mouse.position)
            case .press, .wheelUp, .wheelDown:
                responder = contentView.hitTest(mouse.position)
            }
        default:
            return []
        }
        var result: [ViewController] = []
        walkResponderChain(from: responder) { current in
            if let controller = current as? ViewController, controller.isTransitioning { result.append(controller) }
            return false
        }
        return result
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
    public func isUrgent(_ key: KeyEvent) -> Bool {
        var urgent = false
        validateFocus()
        guard !focusedViewTakesText(key) else { return false }
        walkResponderChain(from: keyResponder) { responder in
            guard let binding = responder.activeBinding(for: key) else { return false }
            urgent = binding.isUrgent
            return true
        }
        return urgent
    }

    /// Whether the first responder accepts text input and `key` types a character: the view
    /// takes it as text, so shortcuts and urgency leave such keys alone.
    public func focusedViewTakesText(_ key: KeyEvent) -> Bool {
        key.typesText && (firstResponder?.acceptsTextInput ?? false)
    }
}
