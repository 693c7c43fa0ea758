import Shoji

/// A pane's view made of text and one button under it: the text wrapped to the width with a
/// 2-column margin from the second row, the button on the row after the text's last line
/// and a blank one.
///
/// Guarantees: the button is the view's only focusable subview, so it takes the focus when
/// the pane is shown and Enter (or Space, or a click) runs its action. When the text is taller
/// than the view, the button keeps the last row and the text is cut above it.
@MainActor
public final class ActionPaneView: View {
    public var text: String {
        didSet { if text != oldValue { setNeedsLayout() } }
    }
    public var textStyle = Style.plain { didSet { if textStyle != oldValue { setNeedsDisplay() } } }
    public let button: Button

    private var textLines: [String] = []

    public init(text: String, buttonTitle: String, action: @escaping @MainActor () -> Void) {
        self.text = text
        button = Button(title: buttonTitle, action: action)
        super.init()
        addSubview(button)
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        textLines = TextWrapper.lines(of: text, width: bounds.width - 4)
        button.sizeToFit()
        let textBottom = 1 + textLines.count + 1
        button.frame.origin = Point(x: 2, y: max(0, min(textBottom, bounds.height - 1)))
        setNeedsDisplay()
    }

    public override func draw(in canvas: inout Canvas) {
        for (row, line) in textLines.enumerated() where 1 + row < button.frame.minY {
            canvas.write(line, at: Point(x: 2, y: 1 + row), style: textStyle)
        }
    }
}
