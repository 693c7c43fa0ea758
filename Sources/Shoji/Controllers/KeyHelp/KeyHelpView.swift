/// The key help's list: headings and "keys  title" rows in two columns, scrolled by its own
/// keys and the wheel when taller than its bounds. Drawn inert, cut to the width.
@MainActor
final class KeyHelpView: View {
    /// One row of the list.
    enum Row: Equatable {
        /// A group's name (bold).
        case heading(String)
        /// A binding: its keys and what they do.
        case binding(keys: String, title: String)
    }

    let rows: [Row]

    /// The first row shown.
    private(set) var scrollOffset = 0 {
        didSet { if scrollOffset != oldValue { setNeedsDisplay() } }
    }

    init(rows: [Row]) {
        self.rows = rows
        super.init()
    }

    override var canBecomeFocused: Bool { true }

    /// Columns for the keys: the widest keys, at most half the width.
    private var keyColumnWidth: Int {
        let widest =
            rows.map { row -> Int in
                if case .binding(let keys, _) = row { return DisplayWidth.of(keys) }
                return 0
            }.max() ?? 0
        return min(widest, max(1, (bounds.width - 2) / 2))
    }

    /// The size that shows every row uncut, with a margin of one column each side.
    var naturalSize: Size {
        let keys =
            rows.map { row -> Int in
                if case .binding(let keys, _) = row { return DisplayWidth.of(keys) }
                return 0
            }.max() ?? 0
        let width =
            rows.map { row -> Int in
                switch row {
                case .heading(let text): return DisplayWidth.of(text)
                case .binding(_, let title): return 2 + keys + 2 + DisplayWidth.of(title)
                }
            }.max() ?? 0
        return Size(width: width + 2, height: rows.count)
    }

    private var maximumScrollOffset: Int { max(0, rows.count - bounds.height) }

    override func layoutSubviews() {
        super.layoutSubviews()
        scrollOffset = min(scrollOffset, maximumScrollOffset)
    }

    override func draw(in canvas: inout Canvas) {
        let width = canvas.size.width - 2
        guard width > 0 else { return }
        let keyWidth = keyColumnWidth
        for (y, row) in rows.dropFirst(scrollOffset).prefix(canvas.size.height).enumerated() {
            switch row {
            case .heading(let text):
                canvas.write(
                    DisplayWidth.truncate(text, toWidth: width), at: Point(x: 1, y: y), style: Style(attributes: .bold))
            case .binding(let keys, let title):
                let shownKeys = DisplayWidth.truncate(keys, toWidth: keyWidth)
                canvas.write(shownKeys, at: Point(x: 3, y: y), style: Style(attributes: .reverse))
                let titleX = 3 + keyWidth + 2
                if titleX < width + 1 {
                    canvas.write(DisplayWidth.truncate(title, toWidth: width + 1 - titleX), at: Point(x: titleX, y: y))
                }
            }
        }
    }

    // MARK: Scrolling

    override var defaultKeyBindings: KeyBindings {
        KeyBindings(
            title: "Key list",
            [
                KeyBinding(.moveUp, keys: [KeyEvent(.up)], title: "Scroll up"),
                KeyBinding(.moveDown, keys: [KeyEvent(.down)], title: "Scroll down"),
                KeyBinding(.pageUp, keys: [KeyEvent(.pageUp)], title: "Page up"),
                KeyBinding(.pageDown, keys: [KeyEvent(.pageDown)], title: "Page down"),
                KeyBinding(.moveToStart, keys: [KeyEvent(.home)], title: "Top"),
                KeyBinding(.moveToEnd, keys: [KeyEvent(.end)], title: "Bottom")
            ])
    }

    override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        let page = max(1, bounds.height - 1)
        switch command {
        case .moveUp: scroll(by: -1)
        case .moveDown: scroll(by: 1)
        case .pageUp: scroll(by: -page)
        case .pageDown: scroll(by: page)
        case .moveToStart: scroll(by: -rows.count)
        case .moveToEnd: scroll(by: rows.count)
        default: return false
        }
        return true
    }

    override func mouseEvent(_ event: MouseEvent, at point: Point) -> Bool {
        switch event.kind {
        case .wheelUp: scroll(by: -3)
        case .wheelDown: scroll(by: 3)
        default: return false
        }
        return true
    }

    private func scroll(by rows: Int) {
        scrollOffset = min(max(0, scrollOffset + rows), maximumScrollOffset)
    }
}
