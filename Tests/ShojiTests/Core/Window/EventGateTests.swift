import Testing

@testable import Shoji
import ShojiTesting

/// `EventGate` on its own, with a host that is no window: it decides only whether an event
/// waits or goes, from the route its host finds, and works off what waited in order.
@MainActor
struct EventGateTests {
    /// A controller that is transitioning while `busy`.
    final class Busy: ViewController {
        var busy = true
        override var isTransitioning: Bool { busy }
    }

    /// A host whose every route passes `holder` (transitioning while busy, when set) and whose
    /// Ctrl-C is bound urgently; it records what it delivers. It is its main loop's delegate,
    /// as a window is, so what the gate sends through the loop comes back to the gate.
    final class Host: EventGateHost, MainLoopDelegate {
        lazy var gate = EventGate(window: self)
        var holder: Busy?
        var isPresentationTransitioning = false
        var delivered: [InputEvent] = []
        private(set) var routesFound = 0
        let loop: MainLoop
        let clock = ManualClock()

        init() {
            loop = MainLoop(
                screen: HeadlessScreen(size: Size(width: 10, height: 2)), input: ScriptedInput(clock: clock),
                clock: clock)
            loop.delegate = self
            loop.start()
        }

        func route(for event: InputEvent) -> EventRoute {
            routesFound += 1
            var binding: KeyBinding?
            if case .key(let key) = event, key == .ctrl("c") {
                binding = KeyBinding(.quit, keys: [key], title: "Quit", isUrgent: true)
            }
            let transitioning = holder.map { $0.isTransitioning ? [$0 as ViewController] : [] } ?? []
            return EventRoute(
                event: event, responders: [], isCaptured: false, binding: binding, transitioning: transitioning)
        }

        func deliver(_ route: EventRoute) -> Bool {
            delivered.append(route.event)
            return true
        }

        var interactiveTransition: InteractiveTransition? { nil }
        func animationsHolding(_ route: EventRoute, all: Bool) -> [Animation] { [] }
        var hasAnimationEndingAtNextFrame: Bool { false }
        var mainLoop: MainLoop? { loop }

        func mainLoop(_ loop: MainLoop, handle event: InputEvent) -> Bool { gate.deliverOrHold(event) }
        var heldBackEventCount: Int { gate.heldBackEventCount }
        func mainLoop(_ loop: MainLoop, didResizeTo size: Size) {}
        func mainLoop(_ loop: MainLoop, render surface: inout Surface) { gate.ensureProgress() }

        /// Runs the loop's due work after `seconds`.
        func advance(by seconds: Double) {
            clock.advance(by: seconds)
            loop.performDueWork()
        }

        /// The typed characters delivered, in order.
        var typed: String {
            delivered.map { event in
                guard case .key(let key) = event, case .character(let character) = key.key else { return "·" }
                return key.modifiers.isEmpty ? String(character) : "^" + String(character)
            }.joined()
        }
    }

    private func type(_ text: String, into host: Host) {
        for character in text { host.loop.dispatch(.key(KeyEvent(.character(character)))) }
    }

    @Test func freeEventsGoAtOnceInOrderEachRouteFoundOnce() {
        let host = Host()
        type("abc", into: host)
        #expect(host.typed == "abc")
        #expect(host.routesFound == 3, "one route per event, for holding and delivering alike")
    }

    @Test func eventsWaitInOrderWhileTheirRouteTransitionsAndGoWhenItEnds() {
        let host = Host()
        host.holder = Busy()
        type("ab", into: host)
        host.holder = nil
        type("c", into: host)
        #expect(host.delivered.isEmpty && host.gate.heldBackEventCount == 3, "c is free but waits behind a and b")
        host.holder = Busy()
        host.holder?.busy = false
        host.gate.scheduleDelivery()
        host.advance(by: 0)
        #expect(host.typed == "abc" && host.gate.heldBackEventCount == 0)
    }

    @Test func anUrgentKeyOvertakesWhatWaits() {
        let host = Host()
        host.holder = Busy()
        type("ab", into: host)
        host.loop.dispatch(.key(.ctrl("c")))
        #expect(host.typed == "^c", "quit went through; the rest still waits")
        #expect(host.gate.heldBackEventCount == 2)
    }

    @Test func aPresentationHoldsEveryEvent() {
        let host = Host()
        host.isPresentationTransitioning = true
        type("a", into: host)
        #expect(host.delivered.isEmpty)
        host.isPresentationTransitioning = false
        host.gate.scheduleDelivery()
        host.advance(by: 0)
        #expect(host.typed == "a")
    }

    @Test func aTransitionThatEndsUntoldIsNoticedAtTheNextFrame() {
        let host = Host()
        let holder = Busy()
        host.holder = holder
        type("ab", into: host)
        holder.busy = false  // nobody tells the gate
        host.loop.setNeedsDisplay()
        host.advance(by: 1)
        host.advance(by: 0)
        #expect(host.typed == "ab", "nothing waits once nothing holds it")
    }

    @Test func aLongBacklogIsWorkedOffAPassAtATime() {
        let host = Host()
        host.holder = Busy()
        type(String(repeating: "x", count: 100), into: host)
        host.holder?.busy = false
        host.gate.scheduleDelivery()
        host.advance(by: 0)
        #expect(host.delivered.count == EventGate.eventsDeliveredPerPass, "one pass delivers its share")
        host.advance(by: 0)
        #expect(host.delivered.count == 100 && host.gate.heldBackEventCount == 0, "the next pass the rest")
    }
}
