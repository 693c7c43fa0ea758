import Shoji

/// The sheet `FormPane`'s "About…" button (and the settings menu's `about` entry) presents: a
/// few lines and a Close button, centred over the dimmed screen; Escape (or Close) dismisses it.
@MainActor
public final class AboutSheet: ViewController {
    /// What the sheet says when presented over the form.
    public static let formText =
        "A sheet, presented over the dimmed form. Keys and clicks outside it go nowhere. Escape or Close dismisses it."

    /// Shows the sheet's text, wrapped by words: a few lines of its 38 columns.
    private let label: Label
    public let closeButton = Button(title: "Close")

    /// A sheet that says `text`.
    public init(text: String = AboutSheet.formText) {
        label = Label(text: text)
        super.init()
        title = "About"
        preferredContentSize = Size(width: 40, height: 6)
    }

    public override func viewDidLoad() {
        label.lineBreakMode = .byWordWrapping
        label.textAlignment = .center
        view.addSubview(label)
        closeButton.sizeToFit()
        closeButton.action = { [weak self] in self?.dismiss(animated: true) }
        view.addSubview(closeButton)
    }

    public override func viewDidLayoutSubviews() {
        let bounds = view.bounds
        label.frame = Rect(x: 1, y: 0, width: max(0, bounds.width - 2), height: max(0, bounds.height - 2))
        closeButton.frame.origin = Point(
            x: max(0, (bounds.width - closeButton.frame.width) / 2), y: max(0, bounds.height - 1))
    }
}
