/// The key help's list: headings and "keys  title" rows in two columns, a scroll view over
/// them (its keys, the wheel and a scroll bar when taller than its bounds). Drawn inert, cut
/// to the width.
@MainActor
final class KeyHelpView: ScrollView {
    /// One row of the list.
    enum Row: Equatable {
        /// A group's name (bold).
        case heading(String)
        /// A binding: its keys and what they do.
        case binding(keys: String, title: String)
    }

    let rows: [Row]

    private lazy var document = OwnerDrawnView { [unowned self] canvas in self.drawRows(in: &canvas) }

    init(rows: [Row]) {
        self.rows = rows
        super.init()
        showsHorizontalScrollIndicator = false
        contentView.addSubview(document)
    }

    /// The widest keys.
    private var widestKeys: Int {
        rows.map { row -> Int in
            if case .binding(let keys, _) = row { return DisplayWidth.of(keys) }
            return 0
        }.max() ?? 0
    }

    /// The size that shows every row uncut, with a margin of one column each side.
    var naturalSize: Size {
        let keys = widestKeys
        let width =
            rows.map { row -> Int in
                switch row {
                case .heading(let text): return DisplayWidth.of(text)
                case .binding(_, let title): return 2 + keys + 2 + DisplayWidth.of(title)
                }
            }.max() ?? 0
        return Size(width: width + 2, height: rows.count)
    }

    /// The content is the rows, as wide as the view less the scroll bar's column.
    override func layoutContent() {
        let size = Size(width: max(0, bounds.width - (rows.count > bounds.height ? 1 : 0)), height: rows.count)
        document.frame = Rect(origin: .zero, size: size)
        contentSize = size
    }

    private func drawRows(in canvas: inout Canvas) {
        let width = canvas.size.width - 2
        guard width > 0 else { return }
        let keyWidth = min(widestKeys, max(1, width / 2))
        let first = max(0, canvas.clip.minY - canvas.origin.y)
        let end = min(rows.count, canvas.clip.maxY - canvas.origin.y)
        guard first < end else { return }
        for y in first..<end {
            switch rows[y] {
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
}
