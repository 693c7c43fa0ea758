import CMainQueue
import CTerminalSignals
import Glibc
import Shoji

/// A running app on the real terminal: checks the environment, sets up ncursesw (output),
/// libtermkey (input) and the signal handlers, runs the main loop, and always gives the terminal
/// back.
///
/// Guarantees:
/// - Start-up either succeeds or throws a `TerminalError` before anything was written to the
///   terminal and with every handler and descriptor released.
/// - While running: alternate screen, SGR-1006 mouse reporting and bracketed paste on, the
///   cursor hidden except where a frame puts it (`Surface.cursor`); every frame inside
///   begin/end synchronized update when the terminal answered at start-up that it has them
///   (`SynchronizedOutputProbe`: at most 0.1 s, usually one round trip). When the same round trip
///   finds the kitty keyboard protocol (`ESC [ ? u` answered), its "disambiguate" flag is pushed
///   and popped with mouse reporting (`TerminalScreen.keyboardProtocol`): Escape acts at once,
///   Shift+Enter, Ctrl+Enter and Ctrl+I are keys of their own. Where it finds tmux instead (its
///   XTVERSION answer), modifyOtherKeys is switched on and off the same way, so Shift+Enter and
///   Ctrl+Enter are.
/// - Inline (`TerminalPresentation.inline(height:)`): no alternate screen; the same start-up
///   round trip asks where the cursor is, and the app draws in a block of that many rows from
///   the cursor's line (see `TerminalPresentation`), with mouse positions in the block's own
///   rows. After a resize the session asks again (at most 0.1 s) and the block is drawn whole
///   at the new size where its first line went; on every way out (also Ctrl-Z) the last frame
///   stays and the cursor ends on the line below it. Without an answer the block is put on the
///   terminal's last rows, which is still never above the lines it must not touch.
/// - The terminal gets its modes, cursor, mouse reporting and main screen back on `close()`, on
///   SIGINT/SIGTERM/SIGHUP (through the run loop; a second one before the loop read the first
///   ends a stuck app at once; with the terminal taking no output, a frame being written is
///   given up and the way out writes what it can without waiting), on SIGQUIT and fatal signals such as a Swift runtime trap, and on
///   every other signal whose default action ends the process and that the app left at its
///   default when the session started (SIGUSR1, SIGALRM, SIGXCPU…: from the C handler, which
///   then takes the default action), and on `exit()` (atexit). What the app writes to standard
///   output (`print`) and standard error (a warning, a trap's message) meanwhile is kept, each
///   stream in the order written, and written out after the terminal is back (standard
///   output's first), so it is neither drawn over the app nor lost. On a fatal signal, a
///   `print` without a newline that stdio still held is lost. Ctrl-Z and SIGTSTP suspend
///   with the terminal restored; `fg` resumes with a full redraw.
/// - Swift concurrency runs while the loop runs: main-actor jobs are served by `TerminalInput`
///   as they arrive, with no busy waiting (see its notes).
/// - Only one session may exist at a time (ncurses and signal dispositions are process-wide).
/// - `SHOJI_ANIMATIONS=none` in the environment sets `View.areAnimationsEnabled` to false at
///   start-up (reduced motion: every animation completes at once).
/// - `glyphSet` says whether the terminal draws the symbols of `GlyphSet.unicode`
///   (`SHOJI_GLYPHS=ascii` or `unicode` decides; else a user locale that was not UTF-8 or the
///   Linux console mean `.ascii`).
@MainActor
public final class TerminalSession {
    /// Where frames go: the terminal, through the core's frame writer with the capabilities
    /// read from terminfo at start-up. Seen as a `Screen`, so that the loop, and anything built
    /// on a session, works the same over another backend (a recording, a remote screen).
    public var screen: any Screen { terminalScreen }
    /// Where events come from: libtermkey behind the core's input sanitizer, the signal pipe
    /// and the main queue's wake-up, seen as an `InputSource`.
    public var input: any InputSource { terminalInput }

    /// The terminal screen; set for the session's whole life once `init` returned.
    private var terminalScreen: TerminalScreen!
    /// The terminal input; set once `init` returned.
    private var terminalInput: TerminalInput!
    /// Where the app draws, as given to `init`.
    public let presentation: TerminalPresentation
    /// The main loop presenting to `screen` and reading `input`, on the system clock.
    public private(set) var loop: MainLoop!
    /// The symbols this terminal is expected to draw, from the environment at start-up (see
    /// `GlyphSet.forTerminal(type:localeIsUTF8:environmentValue:)`): `Application.run()` makes
    /// its window's `glyphSet` `.ascii` when this is.
    public let glyphSet: GlyphSet
    private let pipe: (read: Int32, write: Int32)
    /// The terminal, as standard output was at start-up (or the controlling terminal, for a
    /// picker whose output is piped): standard output itself is captured while the session
    /// runs, so ncurses, the restore bytes, the modes and the size use this.
    private let terminalFD: Int32
    /// Where keys are read, as standard input was at start-up (or the controlling terminal,
    /// for a picker whose input is piped).
    private let inputFD: Int32
    private var isOpen = true
    /// Set when `suspend()` took the terminal back: the SIGCONT that woke the process is then
    /// ours, not a stop from elsewhere (see `continued()`).
    private var resumedFromSuspend = false

    /// Sets up the terminal. `framesPerSecond` caps the frame rate (default 60); `presentation`
    /// says whether the app takes the whole screen or a block below the prompt. With
    /// `controllingTerminalWhenPiped`, a standard input or output that is not a terminal is
    /// replaced by the process's controlling terminal (`/dev/tty`), as pickers in pipelines do
    /// (`x=$(app)`); without one, the session refuses to start as it always does.
    ///
    /// Must be called on the main thread from synchronous code (a plain `main`, `App.main()`):
    /// the loop serves the main actor's jobs itself, which it cannot do from an async `main`
    /// (libdispatch then owns the main thread) or from inside a main-actor task (a nested drain
    /// of the main queue runs nothing). There it throws `.mainActorUnavailable` instead of
    /// starting an app whose tasks would never run.
    public init(
        framesPerSecond: Int = 60, presentation: TerminalPresentation = .fullScreen,
        controllingTerminalWhenPiped: Bool = false
    ) throws(TerminalError) {
        self.presentation = presentation
        try Self.checkMainActorIsServiceable()
        let (term, localeIsUTF8, input, output, opened) = try StartupCheck.run(
            environment: Self.environment(["TERM"]), controllingTerminalWhenPiped: controllingTerminalWhenPiped)
        // The session's own descriptors for the terminal, closed with it: a `/dev/tty` the check
        // opened is not needed past them.
        terminalFD = fcntl(output, F_DUPFD_CLOEXEC, 3)
        inputFD = fcntl(input, F_DUPFD_CLOEXEC, 3)
        let dupError = errno
        if let opened { Glibc.close(opened) }
        guard terminalFD >= 0, inputFD >= 0 else {
            if terminalFD >= 0 { Glibc.close(terminalFD) }
            if inputFD >= 0 { Glibc.close(inputFD) }
            throw .setupFailed("dup: errno \(dupError)")
        }
        let glyphs = Self.environment(["SHOJI_GLYPHS"])["SHOJI_GLYPHS"]
        glyphSet = GlyphSet.forTerminal(type: term, localeIsUTF8: localeIsUTF8, environmentValue: glyphs)
        // Reduced motion: the environment can turn animations off, never back on over the app.
        if !View.animationsAllowed(byEnvironmentValue: Self.environment(["SHOJI_ANIMATIONS"])["SHOJI_ANIMATIONS"]) {
            View.areAnimationsEnabled = false
        }
        var fds: [Int32] = [-1, -1]
        guard shoji_make_self_pipe(&fds) == 0 else {
            let pipeError = errno
            Glibc.close(terminalFD)
            Glibc.close(inputFD)
            throw .setupFailed("pipe: errno \(pipeError)")
        }
        pipe = (fds[0], fds[1])

        // Handlers first: ncurses installs its own SIGWINCH handler only where none is set.
        shoji_signals_prepare(terminalFD)
        shoji_signals_install(pipe.write)
        // Anything printed or written to stderr while the screen is ours would scribble over it
        // and vanish with the alternate screen: keep it, and show it once the terminal is back.
        _ = shoji_signals_capture_output()
        do {
            guard let output = fdopen(dup(terminalFD), "w"), let inputFile = fdopen(dup(inputFD), "r") else {
                throw TerminalError.setupFailed("fdopen: errno \(errno)")
            }
            terminalScreen = try TerminalScreen(
                terminalType: term, output: output, input: inputFile, presentation: presentation)
            let screen = terminalScreen!
            let restore = screen.restoreSequence
            restore.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { shoji_signals_set_restore_bytes($0.baseAddress, $0.count) }
            }
            // Before the first frame (which clears the screen) and before the key decoder reads
            // the terminal: the answers never reach it, and keys typed meanwhile are kept.
            // Inline, the cursor's place comes in the same round trip.
            let answer = SynchronizedOutputProbe.run(
                input: inputFD, send: { screen.writeToTerminal($0) },
                query: presentation.isInline ? SynchronizedOutputProbe.queryWithCursor : SynchronizedOutputProbe.query)
            screen.usesSynchronizedUpdates = answer.supportsSynchronizedUpdates
            if let keyboardProtocol = KeyboardProtocol(answer: answer) {
                screen.enableKeyboardProtocol(keyboardProtocol)
                screen.restoreSequence.withUnsafeBufferPointer { bytes in
                    bytes.withMemoryRebound(to: CChar.self) {
                        shoji_signals_set_restore_bytes($0.baseAddress, $0.count)
                    }
                }
            }
            let decoder = try KeyDecoder(fileDescriptor: inputFD)
            terminalInput = TerminalInput(decoder: decoder, session: self, pipe: pipe)
            terminalInput.absorb(answer.otherBytes)
            if presentation.isInline {
                screen.placeInlineBlock(cursor: answer.cursor)
                screen.cursorLocator = { [unowned self] in self.locateCursor() }
            }
            screen.isEndRequested = { shoji_signals_terminate_requested() != 0 }
            loop = MainLoop(
                screen: screen, input: terminalInput, clock: SystemClock(), framesPerSecond: framesPerSecond)
            screen.setMouseReporting(true)
        } catch {
            release()
            if let known = error as? TerminalError { throw known }
            if let screenError = error as? TerminalScreen.SetupError {
                switch screenError {
                case .unknownTerminal: throw .unknownTerminal(StartupCheck.sanitized(term))
                case .inlineUnavailable(let reason): throw .setupFailed("inline presentation: \(reason)")
                }
            }
            throw .setupFailed(String(describing: error))
        }
    }

    /// Runs `app` until it stops (an unhandled Ctrl-C, the app's own `loop.stop()`, or a
    /// terminating signal). Sends the app one resize for the initial size before the first frame.
    public func run(_ app: any MainLoopDelegate) {
        loop.delegate = app
        app.mainLoop(loop, didResizeTo: terminalScreen.size)
        loop.run()
    }

    /// Gives the terminal back. Idempotent; also called on deinit-free paths such as `main`.
    public func close() {
        guard isOpen else { return }
        release()
    }

    private func release() {
        isOpen = false
        if let screen = terminalScreen, shoji_signals_terminate_requested() != 0,
            screen.hasAbandonedOutput || shoji_signals_output_writable() == 0
        {
            // Asked to end while the terminal takes no output (its reader stopped reading):
            // ncurses' way out would wait for it for good. Restore what can be written without
            // waiting, and the modes.
            screen.abandon()
            shoji_signals_restore_terminal()
        } else {
            terminalScreen?.shutdown()
        }
        shoji_signals_mark_restored()
        shoji_signals_uninstall()
        shoji_signals_release_output()
        Glibc.close(pipe.read)
        Glibc.close(pipe.write)
        Glibc.close(terminalFD)
        Glibc.close(inputFD)
    }

    // MARK: Suspend and resize (called by TerminalInput)

    /// Has the terminal report key releases or stop (`TerminalScreen.setReportsKeyReleases(_:)`).
    func reportKeyReleases(_ report: Bool) {
        terminalScreen?.setReportsKeyReleases(report)
    }

    /// Restores the terminal, stops the process like a shell job, and on resume takes the
    /// terminal again. Returns the event the app needs afterwards.
    func suspend() -> InputEvent {
        let before = terminalScreen.size
        terminalScreen.suspend()
        shoji_signals_mark_restored()
        shoji_signals_default_action(SIGTSTP)  // stopped here until `fg`
        shoji_signals_prepare(terminalFD)
        terminalScreen.resume()
        resumedFromSuspend = true
        if let size = refreshSize(), size != before { return .resize(size) }
        return .redraw
    }

    /// SIGCONT arrived: the app repaints. Unless `suspend()` stopped the process (it placed the
    /// block again itself), something else did (SIGSTOP) and a shell may have written where the
    /// cursor was: an inline block starts again on the cursor's line.
    func continued() -> InputEvent {
        if resumedFromSuspend {
            resumedFromSuspend = false
        } else {
            terminalScreen.placeAgainAtNextFrame()
        }
        return .redraw
    }

    /// Reads the terminal's size and tells the screen; returns the screen's size then (inline,
    /// the block's) if the terminal's could be read.
    func refreshSize() -> Size? {
        var size = winsize()
        guard ioctl(terminalFD, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        terminalScreen.resize(to: Size(width: Int(size.ws_col), height: Int(size.ws_row)))
        return terminalScreen.size
    }

    /// The terminal row where the screen's first row is (inline, the block's top; else 0):
    /// mouse reports count the terminal's rows.
    var firstRow: Int { terminalScreen.firstRow }

    /// Asks the terminal where its cursor is (one round trip, at most
    /// `SynchronizedOutputProbe.timeout`), for an inline block placed again; keys that arrive
    /// meanwhile go to the key decoder, in order.
    private func locateCursor() -> SynchronizedOutputProbe.CursorPosition? {
        let screen = terminalScreen!
        let answer = SynchronizedOutputProbe.run(
            input: inputFD, send: { screen.writeToTerminal($0) }, query: SynchronizedOutputProbe.cursorQuery)
        terminalInput.absorb(answer.otherBytes)
        return answer.cursor
    }

    // MARK: Entry point

    /// The usual `main` of a Shoji terminal app: starts a session (or prints the one-line reason
    /// it cannot, prefixed with the program name, and exits with status 2), runs the app that
    /// `makeApp` returns, closes the session, calls `exitStatus` with the terminal restored (it
    /// may report what went wrong on stderr), and exits with the status it returns (default 0),
    /// or, when a signal ended the app, dies of that signal, as a well-behaved program does.
    /// `presentation` says whether the app takes the whole screen or a block below the prompt;
    /// `controllingTerminalWhenPiped` lets it run with its output (or input) piped, on the
    /// controlling terminal (see `init`).
    public static func main(
        framesPerSecond: Int = 60,
        presentation: TerminalPresentation = .fullScreen,
        controllingTerminalWhenPiped: Bool = false,
        _ makeApp: (TerminalSession) -> any MainLoopDelegate,
        exitStatus: () -> Int32 = { 0 }
    ) -> Never {
        let session: TerminalSession
        do {
            session = try TerminalSession(
                framesPerSecond: framesPerSecond, presentation: presentation,
                controllingTerminalWhenPiped: controllingTerminalWhenPiped)
        } catch {
            exitReporting(error.description, status: TerminalError.exitStatus)
        }
        let app = makeApp(session)
        session.run(app)
        let signal = session.terminalInput.terminatingSignal
        session.close()
        let status = exitStatus()
        withExtendedLifetime(app) {}
        if let signal {
            Glibc.signal(signal, SIG_DFL)
            raise(signal)
            exit(128 + signal)
        }
        exit(status)
    }

    /// Prints `PROGRAM: error: message` on standard error and exits with `status`: how a
    /// program that cannot start says why (the session's start-up, an SSH server's).
    package nonisolated static func exitReporting(_ message: String, status: Int32) -> Never {
        let name = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? "shoji"
        writeLine("\(name): error: \(message)", to: STDERR_FILENO)
        exit(status)
    }

    /// Writes `text` and a line feed to `fd` with write(2), all of it (a pipe may take it in
    /// parts), outside stdio and the session's capture of standard output.
    nonisolated static func writeLine(_ text: String, to fd: Int32) {
        _ = writeAll(Array((text + "\n").utf8), to: fd)
    }

    /// Writes `bytes` to `fd` with write(2), all of them (retrying after a partial write or
    /// EINTR); false, with `errno` set, when a write fails.
    package nonisolated static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var done = 0
        while done < bytes.count {
            let written = bytes[done...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if written > 0 {
                done += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }

    /// Throws `.mainActorUnavailable` where the main actor's jobs could not be served by a loop
    /// on this thread (see `init`); a `MainThreadWaiter` checks the same.
    static func checkMainActorIsServiceable() throws(TerminalError) {
        switch shoji_main_queue_check() {
        case 0: return
        case -1:
            throw .mainActorUnavailable(
                "not on the main thread (an async main gives it to libdispatch); start the app from a synchronous main, such as App.main()"
            )
        default:
            throw .mainActorUnavailable(
                "started from inside a main-actor task, where the app's own tasks could never run; start it from a synchronous main, such as App.main()"
            )
        }
    }

    /// The process's values of the environment variables `names` (unset ones left out): the one
    /// way the terminal layer reads its settings, so they come as the dictionary a served
    /// client's environment is.
    package nonisolated static func environment(_ names: [String]) -> [String: String] {
        var values: [String: String] = [:]
        for name in names { if let value = getenv(name) { values[name] = String(cString: value) } }
        return values
    }
}
