import ShojiTesting

/// A step that comes to an app from outside what a property test exercises: the user's keys
/// and clicks, the terminal's size, the clock, reduced motion, the window hidden or shown, a
/// memory warning. Every property test draws these from the same vocabulary and plays them
/// the same way (`play(on:)`); its own actions come beside them in a `PropertyStep`.
public enum PilotStep: Sendable, CustomStringConvertible {
    /// The user presses a key (`Pilot.press(_:)`).
    case key(KeyEvent)
    /// The user clicks a cell with a button (`Pilot.click(at:button:)`).
    case click(Point, MouseEvent.Button)
    /// The user presses the left button at a cell and holds it (`Pilot.press(at:)`).
    case mouseDown(Point)
    /// The user moves the pointer with the left button held (`Pilot.drag(to:)`).
    case mouseDrag(Point)
    /// The user lets the left button go (`Pilot.release(at:)`).
    case mouseUp(Point)
    /// The terminal takes a new size (`Pilot.resize(to:)`: the window lays out and draws).
    case resize(Size)
    /// Time passes, in seconds (`Pilot.advance(by:)`): animations move, and end if their time
    /// is up.
    case wait(Double)
    /// Animations are switched on (`true`) or off, as reduced motion does
    /// (`View.areAnimationsEnabled`).
    case motion(Bool)
    /// The window hides (`Window.hide()`): everything in it disappears.
    case hide
    /// The window shows (`Window.show()`): everything in it appears.
    case show
    /// The system is short of memory (`Window.didReceiveMemoryWarning()`).
    case memoryWarning

    /// The step as a failure prints it: its name, then what it carries (a click with the left
    /// button names no button).
    public var description: String {
        switch self {
        case .key(let key): return "key \(key)"
        case .click(let point, let button): return button == .left ? "click \(point)" : "click \(point) \(button)"
        case .mouseDown(let point): return "mouseDown \(point)"
        case .mouseDrag(let point): return "mouseDrag \(point)"
        case .mouseUp(let point): return "mouseUp \(point)"
        case .resize(let size): return "resize \(size)"
        case .wait(let seconds): return "wait \(seconds)"
        case .motion(let enabled): return "motion \(enabled)"
        case .hide: return "hide"
        case .show: return "show"
        case .memoryWarning: return "memoryWarning"
        }
    }

    /// Plays the step on `pilot` and its window.
    @MainActor
    public func play(on pilot: Pilot) {
        switch self {
        case .key(let key): pilot.press(key)
        case .click(let point, let button): pilot.click(at: point, button: button)
        case .mouseDown(let point): pilot.press(at: point)
        case .mouseDrag(let point): pilot.drag(to: point)
        case .mouseUp(let point): pilot.release(at: point)
        case .resize(let size): pilot.resize(to: size)
        case .wait(let seconds): pilot.advance(by: seconds)
        case .motion(let enabled): View.areAnimationsEnabled = enabled
        case .hide: pilot.window.hide()
        case .show: pilot.window.show()
        case .memoryWarning: pilot.window.didReceiveMemoryWarning()
        }
    }
}
