/// The app object: a window showing a root view controller, and the keys that act anywhere in
/// it, as UIKit's `UIApplication` with its key window. It is the last responder of every chain
/// (after the window); its window is the main loop's delegate (events, sizes and frames go to
/// the window, one route each); `run()` (from `ShojiTerminal`) starts it on the terminal,
/// `ShojiTesting.Pilot` drives it headlessly.
///
/// Guarantees:
/// - Quitting has one owner, this object, and one rule: a key bound to `.quit` in its
///   `keyBindings` (Ctrl-C and `quitKeys`, `q` by default) stops the main loop when it
///   reaches the end of the responder chain, that is when no responder before handled it. So a
///   text field that takes typed text gets `q` and nothing quits; elsewhere `q` quits, as in
///   most terminal apps. The main loop and the window give no key a meaning of their own.
/// - Quit keys are urgent (`KeyBinding.isUrgent`): they reach the responder chain as soon as
///   they are read, ahead of events held back by a transition, so an app animating or working
///   off a backlog quits at once. While the focused view accepts text input, a quit key that
///   types a character (`q`) is text for it, delivered in order, and quits nothing.
/// - Ctrl-L, unhandled, repaints the whole screen; F1, and `?` outside text input, show the
///   keys active right now (`KeyHelpController`), and close it again; Ctrl-P, unhandled, shows
///   the command palette (`CommandPaletteController`: those keys' commands and
///   `paletteCommands`), and closes it again. Ctrl-Z suspends (the terminal's rule, not a
///   binding).
/// - Swift concurrency works on the main actor while the app runs: a `Task { … }` started in
///   `viewDidLoad`, an `await`, an `AsyncStream` consumer, a `Task.sleep` all make progress (the
///   terminal loop serves the main actor's jobs; in tests, `Pilot.runTasks()`).
/// - Subclasses add behaviour as responders do: bindings in `defaultKeyBindings`, performed in
///   `perform(_:key:)`, reached by every key no responder before took.
@MainActor
open class Application: Responder {
    /// The window; its root is the controller the app was made with.
    public let window: Window

    /// Its window, whose every key route ends here (see `Responder.setNeedsKeyReleaseUpdate()`).
    override var windowForKeyReleaseUpdates: Window? { window }

    /// The most frames per second the terminal loop draws (default 60; `run()` reads it).
    public var framesPerSecond: Int

    /// Where `run()` draws: the whole screen (the default) or a block of lines below the shell
    /// prompt (`TerminalPresentation.inline(height:)`). UIKit has no equivalent. Read once, when
    /// `run()` starts the session; `Pilot` ignores it (a test gives the window its size).
    public var presentation: TerminalPresentation

    /// `q`, unmodified.
    public static let defaultQuitKeys = [KeyEvent(.character("q"))]

    /// Whether `run()` may start with standard output (or input) piped, as a picker in
    /// `x=$(app)` is: it then draws on, and reads keys from, the process's controlling terminal
    /// (`/dev/tty`), as fzf and gum do, and `result` goes down the pipe. Default false: with a
    /// stream that is not a terminal, `run()` refuses to start with a clear error (as it also
    /// does when there is no controlling terminal). Read once, when `run()` starts.
    public var runsInPipelines = false

    /// What the app gives back, written to standard output with a line feed once the terminal
    /// is restored at the end of `run()` (nothing while `nil`): a picker's choice. Printed after
    /// anything the app printed while it ran.
    public var result: String?

    /// The keys bound to `.quit` besides Ctrl-C, as given to `init`.
    private let extraQuitKeys: [KeyEvent]

    /// The key help while it is shown.
    private weak var keyHelp: KeyHelpController?

    /// The command palette while it is shown.
    private weak var commandPalette: CommandPaletteController?

    /// Commands of the app's own that the command palette offers after the active key
    /// bindings (`toggleCommandPalette()`), for what has no key ("Open About"); each is listed
    /// while its `isEnabled` says so when the palette opens. Empty by default.
    public var paletteCommands: [PaletteCommand] = []

    /// An app showing `rootViewController` in a new window (its view loads now, so
    /// `viewDidLoad` runs before `run()`; the window shows at the loop's first callback).
    /// `quitKeys` quit besides Ctrl-C (empty: only Ctrl-C); `presentation` says where `run()`
    /// draws.
    public convenience init(
        rootViewController: ViewController, quitKeys: [KeyEvent] = Application.defaultQuitKeys,
        framesPerSecond: Int = 60, presentation: TerminalPresentation = .fullScreen
    ) {
        self.init(
            window: Window(rootViewController: rootViewController), quitKeys: quitKeys,
            framesPerSecond: framesPerSecond, presentation: presentation)
    }

    /// An app showing `window`; `quitKeys` quit besides Ctrl-C; `presentation` says where
    /// `run()` draws.
    public init(
        window: Window, quitKeys: [KeyEvent] = Application.defaultQuitKeys, framesPerSecond: Int = 60,
        presentation: TerminalPresentation = .fullScreen
    ) {
        self.window = window
        extraQuitKeys = quitKeys
        self.framesPerSecond = max(1, framesPerSecond)
        self.presentation = presentation
        super.init()
        window.application = self
    }

    /// The window's root view controller.
    public var rootViewController: ViewController? { window.rootViewController }

    /// The accessibility setting for screen-reader and braille users: the terminal's cursor
    /// stays shown on the focused item (`Window.cursorFollowsFocus`, which this reads and sets).
    /// `run()` turns it on when the environment has `SHOJI_FOLLOW_FOCUS=1`, so a user sets it
    /// once for every Shoji app.
    public var cursorFollowsFocus: Bool {
        get { window.cursorFollowsFocus }
        set { window.cursorFollowsFocus = newValue }
    }

    /// The mode for screen-reader users (`Window.isScreenReaderModeOn`, which this reads and
    /// sets): a status row says what changes, the cursor stays on the focus, nothing moves by
    /// itself. `run()` turns it on when the environment has `SHOJI_SCREEN_READER=1`.
    public var isScreenReaderModeOn: Bool {
        get { window.isScreenReaderModeOn }
        set { window.isScreenReaderModeOn = newValue }
    }

    /// Whether a value of the `SHOJI_FOLLOW_FOCUS` environment variable turns
    /// `cursorFollowsFocus` on: `1`, `yes`, `true` or `on` (any case, surrounding spaces
    /// ignored); unset (`nil`) or anything else does not. `SHOJI_SCREEN_READER` reads the same way.
    public static func cursorFollowsFocus(byEnvironmentValue value: String?) -> Bool {
        EnvironmentSwitch.value(value) ?? false
    }

    /// The environment variables a user sets once for every Shoji app, read by
    /// `applyUserSettings(fromEnvironment:)`.
    public static let userSettingNames = [
        "SHOJI_THEME", "SHOJI_FOLLOW_FOCUS", "SHOJI_SCREEN_READER", "SHOJI_ANIMATIONS"
    ]

    /// Applies the user's settings from `environment` (the process's, or a remote client's) to
    /// this app's window: `SHOJI_THEME` a preset by name (`Theme.named(_:)`), `SHOJI_FOLLOW_FOCUS`
    /// and `SHOJI_SCREEN_READER` turn `cursorFollowsFocus` and `isScreenReaderModeOn` on
    /// (`cursorFollowsFocus(byEnvironmentValue:)`), `SHOJI_ANIMATIONS=none` turns the window's
    /// animations off. A setting absent or not understood changes nothing, so the environment
    /// never turns off what the app turned on. `run()` and a served connection call it before
    /// the first frame.
    public func applyUserSettings(fromEnvironment environment: [String: String]) {
        if let name = environment["SHOJI_THEME"], let theme = Theme.named(name) { window.theme = theme }
        if Self.cursorFollowsFocus(byEnvironmentValue: environment["SHOJI_FOLLOW_FOCUS"]) {
            cursorFollowsFocus = true
        }
        if Self.cursorFollowsFocus(byEnvironmentValue: environment["SHOJI_SCREEN_READER"]) {
            isScreenReaderModeOn = true
        }
        if !View.animationsAllowed(byEnvironmentValue: environment["SHOJI_ANIMATIONS"]) {
            window.areAnimationsEnabled = false
        }
    }

    // MARK: Keys

    /// Quit (Ctrl-C and the quit keys, urgent), repaint (Ctrl-L), the key help (F1, `?`) and
    /// the command palette (Ctrl-P; rebind it with
    /// `keyBindings.setKeys([…], for: .toggleCommandPalette)`).
    open override var defaultKeyBindings: KeyBindings {
        KeyBindings(
            title: "App",
            [
                KeyBinding(.quit, keys: [.ctrl("c")] + extraQuitKeys, title: "Quit", isUrgent: true),
                KeyBinding(.toggleKeyHelp, keys: [KeyEvent(.function(1)), KeyEvent(.character("?"))], title: "Keys"),
                KeyBinding(.toggleCommandPalette, keys: [.ctrl("p")], title: "Commands"),
                KeyBinding(.redrawScreen, keys: [.ctrl("l")], title: "Repaint the screen")
            ])
    }

    /// Quits, repaints, shows the key help or the command palette; needs the main loop (after
    /// its first callback).
    open override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        guard let loop = window.mainLoop else { return false }
        switch command {
        case .quit: loop.stop()
        case .redrawScreen: loop.dispatch(.redraw)
        case .toggleKeyHelp: toggleKeyHelp()
        case .toggleCommandPalette: toggleCommandPalette()
        default: return false
        }
        return true
    }

    /// Shows the keys active now in a sheet over the topmost presented controller, or closes
    /// the key help if it is shown.
    public func toggleKeyHelp() {
        keyHelp = toggle(keyHelp) { KeyHelpController(groups: window.activeKeyBindings()) }
    }

    /// Shows the command palette over the topmost presented controller, or closes it if it is
    /// shown. It offers the key bindings active now (`PaletteCommand.activeKeyBindings(in:)`,
    /// read before it opens, so they are the keys of what has the focus), then
    /// `paletteCommands`.
    public func toggleCommandPalette() {
        commandPalette = toggle(commandPalette) {
            CommandPaletteController(commands: PaletteCommand.activeKeyBindings(in: window) + paletteCommands)
        }
    }

    /// Dismisses `shown` if it is up (and not already leaving), else presents what `make`
    /// returns over the topmost presented controller; answers the controller that is up or
    /// leaving, for the caller's weak reference.
    private func toggle<Controller: ViewController>(_ shown: Controller?, make: () -> Controller) -> Controller? {
        if let shown, shown.presentingViewController != nil, !shown.isBeingDismissed {
            shown.dismiss(animated: true)
            return shown
        }
        guard let presenter = window.topmostViewController else { return shown }
        let controller = make()
        presenter.present(controller, animated: true)
        return controller
    }
}
