/// A container that shows one of its children at full size and, on request, a menu of all of
/// them drawn over it. Organised like a tab bar controller (a list of children, one selected),
/// with this view hierarchy: a transition view that holds the selected child's view, and the
/// overlay (`menuView`) above it.
///
/// Guarantees:
/// - Every entry of `viewControllers` is a child (`addChild`, then `didMove(toParent:)`); only
///   the selected child's view is in the view tree. `viewControllers` is `children`, and
///   `selectedViewControllerIndex` is derived from `selectedViewController`: nothing is stored
///   twice.
/// - Children can be set before the view loads (also in `init`): the selected child's view is
///   put in the transition view in `viewDidLoad`.
/// - Selecting (`setSelectedViewController`, the property setters, or the user's choice in the
///   overlay) swaps the views in the transition view with balanced appearance calls, with
///   `selectionStyle` when animated (default `.none`).
/// - Errors (the containers' one policy): selecting a controller that is not a child (nor among
///   the children asked for) stops with a precondition failure, by the method or the setter; an
///   index out of range, which may come from data, is ignored by the `selectedViewControllerIndex`
///   setter, which cannot throw; selecting the current child does nothing.
/// - Replacing the children (`setViewControllers`) removes the ones that leave in UIKit's
///   order (`willMove(toParent: nil)`, view removed, `removeFromParent()`), adds the new ones,
///   keeps the selection if it stays, else selects the first, at once. A selection animating
///   at that moment ends first.
/// - The overlay is not a child controller: it draws each child's `tabBarItem` (its symbol and
///   title; a navigation
///   controller's root's, as a tab bar does) on a ring, or a grid on small screens, over the
///   selected child, which is dimmed (the transition view's `alpha`; the child's own views are
///   never touched). Item changes show on the next frame. Selecting while it shows swaps the
///   child under it.
/// - Opening and closing: `.toggleMenu` in `keyBindings` (F4 by default; no other container
///   uses it; a key that types a character never toggles over a text-input view) and a
///   press of `menuToggleButton` (the right button by default) that nothing under the pointer
///   handled toggle it; Escape, a click outside the entries, or choosing an entry (a click, or
///   the arrows and Enter) close it. It fades in through the alpha levels while it grows from
///   the centre (its `mask`), and back; a toggle while it moves reverses it from where it is,
///   over a time proportional to what is left.
/// - While the overlay moves or a selection animates the container `isTransitioning`: the
///   window holds back events for it and delivers them after, in order, except the toggles
///   (keys, the toggle button and Escape) during the overlay's motion, which reverse it.
///   Selections requested meanwhile wait their turn (a `ChildChangeQueue`, in order).
/// - Open, the overlay has the focus and the child gets no keys; closed, the focus goes back
///   to where it was in the child, if that view is still there.
///
/// Open for subclassing: a subclass may override the view controller hooks (calling super),
/// its key bindings (`defaultKeyBindings`, `canPerform(_:)`, `perform(_:key:)`),
/// `mouseEvent(_:at:)` and `handleDuringTransition(_:)`.
@MainActor
open class OverlayMenuController: ViewController {
    // MARK: Configuration

    /// Seconds a full show or hide of the overlay takes when animated, ease-out (the overlay's
    /// own motion, not a change of children: that is `transitionDuration`); `nil` (the
    /// default): the window's `transitionDuration`, the app's one motion setting.
    public var menuAnimationDuration: Double?

    /// The mouse button whose press shows and hides the overlay, when nothing under the pointer
    /// handled the press (default the right button); `nil` turns the gesture off.
    public var menuToggleButton: MouseEvent.Button? = .right

    /// How an animated selection swaps the children (default `.none`, at once).
    public var selectionStyle: TransitionStyle = .none

    /// Seconds an animated selection with a style other than `.none` takes (the container's
    /// transition, named as on every container); `nil` (the default): the window's
    /// `transitionDuration`. Showing and hiding the overlay is timed by `menuAnimationDuration`.
    public var transitionDuration: Double?

    /// The symbol of a child whose `tabBarItem` has none.
    public static let defaultMenuSymbol: Character = "◆"

    /// The transition view's alpha while the overlay shows: the dim level of `View.alpha`.
    public static let dimmedAlpha = 0.5

    /// Told about showing, hiding and selection. Held weakly.
    public weak var delegate: (any OverlayMenuDelegate)?

    // MARK: Views

    /// The overlay, above `transitionView`. Read it; the controller sets its properties.
    public let menuView = OverlayMenuView()

    /// Holds the selected child's view, under the overlay; dimmed while the overlay shows.
    public let transitionView = View()

    // MARK: State

    /// The children, in menu order. Setting it is `setViewControllers(_:)`.
    public var viewControllers: [ViewController] {
        get { children }
        set { setViewControllers(newValue) }
    }

    private weak var selected: ViewController?

    /// The child shown (the one being shown, while a selection animates); `nil` when there are
    /// no children, or when another parent took the selected child away (nothing is shown until
    /// the next selection). Setting it selects without animation; `nil` is ignored, a controller
    /// that is not a child stops with a precondition failure.
    public var selectedViewController: ViewController? {
        get { selected.flatMap { $0.parent === self ? $0 : nil } }
        set { if let newValue { setSelectedViewController(newValue, animated: false) } }
    }

    /// The position of `selectedViewController` in `viewControllers`, derived (never stored);
    /// `nil` when nothing is selected. Setting it selects without animation; `nil`, an index out
    /// of range or the current one is ignored.
    public var selectedViewControllerIndex: Int? {
        get { selectedViewController.flatMap { current in children.firstIndex { $0 === current } } }
        set {
            guard let newValue, children.indices.contains(newValue), newValue != selectedViewControllerIndex else {
                return
            }
            setSelectedViewController(children[newValue], animated: false)
        }
    }

    /// Whether the overlay shows or is showing (the state it is at or moving to).
    public private(set) var isMenuVisible = false

    /// What the container can be asked to do to its children.
    private enum Request {
        case select(ViewController, animated: Bool)
        case replace([ViewController])
    }

    /// Selections and replacements, one at a time, in order.
    private lazy var changes = ChildChangeQueue<Request>(owner: self, policy: .inOrder) {
        [unowned self] request, change in
        self.perform(request, in: change)
    }

    /// The running animated selection, so a replacement can end it first.
    private weak var selectionAnimation: Animation?
    /// The running show or hide of the overlay.
    private weak var overlayAnimation: Animation?
    /// Tells a show or hide that a later one took over.
    private var overlayGeneration = 0
    private weak var focusBeforeShowing: View?

    // MARK: Creating

    /// An overlay menu over `viewControllers` (see `setViewControllers`): the first is selected
    /// and the overlay is hidden. No view is loaded.
    public init(viewControllers: [ViewController] = []) {
        super.init()
        menuView.menuController = self
        menuView.onChoose = { [weak self] index in self?.userChose(index) }
        menuView.onDismiss = { [weak self] in self?.setMenuVisible(false, animated: true) }
        if !viewControllers.isEmpty { setViewControllers(viewControllers) }
    }

    // MARK: Children

    /// Makes `controllers` the children, in this order (a controller listed twice counts once):
    /// those that leave are removed in UIKit's order, new ones are added (`addChild`, then
    /// `didMove(toParent:)`), the selection stays if its controller stays, else the first is
    /// selected; at once, with no animation. A selection animating now ends first.
    public func setViewControllers(_ controllers: [ViewController]) {
        while let running = selectionAnimation, running.isRunning { running.finish() }
        changes.submit(.replace(controllers))
    }

    /// Shows the child `viewController`, with `selectionStyle` when `animated`; nothing happens
    /// when it is already selected. Waits for a selection that is animating. A controller that
    /// is neither a child nor among the children of a replacement waiting to run stops with a
    /// precondition failure.
    public func setSelectedViewController(_ viewController: ViewController, animated: Bool) {
        precondition(
            viewController.parent === self || askedChildren.contains { $0 === viewController },
            "OverlayMenuController.setSelectedViewController: \(viewController.debugIdentifier) is not a child")
        changes.submit(.select(viewController, animated: animated))
    }

    /// The children of the last replacement waiting to run, else `children`.
    private var askedChildren: [ViewController] {
        for case .replace(let list) in changes.waiting.reversed() { return list }
        return children
    }

    /// The symbol the overlay draws before `viewController`'s title: its tab bar item's
    /// (see the type), else `defaultMenuSymbol`.
    public func menuSymbol(for viewController: ViewController) -> Character {
        TabBarController.displayedItem(for: viewController).symbol ?? Self.defaultMenuSymbol
    }

    /// The title the overlay draws for `viewController`: its tab bar item's (which falls back to
    /// its `title`), else "Untitled".
    public func menuTitle(for viewController: ViewController) -> String {
        let title = TabBarController.displayedItem(for: viewController).title ?? ""
        return title.isEmpty ? "Untitled" : title
    }

    /// The overlay's entries, one per child, derived now.
    var overlayEntries: [OverlayMenuView.Entry] {
        let current = selectedViewController
        return children.map { child in
            OverlayMenuView.Entry(
                symbol: String(menuSymbol(for: child)), title: menuTitle(for: child), isSelected: child === current)
        }
    }

    // MARK: View

    /// A plain view that takes the focus when nothing in it can (see `OverlayMenuRootView`).
    open override func loadView() { view = OverlayMenuRootView() }

    /// Builds the view hierarchy (the transition view, the overlay above it) and puts the
    /// selected child's view in the transition view, which catches up with children set before
    /// the view loaded.
    open override func viewDidLoad() {
        super.viewDidLoad()
        transitionView.fill(view)
        view.addSubview(transitionView)
        menuView.fill(view)
        view.addSubview(menuView)
        setOverlayAtOnce(visible: isMenuVisible)
        if let child = selectedViewController { install(child) }
    }

    /// Puts `child`'s view in the transition view, filling it.
    private func install(_ child: ViewController) {
        child.view.fill(transitionView)
        transitionView.addSubview(child.view)
    }

    open override var focusScope: View {
        isMenuVisible ? menuView : (selectedViewController?.focusScope ?? view)
    }

    // MARK: The overlay

    /// Shows or hides the overlay. Animated: it fades through the alpha levels and grows from
    /// (or shrinks to) the centre while the child dims (or brightens), over
    /// `menuAnimationDuration` (or the window's setting) times the part of the way left,
    /// ease-out; a call while it moves
    /// reverses it from where it is. Not animated (or before the view loads): at once.
    public func setMenuVisible(_ visible: Bool, animated: Bool) {
        guard visible != isMenuVisible else {
            if !animated { overlayAnimation?.finish() }
            return
        }
        isMenuVisible = visible
        if visible { menuView.highlightedIndex = selectedViewControllerIndex ?? 0 }
        guard isViewLoaded else { return }  // `viewDidLoad` puts the overlay in this state
        if visible, menuView.isHidden {
            menuView.alpha = 0
            menuView.mask = centre
            menuView.isHidden = false
        }
        moveFocus(toMenu: visible)
        let left = visible ? 1 - menuView.alpha : menuView.alpha
        overlayGeneration += 1
        let generation = overlayGeneration
        let end = centre
        overlayAnimation = animateTransition(
            withDuration: animated ? (menuAnimationDuration ?? defaultTransitionDuration) * left : 0, curve: .easeOut,
            animations: {
                menuView.alpha = visible ? 1 : 0
                menuView.mask = visible ? nil : end
                transitionView.alpha = visible ? Self.dimmedAlpha : 1
            },
            completion: { [weak self] finished in
                guard let self, self.overlayGeneration == generation else { return }
                // Cut short by something else (the window went away): the end state at once.
                if !finished { self.setOverlayAtOnce(visible: visible) }
                if !visible { self.menuView.isHidden = true }
                guard finished else { return }
                if visible {
                    self.delegate?.overlayMenuDidShowMenu(self)
                } else {
                    self.delegate?.overlayMenuDidHideMenu(self)
                }
            })
    }

    /// Shows a hidden overlay, hides a shown one; reverses one that is moving.
    public func toggleMenu(animated: Bool) {
        setMenuVisible(!isMenuVisible, animated: animated)
    }

    /// The overlay's mask when hidden: an empty rectangle at its centre, what it grows from.
    private var centre: Rect {
        Rect(x: menuView.bounds.width / 2, y: menuView.bounds.height / 2, width: 0, height: 0)
    }

    private func setOverlayAtOnce(visible: Bool) {
        menuView.isHidden = !visible
        menuView.alpha = visible ? 1 : 0
        menuView.mask = visible ? nil : centre
        transitionView.alpha = visible ? Self.dimmedAlpha : 1
    }

    /// Whether the overlay is fading in or out now.
    private var overlayIsMoving: Bool { overlayAnimation?.isRunning == true }

    private func moveFocus(toMenu: Bool) {
        guard let window else { return }
        if toMenu {
            if let current = window.firstResponder, !current.isDescendant(of: menuView) { focusBeforeShowing = current }
            window.makeFirstResponder(menuView)
        } else {
            if let previous = focusBeforeShowing, previous.isDescendant(of: transitionView) {
                window.makeFirstResponder(previous)
            } else if window.firstResponder?.isDescendant(of: menuView) == true {
                window.makeFirstResponder(nil)
            }
            focusBeforeShowing = nil
            window.validateFocus()
        }
    }

    /// The user chose entry `index` in the overlay: it is selected (animated) and the overlay
    /// closes, unless the delegate refuses (then it stays open).
    private func userChose(_ index: Int) {
        let list = children
        guard list.indices.contains(index) else { return }
        let child = list[index]
        if child !== selectedViewController, delegate?.overlayMenu(self, shouldSelect: child, at: index) == false {
            return
        }
        setSelectedViewController(child, animated: true)
        setMenuVisible(false, animated: true)
    }

    // MARK: Changing children

    private func perform(_ request: Request, in change: ChildChange) {
        switch request {
        case .select(let incoming, let animated):
            select(incoming, animated: animated, in: change)
        case .replace(let requested):
            replace(with: requested, in: change)
        }
    }

    /// Shows `incoming` in the transition view instead of the selected child (no containment
    /// calls: both stay children), with `selectionStyle` when animated.
    private func select(_ incoming: ViewController, animated: Bool, in change: ChildChange) {
        guard incoming.parent === self, incoming !== selectedViewController else {
            change.complete()
            return
        }
        let outgoing = selectedViewController
        selected = incoming
        menuView.setNeedsDisplay()
        let didSelect: () -> Void = { [weak self, weak incoming] in
            guard let self, let incoming, let index = self.children.firstIndex(where: { $0 === incoming }) else {
                return
            }
            self.window?.validateFocus()
            self.delegate?.overlayMenu(self, didSelect: incoming, at: index)
        }
        guard isViewLoaded else {
            change.complete(finally: didSelect)
            return
        }
        let shown = outgoing.flatMap { $0.viewIfLoaded?.superview === transitionView ? $0 : nil }
        if incoming.viewIfLoaded?.superview !== transitionView {
            incoming.view.fill(transitionView)
        }
        selectionAnimation = transition(
            from: shown, to: incoming, in: transitionView, style: animated ? selectionStyle : .none,
            duration: transitionDuration ?? defaultTransitionDuration
        ) { _ in
            change.complete(finally: didSelect)
        }
    }

    /// Replaces the children at once (see `setViewControllers`).
    private func replace(with requested: [ViewController], in change: ChildChange) {
        var list: [ViewController] = []
        for controller in requested where !list.contains(where: { $0 === controller }) { list.append(controller) }
        let outgoing = selectedViewController
        for old in children where !list.contains(where: { $0 === old }) { change.remove(old) }
        for new in list where new.parent !== self { change.add(new) }
        let leaving = change.removed
        // The children's order is the menu's: the new list, after those still leaving.
        childControllers =
            childControllers.filter { child in leaving.contains { $0 === child } }
            + list.filter { $0.parent === self }
        let kept = outgoing.flatMap { current in list.contains { $0 === current } ? current : nil }
        let incoming = kept ?? list.first { $0.parent === self }
        selected = incoming
        if isViewLoaded, incoming !== outgoing || incoming?.viewIfLoaded?.superview !== transitionView {
            let shown = outgoing.flatMap { $0.viewIfLoaded?.superview === transitionView ? $0 : nil }
            if shown != nil || incoming != nil, shown !== incoming {
                let swap = beginTransition(from: shown, to: incoming, animated: false)
                swap.removeOutgoing()
                if let incoming {
                    incoming.view.fill(transitionView)
                    swap.insertIncoming(in: transitionView)
                }
                swap.end()
            }
        }
        change.complete { [weak self] in
            self?.menuView.setNeedsDisplay()
            self?.window?.validateFocus()
        }
    }

    // MARK: Events

    /// F4 shows and hides the overlay (`.toggleMenu`), Escape hides it (`.closeMenu`).
    open override var defaultKeyBindings: KeyBindings {
        Self.menuKeyBindings(title: "Overlay menu", toggleKeys: [KeyEvent(.function(4))])
    }

    /// Hiding needs a shown overlay.
    open override func canPerform(_ command: KeyCommand) -> Bool {
        canPerformMenuCommand(command) ?? super.canPerform(command)
    }

    /// Toggles or hides the overlay.
    open override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        performMenuCommand(command) || super.perform(command, key: key)
    }

    /// A press of `menuToggleButton` that nothing under the pointer handled toggles the overlay.
    open override func mouseEvent(_ event: MouseEvent, at point: Point) -> Bool {
        toggleIfToggleButton(event)
    }

    /// A press of `menuToggleButton` toggles the overlay; returns whether it did.
    private func toggleIfToggleButton(_ event: MouseEvent) -> Bool {
        guard let button = menuToggleButton, event.kind == .press(button) else { return false }
        toggleMenu(animated: true)
        return true
    }

    /// While the overlay moves, its toggles (the keys, the button, Escape while showing)
    /// reverse it at once; everything else waits.
    open override func handleDuringTransition(_ event: InputEvent) -> Bool {
        guard overlayIsMoving else { return false }
        switch event {
        case .key(let key): return respondDuringMotion(to: key)
        case .mouse(let mouse): return toggleIfToggleButton(mouse)
        default: return false
        }
    }
}
