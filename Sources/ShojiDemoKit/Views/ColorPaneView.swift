import Shoji

/// The view of a `ColorPane`: the whole frame in the colour, a line naming the colour and the
/// controller, the pane's text wrapped, and the controller's lifecycle calls, oldest first.
///
/// Guarantees:
/// - Readable without colour (NO_COLOR, monochrome terminals): the colour is also named in
///   text (`Colour: red`), headings are bold, and nothing is told by colour alone.
/// - The calls get at least half of the rows under the heading (more when the text is short);
///   when not all fit, the latest are shown and the heading says how many there are in all.
/// - Shows what it was last given (`calls`, `text`): it never reads the controller.
@MainActor
public final class ColorPaneView: View {
    public let color: MenuColor
    /// The controller's `debugIdentifier`, named in the heading.
    public let controllerID: String
    public var text: String { didSet { if text != oldValue { setNeedsDisplay() } } }
    /// The latest lifecycle calls, oldest first (`viewDidLoad`, `viewWillAppear(false)`…).
    public private(set) var calls: [String] = []
    /// How many calls there were in all; the first of `calls` is call number
    /// `totalCallCount - calls.count + 1`.
    public private(set) var totalCallCount = 0

    public init(color: MenuColor, controllerID: String, text: String) {
        self.color = color
        self.controllerID = controllerID
        self.text = text
        super.init()
        backgroundStyle = baseStyle
    }

    /// Shows `calls`, the latest of `total` calls.
    public func setCalls(_ calls: [String], total: Int) {
        self.calls = calls
        totalCallCount = max(total, calls.count)
        setNeedsDisplay()
    }

    private var baseStyle: Style { Style(foreground: color.textColor, background: color.color) }

    public override func draw(in canvas: inout Canvas) {
        let width = canvas.size.width - 4, height = canvas.size.height
        guard width > 0, height > 0 else { return }
        var bold = baseStyle
        bold.attributes.insert(.bold)

        var y = 1
        let heading = "Colour: \(color.rawValue) · \(controllerID)"
        canvas.write(DisplayWidth.truncate(heading, toWidth: width), at: Point(x: 2, y: y), style: bold)
        y += 2

        // Rows under the heading: the text's share first, then the calls' heading and calls.
        let rows = max(0, height - y - 1)
        let textLines = text.isEmpty ? [] : TextWrapper.lines(of: text, width: width)
        let callsWanted = calls.count + 1
        let textRows = min(textLines.count, max(rows / 2, rows - callsWanted - 1))
        for line in textLines.prefix(textRows) {
            canvas.write(line, at: Point(x: 2, y: y), style: baseStyle)
            y += 1
        }
        if textRows > 0 { y += 1 }

        let callRows = height - y - 2
        guard callRows > 0 else { return }
        let shown = calls.suffix(callRows)
        let title =
            shown.count < totalCallCount
            ? "Lifecycle calls, \(totalCallCount) in all (latest \(shown.count) shown):"
            : "Lifecycle calls, oldest first:"
        canvas.write(DisplayWidth.truncate(title, toWidth: width), at: Point(x: 2, y: y), style: bold)
        y += 1
        let firstNumber = totalCallCount - calls.count + 1
        let numberWidth = String(totalCallCount).count
        for (index, call) in zip(shown.indices, shown) {
            let number = String(firstNumber + index)
            let label = String(repeating: " ", count: numberWidth - number.count) + number + "  " + call
            canvas.write(DisplayWidth.truncate(label, toWidth: width), at: Point(x: 2, y: y), style: baseStyle)
            y += 1
        }
    }
}
