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
/// - An optional second menu on the right (`rightMenuViewController`, any controller: a
///   settings list, an inspector), revealed as the pane slides left by `rightExposedWidth`.
///   One menu at a time: asking for the other while one is open swaps them in one slide of the
///   pane through the closed position. The right menu's controller is a child from the moment
///   it is set; its view is in the tree only while the right menu shows (or is on its way), and
///   its appearance calls are balanced as a navigation controller's are (a reversal mid-slide
///   is a cancelled transition: `viewWillAppear`, `viewWillDisappear`, `viewDidDisappear`).
/// - Open, the menu has focus (the list, or the right menu's controller) and the content gets
///   no keys; a click on the pane's exposed part closes the menu. Closed, the content has focus
///   (the focus it had before opening, if it is still there).
/// - Keys (`keyBindings`): `.toggleMenu` (F2 and `m` by default; a printable key such as `m`
///   never toggles while the focused view takes text input), `.toggleRightMenu` (F3 and `M`,
///   with a right menu), `.closeMenu` (Escape: whichever menu is open);
///   Up/Down/Home/End/PgUp/PgDn and the wheel move the list's selection; Enter or a click
///   selects.
/// - A toggle while the pane moves reverses from where the pane is, over a time proportional to
///   the distance left. A resize at any moment relayouts and clamps the exposed width again.
/// - The mouse drags the pane (`+Drag`): a press on its navigation bar, or anywhere on the
///   pane while a menu is open, grabs it; the pane follows the pointer cell by cell (right
///   towards the left menu, left towards the right one) and the release finishes or cancels by
///   speed and position, with the delegate's calls balanced.
/// - The delegate hears each menu's showing and hiding as appearance calls: every `willShow`
///   is followed by a `didShow` or, when reversed, by a `willHide`, and every `willHide` by a
///   `didHide` or a `willShow` (see `SideMenuDelegate`). Assistive technology hears the same
///   ends: "Menu open" and "Menu closed" (`Window.post(_:)`, the menu's title first) just before
///   the delegate's `didShow` and `didHide`.
///   Keys wait during a drag; a toggle key, a resize or the menu leaving the screen ends it.
/// - Selections and open/close requests made during a replacement wait for it and then run in
///   order (the container's `ChildChangeQueue`); keys meanwhile wait in the window.
/// - The menu's titles are the children's titles (`init(viewControllers:)`, kept up to date as
///   the titles change) or the ones given (`init(viewControllers:menuTitles:)`).
/// - Errors (the containers' one policy): what may come from data (no children, titles not
///   matching the children, an index out of range) is thrown (`SideMenuError`) by `init`,
///   `setViewControllers` and `setSelectedIndex`, never trapped; selecting the selected child
///   only closes the menu.
///
/// Open for subclassing: a subclass may override the view controller hooks (calling super),
/// its key bindings (`defaultKeyBindings`, `canPerform(_:)`, `perform(_:key:)`) and
/// `isTransitioning`.
@MainActor
open class SideMenuController: ViewController, ListViewDataSource {
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

    /// How far the pane moves left to reveal the right menu, in cells (default 24), clamped as
    /// `exposedWidth` is.
    public var rightExposedWidth: Int = 24 {
        didSet { rightExposedWidth = max(0, rightExposedWidth); layoutRightMenu(); relayoutPane() }
    }

    /// The right-hand menu: any controller, shown in the `rightExposedWidth` columns the pane
    /// uncovers as it slides left; `nil` (the default): no right menu. It is a child of the side
    /// menu while set (containment in UIKit's order); setting another while the right menu shows
    /// closes it at once first.
    public var rightMenuViewController: ViewController? {
        didSet {
            guard oldValue !== rightMenuViewController else { return }
            if let oldValue { removeRightMenu(oldValue) }
            if let rightMenuViewController { addRightMenu(rightMenuViewController) }
        }
    }

    /// The container width from which the left menu docks (`nil`, the default: never): it then
    /// stays on screen beside the content, the pane is laid out beside it (at the exposed width,
    /// as wide as the rest) instead of over it, and the Menu buttons leave the navigation bars.
    /// Narrower, the menu slides as usual. Crossing the width by a resize animates between the
    /// two layouts; the left menu shows (delegate and appearance phases) when it docks, and
    /// hides when it undocks while it was closed. See `isDocked`.
    public var dockingWidth: Int? {
        didSet { viewIfLoaded?.setNeedsLayout() }
    }

    /// Whether the left menu is docked now (the layout the pane is in or moving to): decided
    /// by `dockingWidth` at each layout of the container.
    public private(set) var isDocked = false

    /// Columns of the pane that stay on screen however narrow the terminal (default 4).
    public var minimumVisibleContentWidth = 4 {
        didSet { relayoutPane() }
    }

    /// Seconds a full open or close (and each half of a replacement) takes when animated,
    /// ease-out; `nil` (the default): the window's `transitionDuration`, the app's one motion
    /// setting.
    public var transitionDuration: Double?

    /// `transitionDuration`, or the window's setting.
    var motionDuration: Double { transitionDuration ?? defaultTransitionDuration }

    /// Told about opening, closing and selection. Held weakly.
    public weak var delegate: (any SideMenuDelegate)?

    // MARK: State

    /// The children, each wrapped in a navigation controller, in menu order.
    public internal(set) var viewControllers: [ViewController]

    /// The titles given at construction (or with `setViewControllers`); `nil`: the children's.
    var givenTitles: [String]?

    /// The menu's titles, one per child: the ones given, or else each child's title (its
    /// navigation root's), "Untitled" where it has none.
    public var menuTitles: [String] {
        givenTitles ?? viewControllers.map(Self.title(of:))
    }

    /// The child shown on the pane (the one being shown, during a replacement).
    public internal(set) var selectedViewController: ViewController

    /// The position of `selectedViewController` in `viewControllers`; derived, never stored.
    public var selectedIndex: Int {
        viewControllers.firstIndex { $0 === selectedViewController } ?? 0
    }

    /// The menu that is open or opening (the state the pane is at or moving to); `nil` while
    /// both are closed or closing. Changed only through `setVisibleMenu(_:animated:)`.
    public internal(set) var visibleMenu: SideMenuSide?

    /// Whether the left menu (the list of children) is open or opening. Docked, the list is on
    /// screen either way, and this says whether it has the keys (F2 gives them to it).
    public var isMenuVisible: Bool { visibleMenu == .left }

    /// Whether the right menu is open or opening.
    public var isRightMenuVisible: Bool { visibleMenu == .right }

    /// Whether `side`'s menu is on screen (or on its way) by the state: the left one also while
    /// docked.
    func menuShows(_ side: SideMenuSide) -> Bool {
        visibleMenu == side || (side == .left && isDocked)
    }

    /// What each menu's watchers (the delegate, the right menu's controller) were last told.
    var menuPhases: [SideMenuSide: MenuPhase] = [.left: .hidden, .right: .hidden]
    /// The right menu's controller whose view is in the tree (while it shows or is on its way).
    var installedRightMenu: ViewController?

    /// The exposed width in use now: `exposedWidth` clamped so `minimumVisibleContentWidth`
    /// columns of content stay visible. On a terminal too narrow to show any column of the
    /// menu beside them (`minimumVisibleContentWidth` columns or fewer), the open menu takes
    /// the whole width instead: an open menu is always visible, never a list that takes keys
    /// behind the pane.
    public var effectiveExposedWidth: Int { clampedExposure(exposedWidth) }

    /// `rightExposedWidth` clamped as `effectiveExposedWidth` is; 0 without a right menu.
    public var effectiveRightExposedWidth: Int {
        rightMenuViewController == nil ? 0 : clampedExposure(rightExposedWidth)
    }

    /// The width used to reveal a menu `wanted` columns wide (see `effectiveExposedWidth`).
    private func clampedExposure(_ wanted: Int) -> Int {
        let width = viewIfLoaded?.bounds.width ?? wanted + minimumVisibleContentWidth
        let clamped = min(wanted, width - minimumVisibleContentWidth)
        if clamped <= 0, wanted > 0 { return max(0, width) }
        return max(0, clamped)
    }

    /// How far the pane moves to show `side`'s menu: right (positive) for the left menu.
    func exposure(of side: SideMenuSide) -> Int {
        side == .left ? effectiveExposedWidth : -effectiveRightExposedWidth
    }

    /// True while the pane moves (opening, closing or replacing a child): the window holds back
    /// events for the menu and its content meanwhile, except the toggles, which reverse an
    /// opening or closing (`handleDuringTransition`).
    open override var isTransitioning: Bool { isPaneMoving || super.isTransitioning }

    /// Toggle keys during an opening or closing reverse it at once; everything else waits.
    open override func handleDuringTransition(_ event: InputEvent) -> Bool {
        guard case .key(let key) = event else { return false }
        if paneGesture.isDragging, let command = keyBindings.binding(for: key)?.command,
            command == .toggleMenu || command == .toggleRightMenu || command == .closeMenu
        {
            // A menu key ends the drag as a release where the pane is would, and then (by the
            // rules of any key during a slide) reverses that slide. Other keys wait.
            paneGesture.cancel()
        }
        guard !changes.isBusy, isPaneMoving else { return false }
        return respondDuringMotion(to: key)
    }

    // MARK: Views

    /// The list of titles, under the pane: as wide as the columns the open menu uncovers before
    /// the separator (docked: the menu's column), wider while the pane slides further right.
    public let listView = ListView()
    let paneView = SideMenuPaneView()
    /// The line beside the moved pane (see `placeSeparator()`).
    let separatorView = SideMenuSeparatorView()

    var menuItems: [ObjectIdentifier: BarButtonItem] = [:]
    private weak var contentFocusBeforeOpening: View?
    /// The pane's running slide: one animation, retargeted on a resize, replaced by a reversal.
    weak var paneAnimation: Animation?
    /// Where the pane is going, read again when the container resizes (see `paneTarget`).
    var paneGoal = PaneGoal.menuState

    /// Where a slide takes the pane.
    enum PaneGoal {
        /// Where the menu's state says: open (`effectiveExposedWidth`) or closed (0).
        case menuState
        /// Off the right edge: the first half of a replacement.
        case offRight
        /// Back to 0 from off the right edge: the second half of a replacement.
        case home
    }

    var isPaneMoving: Bool { paneAnimation?.isRunning ?? false }

    /// The pane's drag (see `+Drag`): the press followed to its release.
    lazy var paneGesture = makePaneGesture()
    /// Where the pane's drag started, from the press to the settling.
    var paneDrag: PaneDrag?

    /// What the menu can be asked to do that changes or waits for its children.
    enum Request {
        case select(ViewController, animated: Bool)
        case menuVisible(SideMenuSide?, animated: Bool, completion: ((Bool) -> Void)?)
        case replaceAll([ViewController], titles: [String]?)
    }

    /// Requests run one at a time, in order: a selection's replacement holds back the ones
    /// after it until the new child has slid in.
    lazy var changes = ChildChangeQueue<Request>(owner: self, policy: .inOrder) {
        [unowned self] request, change in
        self.perform(request, in: change)
    }

    // MARK: Creating

    /// A side menu over `viewControllers` with one title each; the first is selected and the
    /// menu is closed. Throws when there are no controllers or the counts differ.
    public init(viewControllers: [ViewController], menuTitles: [String]) throws(SideMenuError) {
        guard !viewControllers.isEmpty else { throw .noViewControllers }
        guard viewControllers.count == menuTitles.count else {
            throw .titleCountMismatch(controllers: viewControllers.count, titles: menuTitles.count)
        }
        self.viewControllers = viewControllers.map(Self.wrap)
        givenTitles = menuTitles
        selectedViewController = self.viewControllers[0]
        super.init()
        adoptChildren()
    }

    /// A side menu over `viewControllers`, titled by their `title`s (kept up to date when a
    /// title changes); the first is selected and the menu is closed. Throws when there are no
    /// controllers.
    public init(viewControllers: [ViewController]) throws(SideMenuError) {
        guard !viewControllers.isEmpty else { throw .noViewControllers }
        self.viewControllers = viewControllers.map(Self.wrap)
        givenTitles = nil
        selectedViewController = self.viewControllers[0]
        super.init()
        adoptChildren()
    }

    /// The end of both initializers: every entry gets its Menu item, the first becomes the
    /// child (`willMove` and `didMove(toParent:)` at once, as a navigation controller's root).
    func adoptChildren() {
        for child in viewControllers { injectMenuItem(into: child) }
        addChild(selectedViewController)
        selectedViewController.didMove(toParent: self)
    }

    /// The title a child shows in the menu when none was given: its navigation root's title,
    /// else its own, else "Untitled".
    static func title(of child: ViewController) -> String {
        let root = (child as? NavigationController)?.viewControllers.first ?? child
        let title = root.title ?? child.title ?? ""
        return title.isEmpty ? "Untitled" : title
    }

    /// The child as it will be shown: itself if it is a navigation controller, else wrapped in one.
    static func wrap(_ controller: ViewController) -> ViewController {
        if controller is NavigationController { return controller }
        if let existing = controller.parent as? NavigationController, existing.parent == nil,
            existing.viewControllers.first === controller
        {
            return existing
        }
        return NavigationController(rootViewController: controller)
    }

    /// Puts a "Menu" item leftmost on the wrapped root controller's navigation item, and
    /// listens to the child's title while it is not shown.
    func injectMenuItem(into child: ViewController) {
        child.titleListener = self
        guard let navigation = child as? NavigationController, let root = navigation.viewControllers.first else {
            return
        }
        let item = BarButtonItem(title: "Menu") { [weak self] in self?.toggleMenu(animated: true) }
        item.accessibilityValue = menuPhases[.left] == .shown ? "open" : "closed"
        menuItems[ObjectIdentifier(child)] = item
        root.navigationItem.leftBarButtonItems.insert(item, at: 0)
    }

    /// Takes the injected item off a child that leaves the menu.
    func removeMenuItem(from child: ViewController) {
        if child.titleListener === self { child.titleListener = nil }
        guard let item = menuItems.removeValue(forKey: ObjectIdentifier(child)),
            let root = (child as? NavigationController)?.viewControllers.first
        else { return }
        root.navigationItem.leftBarButtonItems.removeAll { $0 === item }
    }

    // MARK: View

    open override func viewDidLoad() {
        super.viewDidLoad()
        listView.headerTitle = menuTitle
        listView.dataSource = self
        listView.onActivate = { [weak self] row in self?.userSelected(row) }
        view.addSubview(listView)
        view.addSubview(separatorView)

        paneView.fill(view)
        paneView.onFrameChange = { [weak self] in self?.placeSeparator() }
        // Opaque: a child that leaves cells undrawn must not let the list show through.
        paneView.backgroundStyle = .plain
        // A drag that began on the open pane stays the pane's as the menu heads for closed.
        paneView.interceptsInteraction = { [weak self] in
            self.map { $0.paneGesture.isFollowing || $0.isRightMenuVisible || ($0.isMenuVisible && !$0.isDocked) }
                ?? false
        }
        // Every press on the intercepting pane may grab it.
        paneView.onMouseEvent = { [weak self] event in _ = self?.paneMouseEvent(event, grabbable: true) }
        view.addSubview(paneView)
        if menuPhases[.right] != .hidden, let menu = rightMenuViewController { installRightMenu(menu) }

        let child = selectedViewController
        child.view.fill(paneView)
        paneView.insertSubview(child.view, at: 0)
    }

    /// A drag does not outlive the menu on screen: it ends as a release where the pane is would
    /// (a press not yet dragged is forgotten).
    open override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        paneGesture.cancel()
        paneDrag = nil
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        defer { placeSeparator() }
        layoutRightMenu()
        let docks = dockingWidth.map { view.bounds.width >= $0 } ?? false
        if docks != isDocked {
            dockChanged(to: docks)
        } else {
            relayoutPane()
        }
    }

    /// Moves between the sliding and the docked layout: the Menu items show or hide, the left
    /// menu's watchers hear it show (docking) or hide (undocking while closed), and the pane
    /// slides to its place in the new layout (a slide under way, a replacement's half
    /// included, is retargeted there).
    private func dockChanged(to docks: Bool) {
        isDocked = docks
        for item in menuItems.values { item.isHidden = docks }
        setVisibleMenu(visibleMenu, animated: true)
        if changes.isBusy || paneGesture.isDragging {
            relayoutPane()
        } else {
            // The first layout (the menu not yet on screen) starts in the right layout at once.
            slidePane(to: .menuState, animated: appearancePhase == .didAppear) { _ in }
        }
    }

    /// Puts the pane where the state says, clamping the exposed width again; a motion in
    /// progress is retargeted from where the pane is now.
    ///
    /// During a motion the pane's frame is not set directly: a direct set would cut the slide
    /// short where it is, and when that happens inside another animation's completion (a
    /// presentation ending in the same frame) the cut motion's own completion runs only
    /// afterwards, leaving the pane stopped between its ends. Autoresizing keeps the pane (and
    /// both ends of its slide) the container's size; a changed target restarts the motion.
    func relayoutPane() {
        guard isViewLoaded else { return }
        // A drag places the pane itself.
        if paneGesture.isDragging { return }
        // A slide that does not move the pane (its block found the pane where it was going,
        // and another change of the transition runs on) cannot be retargeted: the pane is set.
        if let animation = paneAnimation, animation.isRunning, paneView.frameAnimation?.group === animation {
            // Retargeting keeps the slide's completion and times the rest from here.
            let target = paneFrame(at: paneTarget)
            if paneView.targetFrame != target || paneView.frame.size != target.size {
                animation.retarget(paneView, toFrame: target, from: clampedPaneStart, speed: paneSpeed(animated: true))
            }
            return
        }
        guard !changes.isBusy else {
            paneView.frame.size = paneFrame(at: paneView.frame.minX).size
            return
        }
        paneView.frame = paneFrame(at: paneTarget)
        // At rest where the state says, also after a slide cut short (the menu left the window).
        announceArrival()
    }

    open override var focusScope: View {
        switch visibleMenu {
        case .left: return listView
        case .right: return rightMenuViewController?.focusScope ?? selectedViewController.focusScope
        case nil: return selectedViewController.focusScope
        }
    }

    /// Also passes the warning to the entries that are not shown (they are not children), so
    /// their views are released too.
    open override func didReceiveMemoryWarning() {
        for entry in viewControllers where entry.parent !== self { entry.didReceiveMemoryWarning() }
        super.didReceiveMemoryWarning()
    }

    /// A child's title shows in the menu when the menu takes its titles from the children.
    open override func childTitleDidChange(_ child: ViewController) {
        if givenTitles == nil { listView.setNeedsDisplay() }
        super.childTitleDidChange(child)
    }

    // MARK: ListViewDataSource

    public func numberOfRows(in listView: ListView) -> Int { viewControllers.count }

    public func listView(_ listView: ListView, titleForRow row: Int) -> String {
        givenTitles?[row] ?? Self.title(of: viewControllers[row])
    }

    // MARK: Opening and closing

    /// Opens or closes the left menu, as the user's toggle does. Animated: over
    /// `transitionDuration` (or the window's setting), ease-out; a call while the pane moves
    /// reverses from where it is, over a time proportional to the distance left. Opening while
    /// the right menu is open swaps them; closing closes whichever menu is open.
    /// `completion(finished)` runs once, with `false` if a later call interrupted it.
    public func setMenuVisible(_ visible: Bool, animated: Bool, completion: ((Bool) -> Void)? = nil) {
        changes.submit(.menuVisible(visible ? .left : nil, animated: animated, completion: completion))
    }

    /// Opens or closes the right menu, as `setMenuVisible` does the left one; without a right
    /// menu, opening does nothing (and `completion` gets `false`).
    public func setRightMenuVisible(_ visible: Bool, animated: Bool, completion: ((Bool) -> Void)? = nil) {
        changes.submit(.menuVisible(visible ? .right : nil, animated: animated, completion: completion))
    }

    /// Moves the pane towards `side`'s menu, or closed (see `setMenuVisible`).
    func moveMenu(to side: SideMenuSide?, animated: Bool, completion: ((Bool) -> Void)?) {
        if side == .right && rightMenuViewController == nil {
            completion?(false)
            return
        }
        if side == visibleMenu && !isPaneMoving {
            completion?(true)
            return
        }
        setVisibleMenu(side, animated: animated)
        moveFocus(to: side)
        slidePane(to: .menuState, animated: animated) { finished in completion?(finished) }
    }

    /// Opens a closed left menu, closes an open one; reverses one that is moving.
    public func toggleMenu(animated: Bool) {
        setMenuVisible(!isMenuVisible, animated: animated)
    }

    /// Opens a closed right menu, closes an open one; reverses one that is moving.
    public func toggleRightMenu(animated: Bool) {
        setRightMenuVisible(!isRightMenuVisible, animated: animated)
    }

    /// Gives the focus to `side`'s menu, or back to the content (the focus it had before a menu
    /// opened, if it is still there).
    func moveFocus(to side: SideMenuSide?) {
        guard let window else { return }
        if let side {
            // Leaving the content (not moving from one menu to the other): remember its focus.
            if let current = window.firstResponder, current.isDescendant(of: paneView) {
                contentFocusBeforeOpening = current
            }
            if side == .left {
                listView.selectedRow = selectedIndex
                window.makeFirstResponder(listView)
            } else {
                window.makeFirstResponder(nil)
                window.validateFocus()
            }
        } else {
            if let previous = contentFocusBeforeOpening, previous.isDescendant(of: paneView) {
                window.makeFirstResponder(previous)
            } else {
                window.makeFirstResponder(nil)
            }
            window.validateFocus()
        }
    }

    // MARK: State

    /// The menu's state now, as a value to save: the open menu, the selected child, docked or not.
    public var state: SideMenuState {
        SideMenuState(visibleMenu: visibleMenu, selectedIndex: selectedIndex, isDocked: isDocked)
    }

    /// Comes back to a saved `state`, without animation: selects its child (with the usual
    /// containment and appearance calls if the menu shows) and opens its menu, or closes both.
    /// A right menu saved as open where there is none now stays closed; docking follows the
    /// terminal's width, not the saved value. Requests under way run first (the queue's order).
    /// Throws `SideMenuError.indexOutOfRange` for a selected index this menu does not have, and
    /// then changes nothing.
    public func restore(_ state: SideMenuState) throws(SideMenuError) {
        try setSelectedIndex(state.selectedIndex, animated: false)
        switch state.visibleMenu {
        case .left: setMenuVisible(true, animated: false)
        case .right where rightMenuViewController != nil: setRightMenuVisible(true, animated: false)
        case .right, nil: setMenuVisible(false, animated: false)
        }
    }

    // MARK: Mouse

    /// A press on the pane's navigation bar that nothing in the child took grabs the pane (see
    /// `+Drag`); the drag and release of a press the controller took come back here.
    open override func mouseEvent(_ event: MouseEvent, at point: Point) -> Bool {
        controllerMouseEvent(event, at: point) || super.mouseEvent(event, at: point)
    }

    // MARK: Keys

    /// F2 and `m` open and close the left menu (`.toggleMenu`), F3 and `M` the right one
    /// (`.toggleRightMenu`), Escape closes the open one (`.closeMenu`).
    open override var defaultKeyBindings: KeyBindings {
        var bindings = Self.menuKeyBindings(
            title: "Side menu", toggleKeys: [KeyEvent(.function(2)), KeyEvent(.character("m"))])
        bindings.set(
            KeyBinding(
                .toggleRightMenu, keys: [KeyEvent(.function(3)), KeyEvent(.character("M"))],
                title: "Show or hide the right menu"))
        return bindings
    }

    /// Closing needs a shown menu; the right menu's toggle needs a right menu.
    open override func canPerform(_ command: KeyCommand) -> Bool {
        switch command {
        case .closeMenu: return visibleMenu != nil
        case .toggleRightMenu: return rightMenuViewController != nil
        default: return canPerformMenuCommand(command) ?? super.canPerform(command)
        }
    }

    /// Toggles a menu or closes the open one.
    open override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        switch command {
        case .closeMenu: setMenuVisible(false, animated: true)
        case .toggleMenu: toggleMenu(animated: true)
        case .toggleRightMenu: toggleRightMenu(animated: true)
        default: return super.perform(command, key: key)
        }
        return true
    }

}
