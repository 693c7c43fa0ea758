/// A scrolling, focusable table of text cells in columns under a header row, with one selected
/// row, as AppKit's `NSTableView` (and UIKit's `UITableView` for the selection): rows from a
/// data source, a sort indicator in the header and a delegate told of the sorts the user asks
/// for. The selection, its keys, the mouse on the rows and the callbacks (`onSelectionChange`,
/// `onActivate`) are `SelectableRowsView`'s, shared with `ListView`.
///
/// Guarantees:
/// - Cost: the row count is cached by `reloadData()` (one call); drawing asks the data source
///   only for the cells that show (the rows on screen, in the columns on screen), and measuring
///   `.fitToContent` columns only for the rows on screen (see `TableColumn.Width`). Keys,
///   clicks and the wheel ask nothing. Nothing is proportional to the number of rows: a
///   million rows scroll at the cost of a screenful.
/// - Layout, left to right: the columns in order with one separator column ("│") between
///   each two, no margin at either end. Each layout gives fixed columns their width and
///   fit-to-content columns theirs (as measured, within their limits), then the flexible
///   columns share what is left of the viewport's width equally (spare columns to the leftmost
///   ones), each at least its minimum. When the columns need more than the view has (too
///   narrow, or fixed and fitted columns wider than it), none shrinks below its width or
///   minimum: the rows become wider than the view and scroll sideways. When they need less
///   (no flexible column), the rows still span the view: what is right of the last column is
///   blank row.
/// - Top to bottom: the header row (the scroll view's `headerView`: it stays while the rows
///   scroll up and down, and moves sideways with them), then one line per row (`rowHeight` is
///   1), then a horizontal scroll bar while the columns are wider than the view. A vertical
///   scroll bar takes the last column while the rows are more than fit.
/// - The selection (always on screen), its keys (the arrows, PageUp/PageDown, Home/End, Enter)
///   and the rows' mouse are `SelectableRowsView`'s: a second press on the same row within
///   `doubleClickInterval` activates it (`activation` is `.doubleClick` by default). While
///   the columns are wider than the view, Left/Right scroll to the previous/next column's left
///   edge (at most a screen's width at a time); otherwise they go on up the chain. `s` sorts by
///   the next sortable column (ascending; after the last, the first), `S` reverses the current
///   sort. All are in `keyBindings` (title "Table"), so an app can rebind them.
/// - Mouse on the header: a click (press and release) on a sortable column's header sorts by
///   it: ascending, or the other way when it is already the sorted column.
/// - The delegate (`delegate`, a `TableViewDelegate`) hears the sorts the user asks for and
///   the scrolling; changes made in code are not told. The table never reorders rows: on a sort request it shows the
///   indicator and the app reorders its data and calls `reloadData()`. Sort requests are
///   told once before the next frame, the last one winning, however many came.
/// - Looks, attribute-first so they read without colour: the header in `headerStyle` (bold,
///   underlined) with "▲" (ascending) or "▼" (descending) after the sorted column's title; rows
///   in `rowStyle` or the data source's style per cell; the selected row across the whole
///   width with the selection look (`selectionLook()`) added to each cell's style;
///   separators as "│" in the
///   row's style. Text is aligned in its column as the column says and truncated with "…".
///   Focused with no row selected, the header takes the focus look instead, so the focus
///   always shows.
/// - Screen readers: with `Window.cursorFollowsFocus` the cursor sits on the selected row's
///   first cell (or the row's first cell on screen, when scrolled sideways).
/// - Main actor only; the data source and the delegate are held weakly.
@MainActor
open class TableView: SelectableRowsView {
    /// A list whose value is the chosen row's cells with their column titles and its place
    /// ("Name Ada, Age 36, row 2 of 100").
    open override var defaultAccessibility: AccessibilityDescription {
        var value: String?
        if let row = selectedRow, row < numberOfRows, let dataSource {
            let cells = columns.map { "\($0.title) \(dataSource.tableView(self, textFor: $0, row: row))" }
            value = (cells + ["row \(row + 1) of \(numberOfRows)"]).joined(separator: ", ")
        }
        return AccessibilityDescription(value: value, traits: .list, isElement: true)
    }

    /// The data source's identity of `row` (`TableViewDataSource.tableView(_:identityForRow:)`).
    open override func identity(ofRow row: Int) -> AnyHashable? {
        dataSource?.tableView(self, identityForRow: row)
    }

    /// Where rows come from; held weakly. Setting it reloads.
    public weak var dataSource: (any TableViewDataSource)? { didSet { reloadData() } }

    /// The columns, left to right. Setting them measures and lays them out again and drops a
    /// `sortDescriptor` whose column is gone.
    public var columns: [TableColumn] = [] {
        didSet {
            guard columns != oldValue else { return }
            if let sort = sortDescriptor, !columns.contains(where: { $0.identifier == sort.column }) {
                sortDescriptor = nil
            }
            measureFitColumns()
            updateContentSize()
            setNeedsDisplay()
        }
    }

    /// The column the rows are sorted by and which way, as the header's indicator shows it;
    /// `nil` (the default) shows none. The user's sort requests set it before the delegate
    /// hears of them; setting it in code only changes the indicator.
    public var sortDescriptor: TableSortDescriptor? {
        didSet { if sortDescriptor != oldValue { headerRow.setNeedsDisplay() } }
    }

    /// True from a sort request of the user's until the delegate hears it (before the next frame).
    private var isSortRequestPending = false

    /// The style of the header row (default bold and underlined).
    public var headerStyle = Style(attributes: [.bold, .underline]) {
        didSet { if headerStyle != oldValue { headerRow.setNeedsDisplay() } }
    }

    /// Lines a row takes: always 1.
    public var rowHeight: Int { 1 }

    /// Each column's width in cells as last laid out, in the order of `columns` (separators not
    /// counted).
    public private(set) var columnWidths: [Int] = []

    /// Each column's left edge in the rows (content coordinates), as last laid out.
    private var columnStarts: [Int] = []

    /// The columns' widths plus the separators between them.
    private var columnsWidth: Int {
        guard let last = columnStarts.indices.last else { return 0 }
        return columnStarts[last] + columnWidths[last]
    }

    /// The widest text each column showed when last measured (header and rows on screen); read
    /// for `.fitToContent` columns only.
    private var measuredWidths: [Int] = []
    /// The table's size when the columns were last measured.
    private var measuredSize: Size?

    /// The selected row's first cell, for screen readers (`Window.cursorFollowsFocus`): the
    /// row's first cell on screen when the table is scrolled sideways; else the view's first
    /// cell.
    open override var accessibilityCursorPosition: Point? {
        guard let row = selectedRow, row < numberOfRows else { return super.accessibilityCursorPosition }
        let start = convertFromContent(Point(x: 0, y: row))
        return Point(x: max(start.x, 0), y: start.y)
    }

    /// Draws the rows that show; the scroll view moves it.
    private lazy var document = OwnerDrawnView { [unowned self] canvas in self.drawRows(in: &canvas) }

    /// The header row, pinned above the rows; drawn at the rows' sideways offset.
    private lazy var headerRow = OwnerDrawnView { [unowned self] canvas in self.drawHeader(in: &canvas) }

    /// An empty table; give it columns, a data source and a frame.
    public init(frame: Rect = .zero) {
        super.init(activation: .doubleClick, frame: frame)
        headerRow.frame = Rect(x: 0, y: 0, width: frame.width, height: 1)
        headerView = headerRow
        contentView.addSubview(document)
    }

    /// While a left press that began on the header lasts: the column it began on (`nil` for a
    /// separator or blank header).
    private var headerPress: Int??

    private var delegateForTable: (any TableViewDelegate)? { delegate as? any TableViewDelegate }

    // MARK: Data

    /// Asks the data source for the row count again (one call), keeps the selection on its row
    /// (by identity when the data source names one, see `SelectableRowsView`; else on its number
    /// if it still exists, else the last row, or none when empty) on the screen line it was on
    /// (as far as the rows reach), measures the `.fitToContent`
    /// columns from the rows that show, and redraws. Texts are not cached, so nothing else is
    /// read here.
    public func reloadData() {
        // The selected row's screen line, kept when the row moves (the data changed under it).
        let line = selectedRow.map { $0 - contentOffset.y }
        setNumberOfRows(dataSource?.numberOfRows(in: self) ?? 0)
        updateContentSize()
        if let line, let row = selectedRow, (0..<visibleRowCapacity).contains(line) {
            scrollItself(to: Point(x: contentOffset.x, y: row - line))
        }
        keepSelectionVisible()
        measureFitColumns()
        updateContentSize()
        setNeedsDisplay()
    }

    /// Takes a new row count with the selection on `row` (see
    /// `SelectableRowsView.setNumberOfRows(_:selecting:)`) and redraws, without asking the data
    /// source for the count or measuring the columns: rows expanded or collapsed in an
    /// `OutlineView` leave the columns as they are, as scrolling does.
    func rowsDidChange(count: Int, selecting row: Int?) {
        setNumberOfRows(count, selecting: row)
        updateContentSize()
        keepSelectionVisible()
        setNeedsDisplay()
    }

    // MARK: Geometry

    /// The index in `columns` of the column drawn at `point` (view coordinates, in the header
    /// or the rows), or `nil` for a separator, blank space right of the last column, the scroll
    /// bars or outside the view.
    public func column(at point: Point) -> Int? {
        let visible = visibleSize
        guard point.x >= 0, point.x < visible.width, point.y >= 0, point.y < headerRows + visible.height
        else { return nil }
        return column(atContentX: point.x - convertFromContent(.zero).x)
    }

    private func column(atContentX x: Int) -> Int? {
        for (index, start) in columnStarts.enumerated() where x >= start && x < start + columnWidths[index] {
            return index
        }
        return nil
    }

    /// Rows the header takes: one, unless the view has no height.
    private var headerRows: Int { min(1, max(0, bounds.height)) }

    // MARK: Columns

    /// Reads the texts of the `.fitToContent` columns in the rows on screen (and their
    /// titles), the only rows read, so the cost is a screenful however many rows there are.
    private func measureFitColumns() {
        measuredSize = bounds.size
        let rows = visibleRows
        measuredWidths = columns.map { column in
            guard case .fitToContent = column.width else { return 0 }
            var widest = DisplayWidth.of(column.title) + (column.isSortable ? 2 : 0)
            if let dataSource {
                for row in rows {
                    widest = max(widest, DisplayWidth.of(dataSource.tableView(self, textFor: column, row: row)))
                }
            }
            return widest
        }
    }

    /// Each column's width for rows `available` cells wide (see the type's notes).
    static func widths(of columns: [TableColumn], measured: [Int], available: Int) -> [Int] {
        var widths = [Int](repeating: 0, count: columns.count)
        var flexible: [Int] = []
        var used = max(0, columns.count - 1)
        for (index, column) in columns.enumerated() {
            switch column.width {
            case .fixed(let width):
                widths[index] = max(0, width)
            case .fitToContent(let minimum, let maximum):
                let measured = index < measured.count ? measured[index] : 0
                widths[index] = max(max(0, minimum), min(measured, maximum ?? Int.max))
            case .flexible:
                flexible.append(index)
                continue
            }
            used += widths[index]
        }
        func minimum(_ index: Int) -> Int {
            if case .flexible(let minimum) = columns[index].width { return max(0, minimum) }
            return 0
        }
        // Columns whose minimum is more than an equal share take their minimum; the others
        // share the rest, until every one left gets at least its minimum.
        var remaining = max(0, available - used)
        var sharing = flexible
        while !sharing.isEmpty {
            let share = remaining / sharing.count
            let narrow = sharing.filter { minimum($0) > share }
            guard !narrow.isEmpty else { break }
            for index in narrow {
                widths[index] = minimum(index)
                remaining = max(0, remaining - widths[index])
            }
            sharing.removeAll { narrow.contains($0) }
        }
        if !sharing.isEmpty {
            let share = remaining / sharing.count, spare = remaining % sharing.count
            for (order, index) in sharing.enumerated() { widths[index] = share + (order < spare ? 1 : 0) }
        }
        return widths
    }

    /// Lays the columns out in the viewport's width and sizes the content: the rows, as wide as
    /// the columns or the viewport, whichever is wider.
    private func updateContentSize() {
        // The viewport's width depends on the vertical bar, which depends on the horizontal
        // one, which depends on the columns: start from the likely width and settle on the one
        // the scroll view gives (at most a column less, once).
        let tall = showsVerticalScrollIndicator && numberOfRows > bounds.height - headerRows
        var available = max(0, bounds.width - (tall ? 1 : 0))
        for _ in 0..<3 {
            columnWidths = Self.widths(of: columns, measured: measuredWidths, available: available)
            var start = 0
            columnStarts = columnWidths.map { width in
                defer { start += width + 1 }
                return start
            }
            let size = Size(width: max(columnsWidth, available), height: numberOfRows)
            document.frame = Rect(origin: .zero, size: size)
            contentSize = size
            let visible = visibleSize.width
            if visible == available { break }
            available = visible
        }
    }

    /// The content follows the view's size; the columns are measured again when it changed.
    open override func layoutContent() {
        // The scroll view cuts the header to the view's height and reads that height back
        // next time: a layout with no height would otherwise leave the header none for good.
        headerRow.frame = Rect(x: 0, y: 0, width: bounds.width, height: 1)
        if measuredSize != bounds.size {
            // Measure the rows that will show: those of the new size, with the selection on screen.
            updateContentSize()
            keepSelectionVisible()
            measureFitColumns()
        }
        updateContentSize()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        // A resize changes how many rows fit.
        keepSelectionVisible()
    }

    // MARK: Sorting by the user

    /// Sorts by `columns[index]`: ascending, or the other way when it is the sorted column.
    /// The indicator shows it at once; the delegate hears it before the next frame (see
    /// `tellSortRequest()`).
    private func userSort(by index: Int, ascending: Bool? = nil) {
        guard columns.indices.contains(index), columns[index].isSortable else { return }
        let column = columns[index]
        let current = sortDescriptor?.column == column.identifier ? sortDescriptor : nil
        let ascending = ascending ?? current.map { !$0.ascending } ?? true
        sortDescriptor = TableSortDescriptor(column: column.identifier, ascending: ascending)
        guard !isSortRequestPending else { return }
        guard let window else { return tellSortRequest() }
        isSortRequestPending = true
        window.performBeforeNextLayout { [weak self] in self?.tellSortRequest() }
    }

    /// Tells the delegate the sort the user asked for last: once for any number of requests
    /// before a frame (3,000 `s` keys typed ahead sort the data once, by the column they end
    /// on), as the frame is the first moment anyone sees the order.
    private func tellSortRequest() {
        isSortRequestPending = false
        guard let sort = sortDescriptor, let column = columns.first(where: { $0.identifier == sort.column }) else {
            return
        }
        delegateForTable?.tableView(self, didRequestSortBy: column, ascending: sort.ascending)
    }

    /// The sortable column after the sorted one (the first when none is sorted), wrapping.
    private var nextSortableColumn: Int? {
        let current = columns.firstIndex { $0.identifier == sortDescriptor?.column } ?? -1
        let count = columns.count
        guard count > 0 else { return nil }
        for step in 1...count {
            let index = (current + step + count) % count
            if columns[index].isSortable { return index }
        }
        return nil
    }

    // MARK: Keys

    /// The arrows, PageUp/PageDown and Home/End move the selection (Left/Right scroll
    /// sideways), Enter activates the selected row, `s` and `S` sort (see the type's notes).
    open override var defaultKeyBindings: KeyBindings {
        var bindings = KeyBindings(
            title: "Table",
            standard: Self.rowCommands + [.moveLeft, .moveRight])
        bindings.set(
            KeyBinding(.sortByNextColumn, keys: [KeyEvent(.character("s"))], title: "Sort by the next column"))
        bindings.set(KeyBinding(.reverseSortOrder, keys: [KeyEvent(.character("S"))], title: "Reverse the sort"))
        return bindings
    }

    /// Left/Right only while the columns are wider than the view; sorting needs a sortable
    /// column, reversing a sort. The rows' commands are `SelectableRowsView`'s.
    open override func canPerform(_ command: KeyCommand) -> Bool {
        switch command {
        case .moveLeft, .moveRight: return canScroll(.horizontal)
        case .sortByNextColumn: return nextSortableColumn != nil
        case .reverseSortOrder:
            return sortDescriptor.map { sort in columns.contains { $0.identifier == sort.column } } ?? false
        default: return super.canPerform(command)
        }
    }

    /// Scrolls sideways or sorts; the rows' commands are `SelectableRowsView`'s.
    open override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        switch command {
        case .moveLeft: scrollSideways(forward: false)
        case .moveRight: scrollSideways(forward: true)
        case .sortByNextColumn:
            guard let next = nextSortableColumn else { return false }
            userSort(by: next, ascending: true)
        case .reverseSortOrder:
            guard let sort = sortDescriptor, let index = columns.firstIndex(where: { $0.identifier == sort.column })
            else { return false }
            userSort(by: index, ascending: !sort.ascending)
        default: return super.perform(command, key: key)
        }
        return true
    }

    /// Scrolls to the next (or previous) column's left edge, at most a screen's width.
    private func scrollSideways(forward: Bool) {
        let x = contentOffset.x
        let page = max(1, visibleSize.width - 1)
        let target =
            forward
            ? min(columnStarts.first { $0 > x } ?? maximumContentOffset.x, x + page)
            : max(columnStarts.last { $0 < x } ?? 0, x - page)
        setContentOffset(Point(x: target, y: contentOffset.y), animated: false)
    }

    // MARK: Mouse

    /// A click (press and release) on a sortable column's header sorts by it; the rows' mouse
    /// is `SelectableRowsView`'s.
    open override func mouseEvent(_ event: MouseEvent, at point: Point) -> Bool {
        switch event.kind {
        case .press(.left) where point.y < headerRows:
            headerPress = .some(column(at: point))
            return true
        case .drag(.left) where headerPress != nil:
            return true
        case .release where headerPress != nil:
            if let started = headerPress ?? nil, point.y < headerRows, column(at: point) == started {
                userSort(by: started)
            }
            headerPress = nil
            return true
        default:
            return super.mouseEvent(event, at: point)
        }
    }

    // MARK: Drawing

    /// The indices of the columns (with the separator after each) that meet content columns
    /// `range`.
    private func columns(meeting range: Range<Int>) -> [Int] {
        columnStarts.indices.filter { index in
            let start = columnStarts[index]
            return start < range.upperBound && start + columnWidths[index] + 1 > range.lowerBound
        }
    }

    /// Writes `text` in a cell `width` columns wide starting at `origin`, aligned and truncated.
    private func drawText(
        _ text: String, at origin: Point, width: Int, alignment: TextAlignment, style: Style, within limit: Rect,
        in canvas: inout Canvas
    ) {
        guard width > 0 else { return }
        let shown = DisplayWidth.truncate(text, toWidth: width)
        let x = origin.x + alignment.offset(ofLineWidth: DisplayWidth.of(shown), in: width)
        let cell = Rect(x: origin.x, y: origin.y, width: width, height: 1).intersection(limit)
        canvas.write(shown, at: Point(x: x, y: origin.y), style: style, within: cell)
    }

    /// The rows that show in `canvas` (the document's), only they and only their cells that
    /// show: the only ones asked of the data source.
    private func drawRows(in canvas: inout Canvas) {
        guard !canvas.clip.isEmpty, let dataSource else { return }
        let minX = max(0, canvas.clip.minX - canvas.origin.x)
        let maxX = min(canvas.size.width, canvas.clip.maxX - canvas.origin.x)
        let first = max(0, canvas.clip.minY - canvas.origin.y)
        let end = min(numberOfRows, canvas.clip.maxY - canvas.origin.y)
        guard first < end, minX < maxX else { return }
        let shownColumns = columns(meeting: minX..<maxX)
        let selected = selectionLook()
        let lastColumn = columns.count - 1
        for row in first..<end {
            let isSelected = row == selectedRow
            let lineStyle = isSelected ? selected(rowStyle) : rowStyle
            let line = Rect(x: minX, y: row, width: maxX - minX, height: 1)
            canvas.fill(line, style: lineStyle)
            for index in shownColumns {
                let column = columns[index]
                let start = columnStarts[index], width = columnWidths[index]
                if start + width > minX, start < maxX {
                    var style = dataSource.tableView(self, styleFor: column, row: row) ?? rowStyle
                    if isSelected { style = selected(style) }
                    if style != lineStyle { canvas.fill(Rect(x: start, y: row, width: width, height: 1), style: style) }
                    let text = dataSource.tableView(self, textFor: column, row: row)
                    drawText(
                        text, at: Point(x: start, y: row), width: width, alignment: column.alignment, style: style,
                        within: line, in: &canvas)
                }
                if index < lastColumn { canvas.write("│", at: Point(x: start + width, y: row), style: lineStyle) }
            }
        }
    }

    /// The header: each column's title in `headerStyle`, aligned as its cells, the sorted one
    /// followed by its indicator, at the rows' sideways offset and only over the viewport.
    private func drawHeader(in canvas: inout Canvas) {
        guard canvas.size.width > 0, canvas.size.height > 0 else { return }
        // Focused with no row selected, the header shows where the focus is (no row is the
        // cursor's: Down selects the first row shown, Up the last).
        let headerStyle = isFocused && selectedRow == nil ? selectionLook()(self.headerStyle) : self.headerStyle
        canvas.fill(Rect(x: 0, y: 0, width: canvas.size.width, height: 1), style: headerStyle)
        let limit = Rect(x: 0, y: 0, width: visibleSize.width, height: 1)
        let originX = convertFromContent(.zero).x
        let lastColumn = columns.count - 1
        for index in columns(meeting: -originX..<(limit.maxX - originX)) {
            let column = columns[index]
            let start = originX + columnStarts[index], width = columnWidths[index]
            var title = DisplayWidth.truncate(column.title, toWidth: width)
            if let sort = sortDescriptor, sort.column == column.identifier, width > 0 {
                let mark = sort.ascending ? "▲" : "▼"
                let room = DisplayWidth.truncate(column.title, toWidth: width - 2)
                title = room.isEmpty ? mark : room + " " + mark
            }
            drawText(
                title, at: Point(x: start, y: 0), width: width, alignment: column.alignment, style: headerStyle,
                within: limit, in: &canvas)
            if index < lastColumn {
                canvas.write("│", at: Point(x: start + width, y: 0), style: headerStyle, within: limit)
            }
        }
    }
}
