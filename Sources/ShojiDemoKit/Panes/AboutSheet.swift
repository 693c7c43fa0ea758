import Shoji

/// The sheet `FormPane`'s "About…" button (and the settings menu's `about` entry) presents: a
/// few lines, a link and a Close button, centred over the dimmed screen; Escape (or Close)
/// dismisses it. Close has the focus first, so Enter closes it as before; Tab reaches the link
/// ("Made with Swift"), clickable where the terminal takes links. Activating it (Enter while it
/// is focused, or a click) never starts a browser: the row below it shows the URL.
@MainActor
public final class AboutSheet: ViewController {
    /// What the sheet says when presented over the form.
    public static let formText =
        "A sheet, presented over the dimmed form. Keys and clicks outside it go nowhere. Escape or Close dismisses it."

    /// Shows the sheet's text, wrapped by words: a few lines of its 38 columns.
    private let label: Label
    public let closeButton = Button(title: "Close")
    /// The link's text and target.
    public static let linkText = "Made with Swift", linkURL = "https://www.swift.org"
    /// The link, on its own row.
    public let linkLabel = Label(text: AboutSheet.linkText)
    /// Shows the URL of the link last activated.
    public let linkStatus = Label()

    /// A sheet that says `text`.
    public init(text: String = AboutSheet.formText) {
        label = Label(text: text)
        super.init()
        title = "About"
        preferredContentSize = Size(width: 40, height: 8)
    }

    /// Close, so Enter closes the sheet until Tab moves to the link.
    public override var preferredFocusedView: View? { closeButton }

    public override func viewDidLoad() {
        label.lineBreakMode = .byWordWrapping
        label.textAlignment = .center
        view.addSubview(label)
        linkLabel.links = [TextLink(range: 0..<Self.linkText.count, url: Self.linkURL)]
        linkLabel.textAlignment = .center
        linkLabel.onOpenLink = { [weak self] _, link in self?.linkStatus.text = "Link: \(link.url)" }
        linkStatus.textAlignment = .center
        view.addSubview(linkLabel)
        view.addSubview(linkStatus)
        closeButton.sizeToFit()
        closeButton.action = { [weak self] in self?.dismiss(animated: true) }
        view.addSubview(closeButton)
    }

    public override func viewDidLayoutSubviews() {
        let bounds = view.bounds
        let width = max(0, bounds.width - 2)
        label.frame = Rect(x: 1, y: 0, width: width, height: max(0, bounds.height - 4))
        linkLabel.frame = Rect(x: 1, y: max(0, bounds.height - 4), width: width, height: 1)
        linkStatus.frame = Rect(x: 1, y: max(0, bounds.height - 3), width: width, height: 1)
        closeButton.frame.origin = Point(
            x: max(0, (bounds.width - closeButton.frame.width) / 2), y: max(0, bounds.height - 1))
    }
}
