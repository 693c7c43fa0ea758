import Shoji

/// Makes the view controller that shows a menu item: `TextPane`, `ColorPane`,
/// `NavigationRootPane`, `LifecyclePane`, `SplitPane` or `StackPane` by kind, titled with the
/// item's title.
@MainActor
public struct PaneFactory {
    /// The journal lifecycle panes show.
    public var journal: LifecycleJournal
    /// Whether navigation pushes animate.
    public var animates: Bool

    public init(journal: LifecycleJournal, animates: Bool) {
        self.journal = journal
        self.animates = animates
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
        case .placeholder(let transitions):
            return SplitPane(title: item.title, transitions: transitions, animates: animates)
        case .stack(let capacity):
            return StackPane(title: item.title, text: item.text, capacity: capacity, animates: animates)
        }
    }
}
