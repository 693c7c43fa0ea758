/// The sliding side menu: a titled list of children fills the container; the selected child's
/// view sits on a content pane that covers it while the menu is closed and moves right by
/// `exposedWidth` cells (keeping its full size) to reveal the list while the menu is open.
///
/// Each child is wrapped in a `NavigationController` (unless it is one), and a "Menu" bar
/// button is injected as the leftmost left item of the wrapped root controller, before any
/// items it already has.
///
/// Guarantees:
/// - `selectedIndex` is derived from `selectedViewController`; nothing stores it twice.
/// - Only the selected child is a shown child; its view is the pane's content. Appearance calls
///   are balanced, also across a replacement: `outgoing.willMove(toParent: nil)`,
///   `addChild(incoming)`, the transition (outgoing disappears, incoming appears), then
///   `incoming.didMove(toParent: self)` and `outgoing.removeFromParent()`.
/// - Open, the list has focus and the content gets no keys; a click on the pane's exposed part
///   closes the menu. Closed, the content has focus (the focus it had before opening, if it is
///   still there).
/// - Keys: F2 toggles anywhere, `m` toggles unless the focused view takes text input, Esc
///   closes; Up/Down/Home/End/PgUp/PgDn and the wheel move the list's selection; Enter or a
///   click selects.
/// - A toggle while the pane moves reverses from where the pane is, over a time proportional to
///   the distance left. A resize at any moment relayouts and clamps the exposed width again.
/// - Construction and selection errors are thrown (`SideMenuError`), never trapped.
@MainActor
public final class SideMenuController: ViewController, ListViewDataSource {
    // MARK: Configuration

    /// The list's heading; "Menu" by default.
    public var menuTitle: String = "Menu" {
        didSet { listView.headerTitle = menuTitle }
    }

    /// How far the pane moves right when open, in cells (default 24). The width used is clamped
    /// so at least `minimumVisibleContentWidth` columns of content stay visible.
    public var exposedWidth: Int = 24 {
        didSet { exposedWidth = max(0, exposedWidth); relayoutPane() }
    }

    /// Columns of the pane that stay on screen however narrow the terminal (default 4).
    public var minimumVisibleContentWidth = 4 {
        didSet { relayoutPane() }
    }

    /// Seconds a full open or close takes when animated (default 0.3, ease-out).
    public var menuAnimationDuration: Double = 0.3

    /// Told about opening, closing and selection. Held weakly.
    public weak var delegate: (any SideMenuDelegate)?

    // MARK: State

    /// The children, each wrapped in a navigation controller, in menu order.
    public private(set) var viewControllers: [ViewController]

    /// The menu's titles, one per child.
    public private(set) var menuTitles: [String]

    /// The child shown on the pane (the one being shown, during a replacement).
    public private(set) var selectedViewController: ViewController

    /// The position of `selectedViewController` in `viewControllers`; derived, never stored.
    public var selectedIndex: Int {
        viewControllers.firstIndex { $0 === selectedViewController } ?? 0
    }

    /// Whether the menu is open or opening (the state the pane is at or moving to).
    public private(set) var isMenuVisible = false

    /// The exposed width in use now: `exposedWidth` clamped to the container's width.
    public var effectiveExposedWidth: Int {
        let width = viewIfLoaded?.bounds.width ?? exposedWidth + minimumVisibleContentWidth
        return max(0, min(exposedWidth, width - minimumVisibleContentWidth))
    }

    /// True while the pane moves (opening, closing or replacing a child): the window holds back
    /// events for the menu and its content meanwhile, except the toggles, which reverse an
    /// opening or closing (`handleDuringTransition`).
    public override var isTransitioning: Bool { paneMotion != nil || replacement != nil || super.isTransitioning }

    /// Toggle keys during an opening or closing reverse it at once; everything else waits.
    public override func handleDuringTransition(_ event: InputEvent) -> Bool {
        guard replacement == nil, paneMotion != nil, case .key(let key) = event else { return false }
        return keyPressed(key)
    }

    // MARK: Views

    /// The list of titles; fills the container, under the pane.
    public let listView = ListView()
    let paneView = SideMenuPaneView()

    private var menuItems: [ObjectIdentifier: BarButtonItem] = [:]
    private weak var contentFocusBeforeOpening: View?
    private var paneMotion: PaneMotion?
    private var replacement: Replacement?
    private var motionGeneration = 0

    // MARK: Creating

    /// A side menu over `viewControllers` with one title each; the first is selected and the
    /// menu is closed. Throws when there are no controllers or the counts differ.
    public init(viewControllers: [ViewController], menuTitles: [String]) throws(SideMenuError) {
        guard !viewControllers.isEmpty else { throw .noViewControllers }
        guard viewControllers.count == menuTitles.count else {
            throw .titleCountMismatch(controllers: viewControllers.count, titles: menuTitles.count)
        }
        let wrapped = viewControllers.map(Self.wrap)
        self.viewControllers = wrapped
        self.menuTitles = menuTitles
        selectedViewController = wrapped[0]
        super.init()
        for child in wrapped { injectMenuItem(into: child) }
        addChild(wrapped[0])
    }

    /// The child as it will be shown: itself if it is a navigation controller, else wrapped in one.
    private static func wrap(_ controller: ViewController) -> ViewController {
        if controller is NavigationController { return controller }
        if let existing = controller.parent as? NavigationController, existing.parent == nil,
           existing.viewControllers.first === controller {
            return existing
        }
        return NavigationController(rootViewController: controller)
    }

    /// Puts a "Menu" item leftmost on the wrapped root controller's navigation item.
    private func injectMenuItem(into child: ViewController) {
        guard let navigation = child as? NavigationController, let root = navigation.viewControllers.first else { return }
        let item = BarButtonItem(title: "Menu") { [weak self] in self?.toggleMenu(animated: true) }
        menuItems[ObjectIdentifier(child)] = item
        root.navigationItem.leftBarButtonItems.insert(item, at: 0)
    }

    /// Takes the injected item off a child that leaves the menu.
    private func removeMenuItem(from child: ViewController) {
        guard let item = menuItems.removeValue(forKey: ObjectIdentifier(child)),
              let root = (child as? NavigationController)?.viewControllers.first else { return }
        root.navigationItem.leftBarButtonItems.removeAll { $0 === item }
    }

    // MARK: View

    public override func viewDidLoad() {
        super.viewDidLoad()
        listView.headerTitle = menuTitle
        listView.dataSource = self
        listView.frame = view.bounds
        listView.autoresizingMask = .flexibleSize
        listView.onActivate = { [weak self] row in self?.userSelected(row) }
        view.addSubview(listView)

        paneView.frame = view.bounds
        paneView.autoresizingMask = .flexibleSize
        // Opaque: a child that leaves cells undrawn must not let the list show through.
        paneView.backgroundStyle = .plain
        paneView.onInterceptedPress = { [weak self] in self?.setMenuVisible(false, animated: true) }
        view.addSubview(paneView)

        let child = selectedViewController
        child.view.frame = paneView.bounds
        child.view.autoresizingMask = .flexibleSize
        paneView.insertSubview(child.view, at: 0)
        child.didMove(toParent: self)
    }

    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        relayoutPane()
    }

    /// Puts the pane where the state says, clamping the exposed width again; a motion in
    /// progress is retargeted from where the pane is now.
    private func relayoutPane() {
        guard isViewLoaded else { return }
        paneView.frame.size = view.bounds.size
        if let motion = paneMotion {
            let target = motion.target()
            // Restarting the same motion keeps its completion and times the rest from here.
            if target != motion.lastTarget { startMotion(motion) }
        } else if replacement == nil {
            paneView.frame.origin.x = isMenuVisible ? effectiveExposedWidth : 0
        }
    }

    public override var focusScope: View {
        isMenuVisible ? listView : selectedViewController.focusScope
    }

    // MARK: ListViewDataSource

    public func numberOfRows(in listView: ListView) -> Int { menuTitles.count }

    public func listView(_ listView: ListView, titleForRow row: Int) -> String { menuTitles[row] }

    // MARK: Opening and closing

    /// Opens or closes the menu, as the user's toggle does. Animated: over
    /// `menuAnimationDuration`, ease-out; a call while the pane moves reverses from where it
    /// is, over a time proportional to the distance left. `completion(finished)` runs once,
    /// with `false` if a later call interrupted it.
    public func setMenuVisible(_ visible: Bool, animated: Bool, completion: ((Bool) -> Void)? = nil) {
        guard replacement == nil else {
            // A replacement ends with the menu closed; a request during it is honoured after.
            pendingAfterReplacement.append { [weak self] in self?.setMenuVisible(visible, animated: animated, completion: completion) }
            return
        }
        if visible == isMenuVisible && paneMotion == nil {
            completion?(true)
            return
        }
        isMenuVisible = visible
        if visible { delegate?.sideMenuWillOpen(self) } else { delegate?.sideMenuWillClose(self) }
        paneView.interceptsInteraction = visible
        moveFocus(toMenu: visible)
        startMotion(PaneMotion(
            target: { [weak self] in self.map { visible ? $0.effectiveExposedWidth : 0 } ?? 0 },
            fullDuration: animated ? menuAnimationDuration : 0,
            fullDistance: { [weak self] in self?.effectiveExposedWidth ?? 0 },
            completion: { [weak self] finished in
                guard let self else { return }
                if finished {
                    if visible { self.delegate?.sideMenuDidOpen(self) } else { self.delegate?.sideMenuDidClose(self) }
                }
                completion?(finished)
            }))
    }

    /// Opens a closed menu, closes an open one; reverses one that is moving.
    public func toggleMenu(animated: Bool) {
        setMenuVisible(!isMenuVisible, animated: animated)
    }

    private func moveFocus(toMenu: Bool) {
        guard let window = view.window else { return }
        if toMenu {
            if let current = window.firstResponder, !current.isDescendant(of: listView) {
                contentFocusBeforeOpening = current
            }
            listView.selectedRow = selectedIndex
            window.makeFirstResponder(listView)
        } else {
            if let previous = contentFocusBeforeOpening, previous.isDescendant(of: paneView) {
                window.makeFirstResponder(previous)
            } else {
                window.makeFirstResponder(nil)
            }
            window.validateFocus()
        }
    }

    // MARK: Selecting

    /// Shows the child at `index`: the seed transition (the pane slides off to the right, the
    /// new child's pane slides in from the right), ending with the menu closed. Selecting the
    /// current child only closes the menu. Throws for an index out of range.
    public func setSelectedIndex(_ index: Int, animated: Bool) throws(SideMenuError) {
        guard viewControllers.indices.contains(index) else {
            throw .indexOutOfRange(index: index, count: viewControllers.count)
        }
        guard index != selectedIndex else {
            setMenuVisible(false, animated: animated)
            return
        }
        replaceSelected(with: viewControllers[index], animated: animated)
    }

    private func userSelected(_ row: Int) {
        guard viewControllers.indices.contains(row) else { return }
        if row != selectedIndex,
           delegate?.sideMenu(self, shouldSelect: viewControllers[row], at: row) == false { return }
        try? setSelectedIndex(row, animated: true)
    }

    /// Replaces all children (wrapped as in `init`); the first is shown. The old children leave
    /// with balanced calls. Throws like `init`.
    public func setViewControllers(_ controllers: [ViewController], titles: [String]) throws(SideMenuError) {
        guard !controllers.isEmpty else { throw .noViewControllers }
        guard controllers.count == titles.count else {
            throw .titleCountMismatch(controllers: controllers.count, titles: titles.count)
        }
        finishMotionsNow()
        let outgoing = selectedViewController
        let wrapped = controllers.map(Self.wrap)
        for old in viewControllers where !wrapped.contains(where: { $0 === old }) { removeMenuItem(from: old) }
        for new in wrapped where menuItems[ObjectIdentifier(new)] == nil { injectMenuItem(into: new) }
        viewControllers = wrapped
        menuTitles = titles
        listView.reloadData()
        if wrapped[0] !== outgoing {
            swapChild(from: outgoing, to: wrapped[0])
        }
        isMenuVisible = false
        paneView.interceptsInteraction = false
        paneView.frame.origin.x = 0
        view.window?.validateFocus()
    }

    private var pendingAfterReplacement: [@MainActor () -> Void] = []

    private func replaceSelected(with incoming: ViewController, animated requested: Bool) {
        if paneMotion != nil { finishMotionsNow() }
        // `animated` in the appearance calls is true exactly when the pane will move over time.
        let animated = requested && (view.window?.animator.plays(duration: menuAnimationDuration) ?? false)
        let outgoing = selectedViewController
        let shown = isAppearing
        outgoing.willMove(toParent: nil)
        addChild(incoming)
        selectedViewController = incoming
        replacement = Replacement(outgoing: outgoing, incoming: incoming, shown: shown)
        // The menu is closing from now on: the replacement ends with it closed.
        isMenuVisible = false
        paneView.interceptsInteraction = false
        if shown {
            outgoing.beginAppearanceTransition(false, animated: animated)
            incoming.beginAppearanceTransition(true, animated: animated)
        }
        let duration = animated ? menuAnimationDuration : 0
        // Phase 1: the pane with the outgoing child slides off to the right.
        startMotion(PaneMotion(
            target: { [weak self] in self?.view.bounds.width ?? 0 },
            fullDuration: duration,
            fullDistance: { [weak self] in self?.view.bounds.width ?? 0 },
            completion: { [weak self] _ in self?.replacementSlidOut(animated: animated) }))
    }

    private func replacementSlidOut(animated: Bool) {
        guard let step = replacement else { return }
        step.outgoing.viewIfLoaded?.removeFromSuperview()
        step.incoming.view.frame = paneView.bounds
        step.incoming.view.autoresizingMask = .flexibleSize
        paneView.insertSubview(step.incoming.view, at: 0)
        paneView.keepSeparatorOnTop()
        paneView.frame.origin.x = view.bounds.width
        isMenuVisible = false
        paneView.interceptsInteraction = false
        // Phase 2: the pane with the incoming child slides in from the right to x = 0.
        startMotion(PaneMotion(
            target: { 0 },
            fullDuration: animated ? menuAnimationDuration : 0,
            fullDistance: { [weak self] in self?.view.bounds.width ?? 0 },
            completion: { [weak self] _ in self?.replacementSlidIn() }))
    }

    private func replacementSlidIn() {
        guard let step = replacement else { return }
        replacement = nil
        if step.shown {
            step.outgoing.endAppearanceTransition()
            step.incoming.endAppearanceTransition()
        }
        step.incoming.didMove(toParent: self)
        step.outgoing.removeFromParent()
        view.window?.makeFirstResponder(nil)
        view.window?.validateFocus()
        delegate?.sideMenu(self, didSelect: step.incoming, at: selectedIndex)
        delegate?.sideMenuDidClose(self)
        let pending = pendingAfterReplacement
        pendingAfterReplacement = []
        for action in pending { action() }
    }

    /// The immediate swap used by `setViewControllers`: UIKit's order, no motion.
    private func swapChild(from outgoing: ViewController, to incoming: ViewController) {
        outgoing.willMove(toParent: nil)
        addChild(incoming)
        selectedViewController = incoming
        if isViewLoaded {
            incoming.view.frame = paneView.bounds
            incoming.view.autoresizingMask = .flexibleSize
            outgoing.viewIfLoaded?.removeFromSuperview()
            paneView.insertSubview(incoming.view, at: 0)
            paneView.keepSeparatorOnTop()
        }
        incoming.didMove(toParent: self)
        outgoing.removeFromParent()
    }

    // MARK: Keys

    public override func keyPressed(_ event: KeyEvent) -> Bool {
        if event == KeyEvent(.function(2)) {
            toggleMenu(animated: true)
            return true
        }
        if event == KeyEvent(.character("m")), !(view.window?.firstResponder?.acceptsTextInput ?? false) {
            toggleMenu(animated: true)
            return true
        }
        if event == KeyEvent(.escape), isMenuVisible {
            setMenuVisible(false, animated: true)
            return true
        }
        return false
    }

    // MARK: Pane motion

    /// Ends every motion at its target now (used before changes that cannot wait).
    private func finishMotionsNow() {
        while let motion = paneMotion {
            paneMotion = nil
            motionGeneration += 1
            paneView.frame.origin.x = motion.target()
            motion.completion(true)
        }
    }

    private func startMotion(_ motion: PaneMotion) {
        let interrupted = paneMotion
        motionGeneration += 1
        let generation = motionGeneration
        paneMotion = motion
        // The interrupted motion's completion runs once, unfinished, before the new one starts.
        if let interrupted, interrupted !== motion { interrupted.completion(false) }
        let from = paneView.frame.minX
        let target = motion.target()
        motion.lastTarget = target
        let distance = abs(target - from)
        let full = max(1, motion.fullDistance())
        let duration = motion.fullDuration * min(1, Double(distance) / Double(full))
        animatePane(to: target, duration: duration) { [weak self] finished in
            guard let self, self.motionGeneration == generation else { return }
            self.paneMotion = nil
            motion.completion(finished)
        }
    }

    /// The one place the pane moves: an ease-out slide owned by this controller (so it
    /// `isTransitioning`), or a jump when `duration` is 0 or animations are off. A new call
    /// interrupts the running slide from where the pane is; that one completes with `false`.
    private func animatePane(to x: Int, duration: Double, completion: @escaping @MainActor (Bool) -> Void) {
        var target = paneView.frame
        target.origin.x = x
        animateTransition(withDuration: duration, curve: .easeOut, animations: { paneView.frame = target },
                          completion: { finished in completion(finished) })
    }
}

/// A pane movement in progress: where it goes (re-evaluated on resize), how long a full-distance
/// move takes, and who to tell when it ends.
@MainActor
private final class PaneMotion {
    let target: @MainActor () -> Int
    let fullDuration: Double
    let fullDistance: @MainActor () -> Int
    let completion: @MainActor (Bool) -> Void
    var lastTarget: Int?

    init(target: @escaping @MainActor () -> Int, fullDuration: Double, fullDistance: @escaping @MainActor () -> Int,
         completion: @escaping @MainActor (Bool) -> Void) {
        self.target = target
        self.fullDuration = fullDuration
        self.fullDistance = fullDistance
        self.completion = completion
    }
}

/// A child replacement in progress.
private struct Replacement {
    let outgoing: ViewController
    let incoming: ViewController
    let shown: Bool
}
