import ShojiTesting

/// One step of a property test's random sequence: a step every test shares (`PilotStep`: keys,
/// clicks, resizes, time…) or an action of the test's own on what it exercises (`Action`:
/// select a tab, push a card…). The shared steps are spelled as if they were cases of this
/// type (`.resize(size)`, `.wait(0.1)`), the test's own as `.app(.toggle(animated: true))`.
public enum PropertyStep<Action: Sendable & CustomStringConvertible>: Sendable, CustomStringConvertible {
    /// A step every property test shares, played by `PilotStep.play(on:)`.
    case pilot(PilotStep)
    /// An action of the test's own, which the test plays.
    case app(Action)

    /// The step as a failure prints it (the shared step's or the action's description).
    public var description: String {
        switch self {
        case .pilot(let step): return step.description
        case .app(let action): return action.description
        }
    }

    /// The user presses `event`.
    public static func key(_ event: KeyEvent) -> Self { .pilot(.key(event)) }
    /// The user clicks `point` with `button`.
    public static func click(_ point: Point, _ button: MouseEvent.Button = .left) -> Self {
        .pilot(.click(point, button))
    }
    /// The user presses the left button at `point` and holds it.
    public static func mouseDown(_ point: Point) -> Self { .pilot(.mouseDown(point)) }
    /// The user drags the pointer to `point`.
    public static func mouseDrag(_ point: Point) -> Self { .pilot(.mouseDrag(point)) }
    /// The user lets the left button go at `point`.
    public static func mouseUp(_ point: Point) -> Self { .pilot(.mouseUp(point)) }
    /// The terminal takes the size `size`.
    public static func resize(_ size: Size) -> Self { .pilot(.resize(size)) }
    /// `seconds` pass.
    public static func wait(_ seconds: Double) -> Self { .pilot(.wait(seconds)) }
    /// Animations are switched on (`enabled`) or off.
    public static func motion(_ enabled: Bool) -> Self { .pilot(.motion(enabled)) }
    /// The window hides.
    public static var hide: Self { .pilot(.hide) }
    /// The window shows.
    public static var show: Self { .pilot(.show) }
    /// The system is short of memory.
    public static var memoryWarning: Self { .pilot(.memoryWarning) }
}
