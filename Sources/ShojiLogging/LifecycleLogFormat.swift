import Shoji

/// How lifecycle events are written as text, one line per event, for `LifecycleLogger` and
/// for tools that write their own log (the demo's `--log FILE`).
///
/// Times are seconds with exactly three decimals (`12.345`), never negative. Neither format
/// ends with a newline.
public enum LifecycleLogFormat: Sendable, Hashable {
    /// `0.250 "Colors" ColorPane#2 viewWillAppear(true)`: time, title in quotes (left out when
    /// the controller has none), `debugIdentifier`, and the call (see `LifecycleEvent.call`).
    case readable
    /// `0.250<TAB>ColorPane#2<TAB>viewWillAppear<TAB>true`: time, `debugIdentifier`, method
    /// name without labels (`willMove`, `didMove`, `viewDidLoad`…), arguments (`true`,
    /// `false`, a parent's `debugIdentifier`, `nil`, or empty). Tabs and newlines never occur
    /// in a field (identifiers hold none and titles are not written), so each line splits into
    /// exactly four fields.
    case tabSeparated

    /// The tab-separated format's header line: `seconds<TAB>id<TAB>event<TAB>args`.
    public static let tabSeparatedHeader = "seconds\tid\tevent\targs"

    /// `event` at `seconds` (since the log started) as one line in this format.
    public func line(for event: LifecycleEvent, at seconds: Double) -> String {
        let time = Self.seconds(seconds)
        switch self {
        case .readable:
            let title = event.title.map { "\"\(Self.oneLine($0))\" " } ?? ""
            return "\(time) \(title)\(event.controllerID) \(event.call)"
        case .tabSeparated:
            // The event is named as the method, as the demo's `--log` promises: `willMove(toParent:)`.
            return [time, event.controllerID, event.method.rawValue, event.arguments].map(Self.oneLine).joined(
                separator: "\t")
        }
    }

    /// `seconds` with three decimals, rounded to the millisecond; negative or non-finite
    /// values print as `0.000`.
    public static func seconds(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds > 0 else { return "0.000" }
        let milliseconds = Int((seconds * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// Replaces tabs and line breaks by spaces, so a field stays on its line and in its column.
    static func oneLine(_ text: String) -> String {
        guard text.contains(where: { $0 == "\t" || $0.isNewline }) else { return text }
        return String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 })
    }
}
