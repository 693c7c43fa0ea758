/// A dialog with a title, a message and buttons, presented modally, as UIKit's
/// `UIAlertController`: `present` it and each button dismisses it, then runs its action's
/// handler.
///
/// Guarantees:
/// - Looks: an `.alert` is a sheet centred over the dimmed screen, in a border, fading in;
///   its buttons stand side by side when they fit (the cancel button first, on the left),
///   else one per row (the cancel button last). An `.actionSheet` rises from the bottom edge,
///   its buttons one per row, the cancel button last and set apart. Default buttons are
///   plain, the cancel button bold, destructive ones red and underlined; disabled ones dim;
///   the focused one in reverse video. All of it reads without colour.
/// - Size: as wide as its widest line of text and its buttons need, at least 24 columns, at
///   most 50 (60 for an action sheet) so that long text wraps to a readable column, and never
///   wider or taller than the window (less the border): the text wraps by display width, and
///   when the rows do not fit, the message (then the title) is cut with "…" while the
///   buttons stay. It is sized again at every resize.
/// - Text is drawn inert: control characters in the title, the message or an action's title
///   show as caret notation (`^[`), never reach the terminal, and are measured as drawn.
/// - Keys: the focus starts on `preferredAction`, else the first default button, else the
///   cancel button, else the first enabled one (never a destructive button unless it is the
///   preferred or the only choice); Left/Up and Right/Down move it among the enabled buttons
///   (wrapping around), as do Tab and Shift-Tab; Enter or Space chooses the focused button;
///   Escape chooses the cancel action (and does nothing when there is none, or it is
///   disabled). Mouse: a click on a button chooses it. Nothing under the alert takes keys or
///   clicks while it is up (see `ViewController.present`).
/// - Choosing an enabled action dismisses the alert (animated) and then runs the action's
///   handler, once: a second choice made before the dismissal ends is ignored.
/// - `isModalInPresentation` is true: only its actions (and `dismiss`) take it away.
/// - Main actor only. The alert owns its actions; capture the alert weakly in handlers.
@MainActor
open class AlertController: ViewController {
    /// The kind of dialog, as UIKit's `UIAlertController.Style`.
    public enum Style: Hashable, Sendable {
        /// A centred dialog.
        case alert
        /// A list of choices rising from the bottom edge.
        case actionSheet
    }

    /// The kind of dialog, fixed at creation (it sets the presentation and transition styles).
    public let preferredStyle: Style

    /// The text under the title (wrapped by display width). A change shows at once, resized.
    public var message: String? {
        didSet { if message != oldValue { contentDidChange() } }
    }

    /// The title, shown bold on top. A change shows at once, resized.
    open override var title: String? {
        didSet { if title != oldValue { contentDidChange() } }
    }

    /// The actions, in the order added.
    public private(set) var actions: [AlertAction] = []

    /// The action the focus starts on (UIKit: the one Return chooses). Must be one of
    /// `actions`; anything else is ignored.
    public var preferredAction: AlertAction?

    /// The action chosen, once the user chose one (the alert is then leaving).
    public private(set) var chosenAction: AlertAction?

    /// An alert (or action sheet) with `title` and `message`; add its actions with
    /// `addAction(_:)`, then `present` it.
    public init(title: String?, message: String?, preferredStyle: Style = .alert) {
        self.preferredStyle = preferredStyle
        self.message = message
        super.init()
        self.title = title
        modalPresentationStyle = preferredStyle == .alert ? .formSheet : .bottomSheet
        modalTransitionStyle = preferredStyle == .alert ? .fade : .cover(from: .bottom)
        isModalInPresentation = true
    }

    /// Adds a button for `action`, as UIKit's. An alert has at most one `.cancel` action: a
    /// second one is a precondition failure (UIKit raises an exception). Adding the same
    /// action twice does nothing.
    public func addAction(_ action: AlertAction) {
        guard !actions.contains(where: { $0 === action }) else { return }
        precondition(
            action.style != .cancel || cancelAction == nil,
            "AlertController.addAction: an alert can have only one cancel action")
        action.alert = self
        actions.append(action)
        contentDidChange()
    }

    /// The action Escape chooses: the `.cancel` one, if any.
    public var cancelAction: AlertAction? { actions.first { $0.style == .cancel } }

    // MARK: Layout

    /// The actions in the order they show: the cancel button first in a row of buttons, last
    /// when they stand one per row.
    func displayOrder(inARow: Bool) -> [AlertAction] {
        let others = actions.filter { $0.style != .cancel }
        guard let cancel = cancelAction else { return others }
        return inARow ? [cancel] + others : others + [cancel]
    }

    /// The layout for a content area `width` columns wide and at most `maximumHeight` rows.
    func layout(width: Int, maximumHeight: Int = .max) -> AlertLayout {
        // Whether the buttons fit in a row does not depend on their order.
        let widths = actions.map { Button(title: $0.title).intrinsicContentSize.width }
        let trial = AlertLayout(
            title: title, message: message, buttonWidths: widths, cancelIndex: nil,
            style: preferredStyle, width: width, maximumHeight: maximumHeight)
        let ordered = displayOrder(inARow: trial.buttonsInARow)
        let orderedWidths = ordered.map { Button(title: $0.title).intrinsicContentSize.width }
        let cancelIndex = ordered.firstIndex { $0.style == .cancel }
        return AlertLayout(
            title: title, message: message, buttonWidths: orderedWidths, cancelIndex: cancelIndex,
            style: preferredStyle, width: width, maximumHeight: maximumHeight)
    }

    /// Sized to its text and buttons within `maximum` (see the type's guarantees).
    open override func preferredContentSize(fitting maximum: Size) -> Size {
        let widths = actions.map { Button(title: $0.title).intrinsicContentSize.width }
        let width = AlertLayout.preferredWidth(
            title: title, message: message, buttonWidths: widths,
            style: preferredStyle, maximum: maximum.width)
        return Size(
            width: width, height: min(maximum.height, layout(width: width, maximumHeight: maximum.height).height))
    }

    // MARK: The view

    open override func loadView() {
        let alertView = AlertView(alert: self)
        view = alertView
        rebuildButtons()
    }

    private var alertView: AlertView? { viewIfLoaded as? AlertView }

    private func rebuildButtons() {
        guard let alertView else { return }
        alertView.rebuildButtons(for: displayOrder(inARow: layout(width: alertView.bounds.width).buttonsInARow))
    }

    /// Text or actions changed: rebuild, lay out and size the sheet again.
    private func contentDidChange() {
        guard let alertView else { return }
        rebuildButtons()
        alertView.setNeedsLayout()
        alertView.superview?.setNeedsLayout()
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        // A resize may move the buttons from a row to one per row, which changes their order.
        guard let alertView else { return }
        let order = displayOrder(
            inARow: layout(width: alertView.bounds.width, maximumHeight: alertView.bounds.height).buttonsInARow)
        if !order.elementsEqual(alertView.buttonActions, by: ===) {
            let focused = focusedAction
            alertView.rebuildButtons(for: order)
            alertView.layoutSubviews()
            if let focused { focus(focused) }
        }
    }

    func actionDidChange(_ action: AlertAction) {
        guard let alertView, let index = alertView.buttonActions.firstIndex(where: { $0 === action }) else { return }
        alertView.buttons[index].isEnabled = action.isEnabled
    }

    // MARK: Focus and keys

    /// The action whose button has the focus.
    private var focusedAction: AlertAction? {
        guard let alertView, let focused = window?.firstResponder,
            let index = alertView.buttons.firstIndex(where: { $0 === focused })
        else { return nil }
        return alertView.buttonActions[index]
    }

    /// The action the focus starts on (see the type's guarantees).
    var initialAction: AlertAction? {
        let enabled = actions.filter(\.isEnabled)
        if let preferred = preferredAction, preferred.isEnabled, enabled.contains(where: { $0 === preferred }) {
            return preferred
        }
        return enabled.first { $0.style == .default } ?? enabled.first { $0.style == .cancel } ?? enabled.first
    }

    private func focus(_ action: AlertAction) {
        guard let alertView, let index = alertView.buttonActions.firstIndex(where: { $0 === action }) else { return }
        window?.makeFirstResponder(alertView.buttons[index])
    }

    /// The initial action's button: the focus goes there when the alert comes in.
    open override var preferredFocusedView: View? {
        guard let alertView, let initialAction,
            let index = alertView.buttonActions.firstIndex(where: { $0 === initialAction })
        else { return nil }
        return alertView.buttons[index]
    }

    /// The focus goes to the initial action once the alert is in the window, if it is not on a
    /// button yet.
    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        if focusedAction == nil, let initialAction { focus(initialAction) }
    }

    /// Arrows move the focus among the enabled buttons, wrapping; Escape chooses the cancel
    /// action. Other keys are not handled.
    /// Escape chooses the cancel action (`.cancel`); the arrows move the focus among the
    /// buttons (`.moveLeft`/`.moveUp` back, `.moveRight`/`.moveDown` forward).
    open override var defaultKeyBindings: KeyBindings {
        var bindings = KeyBindings(title: "Alert", standard: [.moveLeft, .moveUp, .moveRight, .moveDown])
        bindings.set(KeyBinding(.cancel, keys: [KeyEvent(.escape)], title: "Cancel"))
        return bindings
    }

    /// Cancels (nothing happens without a cancel action, but the key is still taken) or moves
    /// the focus.
    open override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        switch command {
        case .cancel: if let cancel = cancelAction { choose(cancel) }
        case .moveLeft, .moveUp: moveFocus(forward: false)
        case .moveRight, .moveDown: moveFocus(forward: true)
        default: return super.perform(command, key: key)
        }
        return true
    }

    private func moveFocus(forward: Bool) {
        guard let alertView else { return }
        let candidates = alertView.buttons.filter { $0.canBecomeFocused && !$0.isHidden }
        guard !candidates.isEmpty else { return }
        let current = candidates.firstIndex { $0 === window?.firstResponder }
        let next =
            current.map { ($0 + (forward ? 1 : candidates.count - 1)) % candidates.count }
            ?? (forward ? 0 : candidates.count - 1)
        window?.makeFirstResponder(candidates[next])
    }

    // MARK: Choosing

    /// Chooses `action` as the user would: if it is enabled and nothing was chosen yet, the
    /// alert is dismissed (animated) and then the action's handler runs.
    public func choose(_ action: AlertAction) {
        guard action.isEnabled, chosenAction == nil, actions.contains(where: { $0 === action }) else { return }
        chosenAction = action
        guard presentingViewController != nil || presentationState.presentation != nil else {
            action.handler?(action)
            return
        }
        (presentingViewController ?? self).dismiss(animated: true) { action.handler?(action) }
    }
}
