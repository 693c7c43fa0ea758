/// A container meant to be subclassed, as CoconutKit's `HLSPlaceholderViewController`: the
/// subclass lays out its own views and places one or more placeholder views
/// (`placeholderViews`); each placeholder shows one child (its inset view controller), replaced
/// with a transition by `setInsetViewController(_:at:transition:animated:)`.
///
/// Subclassing: the placeholder views are made with the controller (`init(placeholderCount:)`)
/// and start out filling the root view; place them (frame, autoresizing mask, any superview
/// inside the root view) in `viewDidLoad` after calling super, or in `viewWillLayoutSubviews`.
/// Overrides of `loadView`, `viewWillAppear`, `viewDidLayoutSubviews` and
/// `didReceiveMemoryWarning` must call super. A placeholder left outside the view tree is put
/// back over the whole root view when a child is shown in it.
///
/// Guarantees:
/// - Containment in UIKit's order, through the container's `ChildChangeQueue` (`.inOrder`):
///   the outgoing child's `willMove(toParent: nil)` and the incoming one's `addChild` before the
///   transition, `didMove(toParent: self)` and `removeFromParent()` after it. Requests made
///   while one runs (from a hook, during an animation) wait and run in order; meanwhile the
///   container `isTransitioning` (the window holds its events back) and
///   `insetViewControllers` reports the children as asked for.
/// - A request whose controller has meanwhile come to show in another placeholder (a clone
///   swapped in by a resize) is dropped.
/// - Pre-loading: a child set while the container is not on screen (before its view loads, or
///   while it is hidden) becomes a child at once, but its view is not loaded until the container
///   appears. In the container's `viewWillAppear` the placeholders are laid out and each child's
///   view is put in its placeholder, filling it and following its size: the child appears with
///   the container (same `animated` flag) and has its final frame from its own
///   `viewWillAppear`.
/// - Replacing a shown child plays the given `TransitionStyle` inside the placeholder (clipped to
///   it), with balanced appearance calls whose `animated` is true exactly when the animation
///   plays; `nil` removes the child. Replacing a child that is not shown makes no appearance
///   calls.
/// - Size classes (the terminal's rotation): each placeholder's width gives its `SizeClass`
///   (`compact` below `sizeClassBoundary`, 60 columns by default). A child that adopts
///   `SizeClassCloning` is asked for its clone before it is first shown and whenever a resize
///   takes its placeholder across the boundary; the clone replaces it, at once before it is
///   shown, with a cross-fade (`.fade`) on screen, with balanced calls (a clone that another
///   placeholder of the container shows is not used: the child stays). A resize during a
///   running transition is applied when it ends (the swap waits in the queue), and the views
///   follow every resize, also mid-animation, so the final layout is right.
/// - Property forwarding (opt-in): with `forwardedPlaceholderIndex` set, a navigation
///   controller shows the title and bar items of the child in that placeholder (recursively).
/// - Ownership: the container owns its children; a replaced child and its view are released
///   (freed unless the app keeps them). On a memory warning while the container is not on
///   screen, the children's views leave their placeholders and are released; they load again
///   (`viewDidLoad`) when the container next appears.
/// - Errors (the containers' one policy): a controller in the wrong place (shown in another
///   placeholder) and fewer than one placeholder stop with a precondition failure; an index,
///   which may come from data, is thrown (`PlaceholderError`); setting the current child again
///   does nothing.
/// - Main actor only.
@MainActor
open class PlaceholderViewController: ViewController {
    /// The areas where children are drawn, one per placeholder, in index order. Made with the
    /// controller; the subclass places them (see the type's notes).
    public let placeholderViews: [View]

    /// Areas narrower than this many columns are `compact`, the others `regular` (default
    /// `SizeClass.defaultBoundary`, 60). A change is applied at once (after a change under way).
    public var sizeClassBoundary = SizeClass.defaultBoundary {
        didSet {
            for case let placeholder as PlaceholderView in placeholderViews { placeholderViewDidResize(placeholder) }
        }
    }

    /// How long an animated replacement takes, in seconds; `nil` (the default): the window's
    /// `transitionDuration`, the app's one motion setting.
    public var transitionDuration: Double?

    /// Property forwarding: the placeholder whose child's title and navigation item a
    /// navigation controller shows for this container; `nil` (the default) shows the
    /// container's own.
    public var forwardedPlaceholderIndex: Int? {
        didSet { if forwardedPlaceholderIndex != oldValue { forwardedNavigationItemDidChange() } }
    }

    /// The controller placed in each placeholder (the incoming one, during a replacement).
    /// Weak: the container owns its children through `children`; one that another container
    /// took away is no longer this container's (`slots` filters it out).
    private var placed: [WeakChild]

    private struct WeakChild {
        weak var controller: ViewController?
    }

    /// The child in each placeholder now: the controller placed there, if it is still a child.
    private var slots: [ViewController?] {
        placed.map { entry in entry.controller.flatMap { $0.parent === self ? $0 : nil } }
    }
    /// The size class each shown child was last matched to (`nil`: not shown yet).
    private var matchedClasses: [SizeClass?]

    /// What can be asked of the container.
    private enum Request {
        /// Show `controller` (or nothing) in placeholder `index` with `style`.
        case set(ViewController?, index: Int, style: TransitionStyle, animated: Bool)
        /// Swap the child at `index` for its clone if its size class changed.
        case adapt(index: Int)
    }

    private lazy var changes = ChildChangeQueue<Request>(owner: self, policy: .inOrder) {
        [unowned self] request, change in
        self.perform(request, in: change)
    }

    /// A container with `placeholderCount` placeholders (at least 1, else a precondition
    /// failure), all empty; no view is loaded.
    public init(placeholderCount: Int = 1) {
        precondition(placeholderCount >= 1, "PlaceholderViewController: a container needs at least one placeholder")
        placeholderViews = (0..<placeholderCount).map { _ in PlaceholderView() }
        placed = Array(repeating: WeakChild(), count: placeholderCount)
        matchedClasses = Array(repeating: nil, count: placeholderCount)
        super.init()
        for case let placeholder as PlaceholderView in placeholderViews { placeholder.owner = self }
    }

    // MARK: Children

    /// The child of each placeholder, as asked for: requests still waiting count as done.
    public var insetViewControllers: [ViewController?] {
        var result = slots
        for case let .set(controller, index, _, _) in changes.waiting { result[index] = controller }
        return result
    }

    /// The child of placeholder `index` as asked for (see `insetViewControllers`); `nil` when
    /// empty or out of range.
    public func insetViewController(at index: Int = 0) -> ViewController? {
        let all = insetViewControllers
        return all.indices.contains(index) ? all[index] : nil
    }

    /// Shows `controller` in placeholder `index` instead of its current child (`nil` empties
    /// it), with the transition `style` when the container is on screen and `animated`. The
    /// setter of the article's inset view controller property, with the transition as an
    /// argument. Runs now, or after the requests under way (see the type's notes). A controller
    /// that is another container's child leaves it first. Throws for an index out of range; a
    /// controller shown in another placeholder of this container stops with a precondition
    /// failure; setting the current child again does nothing.
    public func setInsetViewController(
        _ controller: ViewController?, at index: Int = 0,
        transition style: TransitionStyle = .none, animated: Bool
    ) throws(PlaceholderError) {
        let asked = insetViewControllers
        guard asked.indices.contains(index) else { throw .indexOutOfRange(index: index, count: asked.count) }
        if let controller, let other = asked.firstIndex(where: { $0 === controller }) {
            precondition(
                other == index,
                "PlaceholderViewController.setInsetViewController: \(controller.debugIdentifier) is already shown in placeholder \(other)"
            )
        }
        changes.submit(.set(controller, index: index, style: style, animated: animated))
    }

    /// The size class of placeholder `index` now (from its width), or `nil` when the view is
    /// not loaded or the index is out of range.
    public func sizeClass(at index: Int) -> SizeClass? {
        guard isViewLoaded, placeholderViews.indices.contains(index) else { return nil }
        return SizeClass(width: placeholderViews[index].bounds.width, boundary: sizeClassBoundary)
    }

    /// The child whose navigation item is forwarded (see `forwardedPlaceholderIndex`).
    open override var childForNavigationItem: ViewController? {
        guard let index = forwardedPlaceholderIndex, slots.indices.contains(index) else { return nil }
        return slots[index]
    }

    // MARK: Changes

    private func perform(_ request: Request, in change: ChildChange) {
        switch request {
        case .set(let requested, let index, let style, let animated):
            // On screen the size class is known: a child that has a clone for it is never shown.
            var incoming = requested
            if let requested, isViewLoaded, isAppearing, let clone = clone(of: requested, at: index) {
                incoming = clone
            }
            replace(at: index, with: incoming, style: style, animated: animated, in: change)
        case .adapt(let index):
            guard let current = slots[index], let clone = clone(of: current, at: index) else {
                change.complete()
                return
            }
            replace(at: index, with: clone, style: .fade, animated: true, in: change)
        }
    }

    /// The controller `child` hands over to for placeholder `index`'s size class (recorded as
    /// matched), or `nil` when it keeps its place. A clone shown in another placeholder of this
    /// container cannot be used (the child stays); one already in this placeholder is returned
    /// (setting the child then keeps it).
    private func clone(of child: ViewController, at index: Int) -> ViewController? {
        guard let sizeClass = sizeClass(at: index) else { return nil }
        matchedClasses[index] = sizeClass
        let others = slots.enumerated().filter { $0.offset != index }.compactMap(\.element)
        guard let cloning = child as? SizeClassCloning, let clone = cloning.clone(for: sizeClass), clone !== child,
            clone !== self, !isDescendant(of: clone), !others.contains(where: { $0 === clone })
        else { return nil }
        return clone
    }

    /// Swaps the child of placeholder `index` for `incoming`: containment in `change`, and a
    /// transition when the container is on screen; `change` completes when it ends.
    private func replace(
        at index: Int, with incoming: ViewController?, style: TransitionStyle, animated: Bool,
        in change: ChildChange
    ) {
        let outgoing = slots[index]
        // A controller that came to show elsewhere in this container since it was asked for (a
        // clone swapped in by a resize) stays where it is: the request is dropped.
        guard incoming !== outgoing, incoming.map({ $0.parent !== self }) ?? true else {
            change.complete()
            return
        }
        if let outgoing {
            change.remove(outgoing)
            // It may have kept another placeholder's child from its clone: look again after.
            for other in slots.indices where other != index && slots[other] is SizeClassCloning {
                changes.submit(.adapt(index: other))
            }
        }
        if let incoming { change.add(incoming) }
        placed[index] = WeakChild(controller: incoming)
        if forwardedPlaceholderIndex == index { forwardedNavigationItemDidChange() }
        let placeholder = placeholderViews[index]
        let installed = outgoing.flatMap { $0.viewIfLoaded?.superview === placeholder ? $0 : nil }
        guard isViewLoaded, isAppearing else {
            // Not on screen: the old view leaves quietly; the new one waits for viewWillAppear.
            installed?.viewIfLoaded?.removeFromSuperview()
            matchedClasses[index] = nil
            change.complete()
            return
        }
        placeInTree(placeholder)
        let duration = animated && style != .none ? transitionDuration ?? defaultTransitionDuration : 0
        if installed == nil, duration == 0 {
            if let incoming { install(incoming, at: index) }
            change.complete()
            return
        }
        if let incoming, incoming.viewIfLoaded?.superview !== placeholder {
            incoming.view.fill(placeholder)
        }
        transition(from: installed, to: incoming, in: placeholder, style: style, duration: duration) { _ in
            change.complete()
        }
    }

    /// Puts `child`'s view in placeholder `index`, filling it; the child appears with the
    /// container (joining the container's own appearance, with its `animated` flag, when that
    /// is under way).
    private func install(_ child: ViewController, at index: Int) {
        let placeholder = placeholderViews[index]
        placeInTree(placeholder)
        child.view.fill(placeholder)
        let animated = appearancePhase == .willAppear && appearanceState.animated
        let swap = beginTransition(from: nil, to: child, animated: animated)
        swap.insertIncoming(in: placeholder)
        swap.end()
    }

    /// A placeholder outside the container's view tree goes back over the whole root view.
    private func placeInTree(_ placeholder: View) {
        guard !placeholder.isDescendant(of: view) else { return }
        placeholder.fill(view)
        view.addSubview(placeholder)
    }

    // MARK: View and lifecycle

    /// A plain root view with every placeholder over the whole of it. An override that does
    /// not call super places the placeholders itself.
    open override func loadView() {
        let root = View()
        view = root
        for placeholder in placeholderViews { placeInTree(placeholder) }
    }

    /// Lays the view out (frames are final from here, as the article says) and puts the
    /// pre-loaded children's views in their placeholders, each first swapped for its clone if
    /// it has one for its placeholder's size class. Overrides must call super.
    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        view.layoutIfNeeded()
        for index in slots.indices {
            guard let child = slots[index], child.viewIfLoaded?.superview !== placeholderViews[index] else { continue }
            guard let clone = clone(of: child, at: index) else {
                install(child, at: index)
                continue
            }
            if changes.isBusy {
                // Shown as it is for now; the swap waits for the change under way.
                install(child, at: index)
                changes.submit(.adapt(index: index))
            } else {
                changes.submit(.set(clone, index: index, style: .none, animated: false))
            }
        }
    }

    /// Called by a placeholder whose size changed: a shown child whose size class changed is
    /// swapped for its clone, now or after the change under way. A size set during layout (a
    /// subclass placing its placeholders in `viewWillLayoutSubviews`) is looked at before the
    /// next frame's layout instead: layout does not change the controller hierarchy.
    func placeholderViewDidResize(_ placeholder: PlaceholderView) {
        if let window = viewIfLoaded?.window, window.isLayingOut {
            window.performOutsideLayout { [weak self, weak placeholder] in
                if let self, let placeholder { self.placeholderViewDidResize(placeholder) }
            }
            return
        }
        guard let index = placeholderViews.firstIndex(where: { $0 === placeholder }), let child = slots[index],
            child.viewIfLoaded?.superview === placeholder, let sizeClass = sizeClass(at: index),
            matchedClasses[index] != sizeClass
        else { return }
        matchedClasses[index] = sizeClass
        guard child is SizeClassCloning else { return }
        changes.submit(.adapt(index: index))
    }

    /// A child taken away by another container leaves its placeholder empty; the bar shows
    /// that when it was the forwarded one. Overrides must call super.
    open override func childDidLeave(_ child: ViewController) {
        super.childDidLeave(child)
        if forwardedPlaceholderIndex != nil { forwardedNavigationItemDidChange() }
    }

    /// Off screen, the children's views leave their placeholders first, so they are released
    /// with the rest (see `ViewController.didReceiveMemoryWarning()`). Overrides must call super.
    open override func didReceiveMemoryWarning() {
        if !appearancePhase.isOnScreen, !changes.isBusy {
            for (index, child) in slots.enumerated() {
                guard let childView = child?.viewIfLoaded, childView.superview === placeholderViews[index] else {
                    continue
                }
                childView.removeFromSuperview()
                matchedClasses[index] = nil
            }
        }
        super.didReceiveMemoryWarning()
    }
}
