import Shoji

/// Makes the view controller that shows a menu item: `TextPane`, `ColorPane`,
/// `NavigationRootPane` or `LifecyclePane` by kind, titled with the item's title.
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
            let root = NavigationRootPane(title: item.title, text: item.text, animatesPushes: animates)
            // INTEGRATION POINT (NavigationController): once it is on main, return
            //   NavigationController(rootViewController: root)
            // (with `extension NavigationController: ScreenPushing`, see ScreenPushing.swift),
            // so that the side menu shows the root in a navigation stack.
            return root
        case .lifecycle:
            return LifecyclePane(title: item.title, text: item.text, journal: journal)
        }
    }
}
