import Shoji

/// A menu item of kind `clock`: the time of day (`HH:MM:SS`), kept current by an async task
/// that sleeps until the next whole second, then redraws. It shows how Swift concurrency drives
/// the UI: nothing but the task's wake-up makes the change, and between wake-ups the app uses
/// no CPU.
///
/// Guarantees:
/// - The task runs while the pane is shown: it starts at `viewWillAppear` (showing the time at
///   once) and is cancelled at `viewDidDisappear`, so a hidden clock costs nothing.
/// - Each wake-up shows the time read then, and sleeps on `clock` until `timeOfDay` reaches the
///   next whole second; `updateCount` counts the times shown.
/// - Time comes only from `clock` (the sleeps) and `timeOfDay` (what is shown), so a test
///   hands it a `ManualClock` and a time of day derived from it.
@MainActor
public final class ClockPane: ViewController {
    /// Shown under the time; optional in the menu file.
    public let text: String
    /// The clock the task sleeps on (`ContinuousClock` in the demo).
    public let clock: any Clock<Duration>
    /// Seconds since midnight, local time, when called.
    public let timeOfDay: @MainActor () -> Double
    /// How many times the task showed the time.
    public private(set) var updateCount = 0

    private let timeLabel = Label(text: "--:--:--", style: Style(attributes: .bold))
    private let textLabel = Label()
    private var task: Task<Void, Never>?

    public init(title: String, text: String?, clock: any Clock<Duration>, timeOfDay: @escaping @MainActor () -> Double)
    {
        self.text = text ?? "The time of day, updated once a second by an async task."
        self.clock = clock
        self.timeOfDay = timeOfDay
        super.init()
        self.title = title
    }

    /// The time as the pane shows it.
    public var shownTime: String { timeLabel.text }

    /// `HH:MM:SS` for `seconds` since midnight (wrapping at 24 hours).
    public static func format(secondsSinceMidnight seconds: Double) -> String {
        let whole = ((Int(seconds.rounded(.down)) % 86_400) + 86_400) % 86_400
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(two(whole / 3600)):\(two(whole / 60 % 60)):\(two(whole % 60))"
    }

    public override func viewDidLoad() {
        view.backgroundStyle = .plain  // opaque: the side menu's list lies under the pane
        timeLabel.textAlignment = .center
        textLabel.text = text
        textLabel.textAlignment = .center
        textLabel.style = Style(attributes: .dim)
        view.addSubview(timeLabel)
        view.addSubview(textLabel)
    }

    public override func viewDidLayoutSubviews() {
        let middle = max(0, view.bounds.height / 2 - 1)
        timeLabel.frame = Rect(x: 0, y: middle, width: view.bounds.width, height: 1)
        textLabel.frame = Rect(x: 0, y: middle + 2, width: view.bounds.width, height: 1)
    }

    public override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        guard task == nil else { return }
        task = Task { [weak self] in await self?.tick() }
    }

    public override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        task?.cancel()
        task = nil
    }

    /// Shows the time, sleeps to the next whole second, again, until cancelled.
    private func tick() async {
        while !Task.isCancelled {
            let now = timeOfDay()
            timeLabel.text = Self.format(secondsSinceMidnight: now)
            updateCount += 1
            let untilNextSecond = 1 - (now - now.rounded(.down))
            do {
                try await Task.sleep(for: .seconds(untilNextSecond), clock: clock)
            } catch {
                return  // cancelled: the pane went away
            }
        }
    }
}
