import Foundation
import Shoji
import ShojiTesting

/// The demo's `--log` file read back as lifecycle events, so that `LifecycleChecker` can check
/// what a real run did: one tab-separated line per event (seconds, controller id, method,
/// arguments), as `LifecycleLogFormat.tabSeparated` writes it.
enum DemoLifecycleLog {
    /// Stands for every controller in the events: the checker tells them apart by id.
    private final class Marker {}

    /// The events of the log at `path`, in order; a line that is not an event is an error.
    static func events(atPath path: String) throws -> [LifecycleEvent] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { line in
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

    /// What breaks UIKit's rules in the log at `path` (`LifecycleChecker`), the app being idle
    /// at its end: every appearance and move completed.
    static func violations(atPath path: String) throws -> [LifecycleViolation] {
        LifecycleChecker.violations(in: try events(atPath: path), settled: true)
    }
}
