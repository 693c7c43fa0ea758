/// A scrolling, focusable list of one-line text rows with one selected row, as a
/// single-section, text-only UIKit `UITableView`.
///
/// Guarantees:
/// - Cost: the row count is cached by `reloadData()`; drawing asks the data source for the
///   visible rows' titles only, and keys, clicks and the wheel do constant work. Nothing is
///   proportional to the number of rows (100,000 rows cost what 10 do).
/// - The selected row, when there is one, is always on screen: every move scrolls just enough
///   to show it, and so do resizes and reloads.
/// - Keys (without modifiers, while focused): Up/Down move one row, PageUp/PageDown one screen
///   of rows, Home/End to the first/last row; all stop at the ends (no wrap-around). With no
///   selection, Down and PageDown select the first row on screen and Up and PageUp the last.
///   Enter calls `onActivate` with the selected row. These keys are consumed even at an end,
///   so a list at its first row does not pass Up to the views around it.
/// - Mouse: a left press on a row selects it (dragging moves the selection along); releasing
///   on the row where the press began also activates it when `activatesOnClick` (a tap, as in
///   UIKit). The wheel scrolls by `wheelScrollRows` rows; the selection is carried along so it
///   stays on screen.
/// - `onSelectionChange` is called for changes the user makes (keys, mouse, wheel), once per
///   change, after `selectedRow` changed; setting `selectedRow` or reloading does not call it
///   (as UIKit's delegate is not told of programmatic selection).
/// - Looks, attribute-first so they read without colour: rows in `rowStyle`; the selected row
///   across the whole width in `selectedRowStyle` (reverse) while the list is focused and in
///   `inactiveSelectedRowStyle` (dim reverse) otherwise; the optional `headerTitle` bold on the
///   top row. Titles have a 1-column margin on each side.
/// - Callbacks are held strongly: capture owners weakly. Main actor only.
@MainActor
open class ListView: View {
    /// Where rows come from; held weakly. Setting it reloads.
    public weak var dataSource: ListViewDataSource? { didSet { reloadData() } }

    /// Called with the new selection after the user changed it (see the type's guarantees).
    public var onSelectionChange: (@MainActor (Int?) -> Void)?

    /// Called with the row the user activated (Enter, or a click when `activatesOnClick`).
    public var onActivate: (@MainActor (Int) -> Void)?

    /// Whether a click (press and release on the same row) activates the row as well as
    /// selecting it. Default true.
    public var activatesOnClick = true

    /// Rows one wheel notch scrolls. Default 3 (at least 1 is used).
    public var wheelScrollRows = 3

    /// Text shown bold on the top row above the rows (like a table's section header title);
    /// `nil` gives the whole height to rows.
    public var headerTitle: String? {
        didSet {
            guard headerTitle != oldValue else { return }
            keepSelectionVisible()
            setNeedsDisplay()
        }
    }

    /// The style of unselected rows.
    public var rowStyle = Style.plain { didSet { if rowStyle != oldValue { setNeedsDisplay() } } }
    /// The style of the selected row while the list is focused.
    public var selectedRowStyle = Style(attributes: .reverse) { didSet { if selectedRowStyle != oldValue { setNeedsDisplay() } } }
    /// The style of the selected row while the list is not focused.
    public var inactiveSelectedRowStyle = Style(attributes: [.reverse, .dim]) {
        didSet { if inactiveSelectedRowStyle != oldValue { setNeedsDisplay() } }
    }
    /// The style of the header row.
    public var headerStyle = Style(attributes: .bold) { didSet { if headerStyle != oldValue { setNeedsDisplay() } } }

    /// The number of rows, as the data source said at the last `reloadData()`.
    public private(set) var numberOfRows = 0

    /// The selected row, or `nil`. Setting it clamps to the rows (nil when there are none),
    /// scrolls to show it, and does not call `onSelectionChange`.
    public var selectedRow: Int? {
        get { storedSelection }
        set { storedSelection = clamped(newValue); keepSelectionVisible(); setNeedsDisplay() }
    }

    /// The first row shown (the scroll position, in rows).
    public private(set) var scrollOffset = 0

    private var storedSelection: Int?
    /// The row a left press began on, until its release.
    private var pressedRow: Int?

    // MARK: Data

    /// Asks the data source for the number of rows again, keeps the selection if it still
    /// exists (else the last row, or none when empty) and redraws. Titles are not cached, so
    /// nothing else is read here.
    public func reloadData() {
        numberOfRows = max(0, dataSource?.numberOfRows(in: self) ?? 0)
        storedSelection = clamped(storedSelection)
        keepSelectionVisible()
        setNeedsDisplay()
    }

    // MARK: Geometry

    /// Rows of the view that show rows (the height less the header row).
    public var visibleRowCapacity: Int { max(0, bounds.height - headerHeight) }

    /// The rows on screen now.
    public var visibleRows: Range<Int> {
        let start = min(scrollOffset, numberOfRows)
        return start..<min(numberOfRows, start + visibleRowCapacity)
    }

    /// The row drawn at `point` (view coordinates), or `nil` for the header, blank space or
    /// outside the view.
    public func row(at point: Point) -> Int? {
        guard bounds.contains(point), point.y >= headerHeight else { return nil }
        let row = scrollOffset + point.y - headerHeight
        return visibleRows.contains(row) ? row : nil
    }

    /// Scrolls as little as needed to show `row` (clamped to the rows), as UIKit's
    /// `scrollToRow(at:at:animated:)` with `.none`.
    public func scrollToRow(_ row: Int) {
        guard numberOfRows > 0 else { return }
        let row = min(max(0, row), numberOfRows - 1)
        let capacity = max(1, visibleRowCapacity)
        if row < scrollOffset {
            scrollOffset = row
        } else if row >= scrollOffset + capacity {
            scrollOffset = row - capacity + 1
        }
        clampScrollOffset()
        setNeedsDisplay()
    }

    private var headerHeight: Int { headerTitle == nil ? 0 : 1 }

    private func clamped(_ row: Int?) -> Int? {
        guard let row, numberOfRows > 0 else { return nil }
        return min(max(0, row), numberOfRows - 1)
    }

    /// Keeps the offset where it shows as many rows as fit: never past the last full screen.
    private func clampScrollOffset() {
        scrollOffset = min(max(0, scrollOffset), max(0, numberOfRows - visibleRowCapacity))
    }

    private func keepSelectionVisible() {
        clampScrollOffset()
        if let storedSelection { scrollToRow(storedSelection) }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        // A resize changes how many rows fit.
        keepSelectionVisible()
    }

    // MARK: Selection by the user

    private func userSelect(_ row: Int?) {
        let new = clamped(row)
        scrollToRow(new ?? scrollOffset)
        guard new != storedSelection else { return }
        storedSelection = new
        setNeedsDisplay()
        onSelectionChange?(new)
    }

    open override var canBecomeFocused: Bool { true }

    open override func keyPressed(_ event: KeyEvent) -> Bool {
        guard event.modifiers.isEmpty else { return false }
        let page = max(1, visibleRowCapacity)
        let last = numberOfRows - 1
        switch event.key {
        case .up: userSelect(storedSelection.map { $0 - 1 } ?? visibleRows.last)
        case .down: userSelect(storedSelection.map { $0 + 1 } ?? visibleRows.first)
        case .pageUp: userSelect(storedSelection.map { $0 - page } ?? visibleRows.last)
        case .pageDown: userSelect(storedSelection.map { $0 + page } ?? visibleRows.first)
        case .home: userSelect(0)
        case .end: userSelect(last)
        case .enter:
            guard let storedSelection else { return false }
            onActivate?(storedSelection)
        default: return false
        }
        return true
    }

    open override func mouseEvent(_ event: MouseEvent, at point: Point) -> Bool {
        switch event.kind {
        case .press(.left):
            pressedRow = row(at: point)
            if let pressedRow { userSelect(pressedRow) }
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
            if activatesOnClick, row(at: point) == started { onActivate?(started) }
            return true
        case .wheelUp, .wheelDown:
            scroll(by: event.kind == .wheelUp ? -max(1, wheelScrollRows) : max(1, wheelScrollRows))
            return true
        default:
            return false
        }
    }

    /// Scrolls by `rows` (clamped), carrying the selection along so it stays on screen.
    private func scroll(by rows: Int) {
        scrollOffset += rows
        clampScrollOffset()
        setNeedsDisplay()
        if let storedSelection, !visibleRows.isEmpty {
            userSelect(min(max(storedSelection, visibleRows.lowerBound), visibleRows.upperBound - 1))
        }
    }

    // MARK: Drawing

    open override func draw(in canvas: inout Canvas) {
        let width = canvas.size.width
        guard width > 0 else { return }
        if let headerTitle {
            canvas.fill(Rect(x: 0, y: 0, width: width, height: 1), style: headerStyle)
            canvas.write(DisplayWidth.truncate(headerTitle, toWidth: width - 2), at: Point(x: 1, y: 0), style: headerStyle)
        }
        guard let dataSource else { return }
        let selectedStyle = isFocused ? selectedRowStyle : inactiveSelectedRowStyle
        for row in visibleRows {
            let y = headerHeight + row - scrollOffset
            let style = row == storedSelection ? selectedStyle : rowStyle
            canvas.fill(Rect(x: 0, y: y, width: width, height: 1), style: style)
            let title = dataSource.listView(self, titleForRow: row)
            canvas.write(DisplayWidth.truncate(title, toWidth: width - 2), at: Point(x: 1, y: y), style: style)
        }
    }
}
