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
/// - A popover does not dim what lies under it, and a press outside it dismisses the popovers
///   on top of the window that are not under the pointer (see `mouseEvent(_:at:)`).
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

    /// The alpha of `dimmingView` while the presentation is shown: the dim level, or 0 for a
    /// popover (nothing under it dims).
    var dimmedAlpha: Double {
        if case .popover = style { return 0 }
        return TransitionStyle.coveredAlpha
    }

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
        if case .popover(let source, let edge) = style {
            let box = Self.popoverBox(
                Size(width: content.width + 2 * inset, height: content.height + 2 * inset), beside: source,
                on: edge, in: size)
            return Rect(origin: Point(x: box.minX + inset, y: box.minY + inset), size: content)
        }
        let x = inset + (maximum.width - content.width) / 2
        let y =
            style == .bottomSheet ? size.height - inset - content.height : inset + (maximum.height - content.height) / 2
        return Rect(origin: Point(x: x, y: y), size: content)
    }

    /// Where a popover's box of `box` size goes in a window of `window` size: on `edge`'s side of
    /// `source`, lined up with its start on the other axis; on the opposite side when it does
    /// not fit there but fits there; then clamped into the window (its top-left corner wins when
    /// the box is larger than the window).
    static func popoverBox(_ box: Size, beside source: Rect, on edge: TransitionStyle.Edge, in window: Size) -> Rect {
        func place(before: Int, after: Int, length: Int, room: Int, preferAfter: Bool) -> Int {
            let afterFits = after + length <= room, beforeFits = before - length >= 0
            if preferAfter { return afterFits || !beforeFits ? after : before - length }
            return beforeFits || !afterFits ? before - length : after
        }
        var x = source.minX, y = source.minY
        switch edge {
        case .bottom, .top:
            y = place(
                before: source.minY, after: source.maxY, length: box.height, room: window.height,
                preferAfter: edge == .bottom)
        case .right, .left:
            x = place(
                before: source.minX, after: source.maxX, length: box.width, room: window.width,
                preferAfter: edge == .right)
        }
        x = max(0, min(x, window.width - box.width))
        y = max(0, min(y, window.height - box.height))
        return Rect(origin: Point(x: x, y: y), size: box)
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
    /// presented view did not take) stops here. A press outside a shown popover dismisses the
    /// popovers above the topmost one under the pointer (all of the popovers on top of the
    /// window when none is): a press outside a submenu on its parent menu closes the submenu
    /// only.
    override func mouseEvent(_ event: MouseEvent, at point: Point) -> Bool {
        guard case .press = event.kind, case .popover = style, let presentation, presentation.phase == .presented,
            let window = presentation.window
        else { return true }
        let stack = window.presentations
        var lowest = stack.count
        for candidate in stack.reversed() {
            guard case .popover = candidate.style else { break }
            if let view = candidate.controller.viewIfLoaded, view.superview === candidate.layer,
                view.frame.contains(point)
            {
                break
            }
            lowest -= 1
        }
        // Asked of its presenter: the presented controller itself would take away only what it presents.
        if lowest < stack.count { (stack[lowest].presenter ?? stack[lowest].controller).dismiss(animated: true) }
        return true
    }
}
