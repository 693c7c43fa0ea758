import Shoji

/// Makes the view controller that shows a menu item: `TextPane`, `ColorPane`,
/// `NavigationRootPane`, `LifecyclePane`, `TabsPane`, `ClockPane` or `FormPane` by kind, titled with the item's title.
@MainActor
public struct PaneFactory {
    /// The journal lifecycle panes show.
    public var journal: LifecycleJournal
    /// Whether navigation pushes animate.
    public var animates: Bool
    /// What clock panes sleep on.
    public var clock: any Clock<Duration>
    /// What clock panes show: seconds since local midnight.
    public var timeOfDay: @MainActor () -> Double

    public init(journal: LifecycleJournal, animates: Bool, clock: any Clock<Duration> = ContinuousClock(),
                timeOfDay: @escaping @MainActor () -> Double = LocalTime.secondsSinceMidnight) {
        self.journal = journal
        self.animates = animates
        self.clock = clock
        self.timeOfDay = timeOfDay
    }

    /// A new controller for `item`; its `title` is the item's title.
    public func makePane(for item: MenuItem) -> ViewController {
        switch item.kind {
        case .text:
            return TextPane(title: item.title, text: item.text ?? "")
        case .color(let color):
            return ColorPane(title: item.title, color: color, text: item.text)
        case .navigation:
            // The side menu wraps every child in a navigation controller: this pane is its root.
            return NavigationRootPane(title: item.title, text: item.text, animatesPushes: animates)
        case .lifecycle:
            return LifecyclePane(title: item.title, text: item.text, journal: journal)
        case .tabs(let options):
            return TabsPane(title: item.title, options: options, factory: self)
        case .clock:
            return ClockPane(title: item.title, text: item.text, clock: clock, timeOfDay: timeOfDay)
        case .form:
            return FormPane(title: item.title, text: item.text)
        }
    }
}
