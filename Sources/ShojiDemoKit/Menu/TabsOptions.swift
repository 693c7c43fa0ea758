import Shoji

/// What a menu item of kind `tabs` shows: a tab bar controller over its own list of tabs.
///
/// In a menu file: `"tabs"` (required) is an array of 1 to `maximumTabCount` tab objects, each
/// a menu item of any other kind (the same keys and rules) plus an optional `"symbol"` (one
/// character one column wide, shown before the title and alone when the bar is narrow) and an
/// optional `"badge"` (text shown after the title); `"tab-position"` (optional) is `"bottom"`
/// (the default) or `"top"`; `"tab-transition"` (optional) is how a switch to a tab on the right
/// moves, one of `transitionNames` (default `"none"`; a switch to the left plays the inverse).
///
///     {"title": "Tabs", "kind": "tabs", "tab-position": "top",
///      "tabs": [{"title": "Inbox", "kind": "color", "color": "blue", "symbol": "✉", "badge": "3"},
///               {"title": "Stack", "kind": "navigation", "symbol": "☰"}]}
public struct TabsOptions: Equatable, Sendable {
    /// One tab: what it shows, and its tab bar item's symbol and badge.
    public struct Tab: Equatable, Sendable {
        /// The tab's content, as a menu item of any kind but `tabs`.
        public var item: MenuItem
        public var symbol: Character?
        public var badge: String?

        public init(item: MenuItem, symbol: Character? = nil, badge: String? = nil) {
            self.item = item
            self.symbol = symbol
            self.badge = badge
        }
    }

    /// Where the tab bar is.
    public var position: TabBarPosition
    /// How a switch to a tab on the right moves (`TabBarController.switchStyle`).
    public var transition: TransitionStyle
    /// At least one, at most `maximumTabCount`.
    public var tabs: [Tab]

    /// The most tabs an item may have.
    public static let maximumTabCount = 100
    /// The keys a `tabs` item may have besides an item's own.
    static let keys = ["tab-position", "tab-transition", "tabs"]

    /// The names `"tab-transition"` takes, with the styles they stand for, in this order.
    public static let transitions: [(name: String, style: TransitionStyle)] = [
        ("none", .none), ("push", .push(from: .right)), ("slide", .slide(from: .right)),
        ("cover", .cover(from: .right)), ("fade", .fade)
    ]
    /// The keys a tab may have besides an item's own.
    static let tabKeys = ["symbol", "badge"]

    public init(position: TabBarPosition = .bottom, transition: TransitionStyle = .none, tabs: [Tab]) {
        self.position = position
        self.transition = transition
        self.tabs = tabs
    }
}
