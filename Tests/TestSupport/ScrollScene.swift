import Shoji

/// A scene for the checks of vertical motion: a coloured bar on the first row and a footer on
/// the last, with a scrolling pane between them: a full-width text view (`.text`), or a list of
/// `listWidth` columns beside other content (`.list`: busy, coloured text; `.sparseList`: a few
/// words on blanks, so scrolling the rows beside it costs little to repair). Wide characters
/// and emoji sit at the pane's edges and on every row; a box can slide up and down over the
/// right half (`slideBox`).
@MainActor
public final class ScrollScene: ViewController {
    /// What scrolls (see the type's notes).
    public enum Kind: Sendable {
        /// A full-width text view.
        case text
        /// A list beside busy, coloured text.
        case list
        /// A list beside a few words on blanks.
        case sparseList
    }

    /// What scrolls.
    public let kind: Kind
    /// The list's width in columns.
    public let listWidth = 26
    /// The text view (shown for `.text`).
    public let textView = TextView()
    /// The list (shown for `.list` and `.sparseList`).
    public let listView = ListView()
    private let box = Label(text: "箱 box 😀", style: Style(foreground: .palette(16), background: .palette(214)))
    private let bar = Label(
        text: "Bar 漢字 — scrolling scene 😀", style: Style(attributes: .bold, background: .palette(52)))
    private let footer = Label(text: "footer かな · end", style: Style(attributes: .dim))
    private let side = SideView()
    private let rows = RowSource()

    /// A scene of `kind`; `clusters` false leaves out the clusters of several scalars (flags,
    /// skin tones), which terminals draw in different widths.
    public init(_ kind: Kind, clusters: Bool = true) {
        self.kind = kind
        super.init()
        rows.clusters = clusters
        textView.isEditable = false
        textView.style = Style(foreground: .palette(230), background: .palette(24))
        textView.text = (0..<160).map { line in
            let glyphs = clusters ? ["漢", "😀", "字", "🇯🇵", "かな", "👍🏽", "é"] : ["漢", "😀", "字", "ä", "かな", "🍵", "é"]
            let glyph = glyphs[line % glyphs.count]
            switch line % 5 {
            case 0: return "\(glyph) line \(line) starts wide"
            case 1: return "line \(line) " + String(repeating: "ends wide ", count: 6) + glyph + glyph
            case 2: return ""
            case 3: return String(repeating: glyph, count: 40)
            default: return "line \(line): the quick brown fox jumps over the lazy dog \(glyph)"
            }
        }.joined(separator: "\n")
        listView.dataSource = rows
        listView.rowStyle = Style(background: .palette(236))
        side.sparse = kind == .sparseList
        box.isHidden = true
    }

    public override func loadView() {
        let root = SceneView()
        root.scene = self
        for view in [bar, footer, kind == .text ? textView : listView, side, box] as [View] { root.addSubview(view) }
        side.isHidden = kind == .text
        view = root
    }

    /// Lays the scene out in `bounds`.
    fileprivate func layout(in bounds: Rect) {
        let width = bounds.width, height = bounds.height
        bar.frame = Rect(x: 0, y: 0, width: width, height: 1)
        footer.frame = Rect(x: 0, y: height - 1, width: width, height: 1)
        let middle = max(0, height - 2)
        textView.frame = Rect(x: 0, y: 1, width: width, height: middle)
        listView.frame = Rect(x: 0, y: 1, width: min(listWidth, width), height: middle)
        side.frame = Rect(x: listWidth, y: 1, width: max(0, width - listWidth), height: middle)
        if !box.isAnimating { box.frame = Rect(x: width / 2, y: max(1, height - 4), width: 16, height: 2) }
    }

    /// Slides the box from its place near the bottom to the second row over `duration`.
    public func slideBox(duration: Double) {
        box.isHidden = false
        let bounds = view.bounds
        box.frame = Rect(x: bounds.width / 2, y: max(1, bounds.height - 4), width: 16, height: 2)
        box.animateFrame(to: Rect(x: bounds.width / 2, y: 1, width: 16, height: 2), duration: duration, curve: .linear)
    }
}

/// The scene's root view: lays out its subviews.
@MainActor
private final class SceneView: View {
    weak var scene: ScrollScene?
    override func layoutSubviews() { scene?.layout(in: bounds) }
}

/// What shows beside the list: coloured lines with wide glyphs at the list's edge, or a few
/// words on blanks.
@MainActor
private final class SideView: View {
    var sparse = false

    override func draw(in canvas: inout Canvas) {
        for y in 0..<bounds.height {
            if sparse {
                if y % 6 == 2 {
                    canvas.write("note \(y)", at: Point(x: 3, y: y), style: Style(foreground: .palette(118)))
                }
                continue
            }
            let style = Style(foreground: .palette(UInt8(16 + y % 200)), background: .palette(y % 2 == 0 ? 52 : 17))
            canvas.fill(Rect(x: 0, y: y, width: bounds.width, height: 1), style: style)
            canvas.write("漢😀 side \(y) かな字 wide glyphs at the edge 字", at: Point(x: 0, y: y), style: style)
        }
    }
}

/// Rows of the list: wide glyphs and emoji at both ends.
@MainActor
private final class RowSource: ListViewDataSource {
    var clusters = true
    func numberOfRows(in listView: ListView) -> Int { 120 }
    func listView(_ listView: ListView, titleForRow row: Int) -> String {
        ["漢字", "😀", "かな", clusters ? "🇯🇵" : "字"][row % 4] + " row \(row) " + String(repeating: "字", count: row % 9)
    }
}
