/// Where an alert's text and buttons go for a given content size: pure arithmetic on display
/// widths, shared by the alert's sizing (`AlertController.preferredContentSize(fitting:)`) and
/// its view's layout, so the two always agree.
///
/// Rows, top to bottom: the title's lines, a blank row, the message's lines, a blank row, the
/// buttons (side by side when they fit in an alert's width, else one per row, an action
/// sheet's cancel button after a blank row). Text is wrapped by display width (`TextWrapper`,
/// as the alert's wrapping labels draw it) inside a 1-column margin on each side. When the rows
/// do not fit the height, the buttons stay and the message (then the title) loses its last
/// rows (the labels mark the cut with "…").
struct AlertLayout {
    /// Columns left blank on each side of the text and the stacked buttons.
    static let margin = 1
    /// The widest an alert grows to fit its text before wrapping it (a readable column).
    static let widestAlert = 50
    /// The widest an action sheet grows to fit its text.
    static let widestActionSheet = 60
    /// The narrowest an alert (or action sheet) is when the window allows it.
    static let narrowest = 24

    /// The rows the title shows on (from row 0).
    private(set) var titleRows = 0
    /// The rows the message shows on.
    private(set) var messageRows = 0
    /// The row of the first message line.
    private(set) var messageTop = 0
    /// Whether the buttons stand side by side on one row.
    private(set) var buttonsInARow = false
    /// Each button's frame, in the order given.
    private(set) var buttonFrames: [Rect] = []
    /// The rows everything takes (at most the height given).
    private(set) var height = 0

    /// The layout of `title`, `message` and buttons of `buttonWidths` (their display widths,
    /// in the order shown; `cancelIndex` is the action sheet's cancel button, set apart) in a
    /// content area `width` columns wide and at most `maximumHeight` rows high.
    init(
        title: String?, message: String?, buttonWidths: [Int], cancelIndex: Int?, style: AlertController.Style,
        width: Int, maximumHeight: Int = .max
    ) {
        let textWidth = max(1, width - 2 * Self.margin)
        func rows(_ text: String?) -> Int {
            guard let text, !text.isEmpty else { return 0 }
            return TextWrapper.lines(of: text, width: textWidth).count
        }
        let title = rows(title), message = rows(message)
        let rowWidth = buttonWidths.reduce(0, +) + 2 * max(0, buttonWidths.count - 1)
        buttonsInARow = style == .alert && !buttonWidths.isEmpty && rowWidth <= textWidth
        let setApart = style == .actionSheet && cancelIndex != nil && buttonWidths.count > 1
        let buttonRows = buttonWidths.isEmpty ? 0 : (buttonsInARow ? 1 : buttonWidths.count + (setApart ? 1 : 0))

        // Fit the height: the buttons stay; the message, then the title, give up rows.
        var textRows = max(0, maximumHeight - buttonRows)
        let gapBeforeButtons = buttonRows > 0 && title + message > 0 && textRows > 1 ? 1 : 0
        textRows -= gapBeforeButtons
        titleRows = min(title, textRows)
        let gapAfterTitle = titleRows > 0 && message > 0 && textRows - titleRows > 1 ? 1 : 0
        messageRows = min(message, max(0, textRows - titleRows - gapAfterTitle))
        messageTop = titleRows + (messageRows > 0 ? gapAfterTitle : 0)

        var y = messageTop + messageRows + gapBeforeButtons
        if buttonsInARow {
            var x = Self.margin + (textWidth - rowWidth) / 2
            for buttonWidth in buttonWidths {
                buttonFrames.append(Rect(x: x, y: y, width: buttonWidth, height: 1))
                x += buttonWidth + 2
            }
            y += 1
        } else {
            for index in buttonWidths.indices {
                if setApart, index == cancelIndex { y += 1 }
                buttonFrames.append(Rect(x: Self.margin, y: y, width: textWidth, height: 1))
                y += 1
            }
        }
        height = min(y, maximumHeight)
    }

    /// The content width an alert of this text and these buttons would like, within `maximum`
    /// columns: wide enough for its widest line of text and its row of buttons (or its widest
    /// button), at least `narrowest`, at most `widestAlert` (`widestActionSheet`) so that long
    /// text wraps to a readable column.
    static func preferredWidth(
        title: String?, message: String?, buttonWidths: [Int], style: AlertController.Style,
        maximum: Int
    ) -> Int {
        let widest = style == .alert ? widestAlert : widestActionSheet
        let paragraphs = [title, message].compactMap { $0 }.flatMap { $0.split(whereSeparator: \.isNewline) }
        let text = paragraphs.map { DisplayWidth.of(String($0)) }.max() ?? 0
        let rowWidth = buttonWidths.reduce(0, +) + 2 * max(0, buttonWidths.count - 1)
        let buttons = style == .alert && rowWidth + 2 * margin <= widest ? rowWidth : (buttonWidths.max() ?? 0)
        let wanted = max(narrowest, min(widest, max(text, buttons) + 2 * margin))
        return max(0, min(maximum, wanted))
    }
}
