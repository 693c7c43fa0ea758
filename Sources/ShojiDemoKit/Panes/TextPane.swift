import Shoji

/// A menu item of kind `text`: its text in a read-only `TextView`, wrapped to the pane's width,
/// scrolled with Up/Down, PageUp/PageDown, Home/End, the wheel and a scroll bar on the right
/// (click the track to page, drag the thumb; it shows where the view is), above a footer that
/// gives the keys (`TextPaneFooter`).
///
/// The web addresses in the text are links (`TextLink.detectedURLs(in:)`): Tab and Shift-Tab
/// go from one to the next, Enter or a click opens one, which here only shows its address in
/// the footer ("Link: https://…"), never starting a browser.
///
/// The text view takes the focus whenever the pane is shown (it is the pane's only focusable
/// view), so the keys reach it with no click. The text is made when the pane's view loads (or
/// `text` is read), not when the pane is: a menu item never shown costs nothing at start-up.
@MainActor
public final class TextPane: ViewController {
    /// The text shown: made by the closure the pane was given, once, when first read (at the
    /// latest when the view loads).
    public private(set) lazy var text: String = makeText()

    /// Makes `text`.
    private let makeText: @Sendable () -> String

    /// The footer's key help.
    public static let footerHint = "↑↓ PgUp PgDn Home End · q quits · Shift-arrows or drag select, Alt-C copies"

    /// The read-only text view, above the footer.
    public let textView: TextView

    /// The bottom row.
    let footer: TextPaneFooter

    /// A pane showing `text`.
    public convenience init(title: String, text: String) {
        self.init(title: title, makeText: { text })
    }

    /// A pane showing what `makeText` returns, called once when the text is first needed.
    public init(title: String, makeText: @escaping @Sendable () -> String) {
        self.makeText = makeText
        textView = Self.readOnlyTextView("")
        footer = TextPaneFooter(textView: textView, hint: Self.footerHint, showsPosition: false)
        super.init()
        self.title = title
        textView.accessibilityLabel = title  // a screen reader names the text by its entry
    }

    /// `text`, then `numberedLines` lines "Line 1 of N" … "Line N of N" when given (each on a line
    /// of its own).
    /// The lines are written as bytes into the string's own storage, digit by digit: a million
    /// of them take about 35 ms (interpolating each line took several times as long, a pause
    /// the user saw on opening the item).
    nonisolated public static func text(_ text: String?, numberedLines: Int?) -> String {
        guard let count = numberedLines, count > 0 else { return text ?? "" }
        let head: [UInt8] = text.map { Array($0.utf8) + [0x0A] } ?? []
        let line = Array("Line ".utf8), of = Array(" of \(count)".utf8)
        // Every number's digits: 9 of one digit, 90 of two, … up to `count`.
        var digits = 0, width = 1, first = 1
        while first <= count {
            digits += (min(count, first * 10 - 1) - first + 1) * width
            first *= 10
            width += 1
        }
        let total = head.count + count * (line.count + of.count) + digits + (count - 1)
        return String(unsafeUninitializedCapacity: total) { buffer in
            var at = 0
            func put(_ bytes: [UInt8]) {
                for byte in bytes {
                    buffer[at] = byte
                    at += 1
                }
            }
            put(head)
            for number in 1...count {
                if number > 1 {
                    buffer[at] = 0x0A
                    at += 1
                }
                put(line)
                var end = at, rest = number
                repeat {
                    end += 1
                    rest /= 10
                } while rest > 0
                rest = number
                for position in stride(from: end - 1, through: at, by: -1) {
                    buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                at = end
                put(of)
            }
            return at
        }
    }

    /// The text view of a text or log pane: read-only, a column of margin on each side of the
    /// text, a scroll bar with a blank column between it and the pane's edge, as on the left.
    /// (With the bar off the last column, the cursor's place is known after the bar is drawn,
    /// so a scroll moves it with a carriage return instead of an address: see DECISIONS.md,
    /// Output.)
    static func readOnlyTextView(_ text: String) -> TextView {
        let textView = TextView(text: text)
        textView.isEditable = false
        textView.horizontalMargin = 1
        textView.showsVerticalScrollIndicator = true
        textView.verticalScrollIndicatorInsets = EdgeInsets(right: 1)
        return textView
    }

    public override func viewDidLoad() {
        textView.text = text
        textView.links = TextLink.detectedURLs(in: text)
        textView.onOpenLink = { [weak footer] _, link in footer?.message = "Link: \(link.url) (not opened)" }
        footer.install(below: textView, in: view)
    }

    public override func viewDidLayoutSubviews() {
        let size = view.bounds.size
        footer.layout(below: textView, in: size)
    }
}
