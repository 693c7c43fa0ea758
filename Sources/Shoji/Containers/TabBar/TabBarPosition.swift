/// Where a tab bar controller puts its tab bar.
public enum TabBarPosition: String, Hashable, Sendable, CaseIterable {
    /// The last row, under the selected tab (the default, as in UIKit).
    case bottom
    /// The first row, over the selected tab.
    case top
}
