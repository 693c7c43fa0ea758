import Shoji

/// A menu item of kind `tabs`: a `TabBarController` over the item's tabs, each made by the
/// `PaneFactory` as a menu item of its kind, with the tab's symbol and badge on its tab bar
/// item. A `navigation` tab is its own navigation controller (inside the side menu's, whose
/// bar shows this pane's title), so Escape pops inside the tab first.
///
/// Guarantees: every tab exists (a child, not loaded) from `init`; the bar is where the file
/// says; switches move as the file says, for the window's `transitionDuration` (the demo's
/// `--duration`; at once with `--no-animation`).
@MainActor
public final class TabsPane: TabBarController {
    /// The options from the menu file.
    public let options: TabsOptions

    public init(title: String, options: TabsOptions, factory: PaneFactory) {
        self.options = options
        super.init()
        self.title = title
        tabBarPosition = options.position
        switchStyle = options.transition
        let tabs = options.tabs.map { tab -> ViewController in
            let pane = factory.makePane(for: tab.item)
            pane.tabBarItem.symbol = tab.symbol
            pane.tabBarItem.badgeValue = tab.badge
            if case .navigation = tab.item.kind { return NavigationController(rootViewController: pane) }
            return pane
        }
        setViewControllers(tabs, animated: false)
    }
}
