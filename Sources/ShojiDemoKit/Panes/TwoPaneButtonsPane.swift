import Shoji

/// The top child of a `TwoPaneController`: the buttons "Show / Hide" and "Swap" and a line that
/// says what the bottom shows. It knows its container only as a `TwoPaneButtonsDelegate`.
///
/// Guarantees: a button's activation (click, or Tab to it and Enter or Space) tells the delegate
/// once; "Swap" is disabled (drawn dim, skipped by Tab, deaf to clicks) exactly while
/// `isSwapEnabled` is false, which the container sets from its state. Actions capture the pane
/// weakly.
@MainActor
public final class TwoPaneButtonsPane: ViewController {
    /// Told about the buttons. Held weakly.
    public weak var delegate: (any TwoPaneButtonsDelegate)?

    public let showHideButton = Button(title: "Show / Hide")
    public let swapButton = Button(title: "Swap")
    /// The line under the buttons.
    public let statusLabel = Label(style: Style(attributes: .dim))

    /// Whether "Swap" can be used; the container keeps it in line with its bottom child.
    public var isSwapEnabled: Bool {
        get { swapButton.isEnabled }
        set { swapButton.isEnabled = newValue }
    }

    /// The status line's text.
    public var status: String {
        get { statusLabel.text }
        set { statusLabel.text = newValue }
    }

    /// Rows the pane needs: the buttons, the status line and a blank row under them.
    public static let height = 3

    public override init() {
        super.init()
        showHideButton.action = { [weak self] in
            guard let self else { return }
            self.delegate?.buttonsPaneDidPressShowHide(self)
        }
        swapButton.action = { [weak self] in
            guard let self else { return }
            self.delegate?.buttonsPaneDidPressSwap(self)
        }
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundStyle = .plain  // opaque: the side menu's list lies under the pane
        showHideButton.sizeToFit()
        swapButton.sizeToFit()
        for subview in [showHideButton, swapButton, statusLabel] { view.addSubview(subview) }
    }

    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let width = view.bounds.width
        showHideButton.frame.origin = Point(x: 1, y: 0)
        swapButton.frame.origin = Point(x: showHideButton.frame.maxX + 2, y: 0)
        statusLabel.frame = Rect(x: 1, y: 1, width: max(0, width - 2), height: 1)
    }
}
