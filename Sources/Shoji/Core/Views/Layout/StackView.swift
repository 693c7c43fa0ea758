/// Lays out a row or a column of views, as UIKit's `UIStackView`: its arranged subviews, in
/// order, along `axis`, with `spacing` between them, sized from their content
/// (`intrinsicContentSize`, `sizeThatFits(_:)`) and placed across by `alignment`.
///
/// ```swift
/// let row = StackView(spacing: 2, arrangedSubviews: [Label(text: "Name"), nameField])
/// let form = StackView(axis: .vertical, arrangedSubviews: [title, row, buttons])
/// ```
///
/// Guarantees:
/// - Order and ownership: `arrangedSubviews` is the order along the axis (left to right, top to
///   bottom), independent of the drawing order of `subviews`. Arranging a view adds it as a
///   subview; `removeArrangedSubview(_:)` only stops arranging it (it stays a subview, as in
///   UIKit); a view that leaves the stack view (`removeFromSuperview()`, or added elsewhere)
///   is no longer arranged. Subviews that are not arranged are left where they are.
/// - Hidden arranged subviews take no room and no spacing; showing one again lays it out.
/// - Lengths along the axis: a view with an intrinsic length along the axis
///   (`intrinsicContentSize` other than `View.noIntrinsicMetric`) wants what
///   `sizeThatFits(_:)` answers for the width (or height) it gets across, so a wrapping label in
///   a column is as tall as its text at the column's width; a view without one stretches.
///   `distribution` turns that into lengths (see `Distribution` for each rule). With `.fill`
///   the extra room goes to the views with no intrinsic length, shared equally, else to the
///   last view (put a plain `View()` at the end as a spacer to keep it elsewhere).
/// - Too little room (`.fill`, `.equalSpacing`, `.equalCentering`): views give way in order,
///   first those with no intrinsic length, then the others from the last one back, each
///   shrinking to 0 before the one before it shrinks; a view cut to nothing takes its gap with
///   it, as if hidden, so the views that still show keep their spacing and the first ones show
///   longest (the top of a form stays). With `.fillEqually` and `.fillProportionally` the gaps
///   are kept and the shares shrink. No length is ever negative and every arranged subview's
///   frame lies within the stack view's bounds (a view with no room is 0 long at the end).
/// - Integer cells: a length that does not divide (equal shares, proportions, equal gaps)
///   gives the cells left over one each to the first views (or gaps); centring rounds down
///   (the extra cell goes after).
/// - Across the axis (`alignment`): `.fill` gives every view the whole width (or height);
///   otherwise a view with an intrinsic size across gets what `sizeThatFits(_:)` answers at its
///   length (at most the whole), placed at the start, centre or end, and a view without one
///   gets the whole.
/// - Content: `intrinsicContentSize` and `sizeThatFits(_:)` are computed from the visible
///   arranged subviews (with `spacing` and, when `isLayoutMarginsRelativeArrangement`, the
///   margins), so a stack view nests in another one.
/// - Relayout, in the same frame: the stack view lays out again (`setNeedsLayout()`) when it
///   is resized, when an arranged subview's content size changes
///   (`invalidateIntrinsicContentSize()`: a label's text, a button's title), is hidden or shown,
///   added or removed, and when any of its own properties changes; it then invalidates its own
///   content size, so a stack view around it does the same. A change made before the layout
///   pass reaches the stack view (in an event handler, a timer, a controller's
///   `viewDidLayoutSubviews()` above it) shows laid out in the frame it causes: no frame shows
///   the old layout with the new content.
/// - The stack view draws nothing of its own (its `backgroundStyle`, if set). Main actor only.
///
/// Differs from UIKit: no Auto Layout constraints, hugging or compression priorities: the
/// rules above decide who stretches and who shrinks. No baseline alignment. Negative spacing
/// counts as 0 (views never overlap).
@MainActor
open class StackView: View {
    /// The direction views are laid out in, as UIKit's `NSLayoutConstraint.Axis`.
    public enum Axis: Hashable, Sendable {
        /// Left to right: a row.
        case horizontal
        /// Top to bottom: a column.
        case vertical
    }

    /// How views are placed across the axis, as UIKit's `UIStackView.Alignment`.
    public enum Alignment: Hashable, Sendable {
        /// Every view takes the whole width (column) or height (row).
        case fill
        /// Views at the left edge (column) or the top (row).
        case leading
        /// Views centred across the axis (rounded towards the start).
        case center
        /// Views at the right edge (column) or the bottom (row).
        case trailing

        /// `.leading`, the name used for a row.
        public static var top: Alignment { .leading }
        /// `.trailing`, the name used for a row.
        public static var bottom: Alignment { .trailing }
    }

    /// How the length along the axis is shared, as UIKit's `UIStackView.Distribution`.
    public enum Distribution: Hashable, Sendable {
        /// Views at their intrinsic lengths; the extra room goes to the views with none (equal
        /// shares), else to the last view; too little room shrinks the last views first (see the
        /// type's guarantees).
        case fill
        /// Every view the same length (intrinsic lengths are not used).
        case fillEqually
        /// Lengths in proportion to the intrinsic lengths, filling the stack view (a view with
        /// no intrinsic length counts as 0; if no view has one, equal lengths).
        case fillProportionally
        /// Views at their intrinsic lengths, the extra room shared equally between the gaps
        /// (`spacing` is the least gap). With a view that has no intrinsic length, as `.fill`.
        case equalSpacing
        /// Views at their intrinsic lengths with their centres equally spaced, the first view at
        /// the start and the last at the end. When that would bring two views closer than
        /// `spacing` (or a view has no intrinsic length, or there is one view), as
        /// `.equalSpacing`.
        case equalCentering
    }

    /// The views laid out, in order along the axis. A subset of `subviews` (see the type's
    /// guarantees for how it changes).
    public private(set) var arrangedSubviews: [View] = []

    /// Row (`.horizontal`, the default, as UIKit's) or column (`.vertical`).
    public var axis: Axis = .horizontal { didSet { if axis != oldValue { arrangementDidChange() } } }

    /// Cells between adjacent visible arranged subviews (default 0; negative counts as 0). The
    /// least gap for `.equalSpacing` and `.equalCentering`.
    public var spacing = 0 { didSet { if spacing != oldValue { arrangementDidChange() } } }

    /// Placement across the axis (default `.fill`).
    public var alignment: Alignment = .fill { didSet { if alignment != oldValue { arrangementDidChange() } } }

    /// Sharing along the axis (default `.fill`).
    public var distribution: Distribution = .fill {
        didSet { if distribution != oldValue { arrangementDidChange() } }
    }

    /// When true, views are laid out inside `layoutMargins` rather than the whole bounds, as
    /// UIKit's (default false).
    public var isLayoutMarginsRelativeArrangement = false {
        didSet { if isLayoutMarginsRelativeArrangement != oldValue { arrangementDidChange() } }
    }

    /// The margins, as `View`'s; a change also changes the stack view's content size when they
    /// are used.
    public override var layoutMargins: EdgeInsets {
        didSet { if layoutMargins != oldValue && isLayoutMarginsRelativeArrangement { arrangementDidChange() } }
    }

    /// Gaps set by `setCustomSpacing(_:after:)`, by arranged subview.
    private var customSpacings: [ObjectIdentifier: Int] = [:]

    /// A stack view arranging `arrangedSubviews` in order (each added as a subview), with the
    /// given properties (UIKit's defaults: a row, no spacing, `.fill` both ways).
    public init(
        axis: Axis = .horizontal, spacing: Int = 0, alignment: Alignment = .fill, distribution: Distribution = .fill,
        arrangedSubviews: [View] = [], frame: Rect = .zero
    ) {
        self.axis = axis
        self.spacing = spacing
        self.alignment = alignment
        self.distribution = distribution
        super.init(frame: frame)
        for view in arrangedSubviews { addArrangedSubview(view) }
    }

    // MARK: Arranged subviews

    /// Arranges `view` last, adding it as a subview (on top) if it is not one. A view already
    /// arranged moves to the end.
    public func addArrangedSubview(_ view: View) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Arranges `view` at `index` (clamped to `0...arrangedSubviews.count`), adding it as a
    /// subview (on top) if it is not one. A view already arranged moves to `index` of the
    /// remaining ones.
    public func insertArrangedSubview(_ view: View, at index: Int) {
        precondition(view !== self, "StackView.insertArrangedSubview: a stack view cannot arrange itself")
        arrangedSubviews.removeAll { $0 === view }
        if view.superview !== self { addSubview(view) }
        arrangedSubviews.insert(view, at: min(max(0, index), arrangedSubviews.count))
        arrangementDidChange()
    }

    /// Stops arranging `view`; it stays a subview where it is (as UIKit's). Its custom spacing
    /// is forgotten. Does nothing if `view` is not arranged.
    public func removeArrangedSubview(_ view: View) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        arrangedSubviews.removeAll { $0 === view }
        customSpacings[ObjectIdentifier(view)] = nil
        arrangementDidChange()
    }

    /// Sets the gap after `arrangedSubview` to `spacing` cells instead of `spacing` (negative
    /// counts as 0), or back to `spacing` with `nil`, as UIKit's `setCustomSpacing(_:after:)`.
    /// The gap shows only while the view and a later one are visible. Ignored for a view that is
    /// not arranged; forgotten when the view stops being arranged.
    public func setCustomSpacing(_ spacing: Int?, after arrangedSubview: View) {
        guard arrangedSubviews.contains(where: { $0 === arrangedSubview }) else { return }
        let key = ObjectIdentifier(arrangedSubview)
        guard customSpacings[key] != spacing else { return }
        customSpacings[key] = spacing
        arrangementDidChange()
    }

    /// The gap set after `arrangedSubview` by `setCustomSpacing(_:after:)`, or `nil` (the gap
    /// is then `spacing`).
    public func customSpacing(after arrangedSubview: View) -> Int? {
        customSpacings[ObjectIdentifier(arrangedSubview)]
    }

    /// A view leaving the stack view is no longer arranged.
    override func willRemoveSubview(_ subview: View) {
        super.willRemoveSubview(subview)
        removeArrangedSubview(subview)
    }

    /// A hidden arranged subview takes no room: lay out again.
    override func subviewIsHiddenDidChange(_ subview: View) {
        super.subviewIsHiddenDidChange(subview)
        if arrangedSubviews.contains(where: { $0 === subview }) { arrangementDidChange() }
    }

    /// An arranged subview's content size changed: lay out again, in the coming layout pass.
    open override func intrinsicContentSizeDidChange(of subview: View) {
        super.intrinsicContentSizeDidChange(of: subview)
        if arrangedSubviews.contains(where: { $0 === subview }) { arrangementDidChange() }
    }

    /// Lays out again and tells the superview the content size may have changed.
    private func arrangementDidChange() {
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    // MARK: Size

    /// Along the axis: the arranged subviews' intrinsic lengths and the gaps between them
    /// (with `.fillEqually`, the longest times their number), or `View.noIntrinsicMetric` if a
    /// visible arranged subview has none. Across: the largest intrinsic size across, or
    /// `View.noIntrinsicMetric` if none has one. Margins are added when the arrangement is
    /// relative to them; with no visible arranged subview, the margins alone.
    open override var intrinsicContentSize: Size {
        let views = visibleArrangedSubviews
        let insets = margins
        guard !views.isEmpty else {
            return Size(width: insets.left + insets.right, height: insets.top + insets.bottom)
        }
        let lengths = views.map { axis.length(of: $0.intrinsicContentSize) }
        let crosses = views.map { axis.cross(of: $0.intrinsicContentSize) }.filter { $0 >= 0 }
        var length = View.noIntrinsicMetric
        if lengths.allSatisfy({ $0 >= 0 }) {
            let content = distribution == .fillEqually ? (lengths.max() ?? 0) * lengths.count : lengths.reduce(0, +)
            length = content + gaps(for: views).reduce(0, +) + axis.length(ofInsets: insets)
        }
        let cross = crosses.isEmpty ? View.noIntrinsicMetric : (crosses.max() ?? 0) + axis.cross(ofInsets: insets)
        return axis.intrinsicSize(length: length, cross: cross)
    }

    /// The size the arranged subviews need within `size`: along the axis what they want there
    /// (wrapped labels at the width they would get), or `size`'s length if the stack view has
    /// no intrinsic length; across, the most any of them needs at the length it would get, or
    /// `size`'s if none has an intrinsic size across. Either may be more than `size`.
    open override func sizeThatFits(_ size: Size) -> Size {
        let natural = intrinsicContentSize
        let views = visibleArrangedSubviews
        guard !views.isEmpty else { return natural }
        let insets = margins
        let room = axis.length(of: size) - axis.length(ofInsets: insets)
        let crossRoom = max(0, axis.cross(of: size) - axis.cross(ofInsets: insets))
        let plan = layout(of: views, room: max(0, room), crossRoom: crossRoom)
        var length = axis.length(of: size)
        if axis.length(of: natural) >= 0 {
            length = plan.layout.naturalLength + axis.length(ofInsets: insets)
            if distribution == .fillEqually {
                length =
                    (plan.layout.wanted.map { $0 ?? 0 }.max() ?? 0) * views.count + plan.layout.gaps.reduce(0, +)
                    + axis.length(ofInsets: insets)
            }
        }
        var cross = axis.cross(of: size)
        if axis.cross(of: natural) >= 0 {
            let needs = zip(views, plan.spans).compactMap { view, span -> Int? in
                guard axis.cross(of: view.intrinsicContentSize) >= 0 else { return nil }
                return axis.cross(of: view.sizeThatFits(axis.size(length: span.length, cross: crossRoom)))
            }
            cross = (needs.max() ?? 0) + axis.cross(ofInsets: insets)
        }
        return Size(width: axis == .horizontal ? length : cross, height: axis == .horizontal ? cross : length)
    }

    // MARK: Layout

    /// Places the visible arranged subviews (see the type's guarantees).
    open override func layoutSubviews() {
        super.layoutSubviews()
        let views = visibleArrangedSubviews
        guard !views.isEmpty else { return }
        let insets = margins
        // Margins wider than the view leave no room, at their start (clamped into the bounds).
        let content = Rect(
            x: min(insets.left, bounds.width), y: min(insets.top, bounds.height),
            width: bounds.width - insets.left - insets.right, height: bounds.height - insets.top - insets.bottom)
        let room = axis.length(of: content.size), crossRoom = axis.cross(of: content.size)
        let plan = layout(of: views, room: room, crossRoom: crossRoom)
        for (view, span) in zip(views, plan.spans) {
            let cross = crossLength(of: view, length: span.length, room: crossRoom)
            let offset: Int
            switch alignment {
            case .fill, .leading: offset = 0
            case .center: offset = (crossRoom - cross) / 2
            case .trailing: offset = crossRoom - cross
            }
            view.frame =
                axis == .horizontal
                ? Rect(x: content.minX + span.origin, y: content.minY + offset, width: span.length, height: cross)
                : Rect(x: content.minX + offset, y: content.minY + span.origin, width: cross, height: span.length)
        }
    }

    /// The arranged subviews that take room, in order.
    private var visibleArrangedSubviews: [View] { arrangedSubviews.filter { !$0.isHidden } }

    /// The margins in use: `layoutMargins` (negatives as 0) when the arrangement is relative to
    /// them, else none.
    private var margins: EdgeInsets {
        guard isLayoutMarginsRelativeArrangement else { return .zero }
        let margins = layoutMargins
        return EdgeInsets(
            top: max(0, margins.top), left: max(0, margins.left), bottom: max(0, margins.bottom),
            right: max(0, margins.right))
    }

    /// The gaps after each of `views` but the last: its custom spacing, else `spacing`.
    private func gaps(for views: [View]) -> [Int] {
        views.dropLast().map { max(0, customSpacings[ObjectIdentifier($0)] ?? spacing) }
    }

    /// The arithmetic along the axis for `views` in `room` cells (and `crossRoom` across, which
    /// the wanted lengths depend on), and its spans.
    private func layout(of views: [View], room: Int, crossRoom: Int) -> (layout: StackLayout, spans: [StackLayout.Span])
    {
        let wanted = views.map { view -> Int? in
            guard axis.length(of: view.intrinsicContentSize) >= 0 else { return nil }
            let across = proposedCross(for: view, room: crossRoom)
            return max(0, axis.length(of: view.sizeThatFits(axis.size(length: max(0, room), cross: across))))
        }
        let layout = StackLayout(wanted: wanted, gaps: gaps(for: views), room: max(0, room))
        return (layout, layout.spans(distribution))
    }

    /// The size across a view is measured at: the whole with `.fill` or for a view with no
    /// intrinsic size across, else its intrinsic size across (at most the whole).
    private func proposedCross(for view: View, room: Int) -> Int {
        let natural = axis.cross(of: view.intrinsicContentSize)
        guard alignment != .fill, natural >= 0 else { return max(0, room) }
        return max(0, min(room, natural))
    }

    /// The size across given to `view` once it is `length` cells long (see the type).
    private func crossLength(of view: View, length: Int, room: Int) -> Int {
        let room = max(0, room)
        guard alignment != .fill, axis.cross(of: view.intrinsicContentSize) >= 0 else { return room }
        return max(0, min(room, axis.cross(of: view.sizeThatFits(axis.size(length: length, cross: room)))))
    }
}

extension StackView.Axis {
    /// The length of `size` along the axis (may be `View.noIntrinsicMetric`).
    func length(of size: Size) -> Int { self == .horizontal ? size.width : size.height }

    /// The length of `size` across the axis.
    func cross(of size: Size) -> Int { self == .horizontal ? size.height : size.width }

    /// Cells `insets` take along the axis.
    func length(ofInsets insets: EdgeInsets) -> Int {
        self == .horizontal ? insets.left + insets.right : insets.top + insets.bottom
    }

    /// Cells `insets` take across the axis.
    func cross(ofInsets insets: EdgeInsets) -> Int {
        self == .horizontal ? insets.top + insets.bottom : insets.left + insets.right
    }

    /// A size `length` long along the axis and `cross` across (negatives as 0).
    func size(length: Int, cross: Int) -> Size {
        self == .horizontal ? Size(width: length, height: cross) : Size(width: cross, height: length)
    }

    /// A size that may hold `View.noIntrinsicMetric` (which `Size.init` would clamp to 0).
    func intrinsicSize(length: Int, cross: Int) -> Size {
        var size = Size.zero
        size.width = self == .horizontal ? length : cross
        size.height = self == .horizontal ? cross : length
        return size
    }
}
