/// A stack of controllers with a bar on top, as UIKit's `UINavigationController`: the top
/// controller fills the area below the bar; pushing covers it with a new one, popping goes back.
///
/// Guarantees:
/// - The stack (`viewControllers`, bottom first) is never empty: the root is never popped. It
///   is derived, never stored twice: it is `children`, in order (or, while a change is under
///   way, the stack last asked for). `topViewController` and `visibleViewController` are
///   derived from it.
/// - Containment follows UIKit's order. Push: `addChild(new)` (`willMove(toParent: self)`),
///   `transition(from: old, to: new, ...)`, `new.didMove(toParent: self)`. Pop:
///   `old.willMove(toParent: nil)`, `transition(from: old, to: below, ...)`,
///   `old.removeFromParent()`. `setViewControllers` does both at once: removals' `willMove`,
///   additions' `addChild`, one transition between the old and new tops, additions'
///   `didMove`, removals' `removeFromParent()`.
/// - Only the top controller's view is in the view tree, so only it appears; controllers below
///   stay children with their views out of the tree (they disappeared, balanced). Popped
///   controllers are released: the navigation controller keeps nothing of them.
/// - View: `navigationBar`, one row, full width, on top; the top controller's view fills the
///   rest. Both follow resizes (also from and to a zero size). Tab order: the top content
///   first, then the bar's items; the focus scope is the whole view, so both are Tab stops.
/// - The bar shows the top controller's `navigationItem` (its title falling back to the
///   controller's `title`, its left and right items), or, when the top is a container that
///   forwards its child's (`childForNavigationItem`), that child's, recursively
///   (`effectiveNavigationItem`). Below the root a back item comes first,
///   `< Title` (the previous controller's `navigationItem.backBarButtonItem` title if it has
///   one, else its navigation item's title, else "Back"); it pops. The top's left items stay
///   to the right of it. Changes to any of these show on the next frame.
/// - Keys (UIKit has none): Escape, or Alt-Left, pops when the stack is deeper than the root.
///   At the root they are not handled, so they go on up the responder chain (to a side menu
///   that closes on Escape, say).
/// - A change requested while another is under way (from a lifecycle hook of the one running,
///   or during its animation) waits for it and then runs, once, towards the last stack asked
///   for (a `ChildChangeQueue` with `.latestWins`). `viewControllers` reports that stack at once.
///   A controller taken from the stack by someone else meanwhile (another parent's `addChild`)
///   is left out of it: the later move wins.
/// - Errors (the containers' one policy): a controller in the wrong place (pushed twice, listed
///   twice) and an empty stack stop with a precondition failure, as UIKit raises; nothing to do
///   (a pop at the root) returns `nil` or `[]`. Nothing here takes an index, so nothing throws.
/// - The interactive pop (`+InteractivePop`): a left press on the content's first column
///   below a screen that can be popped grabs the top screen; dragged right it follows the
///   pointer and the release pops it or puts it back, with UIKit's appearance calls (the
///   reverse calls when put back). That column's presses are the controller's while it can pop.
/// - Main actor only.
///
/// Differs from UIKit: no toolbar, no hiding of the bar; `popToRootViewController` returns `[]`
/// rather than `nil` at the root.
@MainActor
open class NavigationController: ViewController {
    /// How long an animated push or pop takes, in seconds; `nil` (the default): the window's
    /// `transitionDuration`, the app's one motion setting.
    public var transitionDuration: Double?

    /// The bar on top. Its `navigationItem` and `backItem` are set by this controller from the
    /// stack (before every layout pass); set its style, not its items.
    public let navigationBar = NavigationBar()

    /// The style of a push (and, inverted, of a pop). Default: `.push(from: .right)`, the new
    /// screen slides in from the right while the old one slides out to the left.
    public var pushStyle: TransitionStyle = .push(from: .right)

    /// The style of a pop: always `pushStyle.inverse`, so a pop undoes the push exactly.
    public var popStyle: TransitionStyle { pushStyle.inverse }

    /// The area below the bar that holds the top controller's view. Transitions happen inside
    /// it, so a sliding view is clipped to it and never draws over the bar.
    private let contentView = NavigationContentView()

    /// The content area, for the interactive pop (`+InteractivePop`).
    var contentArea: View { contentView }

    /// The left edge's drag (see `+InteractivePop`): the press followed to its release.
    lazy var popGesture = makePopGesture()
    /// The interactive pop under way, from the press to the settling.
    var popDrag: PopDrag?
    /// The change the queue opened for an interactive pop, handed over by `apply`.
    var pendingInteractiveChange: ChildChange?

    /// The back button shown below the root; its title is the previous controller's, set in
    /// `updateBar()`. Owned here (the bar holds it too), so it lives as long as the controller.
    private let backItem = BarButtonItem(title: "Back")

    /// A stack asked for, and whether to animate the change to it.
    struct StackRequest: ChildStackRequest {
        var stack: [ViewController]
        var animated: Bool
        /// An interactive pop: the change stays open until the drag settles it.
        var interactive = false
    }

    /// Stack changes, one at a time; one asked for while another runs waits, and only the
    /// last such request is kept (the stack goes once towards the last stack asked for).
    lazy var changes = ChildChangeQueue<StackRequest>(
        owner: self, policy: .latestWins, without: { $0.without($1) }
    ) { [unowned self] request, change in
        self.apply(request, in: change)
    }

    /// A navigation controller showing `rootViewController`, which becomes its first child at
    /// once (`willMove` and `didMove(toParent:)`); no view is loaded.
    public init(rootViewController: ViewController) {
        super.init()
        backItem.action = { [weak self] in self?.popViewController(animated: true) }
        setViewControllers([rootViewController], animated: false)
    }

    // MARK: The stack

    /// The controllers on the stack, bottom (the root) first; never empty. Setting it is
    /// `setViewControllers(_:animated: false)`.
    public var viewControllers: [ViewController] {
        get { changes.waiting.last?.stack ?? changes.running?.stack ?? children }
        set { setViewControllers(newValue, animated: false) }
    }

    /// The controller on top of the stack: the one shown (once a change under way completes).
    public var topViewController: ViewController? { viewControllers.last }

    /// The controller shown, as UIKit's: the controller presented by this navigation
    /// controller or by its top controller, if any, else the top controller.
    public var visibleViewController: ViewController? {
        presentedViewController ?? topViewController?.presentedViewController ?? topViewController
    }

    /// Pushes `viewController` on the stack and shows it (see the type for the order of calls).
    /// A controller that is another controller's child leaves that parent first (`addChild`).
    /// Pushing a controller that is already on the stack stops with a precondition failure.
    public func pushViewController(_ viewController: ViewController, animated: Bool) {
        let stack = viewControllers
        precondition(
            !stack.contains { $0 === viewController },
            "NavigationController.pushViewController: \(viewController.debugIdentifier) is already on the stack")
        setViewControllers(stack + [viewController], animated: animated)
    }

    /// Pops the top controller and shows the one below; returns the popped controller, or
    /// `nil` (and changes nothing) when only the root is left.
    @discardableResult
    public func popViewController(animated: Bool) -> ViewController? {
        let stack = viewControllers
        guard stack.count > 1 else { return nil }
        setViewControllers(Array(stack.dropLast()), animated: animated)
        return stack.last
    }

    /// Pops every controller above the root, in one transition from the top to the root;
    /// returns them, bottom first (`[]` at the root, where nothing changes).
    @discardableResult
    public func popToRootViewController(animated: Bool) -> [ViewController] {
        let stack = viewControllers
        guard stack.count > 1 else { return [] }
        setViewControllers([stack[0]], animated: animated)
        return Array(stack.dropFirst())
    }

    /// Replaces the stack with `viewControllers` (bottom first), as UIKit's: controllers that
    /// leave are removed, new ones added, and if the top changes one transition shows the new
    /// top, in the pop style if it was on the stack before, else in the push style. Controllers
    /// kept are only reordered (no calls). The stack must be non-empty and list each
    /// controller once (else a precondition failure).
    public func setViewControllers(_ viewControllers: [ViewController], animated: Bool) {
        precondition(!viewControllers.isEmpty, "NavigationController.setViewControllers: the stack cannot be empty")
        precondition(
            Set(viewControllers.map(ObjectIdentifier.init)).count == viewControllers.count,
            "NavigationController.setViewControllers: a controller is listed more than once")
        changes.submit(StackRequest(stack: viewControllers, animated: animated))
    }

    /// Changes the stack to `request.stack`: removals' `willMove`, additions' `addChild`, one
    /// transition between the old and new tops, then (when `change` completes) additions'
    /// `didMove` and removals' `removeFromParent()`.
    private func apply(_ request: StackRequest, in change: ChildChange) {
        if request.interactive {
            pendingInteractiveChange = change
            return
        }
        let oldTop = children.last
        let newTop = request.stack.last!
        // The stack is the children's order (see `changeChildStack`).
        let previous = changeChildStack(to: request.stack, in: change).previous
        updateBar()

        guard isViewLoaded, let oldTop, oldTop !== newTop, newTop.parent === self,
            oldTop.viewIfLoaded?.superview === contentView
        else {
            installTopView()
            complete(change)
            return
        }
        let isPop = previous.contains(ObjectIdentifier(newTop))
        swapTopViews(from: oldTop, to: newTop, style: isPop ? popStyle : pushStyle, animated: request.animated) {
            [weak self] in
            self?.complete(change)
        }
    }

    /// Swaps the top views: lays out `new` to fill the content area (it may have missed
    /// resizes while off screen) and runs the containment transition; `done` runs when it
    /// completes.
    private func swapTopViews(
        from old: ViewController, to new: ViewController, style: TransitionStyle, animated: Bool,
        done: @escaping @MainActor () -> Void
    ) {
        new.view.fill(contentView)
        // Off screen there is nothing to watch: complete at once, so the stack settles now.
        let duration = animated && isAppearing ? transitionDuration ?? defaultTransitionDuration : 0
        transition(from: old, to: new, in: contentView, style: style, duration: duration, curve: .easeInOut) { _ in
            done()
        }
    }

    /// Completes a stack change (its did-calls), then shows what the bar derives from the
    /// stack; the next stack asked for, if any, runs from `change.complete()`.
    private func complete(_ change: ChildChange) {
        change.complete()
        updateBar()
    }

    /// Completes an interactive pop's change (popped or put back).
    func finishInteractiveChange(_ change: ChildChange) { complete(change) }

    /// Puts the top controller's view alone in the content area, without a transition (the
    /// view just loaded, or the old top's view was not there). Appearance follows the view
    /// tree: an added view appears if this controller is appearing, a removed one disappears.
    private func installTopView() {
        guard isViewLoaded, let top = children.last else { return }
        for subview in contentView.subviews where subview !== top.viewIfLoaded { subview.removeFromSuperview() }
        guard top.viewIfLoaded?.superview !== contentView else { return }
        top.view.fill(contentView)
        contentView.addSubview(top.view)
    }

    /// A controller someone else took off the stack (not this controller's own change): the
    /// new top's view is put in place, so the content area never stays empty. Overrides must
    /// call super.
    open override func childDidLeave(_ child: ViewController) {
        super.childDidLeave(child)
        guard !changes.isBusy else { return }
        installTopView()
        updateBar()
    }

    // MARK: The bar

    /// Points the bar at the top controller's item and titles the back item after the
    /// controller below. Cheap and idempotent; runs before every layout pass of the view and
    /// after every stack change, so what the bar shows is always derived from the stack.
    func updateBar() {
        let stack = viewControllers
        navigationBar.navigationItem = stack.last?.effectiveNavigationItem
        if stack.count > 1 {
            let previous = stack[stack.count - 2].effectiveNavigationItem
            let title = previous.backBarButtonItem?.title ?? previous.title.flatMap { $0.isEmpty ? nil : $0 } ?? "Back"
            // Assigning the same title would rebuild the bar's buttons every frame.
            if backItem.title != title { backItem.title = title }
            navigationBar.backItem = backItem
        } else {
            navigationBar.backItem = nil
        }
        // Build the bar's buttons now rather than at the next frame: a key pressed before it
        // (the push made the focused view leave) must find the back item to focus, or the
        // window would start the key's walk above this controller. A no-op when up to date.
        navigationBar.layoutIfNeeded()
    }

    // MARK: The view

    /// Builds the bar and the content area and shows the top controller's view in it. Not
    /// meant to be overridden.
    public override func loadView() {
        view = BarContentView(bar: navigationBar, content: contentView)
        contentView.ownsLeftEdge = { [weak self] in self?.canBeginInteractivePop ?? false }
        contentView.onMouseEvent = { [weak self] event in self?.popMouseEvent(event) ?? false }
        installTopView()
    }

    /// An interactive pop does not outlive the screen: it ends as a release would.
    open override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        popGesture.cancel()
        popDrag = nil
    }

    /// The whole view, so the bar's items and the top controller's views are all Tab stops
    /// (differs from the base, whose containers defer to their active child's scope).
    open override var focusScope: View { view }

    // MARK: Keys

    /// Escape or Alt-Left go back (`.goBack`); Escape yields to one bound further in.
    open override var defaultKeyBindings: KeyBindings {
        KeyBindings(
            title: "Navigation",
            [
                KeyBinding(
                    .goBack, keys: [KeyEvent(.escape), KeyEvent(.left, modifiers: .alt)], title: "Back",
                    yieldsToInner: true)
            ])
    }

    /// Going back needs a screen below the top one: at the root the keys go on up the
    /// responder chain.
    open override func canPerform(_ command: KeyCommand) -> Bool {
        command == .goBack ? viewControllers.count > 1 : super.canPerform(command)
    }

    /// Pops the top screen, animated.
    open override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        guard command == .goBack else { return super.perform(command, key: key) }
        popViewController(animated: true)
        return true
    }
}

extension NavigationController: BarContentOwner {
    var barIsAtTop: Bool { true }

    /// The bar's items are derived from the stack, which changes without telling the view.
    func barContentViewWillLayout() { updateBar() }
}

extension ViewController {
    /// The nearest ancestor (parent, grandparent…) that is a `NavigationController`, as UIKit's;
    /// `nil` when there is none. A navigation controller's own is its nearest ancestor too,
    /// never itself.
    public var navigationController: NavigationController? { ancestor(ofType: NavigationController.self) }
}
