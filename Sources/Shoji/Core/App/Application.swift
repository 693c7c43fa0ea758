/// The app object: a window showing a root view controller, and the keys that quit, as UIKit's
/// `UIApplication` with its key window. It is the main loop's delegate; `run()` (from
/// `ShojiTerminal`) starts it on the terminal, `ShojiTesting.Pilot` drives it headlessly.
///
/// Guarantees:
/// - Every key and mouse event goes to the window first (its responder chain). A key that no
///   responder handled and that is one of `quitKeys` stops the main loop. So a text field that
///   takes typed text gets `q` and nothing quits; elsewhere `q` quits, as in most terminal apps.
/// - Ctrl-C quits unless a responder handles it, whatever `quitKeys` holds (the main loop's
///   rule); Ctrl-L, unhandled, repaints the whole screen. Ctrl-Z suspends (the terminal's rule).
/// - Quit keys and Ctrl-C are urgent (see `Window.urgentKeys`): they reach the responder chain
///   as soon as they are read, ahead of events held back by a transition, so an app animating
///   or working off a backlog quits at once. The focused-text rule still holds: while the
///   focused view accepts text input, a quit key that types a character (`q`) is text for it,
///   delivered in order, and quits nothing.
/// - Swift concurrency works on the main actor while the app runs: a `Task { … }` started in
///   `viewDidLoad`, an `await`, an `AsyncStream` consumer, a `Task.sleep` all make progress (the
///   terminal loop serves the main actor's jobs; in tests, `Pilot.runTasks()`).
/// - Subclasses may add behaviour (override `mainLoop(_:handle:)` and call super).
@MainActor
open class Application: MainLoopDelegate {
    /// The window; its root is the controller the app was made with.
    public let window: Window

    /// Keys that quit when no responder handled them, checked after the responder chain.
    /// Default `defaultQuitKeys` (`q`); empty: only Ctrl-C quits.
    public var quitKeys: [KeyEvent]

    /// The most frames per second the terminal loop draws (default 60; `run()` reads it).
    public var framesPerSecond: Int

    /// `q`, unmodified.
    public static let defaultQuitKeys = [KeyEvent(.character("q"))]

    /// An app showing `rootViewController` in a new window (its view loads now, so
    /// `viewDidLoad` runs before `run()`; the window shows at the loop's first callback).
    public convenience init(
        rootViewController: ViewController, quitKeys: [KeyEvent] = Application.defaultQuitKeys,
        framesPerSecond: Int = 60
    ) {
        self.init(
            window: Window(rootViewController: rootViewController), quitKeys: quitKeys,
            framesPerSecond: framesPerSecond)
    }

    /// An app showing `window`.
    public init(window: Window, quitKeys: [KeyEvent] = Application.defaultQuitKeys, framesPerSecond: Int = 60) {
        self.window = window
        self.quitKeys = quitKeys
        self.framesPerSecond = max(1, framesPerSecond)
    }

    /// The window's root view controller.
    public var rootViewController: ViewController? { window.rootViewController }

    /// The window first (quit keys are urgent there, see the type's notes); then an unhandled
    /// quit key stops `loop`.
    open func mainLoop(_ loop: MainLoop, handle event: InputEvent) -> Bool {
        var urgent = false
        if case .key(let key) = event { urgent = window.isUrgent(key, orOneOf: quitKeys) }
        if window.mainLoop(loop, handle: event, urgent: urgent) { return true }
        if case .key(let key) = event, quitKeys.contains(key) {
            loop.stop()
            return true
        }
        return false
    }

    /// The window's held-back events (`Window.heldBackEventCount`).
    public var heldBackEventCount: Int { window.heldBackEventCount }

    /// The window lays out for `size`.
    open func mainLoop(_ loop: MainLoop, didResizeTo size: Size) {
        window.mainLoop(loop, didResizeTo: size)
    }

    /// The window draws the frame.
    open func mainLoop(_ loop: MainLoop, render surface: inout Surface) {
        window.mainLoop(loop, render: &surface)
    }
}
