import Shoji

/// Zero to five stars: Right and Left add and take a star, a click on a star sets the rating
/// to it. An app's own control, as the article "Writing a control" builds it.
final class Rating: Control {
    /// How many stars are set, 0 to 5.
    private(set) var value = 0 { didSet { if value != oldValue { setNeedsDisplay() } } }

    override var intrinsicContentSize: Size { Size(width: 5, height: 1) }

    /// Sets the rating as the user does: clamped to 0...5, and `.valueChanged` is sent if it
    /// changed. Nothing while disabled.
    func rate(_ stars: Int) {
        let stars = min(5, max(0, stars))
        guard isEnabled, stars != value else { return }
        value = stars
        sendActions(for: .valueChanged)
    }

    override func draw(in canvas: inout Canvas) {
        guard let (look, row) = fillBackground(in: &canvas) else { return }
        let stars = String(repeating: "●", count: value) + String(repeating: "·", count: 5 - value)
        canvas.write(stars, at: Point(x: 0, y: row), style: look)
    }

    override var defaultKeyBindings: KeyBindings {
        KeyBindings(
            title: "Rating",
            [
                KeyBinding(.increment, keys: [KeyEvent(.right)], title: "One more star"),
                KeyBinding(.decrement, keys: [KeyEvent(.left)], title: "One star less")
            ])
    }

    override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        switch command {
        case .increment: rate(value + 1)
        case .decrement: rate(value - 1)
        default: return super.perform(command, key: key)
        }
        return true
    }

    /// A release over the control sets the rating to the star under the pointer.
    override func endTracking(at point: Point) {
        if isTouchInside { rate(point.x + 1) }
    }
}
