import Shoji

/// A menu item of kind `log`: a read-only `TextView` that grows a line every 100 ms and
/// follows its end, as `less +F` and chat apps do, above the text pane's footer.
///
/// Guarantees:
/// - Lines come from a repeating timer on the window's main loop (`MainLoop.schedule`), started
///   at `viewDidAppear` and stopped at `viewWillDisappear`: a pane not shown costs nothing, and
///   under a manual clock each 100 ms of time is one line.
/// - Following (the text view's `followsEnd`): while the view shows the last row
///   (`isFollowing`), a new line or a new size keeps it in view. Scrolled up (keys, wheel,
///   scroll bar), the view stays where the user put it while lines keep coming; scrolling back
///   to the end (End, PageDown, the wheel) follows again.
/// - A line costs what it adds, not the length of the log (`TextView.append`).
@MainActor
public final class LogPane: ViewController {
    /// Seconds between lines.
    public static let interval = 0.1

    /// The footer's key help.
    public static let footerHint = "↑↓ PgUp PgDn Home · End follows · q quits"

    /// The log.
    public let textView: TextView

    /// How many lines the timer added.
    public private(set) var lineCount = 0

    private let footer: TextPaneFooter
    private var timer: MainLoopTimer?

    /// A log starting with `text` (a default explanation when `nil`).
    public init(title: String, text: String?) {
        textView = TextPane.readOnlyTextView(
            text ?? "A line every 100 ms; the view follows the end. Scroll up to stop, End to follow again.")
        footer = TextPaneFooter(textView: textView, hint: Self.footerHint, showsPosition: true)
        textView.followsEnd = true
        super.init()
        self.title = title
        textView.accessibilityLabel = title
    }

    /// Whether the view shows the last row, so new lines scroll into view.
    public var isFollowing: Bool { textView.isFollowingEnd }

    /// Line `number` of the log: its time since the pane first showed and a message.
    public static func line(_ number: Int) -> String {
        let messages = [
            "request handled", "cache refreshed", "worker idle", "connection accepted", "job queued", "job done"
        ]
        let tenths = number * Int((interval * 10).rounded())
        return "[\(tenths / 10).\(tenths % 10) s] #\(number) \(messages[number % messages.count])"
    }

    /// Adds the next line (the view follows it if it showed the end).
    public func appendLine() {
        lineCount += 1
        textView.append((textView.text.isEmpty ? "" : "\n") + Self.line(lineCount))
    }

    public override func viewDidLoad() {
        footer.install(below: textView, in: view)
    }

    public override func viewDidLayoutSubviews() {
        footer.layout(below: textView, in: view.bounds.size)
    }

    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        guard timer == nil, let loop = view.window?.mainLoop else { return }
        timer = loop.schedule(after: Self.interval, repeating: Self.interval, name: "LogPane: the next line") {
            [weak self] in self?.appendLine()
        }
    }

    public override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        timer?.invalidate()
        timer = nil
    }
}
