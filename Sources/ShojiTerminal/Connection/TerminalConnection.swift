import Shoji

/// One app on a terminal at the other end of a connection (an SSH session): its own screen,
/// input and main loop, driven with the other connections' by one `MainLoopGroup` on the main
/// thread. The local terminal (`TerminalSession`) is the other kind of terminal an app runs on;
/// a headless screen (`ShojiTesting`) the third.
///
/// Guarantees:
/// - Nothing is shared with another connection's app: window, focus, key bindings, theme,
///   animations (`Window.areAnimationsEnabled`), frame pacing, pasteboard and glyphs are this
///   connection's (see DECISIONS.md for what stays process-wide and why).
/// - The client's environment applies to this app only: `NO_COLOR`, `SHOJI_THEME`,
///   `SHOJI_FOLLOW_FOCUS`, `SHOJI_ANIMATIONS`, `SHOJI_GLYPHS`, `SHOJI_CLIPBOARD`, `SHOJI_HYPERLINKS` and the locale
///   (`LC_ALL`, `LC_CTYPE`, `LANG`: a locale that is not UTF-8 means ASCII glyphs) mean what
///   they mean for a local app; the transport decides which names it passes on.
/// - `start` enters full-screen mode and asks the terminal about synchronized output in the
///   stream; when the app ends (it quit, or the client went away: `.terminate`), the terminal
///   gets its restore bytes and `whenEnded` runs once, on the main actor.
///
/// Threading: main actor; the transport feeds `input` from any thread.
@MainActor
public final class TerminalConnection {
    /// Where the app's frames go.
    public let screen: ConnectionScreen
    /// What the client sends, decoded.
    public let input: ConnectionInput
    /// The app's own loop (in the group once `start` ran).
    public let loop: MainLoop
    /// The symbols this client's terminal is expected to draw.
    public let glyphSet: GlyphSet
    /// The client's environment, as the transport passed it on.
    public let environment: [String: String]

    /// A connection to a terminal of `terminalType` and `size` that sends to `sink`. Throws
    /// `TerminalError.unknownTerminal` when neither that type nor the fallback
    /// (`TerminalDescription.fallbackType`) has a terminfo entry here, and
    /// `TerminalError.setupFailed` when the key decoder cannot be made.
    public init(
        terminalType: String, size: Size, environment: [String: String], sink: any ConnectionSink,
        waiter: any LoopWaiter, clock: any TimeSource, framesPerSecond: Int = 60
    ) throws(TerminalError) {
        guard let description = TerminalDescription.named(terminalType) else {
            throw .unknownTerminal(StartupCheck.sanitized(terminalType))
        }
        self.environment = environment
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        screen = ConnectionScreen(
            description: description, size: Size(width: max(1, size.width), height: max(1, size.height)), sink: sink,
            useColor: !noColor, clipboardSetting: environment["SHOJI_CLIPBOARD"], hyperlinkEnvironment: environment)
        do {
            input = try ConnectionInput(
                terminalType: description.type, screen: screen, waiter: waiter, clock: clock, awaitingAnswers: true)
        } catch {
            throw .setupFailed(String(describing: error))
        }
        loop = MainLoop(screen: screen, input: input, clock: clock, framesPerSecond: framesPerSecond)
        glyphSet = GlyphSet.forTerminal(
            type: description.type, localeIsUTF8: Self.localeIsUTF8(environment),
            environmentValue: environment["SHOJI_GLYPHS"])
        input.onAcceptingBytes = { [unowned self] in
            if screen.hasSkippedFrame { loop.setNeedsDisplay() }
        }
    }

    /// Runs `app` in `group`: applies the client's settings to its window, enters full-screen
    /// mode, and gives the window the first size. `whenEnded` runs once after the loop stopped
    /// and the terminal got its restore bytes. The app is kept alive until then.
    public func start(_ app: Application, in group: MainLoopGroup, whenEnded: @escaping @MainActor () -> Void) {
        let window = app.window
        if glyphSet == .ascii { window.glyphSet = .ascii }
        app.applyUserSettings(fromEnvironment: environment)
        loop.framesPerSecond = app.framesPerSecond
        loop.delegate = window
        screen.start(query: SynchronizedOutputProbe.query)
        window.mainLoop(loop, didResizeTo: screen.size)
        group.add(loop) { [self] in
            screen.finish()
            withExtendedLifetime(app) {}
            whenEnded()
        }
    }

    /// Whether the client's locale, by the usual precedence (`LC_ALL`, `LC_CTYPE`, `LANG`), is
    /// UTF-8; a client that sent none is taken to be (what every current terminal is).
    static func localeIsUTF8(_ environment: [String: String]) -> Bool {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let value = environment[name], !value.isEmpty {
                let lowered = value.lowercased()
                return lowered.contains("utf-8") || lowered.contains("utf8")
            }
        }
        return true
    }
}
