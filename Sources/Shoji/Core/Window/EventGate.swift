/// The window's gate for key, mouse and paste events: it delivers an event through the
/// window's responder chain, or holds it back while a transition addressed by it runs, and
/// works off what it held back (see `Window`'s guarantees, which it implements: holding,
/// catching up, urgent keys, back-pressure).
///
/// Guarantees:
/// - Order: once events are held, every later ordinary event is held behind them; held events
///   are delivered oldest first, each as if it had just arrived. None is dropped.
/// - It decides only whether an event waits or goes, from the event's route (`EventRoute`,
///   found once per delivery by its host): the window delivers along it. An urgent event (the
///   route's binding is urgent: quit) is never held back.
/// - Nothing holds events for good: an event is held only while a transition holds it, and
///   every hold has an end that delivers what waited (the transition's end; a drag that went
///   still for `InteractiveTransition.abandonmentDelay` with events waiting is interrupted; a
///   held event that nothing holds any more is delivered at the next pass).
/// - A full backlog (`MainLoop.maximumHeldBackEvents` waiting) never stays full: what holds it
///   is finished at once (a drag as if released, transitions at their ends), so the loop reads
///   input again and an urgent key typed after the backlog is seen.
/// - Bounded catch-up: an event delivered from the backlog, or with others waiting behind it,
///   runs while `isCatchingUp`, so what it starts completes at once; at most
///   `eventsDeliveredPerPass` held events are delivered per main loop pass.
/// - Main actor only; owned by its host (the window), which it holds unowned. Testable on its
///   own with any `EventGateHost`.
@MainActor
final class EventGate {
    /// The window whose events pass through (its routes, what holds events back, its loop).
    private unowned let window: any EventGateHost

    /// The held-back events from `heldBackStart` on: delivered ones are dropped in bulk, so a
    /// long backlog is worked off in linear time.
    private var heldBack: [InputEvent] = []
    private var heldBackStart = 0

    /// True while the window works off a backlog: animations started meanwhile complete at once.
    private(set) var isCatchingUp = false

    /// The most held-back events delivered in one main loop pass; the rest follow at the next.
    static let eventsDeliveredPerPass = 64

    /// How many times in a row the transitions holding the next event are finished at once
    /// before the gate waits for a frame instead (a transition that restarts itself from its
    /// completion would otherwise never let the pass end).
    private static let finishRoundsPerEvent = 16

    /// True while a held-back event is being delivered: it goes through, not behind the others.
    private var isDeliveringHeldEvent = false
    /// The route of the held-back event being delivered, found free of transitions, from then
    /// until the main loop hands the event back: it is not found again.
    private var knownRoute: EventRoute?
    /// True while a pass to deliver the held-back events is scheduled.
    private var deliveryScheduled = false
    /// The check that ends a drag gone still while events wait behind it.
    private var abandonmentCheck: MainLoopTimer?

    init(window: any EventGateHost) {
        self.window = window
    }

    /// The events held back, oldest first.
    var queuedEvents: [InputEvent] { Array(heldBack[heldBackStart...]) }

    /// How many events are held back.
    var heldBackEventCount: Int { heldBack.count - heldBackStart }

    /// Runs `body` as part of a backlog: the transitions and animations it starts complete at
    /// once (`isCatchingUp`). A container's queue of child changes runs a change this way when
    /// more changes wait behind it, so a burst of requests catches up instead of replaying.
    func catchingUp(_ body: () -> Void) {
        let wasCatchingUp = isCatchingUp
        isCatchingUp = true
        defer { isCatchingUp = wasCatchingUp }
        body()
    }

    // MARK: Delivering or holding

    /// Delivers a key, mouse or paste event through the window, or holds it back (see the
    /// type's guarantees); returns whether it was handled (held counts as handled).
    func deliverOrHold(_ event: InputEvent) -> Bool {
        let known = knownRoute
        knownRoute = nil
        if case .key = event, let interaction = window.interactiveTransition, interaction.isAbandoned {
            interaction.interrupt()
        }
        if window.interactiveTransition != nil, case .mouse(let mouse) = event {
            if mouse.kind.continuesAGesture { return window.deliver(window.route(for: event)) }
            // A new press means the drag's release was lost (let go outside the terminal):
            // the drag ends there first, then the press goes its usual way.
            if case .press = mouse.kind { window.interactiveTransition?.interrupt() }
        }
        var route = known ?? window.route(for: event)
        // Behind waiting events an ordinary event waits too, even one a transitioning
        // controller would take: taking it would put it ahead of them.
        if !route.isUrgent, heldBackEventCount > 0, !isDeliveringHeldEvent {
            hold(route)
            return true
        }
        if !route.transitioning.isEmpty {
            for controller in route.transitioning where controller.handleDuringTransition(event) { return true }
            // An offer may have ended what held the event (a menu key ends a drag at its full
            // extent, and no slide follows) or moved the focus: the route as it is now.
            route = window.route(for: event)
        }
        // A presentation or dismissal under way holds back every event (no controller's own).
        if !route.isUrgent, !route.transitioning.isEmpty || (known == nil && window.isPresentationTransitioning) {
            hold(route)
            return true
        }
        // An event that waited, or one with events waiting behind it: what it starts
        // completes at once.
        let waiting = heldBackEventCount + (window.mainLoop?.undispatchedEventCount ?? 0)
        let wasCatchingUp = isCatchingUp
        isCatchingUp = wasCatchingUp || isDeliveringHeldEvent || waiting > 0
        defer { isCatchingUp = wasCatchingUp }
        return window.deliver(route)
    }

    /// Whether `event` is a motion or release report of the drag that drives the window's
    /// interactive transition: what ends that transition, so it never waits for it (or for
    /// anything else: the drag began, so the reports are the press's, which went through).
    private func drivesInteractiveTransition(_ event: InputEvent) -> Bool {
        guard window.interactiveTransition != nil, case .mouse(let mouse) = event else { return false }
        return mouse.kind.continuesAGesture
    }

    /// The kind of a mouse event that bears on a drag: a press, drag or release.
    private static func mouseKind(of event: InputEvent) -> MouseEvent.Kind? {
        guard case .mouse(let mouse) = event else { return nil }
        switch mouse.kind {
        case .press, .drag, .release: return mouse.kind
        case .wheelUp, .wheelDown: return nil
        }
    }

    /// Holds the event of `route` (its route now); if what holds it back was started by a
    /// backlog, or the backlog is full, the next pass finishes it.
    private func hold(_ route: EventRoute) {
        heldBack.append(route.event)
        if !deliveryScheduled,
            isBacklogFull
                || (window.hasAnimationEndingAtNextFrame && !window.animationsHolding(route, all: false).isEmpty)
        {
            scheduleDelivery()
        }
        ensureProgress()
    }

    /// Whether the events waiting (held back here, or read by the main loop and not dispatched
    /// yet) reached `MainLoop.maximumHeldBackEvents`, where the loop stops reading input: what
    /// holds them is then finished at once (see `deliverHeldEvents()`), so that the loop reads
    /// again at its next pass and an urgent key typed after them (quit) is seen.
    private var isBacklogFull: Bool {
        guard let loop = window.mainLoop else { return false }
        return heldBackEventCount + loop.undispatchedEventCount >= loop.maximumHeldBackEvents
    }

    /// Whether the first held event is held by nothing now.
    private var firstHeldEventIsFree: Bool {
        guard heldBackEventCount > 0 else { return false }
        let event = heldBack[heldBackStart]
        return drivesInteractiveTransition(event)
            || !(window.isPresentationTransitioning || !window.route(for: event).transitioning.isEmpty)
    }

    /// Makes sure what waits has an end: a delivery pass if the first event is held by nothing
    /// now, else, behind a drag, the check that ends it once it goes still. The guarantee that
    /// no hold outlives what held it, whatever ended it: called when an event is held, when a
    /// delivery pass stops at a held event, and at every frame.
    func ensureProgress() {
        guard heldBackEventCount > 0 else { return }
        scheduleAbandonmentCheck()
        guard !deliveryScheduled, firstHeldEventIsFree else { return }
        scheduleDelivery()
    }

    /// While events wait behind a drag, checks when it will have gone still for
    /// `InteractiveTransition.abandonmentDelay`, and then interrupts it: its release was lost,
    /// and what waits (keys the main loop may no longer read, once the backlog is full) must
    /// not wait for a key that ends it.
    private func scheduleAbandonmentCheck() {
        guard abandonmentCheck == nil, let drag = window.interactiveTransition, let loop = window.mainLoop else {
            return
        }
        abandonmentCheck = loop.schedule(
            after: max(0.001, drag.timeUntilAbandoned), name: "Window: end a drag gone still"
        ) {
            [weak self] in
            guard let self else { return }
            self.abandonmentCheck = nil
            // The window's drag now: a press may have ended the first and begun another.
            guard let drag = self.window.interactiveTransition, self.heldBackEventCount > 0 else { return }
            if drag.isAbandoned {
                drag.interrupt()
            } else {
                self.scheduleAbandonmentCheck()
            }
        }
    }

    // MARK: Working off the backlog

    /// Delivers the held-back events (see `Window.deliverQueuedEvents()`).
    func deliverHeldEvents() {
        var delivered = 0
        var finishRounds = 0
        while heldBackEventCount > 0, window.mainLoop?.isRunning ?? true {
            let event = heldBack[heldBackStart]
            let route = window.route(for: event)
            if !drivesInteractiveTransition(event), window.isPresentationTransitioning || !route.transitioning.isEmpty {
                // The drag's reports overtake what waits for the drag to end; a later press ends
                // the drag (its release was lost) and stays in line.
                if window.interactiveTransition != nil,
                    let index = heldBack[heldBackStart...].firstIndex(where: { Self.mouseKind(of: $0) != nil }),
                    let kind = Self.mouseKind(of: heldBack[index])
                {
                    // Either way the queue moves on: a report leaves it, an interruption ends the drag.
                    if kind.continuesAGesture {
                        let report = heldBack.remove(at: index)
                        _ = window.deliver(window.route(for: report))
                    } else {
                        window.interactiveTransition?.interrupt()
                    }
                    continue
                }
                // A full backlog ends a drag as its release would, and finishes what holds it.
                let full = isBacklogFull
                if full, let drag = window.interactiveTransition {
                    drag.interrupt()
                    continue
                }
                let finishable = window.animationsHolding(route, all: full)
                guard !finishable.isEmpty, finishRounds < Self.finishRoundsPerEvent else {
                    ensureProgress()
                    break
                }
                finishRounds += 1
                catchingUp { for animation in finishable { animation.finish() } }
                continue
            }
            guard delivered < Self.eventsDeliveredPerPass else {
                scheduleDelivery()
                break
            }
            delivered += 1
            finishRounds = 0
            heldBackStart += 1
            if heldBackStart == heldBack.count {
                heldBack.removeAll()
                heldBackStart = 0
            } else if heldBackStart >= 256, heldBackStart * 2 >= heldBack.count {
                heldBack.removeFirst(heldBackStart)
                heldBackStart = 0
            }
            let wasDelivering = isDeliveringHeldEvent
            isDeliveringHeldEvent = true
            knownRoute = route
            if let mainLoop = window.mainLoop {
                // Through the loop, as events arrive (an application's quit key still quits).
                mainLoop.dispatch(event)
            } else {
                _ = deliverOrHold(event)
            }
            knownRoute = nil
            isDeliveringHeldEvent = wasDelivering
        }
    }

    /// Runs `deliverHeldEvents()` at the next pass of the main loop, once, if events wait.
    func scheduleDelivery() {
        guard heldBackEventCount > 0, !deliveryScheduled, let loop = window.mainLoop else { return }
        deliveryScheduled = true
        loop.schedule(after: 0, name: "Window: deliver held-back events") { [weak self] in
            self?.deliveryScheduled = false
            self?.deliverHeldEvents()
        }
    }
}
