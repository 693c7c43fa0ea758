import Shoji

/// The foundation demo: a title line, a text pane, and a status line that shows the screen size
/// and the last key or mouse event. `q` quits. It grows into the side-menu showcase later.
@MainActor
final class DemoApp: MainLoopDelegate {
    static let title = "Shoji demo"
    static let paragraphs = [
        "Shoji brings UIKit-style view controllers and containment to the terminal.",
        "This window is drawn by the pure-Swift core into a cell surface and presented through ncursesw; keys and mouse come from libtermkey.",
        "Wide characters keep their width: 日本語のテキスト, 한국어, emoji 🍵.",
        "Press any key to see it decoded below, click anywhere, resize the terminal, or press q to quit.",
    ]

    private var size = Size.zero
    private var lastEvent = "none yet"

    func mainLoop(_ loop: MainLoop, handle event: InputEvent) -> Bool {
        switch event {
        case .key(let key) where key == KeyEvent(.character("q")):
            loop.stop()
        case .key(let key) where key == .ctrl("c"):
            return false  // left to the toolkit's default: quit
        case .key(let key):
            lastEvent = "key \(key)"
        case .mouse(let mouse):
            lastEvent = "mouse \(mouse)"
        default:
            return false
        }
        loop.setNeedsDisplay()
        return true
    }

    func mainLoop(_ loop: MainLoop, didResizeTo size: Size) { self.size = size }

    func mainLoop(_ loop: MainLoop, render surface: inout Surface) {
        let width = surface.size.width, height = surface.size.height
        guard width > 0, height > 0 else { return }
        let bar = Style(attributes: [.bold, .reverse])
        surface.fill(Rect(x: 0, y: 0, width: width, height: 1), style: bar)
        surface.write(" " + Self.title, at: .zero, style: bar)

        var y = 2
        let pane = Rect(x: 2, y: 2, width: max(0, width - 4), height: max(0, height - 4))
        for paragraph in Self.paragraphs where y < pane.maxY {
            for line in wrap(paragraph, width: pane.width) where y < pane.maxY {
                surface.write(line, at: Point(x: pane.minX, y: y), clip: pane)
                y += 1
            }
            y += 1
        }

        guard height > 1 else { return }
        let status = Style(attributes: .dim)
        surface.write(" \(surface.size)  last: \(lastEvent)  q quits", at: Point(x: 0, y: height - 1), style: status)
    }

    /// Greedy word wrap by display columns (words longer than the width are cut by the clip).
    private func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if DisplayWidth.of(candidate) > width, !line.isEmpty {
                lines.append(line)
                line = String(word)
            } else {
                line = candidate
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
