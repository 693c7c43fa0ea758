import Testing

@testable import Shoji
import ShojiTesting

/// Key releases (`InputEvent.keyRelease`): only responders that want them hear them, no
/// binding or `keyPressed` ever sees one, and the loop asks the input source for them only
/// while a responder on the key route wants them.
@MainActor
struct KeyReleaseTests {
    /// A focusable view that logs presses and releases; it wants releases while `wants`.
    final class ReleaseLogView: View {
        let name: String
        /// Changing it tells the window, as `Responder.setNeedsKeyReleaseUpdate()` asks.
        var wants: Bool {
            didSet { setNeedsKeyReleaseUpdate() }
        }
        var log: [String] = []
        /// Whether `keyReleased` takes the release (else it goes on up the chain).
        var takesRelease = true

        init(_ name: String, wants: Bool, frame: Rect) {
            self.name = name
            self.wants = wants
            super.init(frame: frame)
        }

        override var canBecomeFocused: Bool { true }
        override var wantsKeyReleases: Bool { wants }
        override func keyPressed(_ event: KeyEvent) -> Bool {
            log.append("\(name) pressed \(event)")
            return true
        }
        override func keyReleased(_ event: KeyEvent) -> Bool {
            log.append("\(name) released \(event)")
            return takesRelease
        }
    }

    /// A controller that binds Escape to `.dismiss` and counts what it performs.
    final class BindingController: ViewController {
        let content: [View]
        var performed = 0
        var released: [KeyEvent] = []
        init(_ content: [View]) {
            self.content = content
            super.init()
        }
        override func viewDidLoad() { for view in content { self.view.addSubview(view) } }
        override var defaultKeyBindings: KeyBindings {
            var bindings = super.defaultKeyBindings
            bindings.set(KeyBinding(.dismiss, keys: [KeyEvent(.escape)], title: "Cancel"))
            return bindings
        }
        override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
            guard command == .dismiss else { return false }
            performed += 1
            return true
        }
        // Overridden without asking: it never hears a release.
        override func keyReleased(_ event: KeyEvent) -> Bool {
            released.append(event)
            return true
        }
    }

    private func makeApp() -> (
        Pilot, BindingController, outer: ReleaseLogView, inner: ReleaseLogView, other: ReleaseLogView
    ) {
        let outer = ReleaseLogView("outer", wants: true, frame: Rect(x: 0, y: 0, width: 10, height: 2))
        let inner = ReleaseLogView("inner", wants: false, frame: Rect(x: 0, y: 0, width: 5, height: 1))
        outer.addSubview(inner)
        let other = ReleaseLogView("other", wants: false, frame: Rect(x: 0, y: 3, width: 5, height: 1))
        let controller = BindingController([outer, other])
        let pilot = Pilot(Window(rootViewController: controller), size: Size(width: 20, height: 5))
        return (pilot, controller, outer, inner, other)
    }

    @Test func aReleaseGoesToTheRespondersThatWantItAndToNoBinding() {
        let (pilot, controller, outer, inner, _) = makeApp()
        _ = pilot.window.makeFirstResponder(inner)
        pilot.releaseKey(KeyEvent(.escape))
        #expect(inner.log.isEmpty, "the first responder does not want releases: skipped")
        #expect(outer.log == ["outer released Escape"])
        #expect(controller.performed == 0, "Escape's binding never fires for a release")
        #expect(controller.released.isEmpty, "a responder that did not ask hears none")
        pilot.press(.escape)
        #expect(controller.performed == 0 && inner.log == ["inner pressed Escape"], "a press still goes its way")
    }

    @Test func anUntakenReleaseGoesOnUpToTheNextThatWantsIt() {
        let (pilot, controller, outer, inner, _) = makeApp()
        _ = pilot.window.makeFirstResponder(inner)
        inner.wants = true
        inner.takesRelease = false
        pilot.releaseKey(KeyEvent(.up, modifiers: .ctrl))
        #expect(inner.log == ["inner released Ctrl-Up"] && outer.log == ["outer released Ctrl-Up"])
        #expect(controller.released.isEmpty)
    }

    @Test func theSourceIsAskedForReleasesOnlyWhileTheKeyRouteWantsThem() {
        let (pilot, _, outer, inner, other) = makeApp()
        _ = pilot.window.makeFirstResponder(other)
        pilot.advance(by: 0.1)
        #expect(!pilot.input.reportsKeyReleases, "nobody on other's route wants releases")
        _ = pilot.window.makeFirstResponder(inner)
        pilot.advance(by: 0.1)
        #expect(pilot.input.reportsKeyReleases, "outer, above the first responder, wants them")
        outer.wants = false
        pilot.advance(by: 0.1)
        #expect(!pilot.input.reportsKeyReleases, "a wish that changed and said so is read again")
    }

    /// A controller with no focusable view that wants releases: the key route starts at it
    /// while it is presented, though the first responder stays nil throughout.
    final class WantingController: ViewController {
        override var wantsKeyReleases: Bool { true }
    }

    @Test func aPresentedControllerThatWantsReleasesIsAskedForWithoutAFocusChange() {
        let (pilot, controller, _, _, _) = makeApp()
        _ = pilot.window.makeFirstResponder(nil)
        pilot.window.transitionDuration = 0
        controller.view.subviews.forEach { $0.isUserInteractionEnabled = false }
        pilot.advance(by: 0.1)
        #expect(pilot.window.firstResponder == nil && !pilot.input.reportsKeyReleases)
        let wanting = WantingController()
        controller.present(wanting, animated: false)
        pilot.advance(by: 0.1)
        #expect(pilot.window.firstResponder == nil, "nothing in it takes the focus")
        #expect(pilot.input.reportsKeyReleases, "the view tree changed: the route is asked again")
        wanting.dismiss(animated: false)
        pilot.advance(by: 0.1)
        #expect(!pilot.input.reportsKeyReleases)
    }

    @Test func aReleaseHeldByAPresentationReachesThePresentedViewAfterItsPress() throws {
        let (pilot, controller, _, _, _) = makeApp()
        pilot.window.transitionDuration = 10
        let view = ReleaseLogView("presented", wants: true, frame: Rect(x: 0, y: 0, width: 5, height: 1))
        let presented = BindingController([view])
        controller.present(presented, animated: true)
        pilot.advance(by: 0.5)
        #expect(pilot.window.isPresentationTransitioning)
        pilot.deliver(.key(KeyEvent(.up, modifiers: .ctrl)))
        pilot.deliver(.keyRelease(KeyEvent(.up, modifiers: .ctrl)))
        #expect(pilot.window.queuedEvents.count == 2 && view.log.isEmpty, "both wait for the presentation")
        pilot.advance(by: 10)
        #expect(pilot.window.firstResponder === view)
        #expect(view.log == ["presented pressed Ctrl-Up", "presented released Ctrl-Up"])
    }

    @Test func aReleaseKeepsItsPlaceBehindItsPressWhileEventsAreHeld() {
        let host = EventGateTests.Host()
        host.holder = EventGateTests.Busy()
        host.loop.dispatch(.key(KeyEvent(.up)))
        host.loop.dispatch(.keyRelease(KeyEvent(.up)))
        host.loop.dispatch(.key(KeyEvent(.down)))
        #expect(host.delivered.isEmpty && host.gate.heldBackEventCount == 3)
        host.holder?.busy = false
        host.gate.scheduleDelivery()
        host.advance(by: 0)
        #expect(host.delivered == [.key(KeyEvent(.up)), .keyRelease(KeyEvent(.up)), .key(KeyEvent(.down))])
    }
}
