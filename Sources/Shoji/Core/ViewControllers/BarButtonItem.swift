/// A button for a navigation bar, as UIKit's `UIBarButtonItem` (title and action only).
///
/// The action runs on the main actor when the button is activated (click, or focus plus Enter
/// or Space). The item holds its action strongly, so an action must capture controllers
/// weakly (`[weak self]`) or it makes a cycle through the navigation item.
@MainActor
public final class BarButtonItem {
    /// The text shown; changing it shows at once.
    public var title: String { didSet { didChange() } }
    /// When false the button is shown dimmed and does nothing.
    public var isEnabled = true { didSet { didChange() } }
    /// When true the bar leaves the item out (no button, no room taken), as UIKit's
    /// `isHidden`; the side menu hides its Menu item while its menu is docked.
    public var isHidden = false { didSet { didChange() } }
    /// What assistive technology calls the button (nil: its title), as UIKit's (from
    /// `UIAccessibility`); the bar's button says it.
    public var accessibilityLabel: String? { didSet { didChange() } }
    /// Its state for assistive technology ("open", "closed"; nil: none), as UIKit's; the side
    /// menu's Menu item says whether the menu is open.
    public var accessibilityValue: String? { didSet { didChange() } }
    /// Runs on activation; held strongly, so capture owners weakly.
    public var action: (@MainActor () -> Void)?

    /// The navigation item showing this button, to redraw on change.
    weak var owner: NavigationItem?

    /// The bar showing this item, to redraw on change also when no navigation item owns it
    /// (a back button made by a navigation controller).
    weak var bar: NavigationBar?

    private func didChange() {
        owner?.itemsDidChange()
        bar?.setNeedsLayout()
    }

    /// An item showing `title` that runs `action` when activated.
    public init(title: String, action: (@MainActor () -> Void)? = nil) {
        self.title = title
        self.action = action
    }

    /// Runs the action if enabled.
    public func activate() {
        guard isEnabled else { return }
        action?()
    }
}
