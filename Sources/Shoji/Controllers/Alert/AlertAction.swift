/// One button of an `AlertController`, as UIKit's `UIAlertAction`: a title, a look, and what
/// to do when the user chooses it.
///
/// Guarantees:
/// - `handler` runs once, on the main actor, after the alert's dismissal has ended (its
///   `viewDidDisappear`), as in UIKit, and only if the action was enabled when chosen.
/// - Ownership: the action holds `handler` strongly and is held by its alert; capture the
///   alert (or what presents it) weakly in the handler.
@MainActor
public final class AlertAction {
    /// How an action looks and what it means, as UIKit's `UIAlertAction.Style`.
    public enum Style: Hashable, Sendable {
        /// A normal choice: plain.
        case `default`
        /// Backs out without changing anything: bold; Escape chooses it. At most one per alert.
        case cancel
        /// Changes or deletes something for good: red, and underlined so that it reads
        /// without colour (`NO_COLOR`). Never focused first.
        case destructive
    }

    /// The button's text (control characters are drawn inert, as caret notation).
    public let title: String
    /// The action's look and meaning.
    public let style: Style
    /// When false the button is drawn dim, cannot take focus and cannot be chosen. A change
    /// shows at once.
    public var isEnabled = true {
        didSet { if isEnabled != oldValue { alert?.actionDidChange(self) } }
    }

    let handler: (@MainActor (AlertAction) -> Void)?
    /// The alert the action was added to.
    weak var alert: AlertController?

    /// An enabled action; `handler` runs after the alert is dismissed (capture owners weakly).
    public init(title: String, style: Style = .default, handler: (@MainActor (AlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}
