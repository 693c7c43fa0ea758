/// The rows of a shown menu (`MenuController`'s view): the selection, keys, mouse and wheel of
/// `SelectableRowsView`, one line per row, with the menu's title (when it has one and the
/// menu is no submenu, whose row already shows it) on a fixed top line.
///
/// Guarantees:
/// - Each action's row: a mark column (✓ on, – mixed; `*` and `-` in the ASCII glyph set), the
///   title, and the key equivalent right-aligned; a submenu's row ends in "›" (`>`); inline
///   groups are set apart by separator lines. Destructive actions take the theme's
///   `destructive` style, disabled ones its `disabled` attributes; the selected row the focus
///   look. Titles are drawn inert and cut with "…" when the menu is narrower than they are.
/// - Only enabled actions and submenus can be selected: Up/Down, PageUp/PageDown and
///   Home/End skip separators and disabled rows (staying put when nothing selectable lies
///   that way); a typed letter selects the next selectable row whose title starts with it
///   (case-insensitive, wrapping around); a press on a separator or a disabled row selects
///   nothing and a click on it chooses nothing.
@MainActor
final class MenuView: SelectableRowsView {
    /// The rows shown, read from the menu when it opened.
    let rows: [MenuRow]
    /// The menu's title, shown bold on the top line; empty for none.
    let title: String

    private lazy var document = OwnerDrawnView { [unowned self] canvas in self.drawRows(in: &canvas) }
    private lazy var titleRow = OwnerDrawnView { [unowned self] canvas in self.drawTitle(in: &canvas) }

    init(menu: Menu, showsTitle: Bool) {
        rows = MenuRow.rows(of: menu)
        title = showsTitle ? menu.title : ""
        super.init(activation: .click)
        showsVerticalScrollIndicator = false
        showsHorizontalScrollIndicator = false
        contentView.addSubview(document)
        if !title.isEmpty {
            titleRow.frame = Rect(x: 0, y: 0, width: 0, height: 1)
            headerView = titleRow
        }
        setNumberOfRows(rows.count)
    }

    // MARK: Sizes

    /// Columns before a title: a margin, the mark, a space.
    static let titleStart = 3

    /// The width a row needs to show in full: margins, mark, title, and the key equivalent or
    /// the submenu arrow after a gap of 2.
    static func width(of row: MenuRow) -> Int {
        let trailing = DisplayWidth.of(trailingText(of: row, glyphs: .unicode))
        return titleStart + DisplayWidth.of(row.title) + (trailing > 0 ? 2 + trailing : 0) + 1
    }

    /// The size that shows every row and the title in full (at least 12 columns wide).
    var fittingSize: Size {
        let widest = rows.map(Self.width(of:)).max() ?? 0
        let titleWidth = title.isEmpty ? 0 : DisplayWidth.of(title) + 2
        return Size(width: max(12, widest, titleWidth), height: rows.count + (title.isEmpty ? 0 : 1))
    }

    /// The text at the right of a row: the key equivalent, or the submenu arrow.
    static func trailingText(of row: MenuRow, glyphs: GlyphSet) -> String {
        switch row {
        case .action(let action, _): return action.keyEquivalent?.displayName ?? ""
        case .submenu: return glyphs == .ascii ? ">" : "›"
        case .separator: return ""
        }
    }

    // MARK: Keys and selection

    /// The moves; Enter and Space choose the selected row (`.activate`).
    override var defaultKeyBindings: KeyBindings {
        var bindings = KeyBindings(title: "Menu", standard: Self.rowCommands)
        bindings.setKeys([KeyEvent(.enter), KeyEvent(.character(" "))], for: .activate)
        return bindings
    }

    /// The first selectable row from `start` going by `step` (±1), `start` included; nil when
    /// none lies that way.
    func selectableRow(from start: Int, step: Int) -> Int? {
        var row = start
        while row >= 0 && row < rows.count {
            if rows[row].isSelectable { return row }
            row += step
        }
        return nil
    }

    /// Only selectable rows are hit.
    override func row(at point: Point) -> Int? {
        guard let row = super.row(at: point), rows[row].isSelectable else { return nil }
        return row
    }

    /// The moves land on selectable rows (see the type's guarantees).
    override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        guard case .some(let target) = selection.target(of: command, page: rowsPerPage, visible: visibleRows),
            let target
        else { return super.perform(command, key: key) }
        let forward: Bool
        switch command {
        case .moveUp, .pageUp, .moveToEnd: forward = false
        default: forward = true
        }
        let step = forward ? 1 : -1
        // A page or an end that lands on a separator looks the other way too, before the start.
        var found = selectableRow(from: target, step: step)
        if found == nil, command != .moveUp, command != .moveDown { found = selectableRow(from: target, step: -step) }
        if let found { userSelect(found) }
        return true
    }

    /// A typed letter selects the next row starting with it (see the type's guarantees).
    override func keyPressed(_ event: KeyEvent) -> Bool {
        guard case .character(let typed) = event.key, event.typesText, !rows.isEmpty else {
            return super.keyPressed(event)
        }
        let letter = typed.lowercased()
        let start = (selectedRow ?? -1) + 1
        for offset in 0..<rows.count {
            let row = (start + offset) % rows.count
            if rows[row].isSelectable, rows[row].title.first.map({ $0.lowercased() }) == letter {
                userSelect(row)
                break
            }
        }
        return true
    }

    // MARK: Accessibility

    /// The selected item as a screen reader says it: "Copy, menu item, checked, 2 of 5" (the
    /// place counts the rows that are not separators).
    override var defaultAccessibility: AccessibilityDescription {
        guard let row = selectedRow else {
            return AccessibilityDescription(label: title, traits: .list, isElement: true)
        }
        let items = rows.indices.filter { !rows[$0].isSeparator }
        var parts: [String] = []
        switch rows[row] {
        case .action(let action, _):
            parts.append("menu item")
            if action.state == .on { parts.append("checked") }
            if action.state == .mixed { parts.append("mixed") }
            if !action.isEnabled { parts.append("dimmed") }
        case .submenu: parts.append("submenu")
        case .separator: break
        }
        if let place = items.firstIndex(of: row) { parts.append("\(place + 1) of \(items.count)") }
        return AccessibilityDescription(
            label: rows[row].title, value: parts.joined(separator: ", "), isElement: true)
    }

    /// The selected row's title.
    override var accessibilityCursorPosition: Point? {
        guard let row = selectedRow else { return super.accessibilityCursorPosition }
        return convertFromContent(Point(x: Self.titleStart, y: row))
    }

    // MARK: Layout and drawing

    override func layoutContent() {
        let size = Size(width: bounds.width, height: rows.count)
        document.frame = Rect(origin: .zero, size: size)
        contentSize = size
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        keepSelectionVisible()
    }

    private func drawTitle(in canvas: inout Canvas) {
        let width = canvas.size.width
        guard width > 2 else { return }
        let style = Style(attributes: .bold)
        canvas.fill(style: style)
        canvas.write(DisplayWidth.truncate(title, toWidth: width - 2), at: Point(x: 1, y: 0), style: style)
    }

    private func drawRows(in canvas: inout Canvas) {
        let width = canvas.size.width
        guard width > 0, !canvas.clip.isEmpty else { return }
        let theme = self.theme, glyphs = glyphSet
        let selected = selectionLook()
        let first = max(0, canvas.clip.minY - canvas.origin.y)
        let end = min(rows.count, canvas.clip.maxY - canvas.origin.y)
        guard first < end else { return }
        for y in first..<end {
            let line = Rect(x: 0, y: y, width: width, height: 1)
            let row = rows[y]
            var style = rowStyle
            var mark = " "
            switch row {
            case .separator:
                let separator = Style(attributes: .dim)
                canvas.fill(line, style: separator)
                canvas.write(
                    String(repeating: glyphs == .ascii ? "-" : "─", count: width), at: line.origin, style: separator)
                continue
            case .action(let action, _):
                if action.attributes.contains(.destructive) { style = theme.destructive }
                if !action.isEnabled { style.attributes.formUnion(theme.disabled) }
                switch action.state {
                case .on: mark = glyphs == .ascii ? "*" : "✓"
                case .mixed: mark = glyphs == .ascii ? "-" : "–"
                case .off: break
                }
            case .submenu:
                break
            }
            if y == selectedRow { style = selected(style) }
            canvas.fill(line, style: style)
            let trailing = DisplayWidth.truncate(
                Self.trailingText(of: row, glyphs: glyphs), toWidth: max(0, width - Self.titleStart - 1))
            let trailingWidth = DisplayWidth.of(trailing)
            let titleRoom = max(0, width - Self.titleStart - 1 - (trailingWidth > 0 ? trailingWidth + 2 : 0))
            if width > 1 { canvas.write(mark, at: Point(x: 1, y: y), style: style) }
            canvas.write(
                DisplayWidth.truncate(row.title, toWidth: titleRoom), at: Point(x: Self.titleStart, y: y), style: style)
            if trailingWidth > 0 {
                canvas.write(trailing, at: Point(x: width - 1 - trailingWidth, y: y), style: style)
            }
        }
    }
}
