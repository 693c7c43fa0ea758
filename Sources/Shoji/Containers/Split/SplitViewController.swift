/// Two children side by side (or one above the other): a primary column at the leading edge, a
/// one-cell divider, and the secondary column over the rest, as UIKit's
/// `UISplitViewController` in its "one beside secondary" display. The primary column can be
/// hidden and shown again (animated, with its appearance calls), hides by itself while the
/// container is narrower than `collapseThreshold`, and the user can drag the divider to make it
/// wider or narrower.
///
/// Where it differs from UIKit: lengths are cells; there is no supplementary column and no
/// collapse into one navigation stack (UIKit's `isCollapsed`): a hidden primary column is
/// simply not on screen (UIKit's `.secondaryOnly` display mode), and its child stays a child.
/// `isPrimaryHidden` / `setPrimaryHidden(_:animated:completion:)` stand for UIKit's
/// `preferredDisplayMode` with `show(.primary)` / `hide(.primary)`. `axis` `.vertical` (the
/// primary area on top) has no UIKit counterpart.
///
/// Guarantees:
/// - Containment in UIKit's order: both children are added at construction (`addChild`, then
///   `didMove(toParent:)`); `setViewController(_:for:)` replaces one with `willMove(toParent:
///   nil)`, `addChild`, the views swapped (appearance calls), `didMove(toParent:)` and
///   `removeFromParent()`, through the container's `ChildChangeQueue` (a request made while one
///   runs waits). Both children stay children whether the primary column shows or not.
/// - Appearance, balanced: hiding the primary column gives it `viewWillDisappear` when the
///   slide starts and `viewDidDisappear` when it ends (its view then leaves the tree); showing
///   it, `viewWillAppear` when it starts (its view in the column) and `viewDidAppear` when it
///   ends; `animated` is true exactly when the slide plays over time. A request during a slide
///   reverses it from where it is (the will-call of the other direction, then its did-call), so
///   the calls stay legal and balanced however often it turns. The secondary child appears and
///   disappears with the container.
/// - One state asked for (`isPrimaryHidden`) and one derived from it and the size
///   (`isPrimaryVisible`); the lengths in use (`primaryColumnWidth`) are derived from the
///   preferred one, the clamps and the bounds at each layout, never stored beside them.
/// - Layout at any size, down to 0x0: the primary column keeps `primaryColumnWidth` cells, the
///   divider one, the secondary the rest (see `SplitLayout`); a resize during a slide retargets
///   it from where it is, over the time its distance left takes.
/// - The divider drag (a left press on the divider, `isDividerDraggable`) is the window's
///   `InteractiveTransition`: the primary column's trailing edge follows the pointer cell by
///   cell, clamped to `minimumPrimaryColumnWidth`…`maximumPrimaryColumnWidth` and the bounds,
///   and the release leaves it there (`preferredPrimaryColumnWidth` is set as it moves). Keys
///   wait during the drag; a resize, a new press, a request to hide or the container leaving the
///   screen ends it where it is.
/// - Keys: `.togglePrimaryColumn` has no key by default (UIKit's split view binds none); an app
///   gives it keys in `keyBindings`, and such a key during a slide reverses it.
/// - Focus: the hidden primary column holds nothing focusable (its view is out of the tree);
///   hiding it with the focus inside moves the focus to the secondary child. Tab moves between
///   the columns as it moves between any focusable views.
/// - Main actor only. The container owns its children (through `children`).
///
/// Open for subclassing: a subclass may override the view controller hooks (calling super) and
/// its key bindings.
@MainActor
open class SplitViewController: ViewController {
    /// Which way the columns are laid out.
    public typealias Axis = SplitLayout.Axis

    /// The two columns, as UIKit's `UISplitViewController.Column` (without its supplementary
    /// and compact columns).
    public enum Column: Hashable, Sendable {
        /// The leading column (the top area of a vertical split).
        case primary
        /// The column over the rest of the container.
        case secondary
    }

    // MARK: Configuration

    /// Which way the columns go (default `.horizontal`: primary at the left).
    public var axis: Axis {
        didSet { contentView.axis = axis }
    }

    /// The primary column's length in cells (its width; its height in a vertical split) when the
    /// bounds allow it, before the clamps (default 24). UIKit's property of the same name, in
    /// cells. Dragging the divider sets it. Never negative.
    public var preferredPrimaryColumnWidth: Int = 24 {
        didSet {
            preferredPrimaryColumnWidth = max(0, preferredPrimaryColumnWidth)
            relayout()
        }
    }

    /// The fewest cells the primary column takes when the bounds allow (default 0).
    public var minimumPrimaryColumnWidth: Int = 0 {
        didSet { relayout() }
    }

    /// The most cells the primary column takes (default: no limit). Wins over the minimum if the
    /// two cross.
    public var maximumPrimaryColumnWidth: Int = .max {
        didSet { relayout() }
    }

    /// The primary column's length in use: `preferredPrimaryColumnWidth` clamped to the minimum
    /// and maximum, and to the bounds less the divider. Derived at each read.
    public var primaryColumnWidth: Int {
        layout.primaryLength(
            preferredPrimaryColumnWidth, minimum: minimumPrimaryColumnWidth, maximum: maximumPrimaryColumnWidth)
    }

    /// Below this many cells along the axis (columns; rows in a vertical split) the primary
    /// column hides by itself, and shows again when the container grows back (animated while
    /// the container is on screen); `nil` (the default) never. `isPrimaryHidden` is not changed.
    public var collapseThreshold: Int? {
        didSet { relayout() }
    }

    /// Whether a left press on the divider drags it (default true).
    public var isDividerDraggable = true

    /// Seconds a whole slide of the primary column takes; a slide that starts or turns midway
    /// takes the part of it that its distance is of the whole; `nil` (the default): the
    /// window's `transitionDuration`, the app's one motion setting.
    public var transitionDuration: Double?

    // MARK: Children

    /// The child in the primary column.
    public private(set) var primaryViewController: ViewController
    /// The child in the secondary column.
    public private(set) var secondaryViewController: ViewController

    /// The children, primary first (UIKit's `viewControllers` of a two-column split).
    public var viewControllers: [ViewController] { [primaryViewController, secondaryViewController] }

    /// The child in `column` (UIKit's `viewController(for:)`).
    public func viewController(for column: Column) -> ViewController {
        column == .primary ? primaryViewController : secondaryViewController
    }

    // MARK: State

    /// Whether the app asked for the primary column hidden (UIKit's `preferredDisplayMode`
    /// `.secondaryOnly`). Set with `setPrimaryHidden(_:animated:completion:)`.
    public private(set) var isPrimaryHidden = false

    /// Whether the primary column is shown or on its way: not hidden by request, and the
    /// container not narrower than `collapseThreshold`. Derived at each read.
    public var isPrimaryVisible: Bool {
        guard !isPrimaryHidden else { return false }
        guard let collapseThreshold, isViewLoaded else { return true }
        return layout.extent >= collapseThreshold
    }

    /// Whether the primary column slides now.
    public var isPrimaryMoving: Bool { primaryAnimation?.isRunning ?? false }

    /// The state the column is at or sliding to, on screen: it follows `isPrimaryVisible` at
    /// each request and each layout (see `updatePrimaryDisplay`).
    private(set) var primaryDisplayed = true
    /// The running slide of the primary column.
    private weak var primaryAnimation: Animation?
    /// The divider's drag (see `+Divider`): the press followed to its release.
    lazy var dividerGesture = makeDividerGesture()
    /// The press on the divider being followed, from the press to the end of its drag.
    var dividerGrab: DividerGrab?

    /// Replacements one at a time, in order.
    private enum Request {
        case replace(ViewController, Column)
    }

    private lazy var changes = ChildChangeQueue<Request>(owner: self, policy: .inOrder) {
        [unowned self] request, change in
        self.perform(request, in: change)
    }

    // MARK: Creating

    /// A split showing `primary` and `secondary` along `axis`, both children at once
    /// (`didMove(toParent:)` now); no view is loaded. The two must differ (precondition).
    public init(primary: ViewController, secondary: ViewController, axis: Axis = .horizontal) {
        precondition(primary !== secondary, "SplitViewController: the primary and secondary child must differ")
        primaryViewController = primary
        secondaryViewController = secondary
        self.axis = axis
        super.init()
        for child in [primary, secondary] {
            addChild(child)
            child.didMove(toParent: self)
        }
    }

    // MARK: View

    var contentView: SplitContentView { view as! SplitContentView }

    private var layout: SplitLayout {
        SplitLayout(axis: axis, size: viewIfLoaded?.bounds.size ?? Size(width: .max / 2, height: .max / 2))
    }

    /// The root view: the primary column, the divider and the secondary column.
    open override func loadView() {
        let root = SplitContentView()
        root.axis = axis
        root.placePrimaryColumn = { [weak self] in self?.placePrimaryColumn() }
        root.divider.onMouseEvent = { [weak self] event in self?.dividerMouseEvent(event) ?? false }
        view = root
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        primaryDisplayed = isPrimaryVisible
        contentView.primaryColumn.frame = layout.primaryFrame(length: primaryColumnWidth, isShown: primaryDisplayed)
        contentView.deriveFromPrimary()
        install(secondaryViewController, in: contentView.secondaryColumn)
        if primaryDisplayed { install(primaryViewController, in: contentView.primaryColumn) }
    }

    private func install(_ child: ViewController, in column: View) {
        child.view.fill(column)
        column.addSubview(child.view)
    }

    /// A drag does not outlive the split on screen: it ends where the divider is.
    open override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        endDividerDrag()
    }

    /// Lays the columns out again now (outside a layout pass: a property changed).
    private func relayout() {
        guard isViewLoaded else { return }
        placePrimaryColumn()
        contentView.deriveFromPrimary()
    }

    /// Puts the primary column where the state says: a crossing of `collapseThreshold` starts a
    /// slide; a slide under way is retargeted from where it is (never cut short: its completion
    /// makes the appearance calls); a drag places the column itself.
    private func placePrimaryColumn() {
        guard isViewLoaded, !dividerGesture.isDragging else { return }
        if isPrimaryVisible != primaryDisplayed {
            updatePrimaryDisplay(animated: appearancePhase == .didAppear, completion: nil)
            return
        }
        let target = layout.primaryFrame(length: primaryColumnWidth, isShown: primaryDisplayed)
        let column = contentView.primaryColumn
        if let animation = primaryAnimation, animation.isRunning, column.frameAnimation?.group === animation {
            if column.targetFrame != target {
                // From where it is, at the length in use now: no frame is wider than the bounds.
                let start = Rect(origin: column.frame.origin, size: target.size)
                animation.retarget(column, toFrame: target, from: start, speed: slideSpeed(animated: true))
            }
            return
        }
        if column.frame != target { column.frame = target }
    }

    // MARK: Showing and hiding the primary column

    /// Hides or shows the primary column (UIKit's `hide(.primary)` / `show(.primary)`).
    /// Animated: a slide over `transitionDuration` (or the window's setting), ease-out; a call
    /// during a slide reverses it from where it is. `completion(finished)` runs once, `false`
    /// if a later call cut the slide short. While the container is narrower than
    /// `collapseThreshold` the column stays hidden whatever is asked (and shows as asked once it
    /// is wider).
    public func setPrimaryHidden(_ hidden: Bool, animated: Bool, completion: ((Bool) -> Void)? = nil) {
        isPrimaryHidden = hidden
        updatePrimaryDisplay(animated: animated, completion: completion)
    }

    /// Brings the screen in line with `isPrimaryVisible`: the one place the primary column
    /// slides, with its appearance calls (a `ChildTransition` from or to the primary child).
    private func updatePrimaryDisplay(animated requested: Bool, completion: ((Bool) -> Void)?) {
        let visible = isPrimaryVisible
        guard isViewLoaded else {
            primaryDisplayed = visible
            completion?(true)
            return
        }
        if visible == primaryDisplayed && !isPrimaryMoving {
            completion?(true)
            return
        }
        endDividerDrag()
        primaryDisplayed = visible
        let animated = requested && (view.window?.animator.plays(duration: motionDuration) ?? false)
        let primary = primaryViewController
        let column = contentView.primaryColumn
        let swap: ChildTransition
        if visible {
            swap = beginTransition(from: nil, to: primary, animated: animated)
            if primary.view.superview !== column {
                primary.view.fill(column)
            }
            swap.insertIncoming(in: column, at: 0)
        } else {
            swap = beginTransition(from: primary, to: nil, animated: animated)
        }
        let target = layout.primaryFrame(length: primaryColumnWidth, isShown: visible)
        // The column keeps the length in use while it slides; only its position moves.
        let start = Rect(origin: column.frame.origin, size: target.size)
        if start != column.frame { column.frame = start }
        let slide = animateTransition(
            withSpeed: slideSpeed(animated: animated), curve: .easeOut,
            animations: { column.frame = target },
            completion: { [weak self] finished in
                swap.end()
                if !visible { self?.view.window?.validateFocus() }
                completion?(finished)
            })
        if slide.isRunning { primaryAnimation = slide }
        contentView.deriveFromPrimary()
    }

    private var motionDuration: Double { transitionDuration ?? defaultTransitionDuration }

    /// Cells per second: the whole slide (the column's length and the divider) in
    /// `transitionDuration`; infinite (at once) when not animated.
    private func slideSpeed(animated: Bool) -> Double {
        InteractiveTransition.slideSpeed(distance: primaryColumnWidth + 1, duration: motionDuration, animated: animated)
    }

    // MARK: Replacing children

    /// Shows `controller` in `column` instead of the child there, at once, in UIKit's order (see
    /// the type). A request made while one runs waits. Showing the child already there does
    /// nothing; the other column's child is a precondition failure (swapping columns is not a
    /// replacement).
    public func setViewController(_ controller: ViewController, for column: Column) {
        changes.submit(.replace(controller, column))
    }

    private func perform(_ request: Request, in change: ChildChange) {
        switch request {
        case .replace(let incoming, let column):
            let outgoing = viewController(for: column)
            guard incoming !== outgoing else {
                change.complete()
                return
            }
            precondition(
                incoming !== viewController(for: column == .primary ? .secondary : .primary),
                "SplitViewController: \(incoming.debugIdentifier) is already the other column's child")
            if isPrimaryMoving, column == .primary { primaryAnimation?.finish() }
            change.remove(outgoing)
            change.add(incoming)
            if column == .primary { primaryViewController = incoming } else { secondaryViewController = incoming }
            if isViewLoaded {
                let columnView = column == .primary ? contentView.primaryColumn : contentView.secondaryColumn
                let shown = column == .secondary || primaryDisplayed
                let swap = beginTransition(
                    from: outgoing.viewIfLoaded?.superview === columnView ? outgoing : nil,
                    to: shown ? incoming : nil, animated: false)
                swap.removeOutgoing()
                if shown {
                    incoming.view.fill(columnView)
                    swap.insertIncoming(in: columnView, at: 0)
                }
                swap.end()
            }
            change.complete { [weak self] in self?.view.window?.validateFocus() }
        }
    }

    // MARK: Keys

    /// `.togglePrimaryColumn`, with no key by default (see the type).
    open override var defaultKeyBindings: KeyBindings {
        KeyBindings(
            title: "Split view",
            [KeyBinding(.togglePrimaryColumn, keys: [], title: "Show or hide the primary column")])
    }

    /// Hides a shown primary column, shows a hidden one.
    open override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        guard command == .togglePrimaryColumn else { return super.perform(command, key: key) }
        setPrimaryHidden(primaryDisplayed, animated: true)
        return true
    }

    /// During a slide a `.togglePrimaryColumn` key reverses it; a key during a divider drag is
    /// held until the release; everything else waits.
    open override func handleDuringTransition(_ event: InputEvent) -> Bool {
        guard case .key(let key) = event, !changes.isBusy, isPrimaryMoving, !dividerGesture.isDragging,
            keyBindings.binding(for: key)?.command == .togglePrimaryColumn
        else { return false }
        guard let window = view.window else { return respond(to: key) }
        return window.offer(key, to: self)
    }
}

extension KeyCommand {
    /// Shows or hides a split view's primary column (`SplitViewController`).
    public static let togglePrimaryColumn = KeyCommand("togglePrimaryColumn")
}
