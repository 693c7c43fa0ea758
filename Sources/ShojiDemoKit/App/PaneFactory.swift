import Shoji

/// Makes the view controller that shows a menu item: `TextPane`, `ColorPane`,
/// `NavigationRootPane`, `LifecyclePane`, `TabsPane`, `ClockPane`, `SplitPane`, `StackPane`, an
/// `OverlayMenuController`, a `TwoPaneController` (over `ColorPane`s), a `FormPane`, a `LogPane`
/// a `WidgetsPane` or a `FilesPane` by kind, titled with the item's title.
@MainActor
public struct PaneFactory {
    /// The journal lifecycle panes show.
    public var journal: LifecycleJournal
    /// What clock panes sleep on.
    public var clock: any Clock<Duration>
    /// What clock panes show: seconds since local midnight.
    public var timeOfDay: @MainActor () -> Double

    /// Panes animate as the window's `transitionDuration` (the app's one motion setting) says.
    public init(
        journal: LifecycleJournal, clock: any Clock<Duration> = ContinuousClock(),
        timeOfDay: @escaping @MainActor () -> Double = LocalTime.secondsSinceMidnight
    ) {
        self.journal = journal
        self.clock = clock
        self.timeOfDay = timeOfDay
    }

    /// A new controller for `item`; its `title` is the item's title.
    public func makePane(for item: MenuItem) -> ViewController {
        switch item.kind {
        case .text(let lines):
            let text = item.text
            return TextPane(title: item.title, makeText: { TextPane.text(text, numberedLines: lines) })
        case .color(let color):
            return ColorPane(title: item.title, color: color, text: item.text)
        case .navigation:
            // The side menu wraps every child in a navigation controller: this pane is its root.
            return NavigationRootPane(title: item.title, text: item.text)
        case .lifecycle:
            return LifecyclePane(title: item.title, text: item.text, journal: journal)
        case .tabs(let options):
            return TabsPane(title: item.title, options: options, factory: self)
        case .clock:
            return ClockPane(title: item.title, text: item.text, clock: clock, timeOfDay: timeOfDay)
        case .overlayMenu(let children, let transition):
            return makeOverlayMenu(title: item.title, children: children, transition: transition)
        case .twoPane(let children):
            return TwoPaneController(
                title: item.title, first: makeColorPane(children[0]), second: makeColorPane(children[1]))
        case .placeholder(let transitions):
            return SplitPane(title: item.title, transitions: transitions)
        case .stack(let capacity):
            return StackPane(title: item.title, text: item.text, capacity: capacity)
        case .form:
            return FormPane(title: item.title, text: item.text)
        case .log:
            return LogPane(title: item.title, text: item.text)
        case .widgets:
            return WidgetsPane(title: item.title, text: item.text)
        case .files(let path):
            return FilesPane(title: item.title, path: path)
        }
    }

    /// A colour pane for a container's child.
    private func makeColorPane(_ child: MenuChild) -> ColorPane {
        ColorPane(title: child.title, color: child.color, text: child.text)
    }

    /// An overlay menu over colour panes, with their symbols (on their tab bar items, which the
    /// overlay draws). Its motions take the window's
    /// `transitionDuration` (`--duration`; 0 with `--no-animation`).
    private func makeOverlayMenu(title: String, children: [MenuChild], transition: MenuTransition)
        -> OverlayMenuController
    {
        let panes = children.map(makeColorPane)
        let overlay = OverlayMenuController(viewControllers: panes)
        overlay.title = title
        for (pane, child) in zip(panes, children) { pane.tabBarItem.symbol = child.symbol }
        overlay.selectionStyle = transition.style
        return overlay
    }
}
