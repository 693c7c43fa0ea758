/// One modal presentation in a window: the presented controller (owned here, as UIKit's
/// presentation owns it), the controller that presented it, the layer view it shows in, and
/// where it is in its life. The window keeps them in a stack, bottom first.
///
/// It is also the presented controller's next responder: an Escape that nothing in the
/// presented hierarchy handled dismisses it (unless `isModalInPresentation`), and every other
/// key goes to the window, never to the controllers under the presentation.
@MainActor
final class Presentation: Responder {
    /// Where the presentation is in its life.
    enum Phase {
        /// Its presentation transition runs.
        case presenting
        /// Shown, settled.
        case presented
        /// Its dismissal has begun.
        case dismissing
    }

    /// The presented controller.
    let controller: ViewController
    /// The controller that called `present`; weak, as the presented one may outlive it.
    private(set) weak var presenter: ViewController?
    /// The window presenting it.
    private(set) weak var window: Window?
    /// How it is shown (the controller's `modalPresentationStyle` when it was presented).
    let style: ModalPresentationStyle
    /// The full-window layer holding the dimming, the sheet's border and the controller's view.
    let layer: PresentationView
    /// The view that was focused before the presentation: it gets the focus back at the
    /// dismissal, if it can still take it.
    weak var focusToRestore: View?
    var phase = Phase.presenting
    /// True while a full-screen presentation has taken what lies under it out of the window
    /// (from the end of its presentation to the start of its dismissal).
    var coversBelow = false

    init(controller: ViewController, presenter: ViewController, window: Window, focusToRestore: View?) {
        self.controller = controller
        self.presenter = presenter
        self.window = window
        self.focusToRestore = focusToRestore
        style = controller.modalPresentationStyle
        layer = PresentationView(style: style)
        super.init()
        layer.presentation = self
    }

    /// Clears the controllers' links to this presentation as it ends: from then on the
    /// presented controller is not presented and the presenter presents nothing, even while
    /// the dismissal's completion (which still holds this record) runs.
    func endLinks() {
        if controller.presentationState.presentation === self { controller.presentationState.presentation = nil }
        if let presenter, presenter.presentationState.presenting === self {
            presenter.presentationState.presenting = nil
        }
    }

    /// The window: a presented controller's keys never reach what it covers.
    override var nextResponder: Responder? { window }

    /// An unhandled Escape dismisses the presented controller (it yields to Escapes bound
    /// further in: a pushed screen goes back first).
    override var defaultKeyBindings: KeyBindings {
        KeyBindings(
            title: "Presented screen",
            [KeyBinding(.dismiss, keys: [KeyEvent(.escape)], title: "Close", yieldsToInner: true)])
    }

    /// Dismissing waits until the controller is shown, and never happens while it
    /// `isModalInPresentation`.
    override func canPerform(_ command: KeyCommand) -> Bool {
        command == .dismiss && phase == .presented && !controller.isModalInPresentation
    }

    override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        guard command == .dismiss else { return false }
        controller.dismiss(animated: true)
        return true
    }
}
