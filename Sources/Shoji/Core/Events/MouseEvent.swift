/// A mouse report, at a 0-based cell position of the screen.
public struct MouseEvent: Hashable, Sendable, CustomStringConvertible {
    /// Which mouse button; wheel motion is its own `Kind`, not a button.
    public enum Button: Int, Hashable, Sendable {
        /// The primary, middle (wheel press) and secondary button; raw values as the terminal numbers them.
        case left = 1, middle = 2, right = 3
    }

    /// What happened: a button pressed, released or dragged, or a wheel notch.
    public enum Kind: Hashable, Sendable {
        /// The button went down.
        case press(Button)
        /// The button came up. Some terminals do not say which button was released; then it is `nil`.
        case release(Button?)
        /// The pointer moved with the button held (reported only while a button is down).
        case drag(Button)
        /// One notch of the wheel away from the user (scroll up).
        case wheelUp
        /// One notch of the wheel towards the user (scroll down).
        case wheelDown
    }

    /// What happened.
    public var kind: Kind
    /// The cell under the pointer, 0-based, in screen coordinates (views get their own).
    public var position: Point
    /// Modifier keys held, as far as the terminal reports them.
    public var modifiers: KeyModifiers

    /// A mouse event of `kind` at a 0-based screen cell.
    public init(_ kind: Kind, at position: Point, modifiers: KeyModifiers = []) {
        self.kind = kind
        self.position = position
        self.modifiers = modifiers
    }

    /// The kind and position, for logs and test failures: `press(left) at (3, 1)`.
    public var description: String { "\(kind) at \(position)" }
}

extension MouseEvent.Kind {
    /// Whether this is a drag or a release: a report that continues the gesture a press began,
    /// which the window sends to the view that took the press.
    public var continuesAGesture: Bool {
        switch self {
        case .drag, .release: return true
        case .press, .wheelUp, .wheelDown: return false
        }
    }
}
