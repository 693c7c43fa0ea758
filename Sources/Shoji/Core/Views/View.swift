/// A rectangle of cells that draws itself and holds subviews, like UIKit's `UIView`.
///
/// Ownership: a view owns its subviews strongly and knows its superview weakly, so removing a
/// view from its superview frees it (and its subtree) when nobody else holds it.
///
/// Differences from UIKit, on purpose:
/// - `bounds` always has origin (0, 0): a view that scrolls keeps its own offset.
/// - There is no partial redraw: `setNeedsDisplay()` asks for a frame, the window composes the
///   whole tree, and the screen sends only the cells that changed. So drawing never goes stale.
/// - Drawing is clipped to the view's frame and every ancestor's.
@MainActor
open class View: Responder {
    /// The frame in the superview's coordinates (cells), as shown now. Changing its size
    /// autoresizes the subviews, marks the view for layout and asks for a frame.
    ///
    /// Animation (see `View.animate`): inside an animation block a new frame is recorded and
    /// reads back at once, and the view moves there over the animation's ticks, during which
    /// `frame` is the current, on-screen frame (`targetFrame` is where it is going). Outside a
    /// block, setting the frame of a view whose frame animates cancels that animation (its
    /// completion gets `false`) and moves the view at once.
    public var frame: Rect {
        get { storedFrame }
        set {
            setAnimatable(
                newValue, start: .frame(storedFrame), stored: \.storedFrame, animation: frameAnimation,
                apply: applyFrame)
        }
    }

    /// The frame without the animation rules: written silently while a block records, and
    /// restored to the start of an animation when the block ends.
    var storedFrame: Rect {
        // Every way the frame changes comes through here, so the superview's index stays right.
        didSet { if storedFrame != oldValue { superview?.subviewsDidChange() } }
    }

    /// The running animation of `frame`, if any (it holds the view weakly).
    var frameAnimation: PropertyAnimation?

    /// Sets the frame with its effects (autoresizing, layout, display). The animator calls it
    /// on each tick.
    func applyFrame(_ newValue: Rect) {
        let oldValue = storedFrame
        guard newValue != oldValue else { return }
        storedFrame = newValue
        if newValue.size != oldValue.size {
            scaleMask(from: oldValue.size, to: newValue.size)
            for subview in subviews { subview.superviewDidResize(from: oldValue.size, to: newValue.size) }
            setNeedsLayout()
            didResize(from: oldValue.size)
        }
        setNeedsDisplay()
    }

    /// Called when the size changed, where it was set (after the subviews autoresized); the
    /// default does nothing. For views whose owner must react to a size outside layout.
    func didResize(from oldSize: Size) {}

    /// Autoresizing. It is not a direct set: an animating subview keeps animating, with both
    /// ends of its animation resized the same way, so it lands where the new size puts it.
    private func superviewDidResize(from old: Size, to new: Size) {
        let mask = autoresizingMask
        frameAnimation?.resizeEnds { mask.resize($0, from: old, to: new) }
        applyFrame(mask.resize(storedFrame, from: old, to: new))
    }

    /// Opacity, 0 (transparent) to 1 (opaque), as UIKit's `alpha`. A terminal cell has three
    /// opacities, so the value shows rounded to the nearest: below 0.25 the view and its
    /// subviews are neither drawn nor hit; below 0.75 every cell of its frame is drawn dim (also
    /// what shows through where it draws no background); from 0.75 it draws normally. Values
    /// are clamped to 0...1. Animatable, with the same rules as `frame`.
    public var alpha: Double {
        get { storedAlpha }
        set {
            setAnimatable(
                min(1, max(0, newValue)), start: .alpha(storedAlpha), stored: \.storedAlpha, animation: alphaAnimation,
                apply: applyAlpha)
        }
    }

    /// `alpha` without the animation rules (see `storedFrame`).
    var storedAlpha: Double = 1

    /// The running animation of `alpha`, if any.
    var alphaAnimation: PropertyAnimation?

    /// Sets `alpha` and asks for a frame when the shown opacity changes.
    func applyAlpha(_ newValue: Double) {
        let oldLevel = opacityLevel
        storedAlpha = newValue
        if opacityLevel != oldLevel { setNeedsDisplay() }
    }

    /// The part of the view that is drawn and hit, in its own coordinates; `nil` (the default)
    /// is the whole view. Cells outside it are neither drawn (what is behind shows through) nor
    /// hit, for the view and its subviews, and a dim `alpha` dims only the cells inside it.
    /// UIKit's `mask` is a view whose opacity masks; a cell is drawn or not, so here it is a
    /// rectangle. A transition reveals a view through a growing mask (`TransitionStyle.wipe`).
    ///
    /// The mask scales with the view: when the view's size changes, each of its edges keeps its
    /// place as a fraction of the view's width or height (rounded half up), so a mask on the
    /// far edge stays there; along an axis that was 0 cells long the edges stay as they are.
    ///
    /// Animatable, with the same rules as `frame`; `nil` at either end of an animation means the
    /// whole view as it is at each frame, and an animation to `nil` ends with `nil`.
    public var mask: Rect? {
        get { storedMask }
        set {
            setAnimatable(
                newValue, start: .mask(storedMask), stored: \.storedMask, animation: maskAnimation, apply: applyMask)
        }
    }
    /// `mask` without the animation rules (see `storedFrame`).
    var storedMask: Rect?
    /// The running animation of `mask`, if any.
    var maskAnimation: PropertyAnimation?
    /// Sets `mask` and asks for a frame when it changed.
    func applyMask(_ newValue: Rect?) {
        guard newValue != storedMask else { return }
        storedMask = newValue
        setNeedsDisplay()
    }
    /// The animation rules every animatable property follows: inside an animation block the
    /// block records the old value (`start`) and the new one reads back at once; outside, a set
    /// cuts the running `animation` short and applies the value with its effects.
    private func setAnimatable<Value>(
        _ newValue: Value, start: AnimationTransaction.Start,
        stored: ReferenceWritableKeyPath<View, Value>, animation: PropertyAnimation?,
        apply: (Value) -> Void
    ) {
        if let transaction = AnimationTransaction.current {
            transaction.record(self, start)
            self[keyPath: stored] = newValue
            return
        }
        Animator.interrupt(animation)
        apply(newValue)
        Animator.runPendingCompletions()
    }
    /// Keeps the mask, and both ends of its running animation, in place as the view resizes.
    private func scaleMask(from old: Size, to new: Size) {
        storedMask = storedMask.map { $0.scaled(from: old, to: new) }
        maskAnimation?.scaleMaskEnds(from: old, to: new)
    }
    /// True while the view animates: its frame, alpha or mask (`View.animate`), or, for a view
    /// that plays an animation of its own, that one too (a spinning `ActivityIndicatorView`).
    open var isAnimating: Bool { hasPropertyAnimations }

    /// True while the view's frame, alpha or mask animates.
    var hasPropertyAnimations: Bool { frameAnimation != nil || alphaAnimation != nil || maskAnimation != nil }

    /// The opacity shown: 0 nothing, 1 dim, 2 normal (see `alpha`).
    var opacityLevel: Int { storedAlpha < 0.25 ? 0 : (storedAlpha < 0.75 ? 1 : 2) }

    /// Whether `alpha` shows as nothing (see `alpha`).
    var isTransparent: Bool { opacityLevel == 0 }

    /// The view's own area: origin (0, 0) and the frame's size.
    public var bounds: Rect { Rect(origin: .zero, size: frame.size) }

    /// Subviews, back to front: the last one is drawn last and hit first.
    public private(set) var subviews: [View] = []

    /// The view this one is a subview of.
    public private(set) weak var superview: View?

    /// The controller whose root view this is; set by `ViewController` when it loads its view.
    public internal(set) weak var viewController: ViewController?

    /// Set on the window's content view only; every view below it learns its window from it.
    weak var hostingWindow: Window? {
        didSet { if hostingWindow !== oldValue { setWindowOfSubtree(hostingWindow) } }
    }

    /// The window of this view's tree, kept by the moves that change it (`insertSubview`,
    /// `removeFromSuperview`, `hostingWindow`): layout and drawing read `window` for every view,
    /// so it is stored rather than found by walking to the root each time.
    private weak var storedWindow: Window?

    /// A hidden view is neither drawn nor hit, nor are its subviews. A stack view holding it
    /// hears of the change (it gives a hidden view no room).
    public var isHidden = false {
        didSet {
            guard isHidden != oldValue else { return }
            setNeedsDisplay()
            superview?.subviewIsHiddenDidChange(self)
        }
    }

    /// Called when `subview`'s `isHidden` changed; the default does nothing (a stack view
    /// lays its arranged subviews out again).
    func subviewIsHiddenDidChange(_ subview: View) {}

    /// Painted over the whole frame before `draw(in:)`; `nil` draws no background (the views
    /// behind show through).
    public var backgroundStyle: Style? { didSet { if backgroundStyle != oldValue { setNeedsDisplay() } } }

    /// Whether the view paints every cell of its frame, so that nothing behind it shows, as
    /// UIKit's `isOpaque` (default true). Drawing is the same either way; containers that stack
    /// views read it: a `StackController` keeps the children below a child whose view is not
    /// opaque on screen.
    public var isOpaque = true

    /// The tint set on this view itself; `nil` inherits (see `tintColor`).
    var ownTintColor: Color?

    /// Called when the tint this view has or inherits was set (`tintColor`), as UIKit's; the
    /// default redraws. Overrides call super.
    open func tintColorDidChange() { setNeedsDisplay() }

    /// Called on every view of a window when its `theme` changed (UIKit's nearest is
    /// `traitCollectionDidChange(_:)`); the default lays the view out again, so styles a view
    /// derives from the theme in `layoutSubviews()` follow. Overrides call super.
    open func themeDidChange() { setNeedsLayout() }

    /// Whether the view's window is in the screen-reader mode (`Window.isScreenReaderModeOn`):
    /// a view that changes by itself (a spinner, a clock, a progress bar) stays quiet then,
    /// changing at most every few seconds or in big steps. False outside a window.
    public var isScreenReaderModeOn: Bool { window?.isScreenReaderModeOn ?? false }

    /// Called on every view of a window when its screen-reader mode was turned on or off; the
    /// default redraws. Overrides call super.
    open func screenReaderModeDidChange() { setNeedsDisplay() }

    /// How the frame follows the superview's size changes.
    public var autoresizingMask: AutoresizingMask = []

    /// Sizes this view to `container`'s bounds and makes it follow the container's resizes
    /// (`.flexibleSize`), the way every container places a child's view; does not add it
    /// (a transition may add it later, or elsewhere first).
    func fill(_ container: View) {
        frame = container.bounds
        autoresizingMask = .flexibleSize
    }

    /// When false, the view and its subviews receive no mouse events and cannot take focus.
    public var isUserInteractionEnabled = true

    /// Makes the view's context menu when the user asks for it: a right press on the view (or
    /// a subview without a menu of its own) opens it at the pointer, and Shift-F10 while the
    /// focus is in the view opens it at the focused item (`accessibilityCursorPosition`). It is
    /// called once per opening, on the main actor, so the menu can reflect the state of the
    /// moment (a Copy enabled only with a selection); returning `nil` opens nothing. `nil` (the
    /// default): no context menu. Held strongly: capture owners weakly.
    ///
    /// UIKit attaches a `UIContextMenuInteraction` whose delegate gives a configuration with a
    /// preview; here the view holds the provider itself, there is no preview, and the menu
    /// opens as a popover (`ModalPresentationStyle.popover`) presented by the controller whose
    /// view holds this one.
    public var contextMenuProvider: (@MainActor () -> Menu?)?

    /// Where the view was last drawn by its window: the frame number, its origin, size and clip
    /// on screen. The window's next frame compares it to tell the screen what moved sideways.
    struct Drawing {
        var frame: Int
        var origin: Point
        var size: Size
        var clip: Rect
    }

    /// See `Drawing`; nil before the view is first drawn in a window.
    var lastDrawing: Drawing?

    /// True when the view wants `layoutSubviews()` before the next frame.
    public private(set) var needsLayout = true

    /// A visible, transparent view at `frame` with no subviews.
    public init(frame: Rect = .zero) {
        storedFrame = frame
    }

    // MARK: Hierarchy

    /// Adds `view` on top of the subviews, removing it from its old superview first. If the
    /// view (or a view inside it) is a controller's root view and the controller that owns the
    /// new superview is appearing, that controller appears too (UIKit's automatic forwarding).
    public func addSubview(_ view: View) { insertSubview(view, at: subviews.count) }

    /// Inserts `view` at `index` (clamped) among the subviews, removing it from its old
    /// superview first. Adding a view to itself or to one of its own descendants is refused
    /// (it would make a cycle) and reported with a precondition failure.
    public func insertSubview(_ view: View, at index: Int) {
        precondition(
            !isDescendant(of: view), "View.insertSubview: a view cannot become a subview of its own descendant")
        if view.superview === self, let current = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: current)
            subviews.insert(view, at: min(max(0, index), subviews.count))
            subviewsDidChange()
            setNeedsDisplay()
            return
        }
        view.removeFromSuperview()
        subviews.insert(view, at: min(max(0, index), subviews.count))
        subviewsDidChange()
        view.superview = self
        // Compared with the window the removal left it (none, for a view that was in one): a
        // move within one window leaves it and comes back, and hears both.
        let windowChanges = view.window !== window
        if windowChanges { view.setWindowOfSubtree(window) }
        view.didMoveToSuperview()
        if windowChanges { view.didMoveToWindow() }
        ViewController.viewDidAttach(view)
        view.noteLayoutPending()
        window?.keyRouteMayHaveChanged()
        setNeedsDisplay()
    }

    /// Removes the view from its superview. If it or a descendant was the first responder, the
    /// window's focus moves on. Controllers shown in the removed tree that were appearing get
    /// `viewWillDisappear` before and `viewDidDisappear` after the removal.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        let oldWindow = window
        let leaving = ViewController.viewWillDetach(self)
        // A `viewWillDisappear` hook may already have moved this view elsewhere (with its own
        // calls); removing it now would leave it listed by a superview it no longer knows.
        guard superview === parent else {
            ViewController.viewDidDetach(leaving)
            return
        }
        oldWindow?.viewWillLeaveWindow(self)
        oldWindow?.keyRouteMayHaveChanged()
        parent.willRemoveSubview(self)
        parent.subviews.removeAll { $0 === self }
        parent.subviewsDidChange()
        superview = nil
        if oldWindow != nil { setWindowOfSubtree(hostingWindow) }
        // A transition moving this view lets go of it: whoever removed it decides what is next.
        viewController?.transitionState.letGo()
        parent.setNeedsDisplay()
        didMoveToSuperview()
        if oldWindow != nil { didMoveToWindow() }
        ViewController.viewDidDetach(leaving)
    }

    /// Called just before `subview` leaves this view (removed, or added to another view), as
    /// UIKit's `willRemoveSubview(_:)`; the default does nothing (a stack view forgets it as an
    /// arranged subview).
    func willRemoveSubview(_ subview: View) {}

    /// Moves a subview to the front (drawn last, hit first).
    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    /// Whether this view is `view` or lies somewhere below it.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// The window showing this view's tree, if any. Reading it costs no walk (see
    /// `storedWindow`).
    public var window: Window? { storedWindow }

    /// Records `window` as the window of this view and every view below it.
    private func setWindowOfSubtree(_ window: Window?) {
        var pending: [View] = [self]
        while let view = pending.popLast() {
            view.storedWindow = window
            pending.append(contentsOf: view.subviews)
        }
    }

    /// The characters to draw symbols with: the window's `glyphSet`, `.unicode` outside a window.
    public var glyphSet: GlyphSet { window?.glyphSet ?? .unicode }

    /// Whether the window's last frame drew this view: it is in a window, shown, and not
    /// clipped away (scrolled out, or outside an ancestor's frame).
    var wasDrawnInLastFrame: Bool {
        guard let window, let lastDrawing else { return false }
        return lastDrawing.frame == window.frameNumber
    }

    /// Called after the superview changed (also to `nil`). Subclasses may override; call super.
    open func didMoveToSuperview() {}

    /// Called after the view entered or left a window. Subclasses may override; call super.
    open func didMoveToWindow() {
        for subview in subviews { subview.didMoveToWindow() }
    }

    // MARK: Layout and display

    /// Asks for `layoutSubviews()` before the next frame. Asked during a layout pass of a view
    /// the pass has already reached, it is laid out in the next frame (a pass runs once).
    public func setNeedsLayout() {
        needsLayout = true
        if let window, window.isLayingOut, layoutVisit == window.layoutPassNumber { window.needsAnotherFrame() }
        noteLayoutPending()
        setNeedsDisplay()
    }

    /// Tells each ancestor that this view (its subtree) has layout pending, through which child.
    private func noteLayoutPending() {
        var child = self
        while let parent = child.superview {
            parent.subviewNeedsLayout(child)
            child = parent
        }
    }

    /// Called when `subview`, or a view inside it, asked for layout or was added (for an
    /// override of `layoutSubviewsIfNeeded()` that skips subviews); the default does nothing.
    func subviewNeedsLayout(_ subview: View) {}

    /// The number of the window's layout pass that last reached this view.
    private var layoutVisit = 0

    /// Asks the window for a new frame. Cheap: requests coalesce into one frame per tick.
    public func setNeedsDisplay() { window?.setNeedsDisplay() }

    /// Lays out this view if marked, then its subviews, top-down. For a controller's root view
    /// the controller's `viewWillLayoutSubviews()` and `viewDidLayoutSubviews()` surround it.
    /// Open, as UIKit's: a view whose layout depends on state it reads (not sets) may override
    /// it to call `setNeedsLayout()` when that state changed, then call super.
    open func layoutIfNeeded() {
        if let window, window.isLayingOut { layoutVisit = window.layoutPassNumber }
        layoutOwnSubviewsIfNeeded()
        layoutSubviewsIfNeeded()
    }

    /// The second half of `layoutIfNeeded()`: `layoutIfNeeded()` on every subview, in order. A
    /// subclass may leave out subviews whose subtree has no layout pending (see
    /// `subviewNeedsLayout(_:)`), provided one asking later in the pass still gets laid out.
    func layoutSubviewsIfNeeded() {
        for subview in subviews { subview.layoutIfNeeded() }
    }

    /// `layoutIfNeeded()` for this view alone (its subviews keep their pending layout): sizes
    /// set here reach the subviews now, through autoresizing.
    final func layoutOwnSubviewsIfNeeded() {
        guard needsLayout else { return }
        needsLayout = false
        viewController?.viewWillLayoutSubviews()
        layoutSubviews()
        viewController?.viewDidLayoutSubviews()
    }

    /// Positions subviews. The default does nothing (autoresizing already ran when the size
    /// changed); override to lay out by hand.
    open func layoutSubviews() {}

    // MARK: Size

    /// Says a view has no natural length along an axis (UIKit's `UIView.noIntrinsicMetric`).
    public static let noIntrinsicMetric = -1

    /// The size the view's content needs, as UIKit's `intrinsicContentSize`: what a stack view
    /// gives it along an axis where it is not stretched. The default has none along either axis
    /// (`noIntrinsicMetric`); views with text or a fixed look override it, and call
    /// `invalidateIntrinsicContentSize()` when it changes.
    open var intrinsicContentSize: Size { View.noIntrinsicSize }

    /// `noIntrinsicMetric` along both axes (set past `Size.init`, which clamps to 0).
    public static var noIntrinsicSize: Size {
        var size = Size.zero
        size.width = noIntrinsicMetric
        size.height = noIntrinsicMetric
        return size
    }

    /// The size the view would like within `size`, as UIKit's `sizeThatFits(_:)` (wrapped text
    /// answers with its height at that width). The default: `intrinsicContentSize` where it has
    /// a length, else the given size's.
    open func sizeThatFits(_ size: Size) -> Size {
        let natural = intrinsicContentSize
        return Size(
            width: natural.width == View.noIntrinsicMetric ? size.width : natural.width,
            height: natural.height == View.noIntrinsicMetric ? size.height : natural.height)
    }

    /// Resizes the frame to `sizeThatFits(_:)` of its current size, keeping its origin, as
    /// UIKit's `sizeToFit()`.
    open func sizeToFit() {
        frame = Rect(origin: frame.origin, size: sizeThatFits(bounds.size))
    }

    /// Says `intrinsicContentSize` changed: the superview hears of it
    /// (`intrinsicContentSizeDidChange(of:)`), so a stack view holding this view makes room for
    /// it in the coming layout pass; a view laid out by hand is left as it is, as in UIKit
    /// without constraints.
    public func invalidateIntrinsicContentSize() {
        setNeedsDisplay()
        superview?.intrinsicContentSizeDidChange(of: self)
    }

    /// Called when `subview`'s `intrinsicContentSize` changed. The default does nothing; a view
    /// whose layout depends on its subviews' sizes (a stack view) asks for layout here.
    open func intrinsicContentSizeDidChange(of subview: View) {}

    /// Room kept clear inside the view's edges by layouts that honour it (a stack view's
    /// `isLayoutMarginsRelativeArrangement`), as UIKit's `layoutMargins`; none by default.
    public var layoutMargins: EdgeInsets = .zero {
        didSet { if layoutMargins != oldValue { setNeedsLayout() } }
    }

    /// Draws the view's content in its own coordinates. The background is already painted;
    /// subviews are drawn afterwards, on top. The default draws nothing.
    open func draw(in canvas: inout Canvas) {}

    /// Draws this view and its subtree: background, `draw(in:)`, then subviews back to front,
    /// each clipped to its frame (and the whole clipped to `mask`); then dims the frame if
    /// `alpha` says so. A hidden or transparent (`alpha` below 0.25) view draws nothing.
    public func render(in canvas: inout Canvas) {
        guard !isHidden, !isTransparent, !canvas.clip.isEmpty else { return }
        let unmasked = canvas.clip
        defer { canvas.clip = unmasked }
        if let mask {
            canvas.clip = unmasked.intersection(mask.offsetBy(dx: canvas.origin.x, dy: canvas.origin.y))
            guard !canvas.clip.isEmpty else { return }
        }
        let ancestorOffset = canvas.noteDrawing(of: self)
        defer { canvas.ancestorOffset = ancestorOffset }
        if let backgroundStyle { canvas.fill(style: backgroundStyle) }
        draw(in: &canvas)
        let drawn = canvas.clip.offsetBy(dx: -canvas.origin.x, dy: -canvas.origin.y)
        for subview in subviews(meeting: drawn) where !subview.isHidden {
            canvas.narrowed(to: subview.frame) { subview.render(in: &$0) }
        }
        if opacityLevel == 1 {
            let dimming = theme.dimming
            canvas.restyle(canvas.bounds) { $0.adding(dimming) }
        }
    }

    /// The subviews `render(in:)` and `hitTest(_:)` visit for `rect` (this view's coordinates),
    /// back to front: all of them. A subclass may leave out subviews whose frame does not meet
    /// `rect`, and nothing else: they would draw nothing in it and take none of its points.
    func subviews(meeting rect: Rect) -> [View] { subviews }

    /// Called after a subview was added, removed or reordered, or changed frame (for an
    /// override of `subviews(meeting:)` that keeps an index); the default does nothing.
    func subviewsDidChange() {}

    // MARK: Events and focus

    /// The deepest visible, interaction-enabled view at `point` (in this view's coordinates),
    /// front-most first; `nil` if the point is outside (or outside `mask`) or the view takes no
    /// events.
    open func hitTest(_ point: Point) -> View? {
        guard !isHidden, !isTransparent, isUserInteractionEnabled, bounds.contains(point),
            mask?.contains(point) ?? true
        else { return nil }
        for subview in subviews(meeting: Rect(origin: point, size: Size(width: 1, height: 1))).reversed() {
            if let hit = subview.hitTest(point - subview.frame.origin) { return hit }
        }
        return self
    }

    /// A point in this view's coordinates converted to the window's (screen) coordinates.
    public func convertToWindow(_ point: Point) -> Point {
        var result = point
        var current: View? = self
        while let view = current {
            result = result + view.frame.origin
            current = view.superview
        }
        return result
    }

    /// Whether the view takes typed text when focused (a text field): containers then leave
    /// printable keys to it instead of using them as shortcuts (the side menu's `m`). Default false.
    open var acceptsTextInput: Bool { false }

    /// Whether the view can take keyboard focus (Tab stops here). Default false.
    open var canBecomeFocused: Bool { false }

    /// Where the terminal's real cursor shows while this view is the first responder, in the
    /// view's own coordinates (a text field's insertion point); `nil` (the default) hides it.
    /// The window reads it after drawing each frame and shows the cursor only for the first
    /// responder, only while that cell is inside the view and every ancestor's frame and the
    /// view and its ancestors are shown (see `Surface.cursor`). A view whose value changes asks
    /// for a frame (`setNeedsDisplay()`).
    open var cursorPosition: Point? { nil }

    /// Where the terminal's cursor is parked for screen readers and braille displays while this
    /// view is the first responder and its window's `cursorFollowsFocus` is on: the start of the
    /// item that has the focus (a list's selected row, a text field's insertion point). The
    /// default: `cursorPosition` where there is one, else the view's first cell. Views whose
    /// focused item is elsewhere override it (as UIKit's `accessibilityActivationPoint`).
    open var accessibilityCursorPosition: Point? { cursorPosition ?? .zero }

    /// What the view says to assistive technology unless the app set a part
    /// (`accessibilityLabel` and the others): each built-in view overrides it with its own
    /// label, value and traits. Default: not an element, nothing to say.
    open var defaultAccessibility: AccessibilityDescription { AccessibilityDescription() }

    /// The parts of `defaultAccessibility` the app replaced (`View+Accessibility`).
    var accessibilityOverrides = AccessibilityOverrides()

    /// True while the view is its window's first responder.
    public var isFocused: Bool { window?.firstResponder === self }

    /// Makes the view its window's first responder, if it can take focus and is shown.
    @discardableResult
    public func becomeFirstResponder() -> Bool { window?.makeFirstResponder(self) ?? false }

    /// Called when the view became or stopped being the first responder. Default: redraw.
    open func focusDidChange() { setNeedsDisplay() }

    /// Whether the view and all its ancestors are visible and take events.
    public var isEffectivelyInteractive: Bool {
        var current: View? = self
        while let view = current {
            if view.isHidden || !view.isUserInteractionEnabled { return false }
            current = view.superview
        }
        return true
    }

    /// The owning controller for a controller's root view, else the superview.
    open override var nextResponder: Responder? {
        if let viewController { return viewController }
        if let superview { return superview }
        return hostingWindow
    }

    /// This view's window (see `Responder.setNeedsKeyReleaseUpdate()`).
    override var windowForKeyReleaseUpdates: Window? { window }
}
