/// A scrolling, focusable list of text rows with one selected row, as UIKit's `UITableView`
/// (plain style, text cells): optionally grouped in sections with headers, with a second line
/// per row (subtitle) and an accessory column.
///
/// Guarantees:
/// - Cost: the counts are cached by `reloadData()` (one call per section, none per row);
///   drawing asks the data source only for what is on screen (see `ListViewDataSource`), and
///   keys, clicks and the wheel do work that grows at most with the log of the number of
///   sections. Nothing is proportional to the number of rows (100,000 rows cost what 10 do).
/// - Layout, top to bottom: the optional `headerTitle` (bold, fixed on the top row), then
///   lines that scroll: for each section its header line if it has one, then its rows, one
///   line each, or two with `showsSubtitles` (title, then the subtitle in `subtitleStyle`).
///   A plain data source (one section, no header) gives one line per row, as before sections.
/// - The selected row, when there is one, is always on screen, both its lines: every move
///   scrolls just enough to show it (and its section's header when it is the section's first
///   row), and so do resizes and reloads. `scrollOffset` counts lines.
/// - Keys (without modifiers, while focused): Up/Down move one row (across sections; headers
///   are not rows), PageUp/PageDown one screen of rows, Home/End to the first/last row; all
///   stop at the ends (no wrap-around). With no selection, Down and PageDown select the first
///   row on screen and Up and PageUp the last. Enter calls `onActivate` with the selected row.
///   These keys are consumed even at an end, so a list at its first row does not pass Up to
///   the views around it.
/// - Mouse: a left press on a row (either of its lines) selects it (dragging moves the
///   selection along); a press on a section header selects nothing; releasing on the row
///   where the press began also activates it when `activatesOnClick` (a tap, as in UIKit). The
///   wheel scrolls by `wheelScrollRows` lines; the selection is carried along so it stays on
///   screen.
/// - `onSelectionChange` is called for changes the user makes (keys, mouse, wheel), once per
///   change, after `selectedRow` changed; setting `selectedRow` or reloading does not call it
///   (as UIKit's delegate is not told of programmatic selection).
/// - Looks, attribute-first so they read without colour: rows in `rowStyle`; the selected row
///   (its lines) across the whole width in `selectedRowStyle` while the list is focused (by
///   default the theme's focus look of `rowStyle`: reverse video) and in
///   `inactiveSelectedRowStyle` otherwise (by default the theme's `inactiveSelection`: dim
///   reverse); section headers in
///   `sectionHeaderStyle`; the optional `headerTitle` bold on the top row. Titles have a
///   1-column margin on each side; with `accessoryWidth` above 0 the accessory is drawn
///   right-aligned in that many columns before the right margin, one space after the title.
/// - It scrolls as a `ScrollView` (it is one): its lines are the content, `scrollOffset` is
///   `contentOffset.y`, the header row is the scroll view's `headerView`. A vertical scroll
///   bar is off by default (`showsVerticalScrollIndicator`); on, the rows end one column
///   before it.
/// - Callbacks are held strongly: capture owners weakly. Main actor only.
@MainActor
open class ListView: ScrollView {
    /// Where rows come from; held weakly. Setting it reloads.
    public weak var dataSource: ListViewDataSource? { didSet { reloadData() } }

    /// Called with the new selection after the user changed it (see the type's guarantees).
    public var onSelectionChange: (@MainActor (Int?) -> Void)?

    /// Called with the row the user activated (Enter, or a click when `activatesOnClick`).
    public var onActivate: (@MainActor (Int) -> Void)?

    /// Whether a click (press and release on the same row) activates the row as well as
    /// selecting it. Default true.
    public var activatesOnClick = true

    /// Lines one wheel notch scrolls. Default 3 (at least 1 is used).
    public var wheelScrollRows = 3

    /// Text shown bold on the top row above the rows (like a table's header view), fixed while
    /// the rows scroll; `nil` gives the whole height to rows.
    public var headerTitle: String? {
        didSet {
            guard headerTitle != oldValue else { return }
            if (headerTitle == nil) != (oldValue == nil) { headerView = headerTitle == nil ? nil : headerRow }
            keepSelectionVisible()
            setNeedsDisplay()
        }
    }

    /// Whether every row has a second line for its subtitle (`listView(_:subtitleForRow:)`),
    /// as UIKit's `.subtitle` cell style; all rows are then two lines tall (one height for all
    /// keeps scrolling independent of the number of rows). Default false.
    public var showsSubtitles = false {
        didSet {
            guard showsSubtitles != oldValue else { return }
            rebuildLayout()
            keepSelectionVisible()
            setNeedsDisplay()
        }
    }

    /// Columns at the right of each row for its accessory (`listView(_:accessoryForRow:)`),
    /// as UIKit's `accessoryView`; 0 (the default) has no accessory column and asks for none.
    public var accessoryWidth = 0 { didSet { if accessoryWidth != oldValue { setNeedsDisplay() } } }

    /// The style of unselected rows.
    public var rowStyle = Style.plain { didSet { if rowStyle != oldValue { setNeedsDisplay() } } }
    /// The style of subtitles on unselected rows (default dim).
    public var subtitleStyle = Style(attributes: .dim) { didSet { if subtitleStyle != oldValue { setNeedsDisplay() } } }
    /// The style of the selected row while the list is focused.
    /// `nil` (the default): the theme's focus look (`View.focusLook(_:)`).
    public var selectedRowStyle: Style? {
        didSet { if selectedRowStyle != oldValue { setNeedsDisplay() } }
    }
    /// The style of the selected row while the list is not focused.
    /// `nil` (the default): the theme's `inactiveSelection`.
    public var inactiveSelectedRowStyle: Style? {
        didSet { if inactiveSelectedRowStyle != oldValue { setNeedsDisplay() } }
    }
    /// The style of the header row.
    public var headerStyle = Style(attributes: .bold) { didSet { if headerStyle != oldValue { setNeedsDisplay() } } }
    /// The style of section headers (default bold and underlined).
    public var sectionHeaderStyle = Style(attributes: [.bold, .underline]) {
        didSet { if sectionHeaderStyle != oldValue { setNeedsDisplay() } }
    }

    /// The number of rows, as the data source said at the last `reloadData()`.
    public private(set) var numberOfRows = 0

    /// The number of sections, as the data source said at the last `reloadData()` (at least 1).
    public var numberOfSections: Int { sections.count }

    /// The selected row, or `nil`. Setting it clamps to the rows (nil when there are none),
    /// scrolls to show it, and does not call `onSelectionChange`.
    public var selectedRow: Int? {
        get { storedSelection }
        set { storedSelection = clamped(newValue); keepSelectionVisible(); setNeedsDisplay() }
    }

    /// The selected row's title (its first cell after the margin) while there is a selection,
    /// for screen readers (`Window.cursorFollowsFocus`); else the view's first cell.
    open override var accessibilityCursorPosition: Point? {
        guard let row = storedSelection, row < numberOfRows else { return super.accessibilityCursorPosition }
        return convertFromContent(Point(x: 1, y: line(ofRow: row)))
    }

    /// The first line shown (the scroll position, in lines: one per row for a plain list):
    /// `contentOffset.y`.
    public var scrollOffset: Int { contentOffset.y }

    /// Draws the lines that show; the scroll view moves it.
    private lazy var document = OwnerDrawnView { [unowned self] canvas in self.drawLines(in: &canvas) }

    /// The title row (`headerTitle`), pinned above the lines.
    private lazy var headerRow = OwnerDrawnView { [unowned self] canvas in self.drawHeader(in: &canvas) }

    /// An empty list; give it a data source and a frame.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        showsVerticalScrollIndicator = false
        showsHorizontalScrollIndicator = false
        headerRow.frame = Rect(x: 0, y: 0, width: 0, height: 1)
        contentView.addSubview(document)
    }

    private var storedSelection: Int?
    /// The row a left press began on, until its release.
    private var pressedRow: Int?

    /// One section as laid out at the last reload: its rows, whether it has a header line, and
    /// its first line.
    private struct Section {
        var rows: Range<Int>
        var hasHeader: Bool
        var firstLine: Int
    }

    /// The sections, in order (at least one); their lines follow each other with no gap.
    private var sections = [Section(rows: 0..<0, hasHeader: false, firstLine: 0)]

    /// Lines per row: 2 with subtitles.
    private var rowHeight: Int { showsSubtitles ? 2 : 1 }

    // MARK: Data

    /// Asks the data source for the counts again (rows, sections, each section's rows and
    /// whether it has a header: one call per section), keeps the selection if it still exists
    /// (else the last row, or none when empty) and redraws. Texts are not cached, so nothing
    /// else is read here.
    public func reloadData() {
        numberOfRows = max(0, dataSource?.numberOfRows(in: self) ?? 0)
        rebuildLayout()
        storedSelection = clamped(storedSelection)
        keepSelectionVisible()
        setNeedsDisplay()
    }

    /// Lays the sections over the rows from the data source's counts (O(sections)).
    private func rebuildLayout() {
        let count = dataSource.map { max(1, $0.numberOfSections(in: self)) } ?? 1
        var result: [Section] = []
        result.reserveCapacity(count)
        var row = 0, line = 0
        for section in 0..<count {
            let wanted = max(0, dataSource?.listView(self, numberOfRowsInSection: section) ?? 0)
            // The last section takes whatever the counts left over; none goes past the total.
            let end = section == count - 1 ? numberOfRows : min(numberOfRows, row + wanted)
            let hasHeader = dataSource?.listView(self, titleForHeaderInSection: section) != nil
            result.append(Section(rows: row..<end, hasHeader: hasHeader, firstLine: line))
            line += (hasHeader ? 1 : 0) + (end - row) * rowHeight
            row = end
        }
        sections = result
    }

    /// All the lines the rows and section headers take.
    private var lineCount: Int {
        let last = sections[sections.count - 1]
        return last.firstLine + (last.hasHeader ? 1 : 0) + last.rows.count * rowHeight
    }

    // MARK: Sections

    /// The rows of `section` (empty for a section out of range).
    public func rows(inSection section: Int) -> Range<Int> {
        sections.indices.contains(section) ? sections[section].rows : numberOfRows..<numberOfRows
    }

    /// The section holding `row` (the last section for a row past the end).
    public func section(containingRow row: Int) -> Int {
        // The last section starting at or before `row`: later ones start after it, and empty
        // sections starting where the row's section starts come before that section.
        var low = 0, high = sections.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if sections[middle].rows.lowerBound <= row { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The first line of `row` (its title line).
    private func line(ofRow row: Int) -> Int {
        let section = sections[section(containingRow: row)]
        return section.firstLine + (section.hasHeader ? 1 : 0) + (row - section.rows.lowerBound) * rowHeight
    }

    /// What `line` shows: a section's header, a row (and which of its lines), or nothing.
    private enum LineContent: Equatable {
        case header(section: Int)
        case row(Int, subtitle: Bool)
        case none
    }

    private func content(ofLine line: Int) -> LineContent {
        guard line >= 0, line < lineCount else { return .none }
        var low = 0, high = sections.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if sections[middle].firstLine <= line { low = middle } else { high = middle - 1 }
        }
        // Sections without lines share their first line with the next: the last one that
        // starts at or before `line` is the one showing it.
        let section = sections[low]
        var offset = line - section.firstLine
        if section.hasHeader {
            if offset == 0 { return .header(section: low) }
            offset -= 1
        }
        let row = section.rows.lowerBound + offset / rowHeight
        return section.rows.contains(row) ? .row(row, subtitle: offset % rowHeight == 1) : .none
    }

    // MARK: Geometry

    /// Lines of the view that show rows and section headers (the height less the header row).
    public var visibleRowCapacity: Int { visibleSize.height }

    /// The rows with at least one line on screen now.
    public var visibleRows: Range<Int> {
        let capacity = visibleRowCapacity
        guard numberOfRows > 0, capacity > 0 else { return numberOfRows..<numberOfRows }
        var first: Int?
        var last: Int?
        // The first and last rows are within a screen's lines from each end.
        let end = max(scrollOffset, min(lineCount, scrollOffset + capacity))
        for line in scrollOffset..<end {
            if case .row(let row, _) = content(ofLine: line) { first = row; break }
        }
        for line in stride(from: end - 1, through: scrollOffset, by: -1) {
            if case .row(let row, _) = content(ofLine: line) { last = row; break }
        }
        guard let first, let last else { return numberOfRows..<numberOfRows }
        return first..<(last + 1)
    }

    /// The rows whose every line is on screen.
    private var fullyVisibleRows: Range<Int> {
        let shown = visibleRows
        guard !shown.isEmpty else { return shown }
        let top = scrollOffset, bottom = scrollOffset + visibleRowCapacity
        var first = shown.lowerBound, last = shown.upperBound - 1
        if line(ofRow: first) < top { first += 1 }
        if line(ofRow: last) + rowHeight > bottom { last -= 1 }
        return first <= last ? first..<(last + 1) : shown.lowerBound..<shown.lowerBound
    }

    /// The row drawn at `point` (view coordinates, either of its lines), or `nil` for the
    /// header, a section header, blank space or outside the view.
    public func row(at point: Point) -> Int? {
        guard bounds.contains(point), point.y >= headerHeight else { return nil }
        if case .row(let row, _) = content(ofLine: scrollOffset + point.y - headerHeight) { return row }
        return nil
    }

    /// Scrolls as little as needed to show all of `row` (clamped to the rows), and its
    /// section's header when it is the section's first row and there is room, as UIKit's
    /// `scrollToRow(at:at:animated:)` with `.none`.
    public func scrollToRow(_ row: Int) {
        guard numberOfRows > 0 else { return }
        let row = min(max(0, row), numberOfRows - 1)
        let capacity = max(1, visibleRowCapacity)
        var top = line(ofRow: row)
        let bottom = top + rowHeight
        let section = sections[section(containingRow: row)]
        if section.hasHeader, row == section.rows.lowerBound, bottom - (top - 1) <= capacity { top -= 1 }
        if top < scrollOffset {
            setLineOffset(top)
        } else if bottom > scrollOffset + capacity {
            // Just enough to show the bottom, but never past the top (a row taller than the view).
            setLineOffset(min(top, bottom - capacity))
        }
        clampScrollOffset()
        setNeedsDisplay()
    }

    /// Scrolls to line `line` (clamped), at once. The list's own scrolls (to show the
    /// selection, to clamp) leave the selection where it is.
    private func setLineOffset(_ line: Int) {
        updateContentSize()
        isScrollingItself = true
        defer { isScrollingItself = false }
        setContentOffset(Point(x: 0, y: line), animated: false)
    }

    /// True while the list scrolls for its own reasons (see `setLineOffset`).
    private var isScrollingItself = false

    /// The content is the lines, as wide as the view (less the scroll bar's column while it
    /// shows).
    private func updateContentSize() {
        let bar = showsVerticalScrollIndicator && lineCount > bounds.height - headerHeight ? 1 : 0
        let size = Size(width: max(0, bounds.width - bar), height: lineCount)
        document.frame = Rect(origin: .zero, size: size)
        contentSize = size
    }

    private var headerHeight: Int { headerTitle == nil ? 0 : 1 }

    private func clamped(_ row: Int?) -> Int? {
        guard let row, numberOfRows > 0 else { return nil }
        return min(max(0, row), numberOfRows - 1)
    }

    /// Keeps the offset where it shows as many lines as fit: never past the last full screen.
    private func clampScrollOffset() { setLineOffset(scrollOffset) }

    private func keepSelectionVisible() {
        clampScrollOffset()
        if let storedSelection { scrollToRow(storedSelection) }
    }

    /// The content follows the width and the lines.
    open override func layoutContent() { updateContentSize() }

    open override func layoutSubviews() {
        super.layoutSubviews()
        // A resize changes how many rows fit.
        keepSelectionVisible()
    }

    // MARK: Selection by the user

    private func userSelect(_ row: Int?) {
        let new = clamped(row)
        if let new { scrollToRow(new) }
        guard new != storedSelection else { return }
        storedSelection = new
        setNeedsDisplay()
        onSelectionChange?(new)
    }

    open override var canBecomeFocused: Bool { true }

    /// The arrows, PageUp/PageDown and Home/End move the selection; Enter opens the selected
    /// row (`onActivate`).
    open override var defaultKeyBindings: KeyBindings {
        KeyBindings(
            title: "List", standard: [.moveUp, .moveDown, .pageUp, .pageDown, .moveToStart, .moveToEnd, .activate])
    }

    /// Opening needs a selected row; the moves are always taken (at an end too), not only
    /// while the content can scroll as in a plain scroll view.
    open override func canPerform(_ command: KeyCommand) -> Bool {
        switch command {
        case .activate: return storedSelection != nil
        case .moveUp, .moveDown, .pageUp, .pageDown, .moveToStart, .moveToEnd: return true
        default: return super.canPerform(command)
        }
    }

    /// Moves the selection, or opens the selected row.
    open override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        let page = max(1, visibleRowCapacity / rowHeight)
        switch command {
        case .moveUp: userSelect(storedSelection.map { $0 - 1 } ?? visibleRows.last)
        case .moveDown: userSelect(storedSelection.map { $0 + 1 } ?? visibleRows.first)
        case .pageUp: userSelect(storedSelection.map { $0 - page } ?? visibleRows.last)
        case .pageDown: userSelect(storedSelection.map { $0 + page } ?? visibleRows.first)
        case .moveToStart: userSelect(0)
        case .moveToEnd: userSelect(numberOfRows - 1)
        case .activate:
            guard let storedSelection else { return false }
            onActivate?(storedSelection)
        default: return super.perform(command, key: key)
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

    /// Scrolls by `lines` (clamped); the selection comes along (`contentOffsetDidChange`).
    private func scroll(by lines: Int) {
        setContentOffset(Point(x: 0, y: scrollOffset + lines), animated: false)
        setNeedsDisplay()
    }

    /// However the rows scrolled (the wheel, the scroll bar), the selection is carried along so
    /// it stays on screen.
    open override func contentOffsetDidChange() {
        super.contentOffsetDidChange()
        guard !isScrollingItself else { return }
        let whole = fullyVisibleRows
        if let storedSelection, !whole.isEmpty {
            userSelect(min(max(storedSelection, whole.lowerBound), whole.upperBound - 1))
        }
    }

    // MARK: Drawing

    /// The title row: `headerTitle` bold (`headerStyle`) with a column of margin each side.
    private func drawHeader(in canvas: inout Canvas) {
        let width = canvas.size.width
        guard width > 0, let headerTitle else { return }
        canvas.fill(Rect(x: 0, y: 0, width: width, height: 1), style: headerStyle)
        canvas.write(DisplayWidth.truncate(headerTitle, toWidth: width - 2), at: Point(x: 1, y: 0), style: headerStyle)
    }

    /// The lines that show in `canvas` (the document's), each at its line: only they are asked
    /// of the data source.
    private func drawLines(in canvas: inout Canvas) {
        let width = canvas.size.width
        guard width > 0, !canvas.clip.isEmpty else { return }
        guard let dataSource else { return }
        let selectedStyle =
            isFocused
            ? selectedRowStyle ?? focusLook(rowStyle) : inactiveSelectedRowStyle ?? theme.inactiveSelection
        let accessoryRoom = accessoryWidth > 0 ? min(accessoryWidth, max(0, width - 2)) : 0
        let titleRoom = width - 2 - (accessoryRoom > 0 ? accessoryRoom + 1 : 0)
        let first = max(0, canvas.clip.minY - canvas.origin.y)
        let end = min(lineCount, canvas.clip.maxY - canvas.origin.y)
        guard first < end else { return }
        for y in first..<end {
            let line = Rect(x: 0, y: y, width: width, height: 1)
            switch content(ofLine: y) {
            case .header(let section):
                canvas.fill(line, style: sectionHeaderStyle)
                let title = dataSource.listView(self, titleForHeaderInSection: section) ?? ""
                canvas.write(
                    DisplayWidth.truncate(title, toWidth: width - 2), at: Point(x: 1, y: line.minY),
                    style: sectionHeaderStyle)
            case .row(let row, let isSubtitle):
                let selected = row == storedSelection
                let style = selected ? selectedStyle : rowStyle
                canvas.fill(line, style: style)
                if isSubtitle {
                    let subtitle = dataSource.listView(self, subtitleForRow: row) ?? ""
                    canvas.write(
                        DisplayWidth.truncate(subtitle, toWidth: width - 2), at: Point(x: 1, y: line.minY),
                        style: selected ? style : subtitleStyle)
                    continue
                }
                let title = dataSource.listView(self, titleForRow: row)
                canvas.write(
                    DisplayWidth.truncate(title, toWidth: titleRoom), at: Point(x: 1, y: line.minY), style: style)
                if accessoryRoom > 0, let accessory = dataSource.listView(self, accessoryForRow: row) {
                    let shown = DisplayWidth.truncate(accessory, toWidth: accessoryRoom)
                    canvas.write(shown, at: Point(x: width - 1 - DisplayWidth.of(shown), y: line.minY), style: style)
                }
            case .none:
                break
            }
        }
    }
}
