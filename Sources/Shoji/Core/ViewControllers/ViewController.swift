/// Manages a view and its life, like UIKit's `UIViewController`, with containment of child
/// controllers. Split by concern: this file (identity, view loading, responder chain),
/// `+Appearance` (the appearance calls and their forwarding), `+Containment` (children and
/// parents), `+Transition` (swapping children).
///
/// Guarantees:
/// - The view loads lazily on first access of `view`: `loadView()`, then `viewDidLoad()`, once
///   per load. `isViewLoaded` and `viewIfLoaded` never load it. A view that is not shown can be
///   released (`unloadViewIfPossible()`, `didReceiveMemoryWarning()`): `viewDidUnload()` follows,
///   and the next access loads it again, with `viewDidLoad()`.
/// - Appearance calls are always legal and balanced (see `beginAppearanceTransition`): never
///   `viewWillAppear` twice without a disappearance between, never `viewDidAppear` without
///   `viewWillAppear`.
/// - A parent owns its children; a child knows its parent weakly; no closure that Shoji keeps
///   captures a controller strongly.
/// - Main actor only.
@MainActor
open class ViewController: Responder {
    // MARK: Identity

    /// `TypeName#n`: the type's name and a number unique among its instances in this process,
    /// used in lifecycle logs.
    public let debugIdentifier: String

    /// A title shown by containers (the navigation bar, the side menu). Setting it shows at once.
    open var title: String? {
        didSet {
            guard title != oldValue else { return }
            titleDidChange()
        }
    }

    /// The items a navigation bar shows for this controller. Its `title` falls back to the
    /// controller's `title` when not set.
    public private(set) lazy var navigationItem: NavigationItem = NavigationItem(owner: self)

    /// What a tab bar shows for this controller as one of its tabs. Its `title` falls back to
    /// the controller's `title` when not set.
    public private(set) lazy var tabBarItem: TabBarItem = TabBarItem(owner: self)

    var appearanceState = AppearanceState()
    var transitionState = TransitionState()
    var presentationState = PresentationState()
    private var loadedView: View?
    var childControllers: [ViewController] = []
    /// The parent: a change moves this controller's view to another key route.
    weak var parentController: ViewController? {
        didSet { if parentController !== oldValue { window?.keyRouteMayHaveChanged() } }
    }

    private static var instanceCounts: [ObjectIdentifier: Int] = [:]

    public override init() {
        let type = Swift.type(of: self)
        let number = (Self.instanceCounts[ObjectIdentifier(type)] ?? 0) + 1
        Self.instanceCounts[ObjectIdentifier(type)] = number
        debugIdentifier = "\(type)#\(number)"
        super.init()
    }

    // MARK: The view

    /// The controller's root view, loaded on first access (`loadView()`, then `viewDidLoad()`).
    /// Setting it replaces the root view without calling `viewDidLoad()`.
    public var view: View {
        get {
            loadViewIfNeeded()
            return loadedView!
        }
        set { install(newValue) }
    }

    /// Whether the view is loaded. Never loads it.
    public var isViewLoaded: Bool { loadedView != nil }

    /// The view if loaded, else `nil`. Never loads it.
    public var viewIfLoaded: View? { loadedView }

    /// Loads the view now if it is not loaded yet.
    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { install(View()) }
        if appearanceState.phase == .initialized || appearanceState.phase == .viewDidUnload {
            appearanceState.phase = .viewDidLoad
        }
        emit(.viewDidLoad)
        viewDidLoad()
    }

    /// Creates the root view and assigns it to `view`. The default makes an empty `View`.
    /// Override without calling super to build your own; never call it directly.
    open func loadView() { install(View()) }

    /// Called after the view loaded: once, and again after each reload of a released view.
    /// Override to set up subviews (with autoresizing masks, or lay them out in
    /// `viewDidLayoutSubviews`). The view's size is not final yet: it has whatever frame it was
    /// made with until its container (or the window) places it.
    open func viewDidLoad() {}

    /// Releases the view if nothing uses it, and returns whether it did. It may go when it is
    /// loaded, the controller is neither appearing, shown nor disappearing (`appearancePhase`
    /// is not `willAppear`, `didAppear` or `willDisappear`), not in a transition, and the view
    /// is in no superview (a container that keeps a child's view in its own view tree keeps it
    /// loaded). Then the view is let go (it is freed unless someone else holds it), the phase
    /// becomes `viewDidUnload`, observers hear `viewDidUnload` and the hook runs. The next
    /// access to `view` loads it again (`loadView()`, `viewDidLoad()`). Never loads anything.
    @discardableResult
    public func unloadViewIfPossible() -> Bool {
        guard let old = loadedView, !appearanceState.phase.isOnScreen, old.superview == nil,
            old.hostingWindow == nil, transitionState.claim == nil, !isTransitioning
        else { return false }
        loadedView = nil
        old.viewController = nil
        transitionState.letGo()
        appearanceState.phase = .viewDidUnload
        emit(.viewDidUnload)
        viewDidUnload()
        return true
    }

    /// Called after the view was released (`unloadViewIfPossible()`). Override to let go of
    /// the references you keep to its subviews, so they are freed with it; they come back in
    /// `viewDidLoad()` when the view loads again. The default does nothing. As UIKit's
    /// (deprecated) method of the same name.
    open func viewDidUnload() {}

    /// Told that memory is short (`Window.didReceiveMemoryWarning()`). The default passes the
    /// warning to each child, in order, then releases this controller's view if it is not
    /// shown (`unloadViewIfPossible()`): the views of every controller not on screen go.
    /// Override to drop caches too, and call super. A container that lists controllers it does
    /// not hold as children (a side menu's entries) passes the warning on to them as well.
    open func didReceiveMemoryWarning() {
        for child in children { child.didReceiveMemoryWarning() }
        unloadViewIfPossible()
    }

    private func install(_ newView: View) {
        loadedView?.viewController = nil
        loadedView = newView
        newView.viewController = self
    }

    // MARK: Appearance hooks
    // Overridable methods must live in the class body; the logic that calls them is in
    // `ViewController+Appearance.swift`. Observers are told before the hook runs, so an
    // override need not call super.

    /// The view is about to appear; `animated` is true when an animation will show it.
    ///
    /// When frames are final: by this call the view has the size its container gives it (the
    /// window's size for the root, the content area under a navigation bar, the side menu's
    /// pane), so sizes read here are the ones it will show at. Its subviews are laid out at the
    /// next frame (`viewWillLayoutSubviews` / `viewDidLayoutSubviews`, after this call, as in
    /// UIKit); a later resize comes through autoresizing and another layout pass. During an
    /// animated transition the origin moves; the size does not.
    open func viewWillAppear(_ animated: Bool) {}
    /// The view appeared.
    open func viewDidAppear(_ animated: Bool) {}
    /// The view is about to disappear.
    open func viewWillDisappear(_ animated: Bool) {}
    /// The view disappeared.
    open func viewDidDisappear(_ animated: Bool) {}

    /// Whether appearance calls made to this controller are passed on to the controllers shown
    /// in its view tree (default true). A container that drives its children's appearance
    /// itself returns false, as in UIKit.
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    // MARK: Containment hooks

    /// Called before the controller is added to (`parent` non-nil) or removed from (`nil`) a
    /// parent. `addChild(_:)` calls it with the new parent; a container calls it with `nil`
    /// before removing a child. Overrides must call super (which tells lifecycle observers).
    open func willMove(toParent parent: ViewController?) {
        emit(.willMoveToParent, parent: .some(parent))
    }

    /// Called after the controller was added to (`parent` non-nil) or removed from (`nil`) a
    /// parent. `removeFromParent()` calls it with `nil`; a container calls it with itself once
    /// the child's view is in place. Overrides must call super (which tells lifecycle observers).
    open func didMove(toParent parent: ViewController?) {
        emit(.didMoveToParent, parent: .some(parent))
    }

    /// Called on the former parent after `child` stopped being its child (`removeFromParent()`,
    /// also when `addChild` elsewhere or a window took it), whoever removed it. The default does
    /// nothing; a container that derives what it shows from its children (a stack) brings its
    /// view in line when the removal was not its own doing.
    open func childDidLeave(_ child: ViewController) {}

    // MARK: Layout hooks

    /// Called before the root view lays out its subviews (each layout pass).
    open func viewWillLayoutSubviews() { emit(.viewWillLayoutSubviews) }

    /// Called after the root view laid out its subviews (each layout pass).
    open func viewDidLayoutSubviews() { emit(.viewDidLayoutSubviews) }

    // MARK: Title

    /// A container that lists this controller without holding it as a child (a side menu's
    /// entries that are not shown): it hears this controller's title changes as a parent would.
    weak var titleListener: ViewController?

    func titleDidChange() {
        navigationItem.ownerTitleDidChange()
        (parent ?? titleListener)?.childTitleDidChange(self)
        viewIfLoaded?.window?.setNeedsDisplay()
    }

    /// The child whose title and navigation item (title, left and right items, back item) a
    /// navigation controller shows in place of this controller's: property forwarding, off by
    /// default (`nil`). A container that shows one main child opts in by returning it (see
    /// `effectiveNavigationItem`); returning anything but one of its own children counts as
    /// `nil`. As UIKit's `childForStatusBarStyle`, for the navigation bar.
    open var childForNavigationItem: ViewController? { nil }

    /// Called when a child's navigation item changed (title or bar items). The default asks
    /// for a frame (a bar of this controller may show the item; bars read their items when
    /// they draw) and passes it on to the parent.
    open func childNavigationItemDidChange(_ child: ViewController) {
        viewIfLoaded?.setNeedsDisplay()
        parent?.childNavigationItemDidChange(child)
    }

    /// Called when a child's tab bar item changed (or a descendant's: a navigation
    /// controller's tab shows its root's item). The default asks for a frame (a tab bar of
    /// this controller may show it) and passes it on to the parent.
    open func childTabBarItemDidChange(_ child: ViewController) {
        viewIfLoaded?.setNeedsDisplay()
        parent?.childTabBarItemDidChange(child)
    }

    /// Called when a child's title changed (or a descendant's), so containers that show titles
    /// can update. The default asks for a frame (this controller may show the title, also for
    /// a child whose view is not shown) and passes it on to the parent (or, for a controller a
    /// container lists without holding it, such as a side menu's entry that is not shown, to
    /// that container).
    open func childTitleDidChange(_ child: ViewController) {
        viewIfLoaded?.setNeedsDisplay()
        (parent ?? titleListener)?.childTitleDidChange(child)
    }

    // MARK: Transitions
    // Overridable, so in the class body; the transitions themselves are in `+Transition`.

    /// Whether the controller is in the middle of a transition: the window then holds back the
    /// key and mouse events whose responder chain passes through it (after offering them to
    /// `handleDuringTransition(_:)`) and delivers them, in order, once it settles. The default
    /// is derived: true while an animation this controller runs as a transition
    /// (`transition(from:to:…)`, `animateTransition`) is running, while its
    /// `ChildChangeQueue` runs a change, or while it owns the window's `InteractiveTransition`. An override that adds its own state should call
    /// `window?.deliverQueuedEvents()` when that state ends (otherwise what waited goes at the
    /// next frame).
    open var isTransitioning: Bool {
        if transitionState.changes?.isBusy == true { return true }
        if let interaction = viewIfLoaded?.window?.interactiveTransition, interaction.owner === self { return true }
        return viewIfLoaded?.window?.animator.isAnimating(ownedBy: self) ?? false
    }

    /// Offered every key or mouse event that arrives for this controller while it
    /// `isTransitioning`, before the window queues it, unless events already wait (it then
    /// waits behind them, so it cannot overtake them); return true to take it (it is then not
    /// queued). A side menu reverses its slide on a second toggle here. The default takes none.
    open func handleDuringTransition(_ event: InputEvent) -> Bool { false }

    // MARK: Responder chain

    /// The parent controller; for a presented controller, its presentation (which dismisses it
    /// on an unhandled Escape, then hands the event to the window: never to the controllers
    /// it covers); the window for the root controller (see `Responder`).
    open override var nextResponder: Responder? {
        if let parent { return parent }
        if let presentation = presentationState.presentation { return presentation }
        return viewIfLoaded?.window
    }

    /// The window showing this controller's view, if any.
    public var window: Window? { viewIfLoaded?.window }

    /// The window showing this controller's view (see `Responder.setNeedsKeyReleaseUpdate()`).
    override var windowForKeyReleaseUpdates: Window? { window }

    // MARK: Modal presentation
    // Settings a presentation reads; `present` and `dismiss` are in `+Presentation`.

    /// How `present(_:animated:completion:)` shows this controller, as UIKit's property of the
    /// same name: over the whole window, or as a sheet over the dimmed presenter (the default,
    /// as UIKit's sheets since iOS 13). Read when the presentation starts.
    open var modalPresentationStyle: ModalPresentationStyle = .formSheet

    /// How this controller comes in when presented (default `.cover(from: .bottom)`, UIKit's
    /// `coverVertical`); its dismissal plays the exact inverse (`transitionStyle.inverse`).
    /// Read when the presentation starts.
    open var modalTransitionStyle: TransitionStyle = .cover(from: .bottom)

    /// When true, an unhandled Escape does not dismiss this presented controller (UIKit's
    /// name: there it stops the interactive swipe-down). Default false.
    open var isModalInPresentation = false

    /// The size of the content this controller would like when shown as a sheet, in cells, as
    /// UIKit's `preferredContentSize`; `.zero` (the default) leaves it to
    /// `preferredContentSize(fitting:)`. A change shows at the next layout of the sheet.
    open var preferredContentSize: Size = .zero {
        didSet { if preferredContentSize != oldValue { viewIfLoaded?.superview?.setNeedsLayout() } }
    }

    /// The size of the sheet's content (inside its border) when at most `maximum` fits: asked
    /// when the sheet is laid out (at presentation, and after every resize). The default takes
    /// `preferredContentSize`, two thirds of `maximum` (at least 20 by 6) for a zero side, and
    /// clamps to `maximum`. Override to size to content, as `AlertController` does.
    open func preferredContentSize(fitting maximum: Size) -> Size {
        func side(_ preferred: Int, _ available: Int, minimum: Int) -> Int {
            let wanted = preferred > 0 ? preferred : max(min(minimum, available), available * 2 / 3)
            return max(0, min(wanted, available))
        }
        return Size(
            width: side(preferredContentSize.width, maximum.width, minimum: 20),
            height: side(preferredContentSize.height, maximum.height, minimum: 6))
    }

    // MARK: Focus

    /// The view in which Tab moves focus while this controller is the window's root (or the
    /// active child of a container that defers to it). Default: the controller's view.
    /// Containers return their active child's scope (or, like an open side menu, a view of
    /// their own).
    open var focusScope: View { view }

    /// The view that takes the focus when it must move into this controller's `focusScope`
    /// (at a presentation, or when the focused view left the scope), as UIKit's
    /// `preferredFocusedView`; asked of the controller whose view holds the window's focus
    /// scope, then, while the answer is `nil`, of its `childForPreferredFocus`, and so on down
    /// (UIKit's preferred focus environments): a controller under a navigation controller,
    /// in a tab or a side menu is asked as if it were the root. Default `nil`. Ignored when the
    /// view cannot take the focus there (not focusable, hidden, outside the scope); with no
    /// usable answer, the scope's first focusable view takes the focus.
    open var preferredFocusedView: View? { nil }

    /// The child whose preferred focus this controller defers to when its own
    /// `preferredFocusedView` is `nil` (see there). Default: the frontmost child whose view
    /// shows inside the focus scope (a navigation controller's top controller, a tab bar's
    /// selected tab, a stack's last card, a split's secondary column), `nil` when none does.
    /// Override to name another child.
    open var childForPreferredFocus: ViewController? {
        guard isViewLoaded else { return nil }
        let scope = focusScope
        return children.last { child in
            guard let childView = child.viewIfLoaded, !childView.isHidden else { return false }
            return childView.isDescendant(of: scope) || scope.isDescendant(of: childView)
        }
    }

    /// The view the focus goes to in this controller's scope: `preferredFocusedView`, asked
    /// down the `childForPreferredFocus` chain until one names a view.
    var resolvedPreferredFocusedView: View? {
        var controller: ViewController? = self
        while let current = controller {
            if let view = current.preferredFocusedView { return view }
            controller = current.childForPreferredFocus
        }
        return nil
    }

    // MARK: Ancestors

    /// The nearest ancestor (parent, grandparent…) of type `T`, or `nil`.
    public func ancestor<T: ViewController>(ofType type: T.Type) -> T? {
        var current = parent
        while let controller = current {
            if let match = controller as? T { return match }
            current = controller.parent
        }
        return nil
    }

    // MARK: Lifecycle observation

    /// Observers of every controller in the process (loggers, test recorders).
    private static var observers: [WeakObserver] = []
    /// Observers of this controller and everything below it (`addLifecycleObserver(_:)`).
    private var treeObservers: [WeakObserver] = []

    /// Adds an observer of every controller's lifecycle events in the process; adding one
    /// already added does nothing (it is told each event once). Held weakly: an observer that
    /// goes away is dropped. Process-wide: in a process that runs several windows (an SSH
    /// server's sessions), observe one app with the instance method on its root instead.
    public static func addLifecycleObserver(_ observer: LifecycleObserver) {
        observers.removeAll { $0.observer == nil }
        guard !isLifecycleObserver(observer) else { return }
        observers.append(WeakObserver(observer: observer))
    }

    /// Removes an observer added with `addLifecycleObserver`; one not added is left alone.
    public static func removeLifecycleObserver(_ observer: LifecycleObserver) {
        observers.removeAll { $0.observer == nil || $0.observer === observer }
    }

    /// Whether `observer` is told of every controller's lifecycle events now (added with the
    /// static method and not removed): observers that start and stop read their state here
    /// rather than keeping a flag beside it.
    public static func isLifecycleObserver(_ observer: LifecycleObserver) -> Bool {
        observers.contains { $0.observer === observer }
    }

    /// Adds an observer of this controller's lifecycle events and those of every controller
    /// below it while it is below it (a child's `willMove(toParent:)` counts once the parent is
    /// named): an app's own journal, told nothing of another window's controllers, at a cost
    /// per event of the depth of the tree rather than of every observer in the process. An
    /// observer added on several controllers of one chain, or also process-wide, is told each
    /// event once. Held weakly.
    public func addLifecycleObserver(_ observer: LifecycleObserver) {
        treeObservers.removeAll { $0.observer == nil }
        guard !treeObservers.contains(where: { $0.observer === observer }) else { return }
        treeObservers.append(WeakObserver(observer: observer))
    }

    /// Removes an observer added on this controller with `addLifecycleObserver(_:)`.
    public func removeLifecycleObserver(_ observer: LifecycleObserver) {
        treeObservers.removeAll { $0.observer == nil || $0.observer === observer }
    }

    /// The observers told of this controller's events: the process-wide ones, then those of
    /// this controller and its ancestors (through `parent`, or the parent a move names), each
    /// once.
    private func lifecycleObservers(movingTo named: ViewController?) -> [LifecycleObserver] {
        var found = Self.observers.compactMap(\.observer)
        var node: ViewController? = self
        var visited = 0
        while let current = node, visited < 1_000 {
            for entry in current.treeObservers {
                if let observer = entry.observer, !found.contains(where: { $0 === observer }) { found.append(observer) }
            }
            node = current.parentController ?? (current === self ? named : nil)
            visited += 1
        }
        return found
    }

    func emit(_ method: LifecycleEvent.Method, animated: Bool? = nil, parent: ViewController?? = .none) {
        let named: ViewController? = if case .some(let argument) = parent { argument } else { nil }
        let observers = lifecycleObservers(movingTo: named)
        guard !observers.isEmpty else { return }
        var parentIdentifier: ObjectIdentifier?
        var parentID: String?
        if case .some(let argument) = parent {
            parentIdentifier = argument.map(ObjectIdentifier.init)
            parentID = argument?.debugIdentifier ?? "nil"
        }
        let event = LifecycleEvent(
            controller: ObjectIdentifier(self), controllerID: debugIdentifier, title: title,
            method: method, animated: animated, parent: parentIdentifier, parentID: parentID)
        for observer in observers { observer.lifecycleEvent(event, of: self) }
    }

    private struct WeakObserver {
        weak var observer: LifecycleObserver?
    }
}
