import Foundation

/// The demo's `--log` file read back: one tab-separated line per lifecycle event (seconds,
/// controller, method, arguments).
struct DemoLifecycleLog {
    /// Each event's controller and method, in order.
    let events: [(controller: String, method: String)]

    init(contentsOf path: String) throws {
        events = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            return fields.count == 4 ? (String(fields[1]), String(fields[2])) : nil
        }
    }

    /// Where a controller's appearance calls break UIKit's order (`viewWillAppear` then
    /// `viewDidAppear` or `viewWillDisappear`; `viewWillDisappear` then `viewDidDisappear` or
    /// `viewWillAppear`), and the controllers left in a will-state at the end: empty when the
    /// log is balanced.
    var appearanceProblems: [String] {
        var phase: [String: String] = [:]
        var problems: [String] = []
        let allowed: [String?: Set<String>] = [
            nil: ["viewWillAppear"], "viewDidDisappear": ["viewWillAppear"],
            "viewWillAppear": ["viewDidAppear", "viewWillDisappear"], "viewDidAppear": ["viewWillDisappear"],
            "viewWillDisappear": ["viewDidDisappear", "viewWillAppear"]
        ]
        for (controller, method) in events where method.hasPrefix("viewWill") || method.hasPrefix("viewDid") {
            guard ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"].contains(method) else {
                continue
            }
            if allowed[phase[controller]]?.contains(method) != true {
                problems.append("\(controller): \(method) after \(phase[controller] ?? "nothing")")
            }
            phase[controller] = method
        }
        for (controller, last) in phase where last.hasPrefix("viewWill") {
            problems.append("\(controller) left after \(last)")
        }
        return problems
    }
}
