extension ViewController {
    /// The child controllers, in the order they were added.
    public var children: [ViewController] { childControllers }

    /// The parent controller, if this is a child. Weak: a parent owns its children, not the
    /// reverse.
    public var parent: ViewController? { parentController }

    /// Makes `child` a child of this controller, calling `child.willMove(toParent: self)`.
    /// As in UIKit, the caller then adds the child's view and calls
    /// `child.didMove(toParent: self)`.
    ///
    /// A child that has another parent is first removed from it, with its view and with
    /// balanced calls (UIKit's rule; see DECISIONS.md); a window's root stops being the root. Adding a controller to itself or to one
    /// of its own descendants would make a cycle and stops with a precondition failure.
    /// Adding an existing child again does nothing. A presented controller cannot become a
    /// child (precondition: dismiss it first).
    public func addChild(_ child: ViewController) {
        precondition(child !== self, "ViewController.addChild: a controller cannot be its own child")
        precondition(
            !isDescendant(of: child),
            "ViewController.addChild: \(child.debugIdentifier) is an ancestor of \(debugIdentifier)")
        precondition(
            child.presentationState.presentation == nil,
            "ViewController.addChild: \(child.debugIdentifier) is presented; dismiss it first")
        if child.parent === self { return }
        if let previous = child.parent { previous.detachChild(child) }
        // A window's root added as a child stops being the root first (its view leaves the
        // window, with disappearance calls if shown): the window and the parent cannot both own it.
        if let window = child.viewIfLoaded?.window, window.rootViewController === child {
            window.rootViewController = nil
        }
        viewIfLoaded?.window?.noteHierarchyChange()
        child.willMove(toParent: self)
        childControllers.append(child)
        child.parentController = self
        // Containers that show their children's items (a tab bar) redraw from `children`.
        viewIfLoaded?.setNeedsDisplay()
    }

    /// Removes this controller from its parent and calls `didMove(toParent: nil)`, as UIKit's,
    /// then tells the former parent (`childDidLeave`).
    /// A container calls `willMove(toParent: nil)` first. If the view is still in the parent's
    /// view tree it is removed too (with its disappearance calls), so the parent/child tree and
    /// the view tree never disagree. Does nothing without a parent.
    public func removeFromParent() {
        guard let parent else { return }
        parent.viewIfLoaded?.window?.noteHierarchyChange()
        if let view = viewIfLoaded, let parentView = parent.viewIfLoaded, view.superview != nil,
            view.isDescendant(of: parentView)
        {
            view.removeFromSuperview()
        }
        parent.childControllers.removeAll { $0 === self }
        parentController = nil
        parent.viewIfLoaded?.setNeedsDisplay()
        didMove(toParent: nil)
        parent.transitionState.changes?.childDidLeave(self)
        parent.childDidLeave(self)
    }

    /// Whether `controller` is this controller or one of its ancestors.
    public func isDescendant(of controller: ViewController) -> Bool {
        var current: ViewController? = self
        while let node = current {
            if node === controller { return true }
            current = node.parent
        }
        return false
    }

    /// The whole removal sequence for a child that moves to another parent (or becomes a
    /// window's root).
    func detachChild(_ child: ViewController) {
        child.willMove(toParent: nil)
        child.viewIfLoaded?.removeFromSuperview()
        child.removeFromParent()
    }
}
