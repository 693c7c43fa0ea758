/// A scroll view of rows with one selected row: the layer `ListView` and `TableView` share,
/// owning the selection (a `RowSelection`), the keys that move it, the mouse (press, drag,
/// release, double click), the wheel, and the callbacks. A subclass draws the rows and says
/// where they are (`visibleRows`, `row(at:)`, `scrollToRow(_:)`; by default one line per row,
/// as a table's).
///
/// Guarantees:
/// - Selection by identity: when the data source names each row's identity (`identity(ofRow:)`,
///   from `TableViewDataSource` and `ListViewDataSource`), a reload finds the selected row's
///   identity where it is now (after a sort, rows inserted above, a filter) and selects it
///   there, as UIKit's diffable data sources keep a selection by item identifier; the identity
///   is taken when the row is selected. Gone, or unnamed, the selection stays on its row number
///   (clamped). The search starts at the old row and widens, so rows that barely moved cost
///   little.
/// - The selected row, when there is one, is on screen: every move scrolls just enough to show
///   it, and so do resizes and reloads; however the rows scroll otherwise (the wheel, a scroll
///   bar, code), the selection is carried along to the nearest row wholly on screen.
/// - Keys (while focused): Up/Down one row, PageUp/PageDown a screen of rows, Home/End to the
///   ends, all stopping there (no wrap-around); with no selection, Down and PageDown select
///   the first row on screen and Up and PageUp the last. They are consumed even at an end, so
///   the views around see none. Enter activates the selected row.
/// - Mouse: a left press on a row selects it, dragging moves the selection along, and by
///   `activation` a click on a row (`.click`) or a second press on it within
///   `doubleClickInterval` (`.doubleClick`) activates it too. The wheel scrolls
///   `wheelScrollLines` lines.
/// - The app hears what the user does, once per change, after it happened, through closures:
///   `onSelectionChange` after the selection changed (keys, mouse, the wheel carrying it),
///   `onActivate` when a row is activated. Setting `selectedRow` or reloading calls nothing
///   (UIKit's rule for programmatic selection).
/// - Looks: `selectionLook()` is what the selected row adds to the styles of its cells: while
///   focused `selectedRowStyle` (by default the theme's focus look, reverse video toggled),
///   otherwise `inactiveSelectedRowStyle` (by default the theme's `inactiveSelection`).
/// - Callbacks are held strongly: capture owners weakly. Main actor only.
@MainActor
open class SelectableRowsView: ScrollView {
    /// Called with the new selection after the user changed it (see the type's guarantees).
    public var onSelectionChange: (@MainActor (Int?) -> Void)?

    /// Called with the row the user activated (Enter, or a click by `activation`).
    public var onActivate: (@MainActor (Int) -> Void)?

    /// What a click on a row does beyond selecting it (see `RowActivation`).
    public var activation: RowActivation

    /// Seconds within which a second press on the same row is a double click (default 0.5).
    public var doubleClickInterval = 0.5

    /// The style of unselected rows (and of a table's cells whose data source gives none).
    public var rowStyle = Style.plain { didSet { if rowStyle != oldValue { setNeedsDisplay() } } }

    /// What the selected row adds to its styles while the view is focused (its attributes, and
    /// its colours where not `.default`). `nil` (the default): the theme's focus look
    /// (`View.focusLook(_:)`).
    public var selectedRowStyle: Style? {
        didSet { if selectedRowStyle != oldValue { setNeedsDisplay() } }
    }

    /// What the selected row adds to its styles while the view is not focused. `nil` (the
    /// default): the theme's `inactiveSelection`.
    public var inactiveSelectedRowStyle: Style? {
        didSet { if inactiveSelectedRowStyle != oldValue { setNeedsDisplay() } }
    }

    /// The selection and the number of rows.
    public private(set) var selection = RowSelection()

    /// The number of rows, as the data source said at the last reload.
    public var numberOfRows: Int { selection.count }

    /// The selected row, or `nil`. Setting it clamps to the rows (`nil` when there are none),
    /// scrolls to show it, and calls nothing.
    public var selectedRow: Int? {
        get { selection.row }
        set {
            selection.row = newValue
            rememberSelectedIdentity()
            keepSelectionVisible()
            setNeedsDisplay()
        }
    }

    /// The selected row's identity as the data source named it when the row was selected: a
    /// reload cannot ask for it (the data already changed), so it is remembered, not derived.
    private var selectedIdentity: AnyHashable?

    /// The identity the data source gives `row` (in `0..<numberOfRows`), or nil (the default:
    /// rows are known by their number). `TableView` and `ListView` ask their data source.
    open func identity(ofRow row: Int) -> AnyHashable? { nil }

    private func rememberSelectedIdentity() {
        selectedIdentity = selection.row.flatMap { identity(ofRow: $0) }
    }

    /// The row that has `identity` now, searched outward from `start`; nil when none has.
    private func row(withIdentity identity: AnyHashable, near start: Int) -> Int? {
        let count = numberOfRows
        guard count > 0 else { return nil }
        let start = min(max(0, start), count - 1)
        for distance in 0..<count {
            let below = start + distance, above = start - distance
            if below < count, self.identity(ofRow: below) == identity { return below }
            if distance > 0, above >= 0, self.identity(ofRow: above) == identity { return above }
            if below >= count - 1, above <= 0 { break }
        }
        return nil
    }

    /// The row a left press began on, until its release.
    private var pressedRow: Int?
    /// The row and time of the last press on a row that did not complete a double click.
    private var lastRowPress: (row: Int, time: Double)?
    /// True while the view scrolls for its own reasons (to show the selection, to clamp): the
    /// selection is then left where it is.
    private var isScrollingItself = false

    /// An empty view of rows activated by `activation`.
    public init(activation: RowActivation, frame: Rect = .zero) {
        self.activation = activation
        super.init(frame: frame)
    }

    // MARK: For subclasses

    /// Takes a new number of rows (at a reload): the selection follows its row's identity to
    /// where that row is now (see the type's guarantees), else stays on its row number if it
    /// still exists, else goes to the last row.
    public func setNumberOfRows(_ count: Int) {
        let old = selection.row
        selection.setCount(count)
        if let identity = selectedIdentity, let old, let found = row(withIdentity: identity, near: old) {
            selection.row = found
        }
        rememberSelectedIdentity()
    }

    /// Takes a new number of rows with the selection on `row` (clamped; `nil` for none), for a
    /// subclass that knows where its selected row went (an outline expanding or collapsing
    /// moves the rows below): no search by identity, whatever the number of rows.
    func setNumberOfRows(_ count: Int, selecting row: Int?) {
        selection.setCount(count)
        selection.row = row
        rememberSelectedIdentity()
    }

    /// Lines of the view that show rows (the height less a header and a horizontal bar).
    public var visibleRowCapacity: Int { visibleSize.height }

    /// The rows with a line on screen now. Default: one line per row from the top.
    open var visibleRows: Range<Int> {
        let top = min(max(0, contentOffset.y), numberOfRows)
        return top..<min(numberOfRows, top + visibleRowCapacity)
    }

    /// The rows wholly on screen, where scrolling carries the selection. Default `visibleRows`.
    open var fullyVisibleRows: Range<Int> { visibleRows }

    /// Rows a PageUp or PageDown moves. Default: the rows that fit.
    open var rowsPerPage: Int { max(1, visibleRowCapacity) }

    /// The row drawn at `point` (view coordinates), or `nil`. Default: one line per row under
    /// the header view, within the viewport.
    open func row(at point: Point) -> Int? {
        let header = headerView?.frame.height ?? 0
        let visible = visibleSize
        guard point.x >= 0, point.x < visible.width, point.y >= header, point.y < header + visible.height else {
            return nil
        }
        let row = point.y - convertFromContent(.zero).y
        return row >= 0 && row < numberOfRows ? row : nil
    }

    /// Scrolls up or down as little as needed to show `row` (clamped), as UIKit's
    /// `scrollToRow(at:at:animated:)` with `.none`; the sideways offset stays. Default: one line
    /// per row.
    open func scrollToRow(_ row: Int) {
        guard numberOfRows > 0 else { return }
        let row = min(max(0, row), numberOfRows - 1)
        let capacity = max(1, visibleRowCapacity)
        if row < contentOffset.y {
            scrollItself(to: Point(x: contentOffset.x, y: row))
        } else if row >= contentOffset.y + capacity {
            scrollItself(to: Point(x: contentOffset.x, y: row - capacity + 1))
        }
        setNeedsDisplay()
    }

    /// Scrolls so that the selection shows (after a reload, a resize, a setting). Override to
    /// clamp the offset first.
    open func keepSelectionVisible() {
        if let row = selection.row { scrollToRow(row) }
    }

    /// Scrolls to `offset` (clamped) at once without carrying the selection along: the view's
    /// own scrolls.
    public func scrollItself(to offset: Point) {
        isScrollingItself = true
        defer { isScrollingItself = false }
        setContentOffset(offset, animated: false)
    }

    /// Selects `row` (clamped) as the user does: scrolls to show it and, if the selection
    /// changed, redraws and calls `onSelectionChange`.
    public func userSelect(_ row: Int?) {
        let new = RowSelection.clamped(row, count: numberOfRows)
        if let new { scrollToRow(new) }
        guard new != selection.row else { return }
        selection.row = new
        rememberSelectedIdentity()
        setNeedsDisplay()
        onSelectionChange?(new)
    }

    /// Activates `row` as the user does (`onActivate`).
    public func userActivate(_ row: Int) {
        onActivate?(row)
    }

    /// What the selected row does to a style now (see the type's looks); the theme and the tint
    /// are read once, so call it once per drawing.
    public func selectionLook() -> (Style) -> Style {
        let theme = self.theme
        if isFocused {
            if let selectedRowStyle { return { Self.adding(selectedRowStyle, to: $0) } }
            let tint: Color = tintColor
            return { theme.focused($0, tint: tint) }
        }
        let inactive = inactiveSelectedRowStyle ?? theme.inactiveSelection
        return { Self.adding(inactive, to: $0) }
    }

    /// `style` with `selection`'s attributes added and its colours where not `.default`.
    private static func adding(_ selection: Style, to style: Style) -> Style {
        var result = style
        result.attributes.formUnion(selection.attributes)
        if selection.foreground != .default { result.foreground = selection.foreground }
        if selection.background != .default { result.background = selection.background }
        return result
    }

    // MARK: Keys

    /// The commands the rows take: the moves and Enter (`.activate`).
    public static let rowCommands: [KeyCommand] = [
        .moveUp, .moveDown, .pageUp, .pageDown, .moveToStart, .moveToEnd, .activate
    ]

    open override var canBecomeFocused: Bool { true }

    /// The moves are always taken (at an end too), not only while the content can scroll as
    /// in a plain scroll view; activating needs a selection.
    open override func canPerform(_ command: KeyCommand) -> Bool {
        switch command {
        case .activate: return selection.row != nil
        case .moveUp, .moveDown, .pageUp, .pageDown, .moveToStart, .moveToEnd: return true
        default: return super.canPerform(command)
        }
    }

    /// Moves the selection, or activates the selected row.
    open override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        if command == .activate {
            guard let row = selection.row else { return false }
            userActivate(row)
            return true
        }
        guard let target = selection.target(of: command, page: rowsPerPage, visible: visibleRows) else {
            return super.perform(command, key: key)
        }
        userSelect(target)
        return true
    }

    // MARK: Mouse

    /// Rows take the left press, its motions and its release (see the type's notes) and the
    /// wheel; a press elsewhere in the view is consumed and selects nothing.
    open override func mouseEvent(_ event: MouseEvent, at point: Point) -> Bool {
        switch event.kind {
        case .press(.left):
            pressedRow = row(at: point)
            guard let pressedRow else { return true }
            userSelect(pressedRow)
            guard activation == .doubleClick else { return true }
            let now = window?.mainLoop?.clock.seconds
            if let now, let last = lastRowPress, last.row == pressedRow, now - last.time <= doubleClickInterval {
                lastRowPress = nil
                userActivate(pressedRow)
            } else {
                lastRowPress = now.map { (pressedRow, $0) }
            }
            return true
        case .drag(.left):
            guard pressedRow != nil else { return false }
            if let row = row(at: point) {
                pressedRow = row
                userSelect(row)
            }
            return true
        case .release:
            guard let started = pressedRow else { return false }
            pressedRow = nil
            if activation == .click, row(at: point) == started { userActivate(started) }
            return true
        case .wheelUp, .wheelDown:
            let lines = max(1, wheelScrollLines)
            scroll(byRows: event.kind == .wheelUp ? -lines : lines)
            return true
        default:
            return false
        }
    }

    /// However the rows scrolled (the wheel, the scroll bars, code), the selection is carried
    /// along to the nearest row wholly on screen.
    open override func contentOffsetDidChange() {
        super.contentOffsetDidChange()
        guard !isScrollingItself else { return }
        let whole = fullyVisibleRows
        if let row = selection.row, !whole.isEmpty {
            userSelect(min(max(row, whole.lowerBound), whole.upperBound - 1))
        }
    }
}
