@testable import Shoji
import ShojiTesting

/// The lifecycle calls a container test reads and checks: a recorder started before anything
/// is made (every history complete) and a checker fed step by step.
@MainActor
final class CallLog {
    let recorder = LifecycleRecorder()
    var checker = LifecycleChecker()

    /// The calls since the last look, as `Card#n call` lines (also checked).
    func calls() -> [String] {
        let events = recorder.takeEvents()
        checker.consume(events)
        return events.map(\.description)
    }

    /// Checks the calls since the last look, the settled rules and the live tree of `window`,
    /// with `others` (controllers that left it) required not to appear.
    func check(_ window: Window, others: [ViewController] = []) throws {
        checker.consume(recorder.takeEvents())
        try checker.verify(window: window, others: others)
    }
}
