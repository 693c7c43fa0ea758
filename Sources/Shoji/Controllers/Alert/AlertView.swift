/// The root view of an `AlertController`: the title (bold) and the message in wrapping labels,
/// centred line by line as UIKit's alerts, and the action buttons (see `AlertLayout`).
@MainActor
final class AlertView: View {
    private weak var alert: AlertController?
    /// The title, bold, wrapped and centred.
    let titleLabel = Label(style: Style(attributes: .bold))
    /// The message, wrapped and centred.
    let messageLabel = Label()
    /// The buttons, in the order they are shown (and Tab and the arrows visit them).
    private(set) var buttons: [Button] = []
    /// The action of each button, by position.
    private(set) var buttonActions: [AlertAction] = []

    init(alert: AlertController) {
        self.alert = alert
        super.init()
        for label in [titleLabel, messageLabel] {
            label.lineBreakMode = .byWordWrapping
            label.textAlignment = .center
            addSubview(label)
        }
    }

    /// The layout for the view's size.
    var layout: AlertLayout? {
        guard let alert else { return nil }
        return alert.layout(width: bounds.width, maximumHeight: bounds.height)
    }

    /// Makes one button per action, in display order (replacing any made before).
    func rebuildButtons(for actions: [AlertAction]) {
        for button in buttons { button.removeFromSuperview() }
        buttonActions = actions
        buttons = actions.map { action in
            let button = Button(title: action.title) { [weak self, weak action] in
                guard let self, let action else { return }
                self.alert?.choose(action)
            }
            button.isEnabled = action.isEnabled
            addSubview(button)
            return button
        }
        setNeedsLayout()
    }

    /// The look of an action's button in `theme`, readable without colour.
    static func style(of style: AlertAction.Style, in theme: Theme) -> Style {
        switch style {
        case .default: return .plain
        case .cancel: return Style(attributes: .bold)
        case .destructive: return theme.destructive
        }
    }

    override func layoutSubviews() {
        guard let alert, let layout else { return }
        let textWidth = max(0, bounds.width - 2 * AlertLayout.margin)
        titleLabel.text = alert.title ?? ""
        messageLabel.text = alert.message ?? ""
        titleLabel.frame = Rect(x: AlertLayout.margin, y: 0, width: textWidth, height: layout.titleRows)
        messageLabel.frame = Rect(
            x: AlertLayout.margin, y: layout.messageTop, width: textWidth, height: layout.messageRows)
        for (index, (button, frame)) in zip(buttons, layout.buttonFrames).enumerated() {
            button.style = Self.style(of: buttonActions[index].style, in: theme)
            button.frame = frame
            // A button pushed below the bottom (a window too short) is not shown nor focusable.
            button.isHidden = frame.minY >= bounds.height
        }
    }
}
