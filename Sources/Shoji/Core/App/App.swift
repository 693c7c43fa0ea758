/// An app's entry point, shaped like SwiftUI's: a type marked `@main` that makes the root view
/// controller. `main()` comes with `ShojiTerminal` (import it in the executable):
///
///     import ShojiTerminal
///
///     @main
///     struct Hello: App {
///         func makeRootViewController() -> ViewController { HelloController() }
///     }
///
/// Guarantees: `main()` makes the app with `init()`, then an `Application` with
/// `makeApplication()`, then runs it on the terminal (start-up checks, signals, suspend, the
/// terminal restored on every exit path, Swift concurrency served) and exits: status 0 when
/// the app quits, 2 with a one-line reason when the terminal cannot be used, or the signal's
/// own status when a signal ended it. Tests make the same `Application` (`makeApplication()`)
/// and hand it to `Pilot`.
@MainActor
public protocol App {
    /// The app, before anything is shown.
    init()

    /// The window's root view controller; called once, by `makeApplication()`.
    func makeRootViewController() -> ViewController

    /// Keys that quit when no responder handled them (default `Application.defaultQuitKeys`:
    /// `q`); Ctrl-C always quits unless a responder handles it.
    var quitKeys: [KeyEvent] { get }

    /// The most frames per second to draw (default 60).
    var framesPerSecond: Int { get }

    /// Where to draw: the whole screen (the default) or a block of lines below the prompt.
    var presentation: TerminalPresentation { get }
}

extension App {
    public var quitKeys: [KeyEvent] { Application.defaultQuitKeys }

    public var framesPerSecond: Int { 60 }

    public var presentation: TerminalPresentation { .fullScreen }

    /// The `Application` this app runs: its root view controller, quit keys, frame rate and
    /// presentation.
    public func makeApplication() -> Application {
        Application(
            rootViewController: makeRootViewController(), quitKeys: quitKeys, framesPerSecond: framesPerSecond,
            presentation: presentation)
    }
}
