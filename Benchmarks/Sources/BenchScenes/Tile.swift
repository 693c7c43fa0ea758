import Shoji

/// A tile: a coloured box 14x4 with two lines of text (bold, and one with wide characters).
@MainActor
public final class Tile: View {
    let number: Int

    public init(_ number: Int) {
        self.number = number
        super.init(frame: Rect(x: 0, y: 0, width: 14, height: 4))
        backgroundStyle = Style(foreground: .white, background: .palette(UInt8(17 + number % 200)))
    }

    override public func draw(in canvas: inout Canvas) {
        canvas.write(
            " tile \(number)", at: Point(x: 0, y: 1), style: Style(attributes: .bold, foreground: .brightWhite))
        canvas.write(" ← → ↑ ↓ 動く", at: Point(x: 0, y: 2))
    }
}

/// A root controller whose view holds the given subviews.
@MainActor
public final class TileScene: ViewController {
    let content: [View]

    public init(_ content: [View]) {
        self.content = content
        super.init()
    }

    override public func viewDidLoad() { content.forEach(view.addSubview) }
}
