/// The one-cell line between a split's columns: `│` down a horizontal split, `─` across a
/// vertical one, in the theme's `separator` style, or its focus look while it is dragged. It
/// takes a left press (and the drag and release that follow) for its controller, which decides
/// whether the press grabs it.
@MainActor
final class SplitDividerView: View {
    var axis: SplitLayout.Axis = .horizontal {
        didSet { setNeedsDisplay() }
    }

    /// Drawn in the focus look while true (the controller sets it during a drag).
    var isHighlighted = false {
        didSet { if isHighlighted != oldValue { setNeedsDisplay() } }
    }

    /// Told the mouse events that reach the divider; returns whether it took them.
    var onMouseEvent: (@MainActor (MouseEvent) -> Bool)?

    override func draw(in canvas: inout Canvas) {
        let style = isHighlighted ? focusLook(theme.separator) : theme.separator
        switch axis {
        case .horizontal:
            for y in 0..<max(0, canvas.size.height) { _ = canvas.write("│", at: Point(x: 0, y: y), style: style) }
        case .vertical:
            for x in 0..<max(0, canvas.size.width) { _ = canvas.write("─", at: Point(x: x, y: 0), style: style) }
        }
    }

    override func mouseEvent(_ event: MouseEvent, at point: Point) -> Bool {
        onMouseEvent?(event) ?? false
    }
}
