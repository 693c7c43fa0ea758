extension ViewController {
    /// The controller whose navigation item a navigation bar shows for this one: this
    /// controller, or, when it forwards (`childForNavigationItem`), that child's own source,
    /// recursively, so a child in a placeholder in a stack in a navigation controller shows its
    /// title and buttons in the bar. A `childForNavigationItem` that is not a child of the
    /// controller returning it ends the walk there.
    public var navigationItemSource: ViewController {
        var current = self
        while let next = current.childForNavigationItem, next.parent === current { current = next }
        return current
    }

    /// The navigation item a navigation bar shows for this controller:
    /// `navigationItemSource.navigationItem` (its title falling back to that controller's
    /// `title`). Derived at each call, never stored: a change of forwarded child shows at the
    /// bar's next layout.
    public var effectiveNavigationItem: NavigationItem { navigationItemSource.navigationItem }

    /// Tells the navigation controller above (through `childNavigationItemDidChange`) that
    /// what this controller forwards changed (a container that forwards swapped its child),
    /// so its bar redraws.
    public func forwardedNavigationItemDidChange() {
        parent?.childNavigationItemDidChange(self)
        viewIfLoaded?.window?.setNeedsDisplay()
    }
}
