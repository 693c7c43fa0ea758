/// A view that shows part of a larger content area and scrolls it, as UIKit's
/// `UIScrollView`, in cells: `contentSize`, `contentOffset`, `contentInset`,
/// `setContentOffset(_:animated:)`, `scrollRectToVisible(_:animated:)` and a delegate told of
/// every scroll.
///
/// Content goes in `contentView` (differs from UIKit, where it goes in the scroll view itself):
/// a view the size of `contentSize`, placed at minus the offset inside a clipping viewport, so
/// what scrolls is one view moving, and the window tells the terminal it moved.
///
/// Guarantees:
/// - The offset is always within the content and its insets: from `-inset.top/left` to
///   `contentSize + inset.bottom/right - visibleSize` (or the minimum when the content fits),
///   clamped again whenever the content size, the insets or the view's size change.
/// - Scroll bars (`showsVerticalScrollIndicator`, `showsHorizontalScrollIndicator`, on by
///   default) take a column on the right and a row at the bottom (more with
///   `verticalScrollIndicatorInsets`, `horizontalScrollIndicatorInsets`) while the content is
///   larger than the view along their axis, and none otherwise; the room one bar takes counts
///   for the other (content as wide as the view and taller shows both bars, the vertical one
///   taking the column its last one needs; as wide as the columns beside that bar, only the
///   vertical one). A thumb shows the visible fraction; a press on the track pages, a press on the
///   thumb (any of its cells) grabs it without paging, and dragging it scrolls cell by cell.
/// - Keys (`keyBindings`, all yielding to views inside that bind the same keys): the arrows
///   scroll a row or a column, PageUp/PageDown and Space a page, Home/End to the top and
///   bottom; each only while the content can scroll that way, so otherwise the key goes on
///   (Left and Right too, when the content fits across). The wheel scrolls
///   `wheelScrollLines` rows while the content can scroll up or down; otherwise the notch goes
///   on to the views around (an enclosing scroll view scrolls).
/// - Following the end (`followsEnd`, off by default): while the last row shows, content that
///   grows and a new size keep it showing; a scroll away from the end (keys, the wheel, the
///   scroll bar, code) stops following until a scroll brings the last row back into view.
/// - `setContentOffset(_:animated:)` with `animated` moves over `scrollAnimationDuration`,
///   time-based and interruptible (a new offset starts from where the content is), complete
///   at once under reduced motion or while the window catches up; `contentOffset` reads the
///   new offset at once, and the delegate hears of it then.
/// - Main actor only; the delegate is held weakly.
@MainActor
open class ScrollView: View {
    /// Holds the content; sized to `contentSize`, placed by the offset. Add content here.
    /// Drawing, hit-testing and layout visit only its subviews that show (and, for layout, those
    /// with layout pending), so a frame costs what shows, however many subviews it holds.
    public let contentView: View = ScrollContentView()

    /// How large the content is, in cells (default zero: nothing scrolls).
    public var contentSize: Size = .zero {
        didSet { if contentSize != oldValue { contentGeometryDidChange() } }
    }

    /// Extra room around the content that scrolling can reach (default none).
    public var contentInset: EdgeInsets = .zero {
        didSet { if contentInset != oldValue { contentGeometryDidChange() } }
    }

    /// Which cell of the content shows at the viewport's top-left corner. Setting it scrolls
    /// at once (`setContentOffset(_:animated:)` with `animated` false), clamped.
    public var contentOffset: Point {
        get { storedOffset }
        set { setContentOffset(newValue, animated: false) }
    }

    /// Told of every scroll.
    public weak var delegate: (any ScrollViewDelegate)?

    /// Whether the view follows the end of its content, as `less +F`, a log or a chat do: while
    /// its last row shows, content that grows (rows appended, a longer text) and a new size
    /// (rewrapped text) keep the last row showing. A scroll that leaves the end (a key, the
    /// wheel, the scroll bar, code) stops following; one that reaches the end again follows
    /// again. Turning it on scrolls to the end. Default false. UIKit has no equivalent (Textual's
    /// `ScrollView.anchor()`).
    public var followsEnd = false {
        didSet {
            guard followsEnd, !oldValue else { return }
            setContentOffset(Point(x: storedOffset.x, y: maximumContentOffset.y), animated: false)
            showsEnd = true
        }
    }

    /// Whether the view follows its end now: `followsEnd`, and the last scroll left the last
    /// row showing.
    public var isFollowingEnd: Bool { followsEnd && showsEnd }

    /// Whether the last row showed when the offset last changed (a scroll, or a change of the
    /// content or the view's size): what the next change of size is measured against, so it
    /// cannot be derived from the offset afterwards.
    private var showsEnd = true

    /// Whether a vertical scroll bar shows while the content is taller than the view.
    public var showsVerticalScrollIndicator = true {
        didSet { if showsVerticalScrollIndicator != oldValue { setNeedsLayout() } }
    }

    /// Whether a horizontal scroll bar shows while the content is wider than the view.
    public var showsHorizontalScrollIndicator = true {
        didSet { if showsHorizontalScrollIndicator != oldValue { setNeedsLayout() } }
    }

    /// Room around the vertical scroll bar, in cells (default none), as UIKit's
    /// `verticalScrollIndicatorInsets`: `left` and `right` put blank columns between the bar and
    /// the content and between the bar and the view's edge, `top` and `bottom` shorten the bar.
    /// Differs from UIKit: the columns are taken from the content while the bar shows (a cell
    /// holds the bar or content, never both).
    public var verticalScrollIndicatorInsets: EdgeInsets = .zero {
        didSet { if verticalScrollIndicatorInsets != oldValue { contentGeometryDidChange() } }
    }

    /// Room around the horizontal scroll bar (default none), as `verticalScrollIndicatorInsets`
    /// across: `top` and `bottom` are blank rows beside the bar, `left` and `right` shorten it.
    public var horizontalScrollIndicatorInsets: EdgeInsets = .zero {
        didSet { if horizontalScrollIndicatorInsets != oldValue { contentGeometryDidChange() } }
    }

    /// Rows one wheel notch scrolls (default 3).
    public var wheelScrollLines = 3

    /// Seconds an animated scroll takes (default 0.15).
    public var scrollAnimationDuration = 0.15

    /// A view pinned above the scrolled area, across the whole width, as tall as its frame
    /// says (a list's title row): it does not scroll, and the viewport and the vertical scroll
    /// bar start below it. `nil` (the default): the content starts at the top.
    public var headerView: View? {
        didSet {
            guard headerView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let headerView { addSubview(headerView) }
            contentGeometryDidChange()
        }
    }

    /// Rows the header takes (none without one).
    private var headerHeight: Int { min(bounds.height, max(0, headerView?.frame.height ?? 0)) }

    private var storedOffset = Point.zero
    /// Clips the content to the part of the view the scroll bars leave.
    private let viewport = View()
    /// The scroll bars, made the first time they show: many scroll views never show one (a
    /// text field, a list with its bars off), and every view costs each layout pass a visit.
    private var verticalIndicator: ScrollIndicator?
    private var horizontalIndicator: ScrollIndicator?

    /// An empty scroll view.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        viewport.addSubview(contentView)
        addSubview(viewport)
    }

    /// None along either axis (`View.noIntrinsicSize`), for scroll views and the text and list
    /// views built on them: a scroll view shows as much as its layout gives it and scrolls
    /// the rest, so a stack view stretches it.
    open override var intrinsicContentSize: Size { View.noIntrinsicSize }

    // MARK: Geometry

    /// Whether each scroll bar shows now (see the type's notes).
    public var showsIndicators: (vertical: Bool, horizontal: Bool) {
        let width = contentSize.width + max(0, contentInset.left) + max(0, contentInset.right)
        let height = contentSize.height + max(0, contentInset.top) + max(0, contentInset.bottom)
        let available = bounds.height - headerHeight
        var vertical = showsVerticalScrollIndicator && height > available
        let horizontal = showsHorizontalScrollIndicator && width > bounds.width - (vertical ? verticalBarColumns : 0)
        // A horizontal bar takes rows, which may make the content taller than what is left.
        if horizontal, !vertical { vertical = showsVerticalScrollIndicator && height > available - horizontalBarRows }
        return (vertical, horizontal)
    }

    /// Columns the vertical bar takes with its insets.
    private var verticalBarColumns: Int {
        1 + max(0, verticalScrollIndicatorInsets.left) + max(0, verticalScrollIndicatorInsets.right)
    }

    /// Rows the horizontal bar takes with its insets.
    private var horizontalBarRows: Int {
        1 + max(0, horizontalScrollIndicatorInsets.top) + max(0, horizontalScrollIndicatorInsets.bottom)
    }

    /// The part of the view that shows content: the bounds less the header and the scroll
    /// bars with their insets.
    public var visibleSize: Size {
        let shown = showsIndicators
        return Size(
            width: max(0, bounds.width - (shown.vertical ? verticalBarColumns : 0)),
            height: max(0, bounds.height - headerHeight - (shown.horizontal ? horizontalBarRows : 0)))
    }

    /// The content's cells that show now, in content coordinates.
    public var visibleRect: Rect { Rect(origin: storedOffset, size: visibleSize) }

    /// The smallest offset: minus the top and left insets.
    public var minimumContentOffset: Point { Point(x: -max(0, contentInset.left), y: -max(0, contentInset.top)) }

    /// The largest offset: the content's far edge plus its inset at the viewport's far edge
    /// (the minimum when the content fits).
    public var maximumContentOffset: Point {
        let visible = visibleSize
        let minimum = minimumContentOffset
        return Point(
            x: max(minimum.x, contentSize.width + max(0, contentInset.right) - visible.width),
            y: max(minimum.y, contentSize.height + max(0, contentInset.bottom) - visible.height))
    }

    /// `offset` within the minimum and maximum offsets.
    private func clamped(_ offset: Point) -> Point {
        let minimum = minimumContentOffset, maximum = maximumContentOffset
        return Point(x: min(max(offset.x, minimum.x), maximum.x), y: min(max(offset.y, minimum.y), maximum.y))
    }

    /// Whether the content can move along `axis`.
    public func canScroll(_ axis: ScrollAxis) -> Bool {
        let minimum = minimumContentOffset, maximum = maximumContentOffset
        return axis == .vertical ? maximum.y > minimum.y : maximum.x > minimum.x
    }

    // MARK: Scrolling

    /// Scrolls so that `offset` (clamped) shows at the top-left, moving over
    /// `scrollAnimationDuration` when `animated` (see the type's notes). The delegate hears of
    /// it when the offset changes.
    public func setContentOffset(_ offset: Point, animated: Bool) {
        let target = clamped(offset)
        guard target != storedOffset else { return }
        storedOffset = target
        showsEnd = target.y >= maximumContentOffset.y
        placeContent(animated: animated)
        contentOffsetDidChange()
        delegate?.scrollViewDidScroll(self)
    }

    /// Called after every change of `contentOffset` that `setContentOffset(_:animated:)` makes
    /// (keys, the wheel, the scroll bars, code), before the delegate hears of it: where a
    /// subclass keeps its own state in step (a list carries its selection along). Does
    /// nothing here.
    open func contentOffsetDidChange() {}

    /// Scrolls as little as needed to show `rect` (content coordinates) whole, or its top-left
    /// part when it is larger than the view.
    public func scrollRectToVisible(_ rect: Rect, animated: Bool) {
        let visible = visibleSize
        var offset = storedOffset
        if rect.maxX > offset.x + visible.width { offset.x = rect.maxX - visible.width }
        if rect.minX < offset.x { offset.x = rect.minX }
        if rect.maxY > offset.y + visible.height { offset.y = rect.maxY - visible.height }
        if rect.minY < offset.y { offset.y = rect.minY }
        setContentOffset(offset, animated: animated)
    }

    /// `point` of the content in this view's coordinates, where the content is drawn now (part
    /// way through an animated scroll, where it is on the way); outside the viewport when it
    /// does not show.
    public func convertFromContent(_ point: Point) -> Point {
        Point(
            x: viewport.frame.minX + contentView.frame.minX + point.x,
            y: viewport.frame.minY + contentView.frame.minY + point.y)
    }

    /// Scrolls by `rows` and `columns` (negative: up and left), clamped.
    public func scroll(byRows rows: Int, columns: Int = 0, animated: Bool = false) {
        setContentOffset(Point(x: storedOffset.x + columns, y: storedOffset.y + rows), animated: animated)
    }

    /// How far a page moves along `axis` (keys and clicks on the scroll bar's track): the
    /// visible length less one cell of overlap, at least one.
    open func pageSize(along axis: ScrollAxis) -> Int { max(1, visibleLength(axis) - 1) }

    /// Scrolls one page (`pageSize(along:)`) along `axis`.
    func scrollByPage(_ axis: ScrollAxis, forward: Bool) {
        let page = max(1, pageSize(along: axis)) * (forward ? 1 : -1)
        if axis == .vertical { scroll(byRows: page) } else { scroll(byRows: 0, columns: page) }
    }

    /// The content's length along `axis` including its insets (for the scroll bars).
    func scrollableLength(_ axis: ScrollAxis) -> Int {
        axis == .vertical
            ? contentSize.height + max(0, contentInset.top) + max(0, contentInset.bottom)
            : contentSize.width + max(0, contentInset.left) + max(0, contentInset.right)
    }

    /// The viewport's length along `axis`.
    func visibleLength(_ axis: ScrollAxis) -> Int { axis == .vertical ? visibleSize.height : visibleSize.width }

    /// The offset along `axis`, counted from the minimum (for the scroll bars).
    func offset(_ axis: ScrollAxis) -> Int {
        axis == .vertical ? storedOffset.y - minimumContentOffset.y : storedOffset.x - minimumContentOffset.x
    }

    /// Sets the offset along `axis`, counted from the minimum (for the scroll bars).
    func setOffset(_ value: Int, along axis: ScrollAxis) {
        var offset = storedOffset
        if axis == .vertical {
            offset.y = value + minimumContentOffset.y
        } else {
            offset.x = value + minimumContentOffset.x
        }
        setContentOffset(offset, animated: false)
    }

    // MARK: Layout

    private func contentGeometryDidChange() {
        // Inside this view's own layout the rest of the pass places everything: asking for
        // another layout would cost a frame.
        if !isLayingOut { setNeedsLayout() }
        clampOffset()
    }

    /// Pulls the offset back within the content when its size, insets or the view's size
    /// changed (the delegate hears of it), or to the end while following it, and places the
    /// content.
    private func clampOffset() {
        var target = clamped(storedOffset)
        if isFollowingEnd { target.y = maximumContentOffset.y }
        if target != storedOffset {
            storedOffset = target
            delegate?.scrollViewDidScroll(self)
        }
        showsEnd = storedOffset.y >= maximumContentOffset.y
        placeContent(animated: false)
    }

    /// Puts the content view where the offset says, animated or at once; a content view already
    /// there (or on its way there) is left alone.
    private func placeContent(animated: Bool) {
        let frame = Rect(origin: Point(x: -storedOffset.x, y: -storedOffset.y), size: contentSize)
        guard contentView.frame != frame else { return }
        if animated {
            View.animate(withDuration: scrollAnimationDuration, curve: .easeOut) { self.contentView.frame = frame }
        } else {
            contentView.frame = frame
        }
        verticalIndicator?.setNeedsDisplay()
        horizontalIndicator?.setNeedsDisplay()
    }

    /// True while `layoutSubviews()` runs here (content sizes set meanwhile need no new pass).
    private var isLayingOut = false

    /// Called first in each layout pass, before the scroll bars and the content are placed:
    /// where a subclass whose content follows its size (wrapped text, a list as wide as the
    /// view) sets `contentSize`. Does nothing here.
    open func layoutContent() {}

    open override func layoutSubviews() {
        super.layoutSubviews()
        isLayingOut = true
        defer { isLayingOut = false }
        layoutContent()
        let shown = showsIndicators
        let visible = visibleSize
        let top = headerHeight
        headerView?.frame = Rect(x: 0, y: 0, width: bounds.width, height: top)
        viewport.frame = Rect(origin: Point(x: 0, y: top), size: visible)
        let vertical = verticalScrollIndicatorInsets, horizontal = horizontalScrollIndicatorInsets
        verticalIndicator = place(
            verticalIndicator, .vertical, shown: shown.vertical,
            frame: Rect(
                x: visible.width + max(0, vertical.left), y: top + max(0, vertical.top), width: 1,
                height: max(0, visible.height - max(0, vertical.top) - max(0, vertical.bottom))))
        horizontalIndicator = place(
            horizontalIndicator, .horizontal, shown: shown.horizontal,
            frame: Rect(
                x: max(0, horizontal.left), y: top + visible.height + max(0, horizontal.top),
                width: max(0, visible.width - max(0, horizontal.left) - max(0, horizontal.right)), height: 1))
        clampOffset()
    }

    /// Shows or hides a scroll bar at `frame`, made (and returned) the first time it shows.
    private func place(_ indicator: ScrollIndicator?, _ axis: ScrollAxis, shown: Bool, frame: Rect)
        -> ScrollIndicator?
    {
        var indicator = indicator
        if indicator == nil, shown {
            let made = ScrollIndicator(axis: axis, scrollView: self)
            addSubview(made)
            indicator = made
        }
        indicator?.isHidden = !shown
        indicator?.frame = frame
        return indicator
    }

    // MARK: Events

    /// A hit on the scroll view's own parts (the viewport, the content view, rows a subclass
    /// draws itself) is a hit on the scroll view, so a press there focuses it and its mouse
    /// handling gets the event; content views added by the app and the scroll bars are hit
    /// as themselves.
    open override func hitTest(_ point: Point) -> View? {
        let hit = super.hitTest(point)
        if let hit, hit === viewport || hit === contentView || hit is OwnerDrawnView { return self }
        return hit
    }

    // MARK: Keys and the wheel

    /// Focusable while the content can scroll, so the keys can reach it.
    open override var canBecomeFocused: Bool { canScroll(.vertical) || canScroll(.horizontal) }

    /// The arrows, PageUp/PageDown and Space, Home and End (see the type's notes).
    open override var defaultKeyBindings: KeyBindings {
        var bindings = KeyBindings(
            title: "Scrolling",
            standard: [.moveUp, .moveDown, .moveLeft, .moveRight, .pageUp, .pageDown, .moveToStart, .moveToEnd],
            yieldsToInner: true)
        bindings.setKeys([KeyEvent(.pageDown), KeyEvent(.character(" "))], for: .pageDown)
        return bindings
    }

    /// A scrolling key acts only while the content can move that way.
    open override func canPerform(_ command: KeyCommand) -> Bool {
        switch command {
        case .moveUp, .moveDown, .pageUp, .pageDown, .moveToStart, .moveToEnd: return canScroll(.vertical)
        case .moveLeft, .moveRight: return canScroll(.horizontal)
        default: return super.canPerform(command)
        }
    }

    /// Scrolls (see the type's notes).
    open override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        switch command {
        case .moveUp: scroll(byRows: -1)
        case .moveDown: scroll(byRows: 1)
        case .moveLeft: scroll(byRows: 0, columns: -1)
        case .moveRight: scroll(byRows: 0, columns: 1)
        case .pageUp: scrollByPage(.vertical, forward: false)
        case .pageDown: scrollByPage(.vertical, forward: true)
        case .moveToStart: setContentOffset(Point(x: storedOffset.x, y: minimumContentOffset.y), animated: false)
        case .moveToEnd: setContentOffset(Point(x: storedOffset.x, y: maximumContentOffset.y), animated: false)
        default: return super.perform(command, key: key)
        }
        return true
    }

    /// The wheel scrolls `wheelScrollLines` rows while the content can move up or down.
    open override func mouseEvent(_ event: MouseEvent, at point: Point) -> Bool {
        guard canScroll(.vertical) else { return super.mouseEvent(event, at: point) }
        switch event.kind {
        case .wheelUp: scroll(byRows: -wheelScrollLines)
        case .wheelDown: scroll(byRows: wheelScrollLines)
        default: return super.mouseEvent(event, at: point)
        }
        return true
    }
}
