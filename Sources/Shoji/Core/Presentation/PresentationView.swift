/// The full-window layer one presentation shows in, above the root controller's view and the
/// presentations under it: a dimming view (the presenter shows dim under a sheet), a sheet's
/// border, then the presented controller's view.
///
/// Guarantees:
/// - It covers the whole window and takes every click and wheel notch that reaches it, so
///   nothing under a presentation gets mouse events while it is up.
/// - A sheet's content rests at `restingFrame(for:)`: sized by the presented controller's
///   `preferredContentSize(fitting:)` within the window (less a 1-cell border on each side
///   when the window has room for it), centred (`formSheet`) or on the bottom edge
///   (`bottomSheet`); a full-screen presentation fills the layer. Every layout pass (a
///   resize, a `preferredContentSize` change) puts it back there, unless a transition is
///   moving it (it then follows the resize through autoresizing and is placed when the
///   transition ends).
@MainActor
final class PresentationView: View {
    /// How the presentation shows.
    let style: ModalPresentationStyle
    /// The presentation this layer belongs to (which owns it).
    weak var presentation: Presentation?
    /// Dims what lies under the presentation through `View.alpha`'s dim level: at alpha 0.5
    /// it is drawn with no background, so every cell under it takes the dim attribute.
    let dimmingView = View()
    /// The sheet's border, drawn around wherever the presented view is.
    let borderView = SheetBorderView()

    init(style: ModalPresentationStyle) {
        self.style = style
        super.init()
        dimmingView.alpha = 0
        dimmingView.isUserInteractionEnabled = false
        addSubview(dimmingView)
        if style != .fullScreen {
            borderView.isUserInteractionEnabled = false
            addSubview(borderView)
        }
    }

    /// The alpha of `dimmingView` while the presentation is shown: the dim level.
    static let dimmedAlpha = TransitionStyle.coveredAlpha

    /// Whether a sheet is drawn in a border: a sheet in a window of at least 3 by 3 cells.
    var hasBorder: Bool { style != .fullScreen && bounds.width >= 3 && bounds.height >= 3 }

    /// The frame `controller`'s view rests at in this layer (see the type's notes).
    func restingFrame(for controller: ViewController) -> Rect {
        let size = bounds.size
        guard style != .fullScreen else { return bounds }
        let inset = hasBorder ? 1 : 0
        let maximum = Size(width: max(0, size.width - 2 * inset), height: max(0, size.height - 2 * inset))
        let wanted = controller.preferredContentSize(fitting: maximum)
        let content = Size(
            width: min(max(0, wanted.width), maximum.width), height: min(max(0, wanted.height), maximum.height))
        let x = inset + (maximum.width - content.width) / 2
        let y =
            style == .bottomSheet ? size.height - inset - content.height : inset + (maximum.height - content.height) / 2
        return Rect(origin: Point(x: x, y: y), size: content)
    }

    override func layoutSubviews() {
        dimmingView.frame = bounds
        borderView.frame = bounds
        guard let controller = presentation?.controller, let view = controller.viewIfLoaded, view.superview === self,
            !view.hasPropertyAnimations
        else { return }
        view.frame = restingFrame(for: controller)
    }

    /// Every mouse event that reaches the layer (outside the presented view, or one the
    /// presented view did not take) stops here.
    override func mouseEvent(_ event: MouseEvent, at point: Point) -> Bool { true }
}
