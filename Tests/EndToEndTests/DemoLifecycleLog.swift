import Foundation
import Shoji
import ShojiTesting

/// The demo's `--log` file read back: one tab-separated line per lifecycle event (seconds,
/// controller id, method, arguments, as `LifecycleLogFormat.tabSeparated` writes them), as
/// lifecycle events, so that `LifecycleChecker` checks what a real run did.
struct DemoLifecycleLog {
    /// Stands for every controller in the events: the checker tells them apart by id.
    private final class Marker {}

    /// The events, in order.
    let lifecycleEvents: [LifecycleEvent]

    /// Reads the log at `path`; a line that is not an event is an error.
    init(contentsOf path: String) throws {
        lifecycleEvents = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, let method = LifecycleEvent.Method(rawValue: fields[2]) else {
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "not an event: \(line)"])
            }
            let isMove = method == .willMoveToParent || method == .didMoveToParent
            return LifecycleEvent(
                controller: ObjectIdentifier(Marker.self), controllerID: fields[1], title: nil, method: method,
                animated: isMove ? nil : Bool(fields[3]), parentID: isMove ? fields[3] : nil)
        }
    }

    /// What breaks UIKit's rules in the log (`LifecycleChecker`: appearance order and flags,
    /// containment pairs), the app being idle at its end (every appearance and move completed):
    /// empty when the log is balanced.
    var violations: [LifecycleViolation] { LifecycleChecker.violations(in: lifecycleEvents, settled: true) }

    /// The calls to the controllers whose id starts with `prefix` (`SettingsPane#`), in order.
    func events(ofControllersPrefixed prefix: String) -> [LifecycleEvent] {
        lifecycleEvents.filter { $0.controllerID.hasPrefix(prefix) }
    }
}
