/// Tabs, one shown at a time, with a row to choose them: UIKit's `UITabBarController` for the
/// terminal.
///
/// Guarantees:
/// - Containment as UIKit's: every tab is a child (`addChild`, so `willMove(toParent:)`, for
///   each new tab, then `didMove(toParent:)` for each once its view, if shown, is in place);
///   only the selected tab's view is in the view tree, so only it appears, with balanced
///   appearance calls. Tabs that leave go in UIKit's order (`willMove(toParent: nil)`, the
///   view out, `removeFromParent()`) and are released: nothing here keeps them.
/// - `viewControllers` is derived, never stored twice: it is `children`, in order (or, while a
///   change is under way or waiting, the tabs last asked for). `selectedIndex` is derived from
///   `selectedViewController`.
/// - Settable before the view loads: children and selection change at once, and the view
///   shows the selected tab when it loads.
/// - Errors (the containers' one policy): selecting a controller that is not a tab (as asked
///   for) stops with a precondition failure, by the method or the setter, as UIKit raises; an
///   index, which may come from data, is thrown by `setSelectedIndex(_:animated:)`
///   (`TabBarError`) and ignored by the `selectedIndex` setter, which cannot throw; selecting
///   the selected tab does nothing.
/// - View: `tabBar`, one row, full width, at the bottom (or the top, `tabBarPosition`); the
///   selected tab's view fills the rest. Both follow resizes, also from and to a zero size.
///   The bar shows each tab's `tabBarItem` (a navigation controller's own item if it was
///   set, else its root controller's), live: a change to any item or title shows in the next
///   frame (see `TabBar` for how items are fitted into the width).
/// - Choosing, by the user: a click on a tab; the key bindings `.nextTab` (Ctrl-PageDown) and
///   `.previousTab` (Ctrl-PageUp), wrapping around; `.selectTab`, Alt-1…Alt-9 for the first
///   nine tabs;
///   Left and Right while the bar has focus. Each asks the delegate first. A click on the
///   selected tab pops it to its root when it is a navigation controller, as UIKit's re-tap.
///   These keys clash with no other container's (the key collision test checks every
///   nesting).
/// - Focus: the focus scope is the whole view, so Tab moves among the selected tab's views
///   and the bar (hidden tabs are not in the tree); the bar takes focus when the selected tab
///   has nothing focusable, so the keys above still reach this controller. After a switch the
///   focus goes to the new tab's first focusable view (if it has one, and the focus was on
///   the bar or in the old tab), except after Left or Right on the bar, which keep it there.
/// - Switching plays `switchStyle` (default `.none`: at once) towards a tab on the right and
///   its exact inverse towards one on the left, inside the area above (or below) the bar, so
///   motion never covers the bar, over `transitionDuration` or else the window's
///   `transitionDuration`. Appearance calls say `animated` exactly when it plays.
/// - A change asked for while another is under way (from a lifecycle hook, or during an
///   animated switch) waits for it and then runs, once, towards the last tabs and selection
///   asked for (a `ChildChangeQueue`, `.latestWins`); events for this controller wait
///   meanwhile. `viewControllers` and `selectedViewController` report what was asked at once.
/// - Main actor only.
///
/// Differs from UIKit: no "More" tab (the bar truncates, collapses to symbols and scrolls
/// instead), no customizing, no hiding of the bar; `selectedIndex` is `nil` with no tabs
/// (UIKit's `NSNotFound`); `didSelect` is told right after the selection was asked for.
///
/// Open for subclassing: a subclass may override the view controller hooks (calling super)
/// and its key bindings (`defaultKeyBindings`, `canPerform(_:)`, `perform(_:key:)`).
@MainActor
open class TabBarController: ViewController {
    // MARK: Configuration

    /// The row of tabs. Its items and selection are set by this controller from the tabs
    /// (before every layout pass); set its style, not its items.
    public let tabBar = TabBar()

    /// Where the bar is; `.bottom` by default.
    public var tabBarPosition: TabBarPosition = .bottom {
        didSet { if tabBarPosition != oldValue { viewIfLoaded?.setNeedsLayout() } }
    }

    /// How an animated switch moves towards a tab on the right; towards the left it plays the
    /// inverse (a `.push(from: .right)` goes back with `.push(from: .left)`). Default `.none`:
    /// tabs switch at once.
    public var switchStyle: TransitionStyle = .none

    /// Seconds an animated switch takes; `nil` (the default): the window's
    /// `transitionDuration`, the app's one motion setting.
    public var transitionDuration: Double?

    /// Asked about and told of the user's selections. Held weakly.
    public weak var delegate: (any TabBarControllerDelegate)?

    // MARK: State

    /// The tabs and the selection a change goes to, whether to animate it, and whether the
    /// focus then moves into the selected tab (not when the user moves along the bar by key).
    private struct Target {
        var tabs: [ViewController]
        var selected: ViewController?
        var animated: Bool
        var focusesTab = true
    }

    /// Changes of tabs and selection, one at a time; one asked for while another runs waits,
    /// and only the last such request is kept.
    private lazy var changes = ChildChangeQueue<Target>(
        owner: self, policy: .latestWins,
        without: { target, taken in
            var revised = target
            revised.tabs.removeAll { $0 === taken }
            // As when the selected tab is taken with nothing waiting: the first is selected.
            if revised.selected === taken { revised.selected = revised.tabs.first }
            return revised
        }
    ) { [unowned self] target, change in
        self.apply(target, in: change)
    }

    /// The selected tab as the last change left it (its view is the one shown).
    private weak var appliedSelection: ViewController?

    /// The area beside the bar that holds the selected tab's view; switches happen inside it.
    private let contentView = View()

    // MARK: Creating

    /// A tab bar controller with no tabs; no view is loaded.
    public override init() {
        super.init()
        tabBar.onItemChosen = { [weak self] index, choice in
            self?.userSelect(at: index, reselectPopsToRoot: choice == .mouse, focusesTab: choice == .mouse)
        }
    }

    /// A tab bar controller with `viewControllers` as its tabs (each a child at once, with
    /// `willMove` and `didMove(toParent:)`), the first selected; no view is loaded.
    public convenience init(viewControllers: [ViewController]) {
        self.init()
        setViewControllers(viewControllers, animated: false)
    }

    // MARK: Tabs

    /// The tabs, left to right. Setting it is `setViewControllers(_:animated: false)`.
    public var viewControllers: [ViewController] {
        get { (changes.waiting.last ?? changes.running)?.tabs ?? children }
        set { setViewControllers(newValue, animated: false) }
    }

    /// Replaces the tabs with `viewControllers`, as UIKit's: tabs that leave are removed, new
    /// ones added, kept ones only reordered (no calls). The selected tab stays selected if it
    /// is kept; otherwise the tab at its index is selected (the last if there are fewer now),
    /// with a switch (animated when asked and `switchStyle` moves). A controller listed twice
    /// is taken once; this controller or one of its ancestors is left out (it cannot be a
    /// child). A controller that has another parent leaves it first (`addChild`).
    public func setViewControllers(_ viewControllers: [ViewController], animated: Bool) {
        var tabs: [ViewController] = []
        for controller in viewControllers
        where !isDescendant(of: controller) && !tabs.contains(where: { $0 === controller }) {
            tabs.append(controller)
        }
        let current = selectedViewController
        var selected: ViewController?
        if let current, tabs.contains(where: { $0 === current }) {
            selected = current
        } else if !tabs.isEmpty {
            selected = tabs[min(selectedIndex ?? 0, tabs.count - 1)]
        }
        changes.submit(Target(tabs: tabs, selected: selected, animated: animated))
    }

    // MARK: Selection

    /// The tab shown (being shown, during a switch), or `nil` with no tabs. Setting a tab
    /// selects it without animation; `nil` is ignored, a controller that is not a tab stops with
    /// a precondition failure (see `setSelectedViewController(_:animated:)`). When
    /// another container takes the selected tab away, the first tab is selected (its view
    /// is shown at the next layout pass).
    public var selectedViewController: ViewController? {
        get {
            if let asked = changes.waiting.last ?? changes.running { return asked.selected }
            if let applied = appliedSelection, applied.parent === self { return applied }
            return children.first
        }
        set {
            guard let newValue else { return }
            setSelectedViewController(newValue, animated: false)
        }
    }

    /// The position of `selectedViewController` in `viewControllers`; derived, never stored.
    /// `nil` with no tabs. Setting an index out of range (or `nil`) is ignored (see
    /// `setSelectedIndex(_:animated:)`, which throws instead).
    public var selectedIndex: Int? {
        get {
            guard let selected = selectedViewController else { return nil }
            return viewControllers.firstIndex { $0 === selected }
        }
        set {
            guard let newValue else { return }
            try? setSelectedIndex(newValue, animated: false)
        }
    }

    /// Shows the tab at `index`, animated with `switchStyle` if asked; throws for an index out
    /// of range (nothing changes). Selecting the selected tab does nothing.
    public func setSelectedIndex(_ index: Int, animated: Bool) throws(TabBarError) {
        let tabs = viewControllers
        guard tabs.indices.contains(index) else { throw .indexOutOfRange(index: index, count: tabs.count) }
        select(tabs[index], among: tabs, animated: animated, focusesTab: true)
    }

    /// Shows the tab `viewController`, animated with `switchStyle` if asked. A controller that
    /// is not one of the tabs (as asked for) stops with a precondition failure. Selecting the
    /// selected tab does nothing.
    public func setSelectedViewController(_ viewController: ViewController, animated: Bool) {
        let tabs = viewControllers
        precondition(
            tabs.contains { $0 === viewController },
            "TabBarController.setSelectedViewController: \(viewController.debugIdentifier) is not one of the tabs")
        select(viewController, among: tabs, animated: animated, focusesTab: true)
    }

    private func select(
        _ viewController: ViewController, among tabs: [ViewController], animated: Bool, focusesTab: Bool
    ) {
        guard viewController !== selectedViewController else { return }
        changes.submit(Target(tabs: tabs, selected: viewController, animated: animated, focusesTab: focusesTab))
    }

    /// A selection by the user: asks the delegate, selects (or, for a click on the selected
    /// navigation tab, pops it to its root), tells the delegate.
    private func userSelect(at index: Int, reselectPopsToRoot: Bool, focusesTab: Bool = true) {
        let tabs = viewControllers
        guard tabs.indices.contains(index) else { return }
        let chosen = tabs[index]
        if delegate?.tabBarController(self, shouldSelect: chosen) == false { return }
        if chosen === selectedViewController {
            if reselectPopsToRoot { (chosen as? NavigationController)?.popToRootViewController(animated: true) }
        } else {
            select(chosen, among: tabs, animated: true, focusesTab: focusesTab)
        }
        delegate?.tabBarController(self, didSelect: chosen)
    }

    // MARK: Changing

    /// Changes the tabs and selection to `target`: leaving tabs' `willMove(toParent: nil)`,
    /// new tabs' `addChild`, one switch between the old and new selected tabs, then (when
    /// `change` completes) new tabs' `didMove` and leaving tabs' `removeFromParent()`.
    private func apply(_ target: Target, in change: ChildChange) {
        // The tree may have changed since the request was made.
        let tabs = target.tabs.filter { !isDescendant(of: $0) }
        let old = appliedSelection.flatMap { $0.parent === self ? $0 : nil }
        // The tabs are the children's order, as a stack's (see `changeChildStack`).
        let kept = changeChildStack(to: tabs, in: change).stack
        let new =
            target.selected.flatMap { selected in kept.contains { $0 === selected } ? selected : nil } ?? kept.first
        appliedSelection = new
        updateTabBar()

        guard isViewLoaded, let old, old !== new, old.viewIfLoaded?.superview === contentView else {
            installSelectedView()
            complete(change, focusingTab: target.focusesTab)
            return
        }
        var style = switchStyle
        if let new, let from = kept.firstIndex(where: { $0 === old }), let to = kept.firstIndex(where: { $0 === new }),
            to < from
        {
            style = style.inverse
        }
        // Off screen there is nothing to watch: switch at once, so the change settles now.
        let duration =
            target.animated && isAppearing && style != .none ? transitionDuration ?? defaultTransitionDuration : 0
        if let new {
            new.view.fill(contentView)
        }
        transition(from: old, to: new, in: contentView, style: style, duration: duration, curve: .easeInOut) {
            [weak self] _ in
            self?.complete(change, focusingTab: target.focusesTab)
        }
    }

    /// Completes a change (its did-calls), then shows what the bar derives from the tabs and
    /// puts the focus in the selected tab (see the type's notes), or at least back in the
    /// focus scope (the old tab's focused view left with it).
    private func complete(_ change: ChildChange, focusingTab: Bool) {
        change.complete { [weak self] in
            guard let self else { return }
            self.repairSelection(completing: true)
            self.updateTabBar()
            guard let window = self.window else { return }
            if focusingTab, window.firstResponder == nil || window.firstResponder === self.tabBar,
                let tabView = self.appliedSelection?.viewIfLoaded, tabView.superview === self.contentView,
                let first = Self.firstFocusableView(in: tabView)
            {
                window.makeFirstResponder(first)
            }
            window.validateFocus()
        }
    }

    /// The first view of `view`'s tree that can take focus, in Tab order.
    private static func firstFocusableView(in view: View) -> View? {
        guard !view.isHidden, view.isUserInteractionEnabled else { return nil }
        if view.canBecomeFocused { return view }
        for subview in view.subviews {
            if let found = firstFocusableView(in: subview) { return found }
        }
        return nil
    }

    /// Puts the selected tab's view in the content area, without a switch (the view just
    /// loaded, or no tab's view was shown). Appearance follows the view tree.
    private func installSelectedView() {
        guard isViewLoaded, let selected = appliedSelection, selected.view.superview !== contentView else { return }
        selected.view.fill(contentView)
        contentView.addSubview(selected.view)
    }

    /// A tab another parent took away (not this controller's own change): when it was the
    /// selected one, the first tab is shown at once, so the content area is never left empty.
    /// Overrides must call super.
    open override func childDidLeave(_ child: ViewController) {
        super.childDidLeave(child)
        repairSelection()
    }

    /// Shows the first tab when the selected one was taken away by someone else (moved to
    /// another parent): when it leaves, or, if a change is under way, as that change completes
    /// (`completing`; the repair then runs right after it). A request already waiting needs
    /// none: it no longer lists the tab (see the queue's `without`). Never from layout:
    /// layout does not change the controller hierarchy.
    func repairSelection(completing: Bool = false) {
        guard completing || !changes.isBusy, changes.waiting.isEmpty else { return }
        let selected = appliedSelection.flatMap { $0.parent === self ? $0 : nil } ?? children.first
        guard selected !== appliedSelection else { return }
        changes.submit(Target(tabs: children, selected: selected, animated: false))
    }

    // MARK: The bar

    /// The item the bar shows for `tab`: a navigation controller's own item if it was set,
    /// else its root controller's; any other controller's own.
    static func displayedItem(for tab: ViewController) -> TabBarItem {
        if let navigation = tab as? NavigationController, !navigation.tabBarItem.isCustomized,
            let root = navigation.viewControllers.first
        {
            return root.tabBarItem
        }
        return tab.tabBarItem
    }

    /// Points the bar at the tabs' items and the selected one. Cheap and idempotent; runs
    /// before every layout pass and after every change, so the bar is derived from the tabs.
    func updateTabBar() {
        let items = viewControllers.map(Self.displayedItem)
        if !items.elementsEqual(tabBar.items, by: ===) { tabBar.items = items }
        tabBar.selectedItem = selectedViewController.map(Self.displayedItem)
    }

    // MARK: The view

    /// Builds the bar and the content area and shows the selected tab's view in it. Not meant
    /// to be overridden.
    public override func loadView() {
        view = BarContentView(bar: tabBar, content: contentView)
        // The selected tab may have been taken away while no view was loaded.
        if appliedSelection?.parent !== self { appliedSelection = children.first }
        installSelectedView()
    }

    /// The whole view: the selected tab's views and the bar are the Tab stops (hidden tabs
    /// are not in the tree).
    open override var focusScope: View { view }

    // MARK: Keys

    /// Ctrl-PageDown and Ctrl-PageUp select the next and previous tab (`.nextTab`,
    /// `.previousTab`, wrapping around); Alt-1…Alt-9 the first nine (`.selectTab`: its n-th
    /// key selects the n-th tab).
    open override var defaultKeyBindings: KeyBindings {
        KeyBindings(
            title: "Tabs",
            [
                KeyBinding(.nextTab, keys: [KeyEvent(.pageDown, modifiers: .ctrl)], title: "Next tab"),
                KeyBinding(.previousTab, keys: [KeyEvent(.pageUp, modifiers: .ctrl)], title: "Previous tab"),
                KeyBinding(
                    .selectTab, keys: (1...9).map { KeyEvent(.character(Character(String($0))), modifiers: .alt) },
                    title: "Tab by number", actsByKey: true)
            ])
    }

    /// The tab keys need a tab.
    open override func canPerform(_ command: KeyCommand) -> Bool {
        switch command {
        case .nextTab, .previousTab, .selectTab: return !viewControllers.isEmpty
        default: return super.canPerform(command)
        }
    }

    /// Selects a tab; a `.selectTab` key past the last tab is not handled, so it goes on up
    /// the responder chain.
    open override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        let tabs = viewControllers
        guard !tabs.isEmpty else { return false }
        let current = selectedIndex ?? 0
        switch command {
        case .nextTab: userSelect(at: (current + 1) % tabs.count, reselectPopsToRoot: false)
        case .previousTab: userSelect(at: (current + tabs.count - 1) % tabs.count, reselectPopsToRoot: false)
        case .selectTab:
            guard let number = keyBindings.keys(for: .selectTab).firstIndex(of: key), number < tabs.count else {
                return false
            }
            userSelect(at: number, reselectPopsToRoot: false)
        default: return super.perform(command, key: key)
        }
        return true
    }
}

extension TabBarController: BarContentOwner {
    var barIsAtTop: Bool { tabBarPosition == .top }

    /// The bar is derived from the tabs, which change without telling the view.
    func barContentViewWillLayout() {
        updateTabBar()
    }
}

extension ViewController {
    /// The nearest ancestor (parent, grandparent…) that is a `TabBarController`, as UIKit's;
    /// `nil` when there is none.
    public var tabBarController: TabBarController? { ancestor(ofType: TabBarController.self) }
}
