/// The area of a `NavigationController` below its bar, holding the top controller's view.
/// While the controller can pop, its first column belongs to the controller (the edge a drag
/// starts an interactive pop from): a press there reaches `onMouseEvent` rather than the view
/// under it, as UIKit's edge pan gesture wins over the content's touches.
@MainActor
final class NavigationContentView: View {
    /// Whether the first column takes presses now (the controller can pop).
    var ownsLeftEdge: @MainActor () -> Bool = { false }
    /// Offered the mouse events that reach this view; returns whether taken.
    var onMouseEvent: (@MainActor (MouseEvent) -> Bool)?

    override func hitTest(_ point: Point) -> View? {
        if point.x == 0, bounds.contains(point), !isHidden, isUserInteractionEnabled, ownsLeftEdge() { return self }
        return super.hitTest(point)
    }

    override func mouseEvent(_ event: MouseEvent, at point: Point) -> Bool {
        onMouseEvent?(event) ?? false
    }
}
