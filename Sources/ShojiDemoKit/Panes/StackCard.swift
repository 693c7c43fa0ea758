import Shoji

/// A child of the stack screen: an opaque card fills its area with a colour and says its number,
/// the style it was pushed with (its pop plays the inverse) and how many times its view loaded
/// (more than once after the stack released it); a transparent card draws a box on its bottom
/// rows only and says its view is not opaque, so the cards below show through.
@MainActor
public final class StackCard: ViewController {
    /// 1 for the stack's root, then one more per card made.
    public let number: Int
    /// The style it was pushed with (`nil` for the root).
    public let style: TransitionStyle?
    /// Whether the card lets the ones below show.
    public let isTransparent: Bool
    /// How many times its view loaded.
    public private(set) var loadCount = 0

    public init(number: Int, style: TransitionStyle?, transparent: Bool) {
        self.number = number
        self.style = style
        isTransparent = transparent
        super.init()
        title = "Card \(number)"
    }

    /// An opaque card's colours: black on one of six light-enough ANSI colours, by number.
    var cardStyle: Style { Style(foreground: .black, background: .ansi(UInt8([2, 3, 6, 7, 5, 4][number % 6]))) }

    public override func loadView() {
        view = CardView(card: self)
        view.isOpaque = !isTransparent
        if !isTransparent { view.backgroundStyle = cardStyle }
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        loadCount += 1
    }

    /// The card's lines, as drawn.
    public var lines: [String] {
        let kind = isTransparent ? " (transparent)" : ""
        let pushed =
            style.map { "pushed with \($0.menuName); its pop plays \($0.inverse.menuName)" }
            ?? "the root: it is never popped"
        return ["Card \(number)\(kind)", pushed, "view loaded \(loadCount) time\(loadCount == 1 ? "" : "s")"]
    }

    private final class CardView: View {
        weak var card: StackCard?
        init(card: StackCard) {
            self.card = card
            super.init()
        }
        override func draw(in canvas: inout Canvas) {
            guard let card else { return }
            let lines = card.lines
            if card.isTransparent {
                // A box on the bottom rows, under the text of the card below; the rest of the
                // card is not drawn.
                let width = min(canvas.size.width, (lines.map { DisplayWidth.of($0) }.max() ?? 0) + 4)
                let height = min(canvas.size.height, lines.count + 2)
                guard width >= 2, height >= 2 else { return }
                let top = canvas.size.height - height
                let box = Style(attributes: .reverse)
                canvas.fill(Rect(x: 0, y: top, width: width, height: height), style: box)
                for (row, line) in lines.enumerated() where row + 1 < height {
                    canvas.write(line, at: Point(x: 2, y: top + row + 1), style: box)
                }
            } else {
                var bold = card.cardStyle
                bold.attributes.insert(.bold)
                for (row, line) in lines.enumerated() {
                    canvas.write(line, at: Point(x: 2, y: row + 1), style: row == 0 ? bold : card.cardStyle)
                }
            }
        }
    }
}
