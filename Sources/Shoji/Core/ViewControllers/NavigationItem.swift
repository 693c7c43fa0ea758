/// What a navigation bar shows for a controller, as UIKit's `UINavigationItem`.
///
/// Any change is shown at once by the bars that display it: they read the item when they
/// draw, and a change asks for a frame.
@MainActor
public final class NavigationItem {
    /// The controller this item belongs to.
    public private(set) weak var owner: ViewController?

    private var explicitTitle: String?

    /// The title; falls back to the owner's `title` when not set.
    public var title: String? {
        get { explicitTitle ?? owner?.title }
        set {
            explicitTitle = newValue
            itemsDidChange()
        }
    }

    /// Items on the left, leftmost first.
    public var leftBarButtonItems: [BarButtonItem] = [] {
        didSet { adopt(leftBarButtonItems) }
    }

    /// Items on the right, leftmost first.
    public var rightBarButtonItems: [BarButtonItem] = [] {
        didSet { adopt(rightBarButtonItems) }
    }

    /// The item a navigation controller shows to go back *from the controller pushed above
    /// this one*; `nil` shows `< title`.
    public var backBarButtonItem: BarButtonItem? {
        didSet { if let item = backBarButtonItem { adopt([item]) } }
    }

    /// Increases on every change, so a bar can tell cheaply whether to rebuild its buttons.
    public private(set) var version = 0

    init(owner: ViewController) { self.owner = owner }

    private func adopt(_ items: [BarButtonItem]) {
        for item in items { item.owner = self }
        itemsDidChange()
    }

    func itemsDidChange() {
        version += 1
        owner?.window?.setNeedsDisplay()
        owner?.parent?.childNavigationItemDidChange(owner!)
    }

    func ownerTitleDidChange() {
        if explicitTitle == nil { version += 1 }
    }
}
