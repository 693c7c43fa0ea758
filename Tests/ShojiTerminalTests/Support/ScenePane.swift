import Shoji

/// A content controller for the renderer's checks: every row a line of text over a background,
/// with wide characters and emoji where asked, and text reaching the last column of the last
/// row (where writing a cell could scroll the screen).
@MainActor
final class ScenePane: ViewController {
    let name: String
    let background: Style?
    let wide: Bool

    init(_ name: String, background: Style? = Style(background: .palette(24)), wide: Bool = false) {
        self.name = name
        self.background = background
        self.wide = wide
        super.init()
        title = name
    }

    override func loadView() {
        view = LinesView(name: name, background: background, wide: wide)
    }
}

/// The view of `ScenePane`.
@MainActor
final class LinesView: View {
    let name: String
    let wide: Bool

    init(name: String, background: Style?, wide: Bool) {
        self.name = name
        self.wide = wide
        super.init()
        backgroundStyle = background
    }

    override func draw(in canvas: inout Canvas) {
        let style = backgroundStyle ?? .plain
        for y in 0..<bounds.size.height {
            var line = "\(name): line \(y) - The quick brown fox jumps over the lazy dog. 0123456789"
            if wide {
                // Wide glyphs at every offset, so the pane's edges cut them as it moves.
                let glyphs = ["漢", "😀", "❤\u{FE0F}", "🇯🇵", "e\u{301}", "👨\u{200D}👩\u{200D}👧", "字", "👍🏽"]
                line =
                    String(repeating: " ", count: y % 3) + glyphs[y % glyphs.count] + glyphs[(y + 3) % glyphs.count]
                    + line + "漢字かな"
            }
            var rowStyle = style
            if y % 4 == 2 { rowStyle.attributes.insert(.bold) }
            if y % 5 == 3 { rowStyle.foreground = .palette(214) }
            canvas.write(line, at: Point(x: 0, y: y), style: rowStyle)
        }
        // The bottom-right corner holds a glyph too.
        let corner = Point(x: bounds.size.width - 1, y: bounds.size.height - 1)
        canvas.write("#", at: corner, style: Style(foreground: .palette(196), background: .palette(236)))
    }
}
