import Shoji

/// A menu item of kind `text`: its text, wrapped to the pane's width, scrolled with Up/Down,
/// PageUp/PageDown, Home/End and the wheel (see `ScrollingTextView`), with a footer that gives
/// the keys and the position.
///
/// The text view takes the focus whenever the pane is shown (it is the pane's only focusable
/// view), so the keys reach it with no click.
@MainActor
public final class TextPane: ViewController {
    /// The text shown.
    public let text: String

    /// The footer's key help.
    public static let footerHint = "↑↓ PgUp PgDn Home End · q quits"

    public init(title: String, text: String) {
        self.text = text
        super.init()
        self.title = title
    }

    /// The pane's view.
    public var textView: ScrollingTextView { view as! ScrollingTextView }

    public override func loadView() {
        let textView = ScrollingTextView(text: text)
        textView.footerHint = Self.footerHint
        textView.horizontalMargin = 1
        textView.backgroundStyle = .plain  // opaque: the side menu's list lies under the pane
        view = textView
    }
}
