@testable import Shoji
import ShojiTesting

/// The lifecycle calls a container test reads and checks: a recorder started before anything
/// is made (every history complete) and a checker fed step by step.
@MainActor
final class CallLog {
    let recorder = LifecycleRecorder()
    var checker = LifecycleChecker()
    /// The calls taken from the recorder (and checked) since the last `calls()`.
    private var sinceLastLook: [LifecycleEvent] = []

    /// The calls since the last look, as `Card#n call` lines (also checked); the next look
    /// starts here.
    func calls() -> [String] {
        take()
        defer { sinceLastLook = [] }
        return sinceLastLook.map(\.description)
    }

    /// The calls `controller` received since the last `calls()`, without its identifier:
    /// `["viewWillAppear(true)", ...]`. Reading them starts no new look, so several
    /// controllers can be read at one point.
    func calls(of controller: ViewController) -> [String] {
        take()
        return sinceLastLook.filter { $0.controllerID == controller.debugIdentifier }.map(\.call)
    }

    /// Checks the calls since the last look, the settled rules and the live tree of `window`,
    /// with `others` (controllers that left it) required not to appear.
    func check(_ window: Window, others: [ViewController] = []) throws {
        take()
        try checker.verify(window: window, others: others)
    }

    /// Moves the recorder's new calls into `sinceLastLook`, checking them.
    private func take() {
        let events = recorder.takeEvents()
        checker.consume(events)
        sinceLastLook += events
    }
}
