/// Draws a sheet's border (a single-line box, one cell outside the presented view) and a
/// plain background under the presented view, following that view wherever a transition moves
/// it and at its opacity (nothing while it is transparent, dim while it is dim). Fills its
/// layer; takes no events.
@MainActor
final class SheetBorderView: View {
    override func draw(in canvas: inout Canvas) {
        guard let layer = superview as? PresentationView, let view = layer.presentation?.controller.viewIfLoaded,
            view.superview === layer, !view.isHidden, view.opacityLevel > 0
        else { return }
        let content = view.frame
        let box =
            layer.hasBorder
            ? Rect(x: content.minX - 1, y: content.minY - 1, width: content.width + 2, height: content.height + 2)
            : content
        canvas.fill(content, style: .plain)
        if layer.hasBorder { Self.drawBox(box, in: &canvas) }
        if view.opacityLevel == 1 {
            let dimming = theme.dimming
            canvas.restyle(box) { $0.adding(dimming) }
        }
    }

    /// A single-line box on the edge cells of `box` (view coordinates), clipped to the canvas.
    static func drawBox(_ box: Rect, in canvas: inout Canvas) {
        guard box.width >= 2, box.height >= 2 else { return }
        let horizontal = String(repeating: "─", count: box.width - 2)
        canvas.write("┌" + horizontal + "┐", at: Point(x: box.minX, y: box.minY))
        canvas.write("└" + horizontal + "┘", at: Point(x: box.minX, y: box.maxY - 1))
        for y in (box.minY + 1)..<(box.maxY - 1) {
            canvas.write("│", at: Point(x: box.minX, y: y))
            canvas.write("│", at: Point(x: box.maxX - 1, y: y))
        }
    }
}
