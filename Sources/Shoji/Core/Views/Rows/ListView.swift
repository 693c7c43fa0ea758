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
/// - Selection, keys, mouse, wheel and callbacks are `SelectableRowsView`'s (shared with
///   `TableView`): the selected row, both its lines, is always on screen (with its section's
///   header when it is the section's first row); Up/Down move across sections (headers are
///   not rows) and a press on a section header selects nothing; a click on a row activates it
///   (`activation` is `.click` by default). `scrollOffset` counts lines.
/// - Looks, attribute-first so they read without colour: rows in `rowStyle`; the selected row
///   (its lines) across the whole width with the selection look added (`selectionLook()`:
///   focused, reverse video toggled; otherwise the theme's `inactiveSelection`, dim reverse);
///   section headers in
///   `sectionHeaderStyle`; the optional `headerTitle` bold on the top row. Titles have a
///   1-column margin on each side; with `accessoryWidth` above 0 the accessory is drawn
///   right-aligned in that many columns before the right margin, one space after the title.
///   The title's characters the data source sets apart (a search's matched letters) have
///   `emphasisAttributes` added.
/// - It scrolls as a `ScrollView` (it is one): its lines are the content, `scrollOffset` is
///   `contentOffset.y`, the header row is the scroll view's `headerView`. A vertical scroll
///   bar is off by default (`showsVerticalScrollIndicator`); on, the rows end one column
///   before it.
/// - Callbacks are held strongly: capture owners weakly. Main actor only.
@MainActor
open class ListView: SelectableRowsView {
    /// A list named by its title, its value the chosen row and its place ("Red, 2 of 6").
    open override var defaultAccessibility: AccessibilityDescription {
        var value: String?
        if let row = selectedRow, row < numberOfRows, let dataSource {
            value = "\(dataSource.listView(self, titleForRow: row)), \(row + 1) of \(numberOfRows)"
        }
        return AccessibilityDescription(label: headerTitle, value: value, traits: .list, isElement: true)
    }

    /// Where rows come from; held weakly. Setting it reloads.
    public weak var dataSource: ListViewDataSource? { didSet { reloadData() } }

    /// The data source's identity of `row` (`ListViewDataSource.listView(_:identityForRow:)`).
    open override func identity(ofRow row: Int) -> AnyHashable? {
        dataSource?.listView(self, identityForRow: row)
    }

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

    /// The style of subtitles on unselected rows (default dim).
    public var subtitleStyle = Style(attributes: .dim) { didSet { if subtitleStyle != oldValue { setNeedsDisplay() } } }
    /// Added to the characters of a title that the data source sets apart
    /// (`listView(_:emphasizedCharactersInTitleForRow:)`, a search's matched letters), on
    /// the row's own look, selected or not (default bold and underlined, which read without
    /// colour).
    public var emphasisAttributes: TextAttributes = [.bold, .underline] {
        didSet { if emphasisAttributes != oldValue { setNeedsDisplay() } }
    }
    /// The style of the header row.
    public var headerStyle = Style(attributes: .bold) { didSet { if headerStyle != oldValue { setNeedsDisplay() } } }
    /// The style of section headers (default bold and underlined).
    public var sectionHeaderStyle = Style(attributes: [.bold, .underline]) {
        didSet { if sectionHeaderStyle != oldValue { setNeedsDisplay() } }
    }

    /// The number of sections, as the data source said at the last `reloadData()` (at least 1).
    public var numberOfSections: Int { sections.count }

    /// The selected row's title (its first cell after the margin) while there is a selection,
    /// for screen readers (`Window.cursorFollowsFocus`); else the view's first cell.
    open override var accessibilityCursorPosition: Point? {
        guard let row = selectedRow, row < numberOfRows else { return super.accessibilityCursorPosition }
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
    public init(frame: Rect = .zero) {
        super.init(activation: .click, frame: frame)
        showsVerticalScrollIndicator = false
        showsHorizontalScrollIndicator = false
        headerRow.frame = Rect(x: 0, y: 0, width: 0, height: 1)
        contentView.addSubview(document)
    }

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
        setNumberOfRows(dataSource?.numberOfRows(in: self) ?? 0)
        rebuildLayout()
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

    /// The rows with at least one line on screen now.
    open override var visibleRows: Range<Int> {
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
    open override var fullyVisibleRows: Range<Int> {
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
    open override func row(at point: Point) -> Int? {
        guard bounds.contains(point), point.y >= headerHeight else { return nil }
        if case .row(let row, _) = content(ofLine: scrollOffset + point.y - headerHeight) { return row }
        return nil
    }

    /// Scrolls as little as needed to show all of `row` (clamped to the rows), and its
    /// section's header when it is the section's first row and there is room, as UIKit's
    /// `scrollToRow(at:at:animated:)` with `.none`.
    open override func scrollToRow(_ row: Int) {
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
        scrollItself(to: Point(x: 0, y: line))
    }

    /// The content is the lines, as wide as the view (less the scroll bar's column while it
    /// shows).
    private func updateContentSize() {
        let bar = showsVerticalScrollIndicator && lineCount > bounds.height - headerHeight ? 1 : 0
        let size = Size(width: max(0, bounds.width - bar), height: lineCount)
        document.frame = Rect(origin: .zero, size: size)
        contentSize = size
    }

    private var headerHeight: Int { headerTitle == nil ? 0 : 1 }

    /// Keeps the offset where it shows as many lines as fit: never past the last full screen.
    private func clampScrollOffset() { setLineOffset(scrollOffset) }

    /// Clamps the offset first: a reload or resize may leave it past the last full screen.
    open override func keepSelectionVisible() {
        clampScrollOffset()
        super.keepSelectionVisible()
    }

    /// The content follows the width and the lines.
    open override func layoutContent() { updateContentSize() }

    open override func layoutSubviews() {
        super.layoutSubviews()
        // A resize changes how many rows fit.
        keepSelectionVisible()
    }

    // MARK: Keys

    /// A PageUp or PageDown moves the rows that fit (of one or two lines).
    open override var rowsPerPage: Int { max(1, visibleRowCapacity / rowHeight) }

    /// The arrows, PageUp/PageDown and Home/End move the selection; Enter opens the selected
    /// row (`onActivate`).
    open override var defaultKeyBindings: KeyBindings {
        KeyBindings(title: "List", standard: Self.rowCommands)
    }

    // MARK: Drawing

    /// The title row: `headerTitle` bold (`headerStyle`) with a column of margin each side.
    private func drawHeader(in canvas: inout Canvas) {
        let width = canvas.size.width
        guard width > 0, let headerTitle else { return }
        canvas.fill(Rect(x: 0, y: 0, width: width, height: 1), style: headerStyle)
        canvas.write(DisplayWidth.truncate(headerTitle, toWidth: width - 2), at: Point(x: 1, y: 0), style: headerStyle)
    }

    /// Draws again, with `emphasisAttributes` added, the characters at `offsets` of `title`
    /// that `shown` (the title cut to the row) kept, each at its column within `room`.
    private func drawEmphasis(
        of offsets: Set<Int>, in title: String, shown: String, within room: Rect, style: Style, in canvas: inout Canvas
    ) {
        var emphasis = style
        emphasis.attributes.formUnion(emphasisAttributes)
        // A cut title ends with an ellipsis that is none of the title's characters.
        let kept = shown == title ? Int.max : max(0, shown.count - 1)
        var x = room.minX
        for (offset, character) in title.enumerated() {
            guard offset < kept, x < room.maxX else { break }
            let text = String(character)
            if offsets.contains(offset) {
                canvas.write(text, at: Point(x: x, y: room.minY), style: emphasis, within: room)
            }
            x += DisplayWidth.of(text)
        }
    }

    /// The lines that show in `canvas` (the document's), each at its line: only they are asked
    /// of the data source.
    private func drawLines(in canvas: inout Canvas) {
        let width = canvas.size.width
        guard width > 0, !canvas.clip.isEmpty else { return }
        guard let dataSource else { return }
        let selectedStyle = selectionLook()(rowStyle)
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
                let selected = row == selectedRow
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
                let shown = DisplayWidth.truncate(title, toWidth: titleRoom)
                canvas.write(shown, at: Point(x: 1, y: line.minY), style: style)
                let emphasized = dataSource.listView(self, emphasizedCharactersInTitleForRow: row)
                if !emphasized.isEmpty {
                    let room = Rect(x: 1, y: line.minY, width: max(0, titleRoom), height: 1)
                    drawEmphasis(of: Set(emphasized), in: title, shown: shown, within: room, style: style, in: &canvas)
                }
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
