/// What a tab bar shows for a controller, as UIKit's `UITabBarItem`: a title, an optional
/// symbol (the terminal's image: one character, meant to take one cell) and an optional badge.
///
/// Any change shows in the next frame of every tab bar listing the item, also while its
/// controller is not the selected tab: the change travels up the parent chain
/// (`childTabBarItemDidChange`) to the tab bar controller, which redraws its bar.
///
/// Differs from UIKit: no images (`symbol` instead), no selected image, no tag.
@MainActor
public final class TabBarItem {
    /// The controller this item belongs to. Weak: the controller owns its item.
    public private(set) weak var owner: ViewController?

    private var explicitTitle: String?

    /// The title; falls back to the owner's `title` when not set (or set to `nil`).
    public var title: String? {
        get { explicitTitle ?? owner?.title }
        set {
            explicitTitle = newValue
            itemDidChange()
        }
    }

    /// Drawn before the title, and alone when the bar is too narrow for titles. Meant to be
    /// one cell wide (`DisplayWidth.of` is 1, as "✉" or "☰"); a wider one (most emoji are 2)
    /// is drawn in its width, and control characters are drawn inert, as everywhere.
    public var symbol: Character? {
        didSet { if symbol != oldValue { itemDidChange() } }
    }

    /// Text drawn after the title in parentheses, as UIKit's `badgeValue` (`"3"` shows
    /// `Inbox (3)`); `nil` or empty shows no badge. Long badges are truncated to
    /// `TabBar.maximumBadgeWidth` columns.
    public var badgeValue: String? {
        didSet { if badgeValue != oldValue { itemDidChange() } }
    }

    /// True once anything was set on the item. A navigation controller whose own item was
    /// never set shows its root controller's item in a tab bar instead.
    public private(set) var isCustomized = false

    init(owner: ViewController) { self.owner = owner }

    private func itemDidChange() {
        isCustomized = true
        guard let owner else { return }
        owner.window?.setNeedsDisplay()
        owner.parent?.childTabBarItemDidChange(owner)
    }
}
