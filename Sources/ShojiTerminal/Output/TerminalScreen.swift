import CNcursesw
import Glibc
import Shoji
import ShojiTerminalCore

/// A `Screen` that draws on a real terminal: ncursesw sets the terminal up (one `SCREEN`,
/// created with `newterm`, never `initscr`, so an unknown terminal is an error instead of
/// `exit(1)`) and its terminfo is read once into plain values (`TerminfoReader`); Shoji's own
/// `FrameWriter` (ShojiTerminalCore) decides what each frame sends (one diff per frame, shifts
/// for what moved sideways, see DECISIONS.md).
///
/// Output only: the caller (the terminal session) sets a UTF-8 locale before creating it, owns
/// the two `FILE` streams (they must outlive this object), reads keys with libtermkey, handles
/// signals and calls `resize(to:)` on SIGWINCH.
///
/// Threading: main actor only, like ncurses itself. Several instances may exist (tests do this);
/// each call makes its own `SCREEN` current first.
///
/// Lifecycle: active after `init`; `suspend()` hands the terminal back (`endwin`) until
/// `resume()`; `shutdown()` (also run by `deinit`) ends it for good. `present` is ignored while
/// suspended or shut down.
///
/// Inline (`TerminalPresentation.inline(height:)`): no alternate screen and nothing from
/// ncurses on the terminal at all (what `newterm` and its set-up write goes to `/dev/null`;
/// ncurses keeps the terminal modes, and `reset_shell_mode`/`reset_prog_mode` switch them for
/// suspend and resume instead of `endwin` and `doupdate`, which would clear the screen). `size`
/// is the block's; the frame writer places the block (`placeInlineBlock(cursor:)`) and reaches
/// its rows with relative moves only; a new terminal size places it again where the cursor's
/// line went (asked with `cursorLocator`); `suspend()` and `shutdown()` leave the last frame
/// with the cursor on the line below it.
@MainActor
public final class TerminalScreen: Screen {
    /// Why a terminal screen could not be created.
    public enum SetupError: Error, Equatable, CustomStringConvertible {
        /// ncurses has no usable terminfo entry for this type (nil: `TERM` was unset).
        case unknownTerminal(String?)
        /// An inline presentation cannot be set up, for the reason given (the terminal type has
        /// no relative cursor moves, or ncurses' set-up output could not be kept off the
        /// terminal).
        case inlineUnavailable(String)

        /// A message fit for the user, naming the terminal type.
        public var description: String {
            switch self {
            case .unknownTerminal(let name?):
                return "Cannot drive terminal type '\(name)': no usable terminfo entry (check TERM)."
            case .unknownTerminal(nil):
                return "Cannot drive the terminal: TERM is not set."
            case .inlineUnavailable(let reason):
                return "Cannot run inline: \(reason)."
            }
        }
    }

    /// The screen's size in cells: as ncurses found it at `init` (`COLS` x `LINES`), then as
    /// `resize(to:)` was told; inline, the block's (the terminal's width, and the presentation's
    /// height at most the terminal's). Changes only in `resize(to:)`.
    public private(set) var size: Size

    /// The whole terminal's size (`size` is the block's when inline).
    public private(set) var terminalSize: Size

    /// Where frames go, as given to `init`.
    public let presentation: TerminalPresentation

    /// The terminal row (0-based) of the screen's first row: inline, the block's top row as far
    /// as it is known (see `FrameWriter.inlineTop`), so mouse reports, which count the
    /// terminal's rows, are moved into the block by it; 0 in full screen.
    public var firstRow: Int { writer.isInline ? writer.inlineTop : 0 }

    /// Inline: asks the terminal where its cursor is (0-based row and column; nil when it did
    /// not answer), when a new terminal size or a resume places the block again. Set by the
    /// session, which reads the answer; nil places the block at the bottom of the terminal.
    var cursorLocator: (() -> SynchronizedOutputProbe.CursorPosition?)?

    /// Whether colours are drawn. False when the caller asked for no colour (`NO_COLOR`) or the
    /// terminal has none; attributes are drawn either way.
    public let usesColor: Bool

    /// Whether mouse reporting (and bracketed paste, which travels with it) is wanted. While
    /// suspended it is off on the terminal and comes back on `resume()`.
    public private(set) var isMouseReportingEnabled = false

    /// The terminal's pasteboard (`TerminalPasteboard`): copies are kept for pasting in the
    /// app and, when the terminal takes OSC 52 (terminfo's `Ms`, or `SHOJI_CLIPBOARD=osc52`;
    /// `SHOJI_CLIPBOARD=app` turns it off), written to its clipboard between frames.
    public var pasteboard: (any Pasteboard)? { terminalPasteboard }

    /// The pasteboard `pasteboard` gives, made at `init`.
    private var terminalPasteboard: TerminalPasteboard!

    /// Bytes that put the terminal back without ncurses: mouse reporting and bracketed paste off, attributes reset,
    /// keypad transmit off (when the terminal has `rmkx`), cursor visible, main screen. Taken
    /// from this terminal's terminfo at `init`, with xterm's strings where a capability is
    /// missing; with a keyboard protocol in use (`enableKeyboardProtocol(_:)`), what switches it
    /// off first. A value, so an async-signal handler may write a copy made beforehand.
    public var restoreSequence: [UInt8] {
        Self.restoreSequence(
            writer.capabilities, inlineRows: inlineRestoreRows, keyboardProtocol: keyboardProtocol,
            hyperlinks: usesHyperlinks)
    }
    /// Inline, the block's height at `init`: the rows the restore bytes move below.
    private let inlineRestoreRows: Int?

    /// The keyboard protocol on while the terminal is ours, if any (the session picks it from
    /// the start-up answers, `KeyboardProtocol.init(answer:)`). With the kitty protocol Escape
    /// arrives as `ESC [ 27 u`, with no wait to tell it from a sequence, and Shift+Enter,
    /// Ctrl+Enter and Ctrl+I arrive as keys of their own; with modifyOtherKeys (tmux)
    /// Shift+Enter and Ctrl+Enter do. Switched on and off with mouse reporting: off on every way
    /// out (suspend, shutdown, the signal handlers' restore bytes), on again at a resume.
    public private(set) var keyboardProtocol: KeyboardProtocol?

    /// Whether key releases are reported (`setReportsKeyReleases(_:)`): with the kitty protocol
    /// in use, the pushed flags then include "report event types".
    public private(set) var reportsKeyReleases = false

    /// Has the terminal report key releases (the kitty protocol's event types, flag 2) or stop.
    /// Applied now where the kitty protocol is pushed (`ESC [ = 3 ; 1 u` or `ESC [ = 1 ; 1 u`),
    /// and at every later push (resume); a terminal without it gets nothing. The restore bytes
    /// are unchanged: they pop the entry Shoji pushed, whatever its flags.
    public func setReportsKeyReleases(_ report: Bool) {
        guard report != reportsKeyReleases else { return }
        reportsKeyReleases = report
        if let keyboardProtocol, mouseActive && state == .active {
            writeDirectly(keyboardProtocol.reportKeyReleases(report))
        }
    }

    /// `restoreSequence` for an xterm-like terminal, for handlers installed before a screen exists.
    public nonisolated static let fallbackRestoreSequence: [UInt8] =
        mouseOff + Array("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8)

    /// False when `NO_COLOR` is set to a non-empty value (https://no-color.org); the default for
    /// `init`'s `useColor`.
    public nonisolated static var environmentAllowsColor: Bool {
        guard let value = getenv("NO_COLOR") else { return true }
        return value.pointee == 0
    }

    private enum State { case active, suspended, shutDown }

    /// Mouse reporting, then bracketed paste (mode 2004: a paste arrives between `ESC [ 200 ~`
    /// and `ESC [ 201 ~`, which `KeyDecoder` turns into one `.paste` event), on and off together.
    static let mouseOn = Array("\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?2004h".utf8)
    private nonisolated static let mouseOff = Array("\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l".utf8)
    /// Which instance's `SCREEN` ncurses has current, so `activate()` costs nothing per frame.
    static var current: ObjectIdentifier?

    private var state = State.active
    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private let output: UnsafeMutablePointer<FILE>
    /// Whether the mouse-on bytes are what the terminal last received from us.
    private var mouseActive = false
    /// Inline: the block must be placed before the next frame (at first, and after a resume).
    private var needsPlacement: Bool

    /// Whether each frame is wrapped in begin/end synchronized update (DEC private mode 2026),
    /// so the terminal never shows it half drawn. Off by default; the session turns it on when
    /// the terminal answers that it has the mode (`SynchronizedOutputProbe`).
    public var usesSynchronizedUpdates: Bool {
        get { writer.synchronizedUpdates }
        set { writer.synchronizedUpdates = newValue }
    }

    /// Whether cells' links (`Cell.link`) are sent to the terminal as OSC 8, which makes them
    /// clickable: decided at `init` from the environment (`SHOJI_HYPERLINKS=1` or `0` forces it;
    /// otherwise only for terminals known to take them, see `TerminalBehaviour`), since a
    /// terminal that does not know the sequence may show it. Off, links are still drawn (the
    /// views underline them) and act in the app, only not sent.
    public var usesHyperlinks: Bool {
        get { writer.hyperlinks }
        set { writer.hyperlinks = newValue }
    }

    /// How many cells the last `present` wrote or erased on the terminal. For tests and frame
    /// statistics.
    var changedCellCount: Int { writer.writtenCells }

    /// How many rows the last `present` shifted with insert- or delete-character.
    var shiftedRowCount: Int { writer.shiftedRows }

    /// How many lines the last `present` scrolled with a scroll region.
    var scrolledLineCount: Int { writer.scrolledLines }

    /// Whether the terminal can hide its cursor (terminfo `civis`); without it the cursor
    /// shows wherever the last frame left it.
    var canHideCursor: Bool { writer.capabilities.cursorInvisible != nil }

    /// Whether the terminal's erase paints the current background (terminfo `bce`).
    var backColorErase: Bool { writer.capabilities.backColorErase }

    /// Where frames go instead of the terminal, for tests that feed them to a terminal model
    /// (set-up and shut-down bytes still go to the terminal): called once per piece of a frame
    /// (`WriteChunks`), as each would be written.
    var frameSink: ((UnsafeBufferPointer<UInt8>) -> Void)?

    /// Decides the bytes of each frame.
    private let writer: FrameWriter
    /// Sends styles (attributes and colours) for the writer.
    private let styles: StyleWriter

    /// Creates the ncurses `SCREEN` for `terminalType` (nil: `TERM`) writing to `output` and
    /// reading terminal replies from `input`, and puts the terminal in full-screen mode: the
    /// alternate screen, raw input, no echo, hidden cursor, keypad decoding off (libtermkey reads
    /// keys). With `useColor` and a colour terminal it starts colours with default-colour
    /// support. Throws `SetupError.unknownTerminal` when ncurses cannot drive the terminal type;
    /// the terminal is then untouched.
    ///
    /// With an inline `presentation`: raw input and no echo as well, but nothing is written to
    /// the terminal (no alternate screen, the cursor as it was) until the block is placed, by
    /// `placeInlineBlock(cursor:)` or else the first `present`. Throws
    /// `SetupError.inlineUnavailable` when the terminal type cannot move the cursor up relative
    /// to where it is (`cuu` or `cuu1`).
    public init(
        terminalType: String?,
        output: UnsafeMutablePointer<FILE>,
        input: UnsafeMutablePointer<FILE>,
        useColor: Bool = TerminalScreen.environmentAllowsColor,
        presentation: TerminalPresentation = .fullScreen
    ) throws {
        let created: OpaquePointer?
        if let terminalType {
            created = terminalType.withCString { newterm($0, output, input) }
        } else {
            created = newterm(nil, output, input)
        }
        guard let created else {
            // A failed newterm may leave another screen's globals half set: re-select on next use.
            Self.current = nil
            throw SetupError.unknownTerminal(terminalType ?? getenv("TERM").map { String(cString: $0) })
        }
        set_term(created)
        self.screen = created
        self.window = shoji_stdscr()
        self.output = output

        raw()
        noecho()
        nonl()
        // Inline: what ncurses writes from here (and has buffered since `newterm`: the alternate
        // screen, a scroll region, which moves the cursor) goes to /dev/null. Its termios calls
        // above went to the terminal: they need the real descriptor.
        let descriptor = fileno(output)
        var silenced: Int32?
        if presentation.isInline {
            silenced = Self.silence(descriptor)
            if silenced == nil {
                let code = errno
                reset_shell_mode()
                delscreen(created)
                Self.current = nil
                throw SetupError.inlineUnavailable("/dev/null could not be opened (errno \(code))")
            }
        }
        curs_set(0)
        keypad(window, false)
        // Never stop a frame midway to check for input: libtermkey owns the input side.
        typeahead(-1)
        leaveok(window, true)

        var colored = false
        var defaults = false
        if useColor && has_colors() && start_color() == OK {
            colored = true
            defaults = use_default_colors() == OK
        }

        // Every capability is read here, once: frames never call ncurses.
        let capabilities = TerminfoReader.capabilities()
        let transitions = TerminfoReader.attributeTransitions()
        let terminal = Size(width: Int(shoji_cols()), height: Int(shoji_lines()))
        // From here on ncurses' screens are one column wide: see `resize(to:)`.
        _ = resizeterm(shoji_lines(), 1)
        if let silenced {
            // One update flushes ncurses' buffer, wherever its contents came from, to /dev/null;
            // `doupdate` (unlike `endwin`) sets no terminal mode, which would fail there.
            wnoutrefresh(window)
            doupdate()
            dup2(silenced, descriptor)
            Glibc.close(silenced)
            guard capabilities.cursorUp != nil || capabilities.cursorUpOne != nil else {
                reset_shell_mode()
                delscreen(created)
                Self.current = nil
                throw SetupError.inlineUnavailable(
                    "terminal type '\(terminalType ?? "")' cannot move the cursor up (no cuu or cuu1)")
            }
        }

        styles = StyleWriter(
            capabilities: capabilities, transitions: transitions,
            colorCount: colored ? Int(shoji_colors()) : nil, defaultColors: defaults)
        usesColor = styles.usesColor
        writer = FrameWriter(
            capabilities: capabilities, styles: styles,
            scalarWidth: { Int(wcwidth(wchar_t(bitPattern: $0))) })
        terminalSize = terminal
        size = Size(width: terminal.width, height: presentation.rows(onTerminalOf: terminal.height))
        self.presentation = presentation
        needsPlacement = presentation.isInline
        inlineRestoreRows = presentation.isInline ? size.height : nil
        Self.current = ObjectIdentifier(self)
        let osc52 = TerminalPasteboard.sendsToTerminal(
            environmentValue: TerminalSession.environment(["SHOJI_CLIPBOARD"])["SHOJI_CLIPBOARD"],
            terminalHasMs: capabilities.setsClipboard)
        terminalPasteboard = TerminalPasteboard(sendsToTerminal: osc52) { [weak self] bytes in
            self?.writeToTerminal(bytes)
        }
        var environment = TerminalSession.environment(HyperlinkSupport.environmentNames)
        if let terminalType { environment["TERM"] = terminalType }
        writer.hyperlinks = HyperlinkSupport.isSupported(environment: environment)
    }

    /// Points `descriptor` at /dev/null and returns a copy of what it pointed at, or nil (and
    /// the descriptor untouched) when that fails.
    private static func silence(_ descriptor: Int32) -> Int32? {
        let saved = fcntl(descriptor, F_DUPFD_CLOEXEC, 3)
        guard saved >= 0 else { return nil }
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        guard null >= 0, dup2(null, descriptor) >= 0 else {
            if null >= 0 { Glibc.close(null) }
            Glibc.close(saved)
            return nil
        }
        Glibc.close(null)
        return saved
    }

    isolated deinit {
        shutdown()
    }

    // MARK: - Screen

    /// Shows `surface`: the cells that differ from what the terminal shows are written (every
    /// cell after `invalidate()`, `resize(to:)` or on the first frame, from a cleared screen),
    /// rows whose content `surface.moves` says moved sideways are shifted with insert- or
    /// delete-character where the terminal has them and it is cheaper, and the frame goes out
    /// in one write (pieces of at most 2 KB cut between cells, see `WriteChunks`), inside begin/end synchronized update when `usesSynchronizedUpdates`. An
    /// unchanged surface writes nothing at all.
    ///
    /// A surface of another size is clipped or padded with blanks (and its moves ignored). A
    /// wide grapheme whose right half is missing (clipped, or a broken surface) shows as a
    /// blank, never as half a glyph. The bottom-right cell is drawn too, without scrolling
    /// (automatic margins off around it, or the terminal's delayed wrap). Ignored while
    /// suspended or shut down.
    public func present(_ surface: Surface) {
        present(cells: surface.cells, size: surface.size, moves: surface.moves, cursor: surface.cursor)
    }

    /// Where the terminal's cursor shows (as the last `present` asked), or `nil` while hidden.
    /// Each frame ends with the cursor there, shown (terminfo `cnorm`), inside the frame's
    /// synchronized update; `nil` or a cell outside the screen hides it (`civis`). Visibility
    /// is switched only when it changes.
    public var cursor: Point? { writer.cursor }

    /// Makes the next `present` clear the screen and draw every cell, for when the terminal's
    /// contents are unknown.
    public func invalidate() {
        writer.invalidate()
    }

    // MARK: - Session control

    /// Takes `newSize` as the terminal's size (a size ncurses refuses, such as an empty one, is
    /// ignored) and invalidates, so the next `present` (which should bring a surface of the new
    /// size) repaints everything.
    ///
    /// ncurses is told the new number of rows but one column (`resizeterm(rows, 1)`, as `init`
    /// does right after `newterm`): it keeps three copies of its screen (`stdscr`, `curscr`,
    /// `newscr`, 28 bytes a cell, about 1 MB at 200x60) that Shoji never draws into, since
    /// `FrameWriter` diffs Shoji's own surfaces. The rows stay true because ncurses emits them
    /// (the scroll region when it resumes, the last row `endwin` leaves the cursor on).
    ///
    /// Inline, `newSize` is the terminal's: `size` becomes the block's at that size, and when
    /// the size changed while the block was on the terminal, the block is placed again where
    /// the cursor's line went (the terminal may have reflowed the block's rows; the frame writer
    /// parked the cursor on the block's top-left cell) and cleared from there to the end of the
    /// screen, before the next frame draws it whole. The lines above are not written.
    public func resize(to newSize: Size) {
        guard state != .shutDown else { return }
        activate()
        if newSize.width > 0, resizeterm(Int32(clamping: newSize.height), 1) == OK {
            let terminal = Size(width: newSize.width, height: Int(shoji_lines()))
            let moved = terminal != terminalSize
            terminalSize = terminal
            size = Size(width: terminal.width, height: presentation.rows(onTerminalOf: terminal.height))
            if presentation.isInline && moved && state == .active && !needsPlacement {
                let cursor = cursorLocator?()
                writer.restartInlineBlock(size: size, terminalRows: terminal.height, cursorRow: cursor?.row)
                send(writer.output.bytes)
            }
        }
        invalidate()
    }

    /// Inline: places the block on the cursor's line, `cursor` as the terminal reported it
    /// (nil: unknown, the block then ends on the terminal's last row), and sends what makes
    /// room for it (see `FrameWriter.startInlineBlock`). The next `present` draws it. Called by
    /// the session at start-up with the answer of its first query; a `present` before that
    /// places it itself. No-op in full screen or unless active.
    func placeInlineBlock(cursor: SynchronizedOutputProbe.CursorPosition?) {
        guard presentation.isInline, state == .active else { return }
        activate()
        needsPlacement = false
        writer.startInlineBlock(
            size: size, terminalRows: terminalSize.height, cursor: cursor.map { ($0.row, $0.column) })
        send(writer.output.bytes)
    }

    /// Inline: after the process was stopped and continued without `suspend()` (SIGSTOP from
    /// elsewhere; a shell with job control then wrote its lines where the cursor was, and gave
    /// it back in its own terminal modes), raw modes again now, and the next `present` places a
    /// new block on the cursor's line, as after `resume()`. No-op in full screen.
    func placeAgainAtNextFrame() {
        guard presentation.isInline, state == .active else { return }
        activate()
        reset_prog_mode()
        writer.forgetTerminalState()
        styles.forget()
        needsPlacement = true
    }

    /// Inline, in place of `endwin`: the writer leaves the block (attributes off, the cursor
    /// shown on the line below it), then the shell's terminal modes come back. ncurses writes
    /// nothing here: it never sent keypad transmit, and its idea of the screen is not touched.
    private func leaveInlineBlock() {
        if !needsPlacement {
            writer.leaveInlineBlock()
            send(writer.output.bytes)
        }
        reset_shell_mode()
    }

    /// Puts the cursor back where ncurses thinks it is (the top-left cell after its last clear,
    /// or unknown to it) before ncurses moves it itself (`endwin` puts it on the last row), since
    /// frames move it behind ncurses' back. (ncurses' own `mvcur` with an unknown position
    /// writes to standard output instead of the terminal in 6.4.)
    private func handCursorToNcurses() {
        writer.homeCursor()
        send(writer.output.bytes)
    }

    /// Turns SGR mouse reporting (press/release, drag, SGR-1006 encoding) and bracketed paste
    /// (mode 2004) on or off. Writes the
    /// switch straight to the output after ncurses' own output; calling it again with the same
    /// value writes nothing. While suspended the change is remembered and applied on `resume()`.
    public func setMouseReporting(_ enabled: Bool) {
        guard state != .shutDown, enabled != isMouseReportingEnabled else { return }
        isMouseReportingEnabled = enabled
        if state == .active { sendMouseReporting(enabled) }
    }

    /// Hands the terminal back to the shell (for Ctrl-Z or running a child program): mouse
    /// reporting off, then `endwin` (main screen, cursor, cooked modes). Inline: the last frame
    /// stays, attributes off, the cursor shown on the line below the block, then the shell's
    /// terminal modes. No-op unless active.
    public func suspend() {
        guard state == .active else { return }
        activate()
        sendMouseReporting(false)
        if presentation.isInline {
            leaveInlineBlock()
            needsPlacement = true
        } else {
            handCursorToNcurses()
            endwin()
        }
        state = .suspended
    }

    /// Takes the terminal back after `suspend()`: repaints the last frame in full right away
    /// (ncurses re-enters full-screen mode on `doupdate`), then turns mouse reporting back on if it
    /// was wanted. Inline: raw modes again, and the next `present` places a new block on the
    /// cursor's line (below what the shell wrote meanwhile; the old one stays above) and draws
    /// it whole. No-op unless suspended.
    public func resume() {
        guard state == .suspended else { return }
        activate()
        state = .active
        writer.forgetTerminalState()
        styles.forget()
        if presentation.isInline {
            reset_prog_mode()
        } else {
            // ncurses re-enters full-screen mode (alternate screen, modes) on `doupdate`.
            wnoutrefresh(window)
            doupdate()
            writer.repaint()
            send(writer.output.bytes)
        }
        if isMouseReportingEnabled { sendMouseReporting(true) }
    }

    /// Ends the screen for good without writing anything: no `endwin` (its mode change waits
    /// for the output to drain) and no `delscreen` (it flushes what ncurses holds, and waits
    /// the same way), so ncurses' screen is left allocated: for the way out of a process asked
    /// to end while the terminal takes no output, where the signal layer restores what it can
    /// without waiting. Idempotent, as `shutdown()`.
    public func abandon() {
        guard state != .shutDown else { return }
        hasAbandonedOutput = true
        state = .shutDown
        Self.current = nil
    }

    /// Ends the screen for good: mouse reporting off, `endwin` (unless suspended, which already
    /// did it) and `delscreen`. Inline, as `suspend()` leaves the terminal: the last frame stays
    /// and the cursor ends on the line below it. Idempotent; every later call on this object is
    /// a no-op.
    public func shutdown() {
        guard state != .shutDown else { return }
        activate()
        sendMouseReporting(false)
        if state == .active {
            if presentation.isInline {
                leaveInlineBlock()
            } else {
                handCursorToNcurses()
                endwin()
            }
        }
        state = .shutDown
        delscreen(screen)
        Self.current = nil
    }

    // MARK: - Drawing

    /// The whole of `present`, taking the grid directly so tests can build cells (such as wide
    /// graphemes) without depending on how `Surface` measures text.
    func present(cells: [Cell], size source: Size, moves: [SurfaceMove] = [], cursor: Point? = nil) {
        guard state == .active else { return }
        activate()
        if needsPlacement { placeInlineBlock(cursor: cursorLocator?()) }
        let frame = Self.frame(cells, size: source, moves: moves, fittedTo: size)
        frame.cells.withUnsafeBufferPointer { writer.render($0, size: size, moves: frame.moves, cursor: cursor) }
        send(writer.output.bytes)
    }

    /// A frame's cells and moves for a screen of `size`: as they are when `source` is that
    /// size, else cut or padded (`fitted`) and without moves. Every screen on a terminal
    /// (`TerminalScreen`, `ConnectionScreen`) takes surfaces this way.
    static func frame(
        _ cells: [Cell], size source: Size, moves: [SurfaceMove], fittedTo size: Size
    ) -> (cells: [Cell], moves: [SurfaceMove]) {
        guard source != size || cells.count != size.width * size.height else { return (cells, moves) }
        return (fitted(cells, from: source, to: size), [])
    }

    /// `cells` (laid out `source.width` wide) cut or padded with plain blanks to `size`.
    private static func fitted(_ cells: [Cell], from source: Size, to size: Size) -> [Cell] {
        var result = [Cell](repeating: .blank(), count: size.width * size.height)
        let width = min(source.width, size.width)
        for y in 0..<min(source.height, size.height) {
            for x in 0..<width {
                let i = y * source.width + x
                if i < cells.count { result[y * size.width + x] = cells[i] }
            }
        }
        return result
    }

    // MARK: - Plumbing

    /// Makes this instance's `SCREEN` the one ncurses' global calls act on.
    private func activate() {
        guard Self.current != ObjectIdentifier(self) else { return }
        set_term(screen)
        Self.current = ObjectIdentifier(self)
    }

    private func sendMouseReporting(_ enabled: Bool) {
        guard enabled != mouseActive else { return }
        mouseActive = enabled
        let keyboard =
            keyboardProtocol.map { enabled ? $0.enable(reportingReleases: reportsKeyReleases) : $0.disable } ?? []
        writeDirectly(enabled ? Self.mouseOn + keyboard : keyboard + Self.mouseOff)
    }

    /// Turns `keyboardProtocol` on for as long as the terminal is the app's (see
    /// `keyboardProtocol`): sent now if mouse reporting is on, else when it comes on; the restore
    /// bytes switch it off first from now on. Call it only for a terminal the start-up answers
    /// say has it (`KeyboardProtocol.init(answer:)`): others may show or misread the bytes.
    /// Once; no-op after.
    public func enableKeyboardProtocol(_ keyboardProtocol: KeyboardProtocol) {
        guard self.keyboardProtocol == nil, state != .shutDown else { return }
        self.keyboardProtocol = keyboardProtocol
        if mouseActive && state == .active {
            writeDirectly(keyboardProtocol.enable(reportingReleases: reportsKeyReleases))
        }
    }

    /// Writes `bytes` to the output's file descriptor, after anything buffered in the `FILE`.
    /// ncurses flushes its own buffer at the end of each `doupdate`/`endwin`, so ordering holds.
    /// Writes `bytes` to the terminal as they are, after what ncurses and the frames wrote (for
    /// queries such as `SynchronizedOutputProbe`'s). Nothing while suspended or shut down.
    func writeToTerminal(_ bytes: [UInt8]) {
        guard state == .active else { return }
        writeDirectly(bytes)
    }

    private func writeDirectly(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0) }
    }

    /// Sends a frame in the pieces `WriteChunks` cuts, one write each: to `frameSink` when a
    /// test set one, else to the terminal.
    private func send(_ bytes: UnsafeBufferPointer<UInt8>) {
        WriteChunks.forEach(bytes) { piece in
            if let frameSink {
                frameSink(piece)
            } else {
                write(piece)
            }
        }
    }

    /// Whether the app was asked to end (a terminating signal): a write it interrupted is given
    /// up rather than retried, since the reader may have stopped reading for good. The session
    /// sets it; by default never.
    var isEndRequested: () -> Bool = { false }

    /// True once a write was given up for a request to end: nothing more is written (the way
    /// out restores the terminal without waiting for it, see `abandon()`).
    private(set) var hasAbandonedOutput = false

    /// Writes `bytes` to the output's file descriptor in full, after anything buffered in the
    /// `FILE`. ncurses flushes its own buffer at the end of each of its calls, so ordering holds.
    /// A write interrupted by a request to end (`isEndRequested`) is given up, and every later one.
    private func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress, !hasAbandonedOutput else { return }
        fflush(output)
        let descriptor = fileno(output)
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(descriptor, start + offset, bytes.count - offset)
            // The signal ends a blocked write early (EINTR, or a short count if some went out).
            if n < bytes.count - offset, isEndRequested() {
                hasAbandonedOutput = true
                return
            }
            if n > 0 {
                offset += n
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                return  // The terminal is gone: nothing useful to do about it here.
            }
        }
    }

    /// `restoreSequence` from the terminal's capabilities, with xterm's strings for those it
    /// lacks. Inline (`inlineRows`, the block's height) no alternate screen to leave: automatic
    /// margins on (`smam`), then a carriage return and a line feed per row of the block, which
    /// take a cursor parked on the block's first row (where frames leave a hidden cursor) to
    /// the line below it. With `keyboardProtocol`, what switches it off first.
    static func restoreSequence(
        _ capabilities: TerminalCapabilities, inlineRows: Int?, keyboardProtocol: KeyboardProtocol? = nil,
        hyperlinks: Bool = false
    ) -> [UInt8] {
        // A link a cut-off frame left open would cover what the shell writes next.
        var bytes = hyperlinks ? HyperlinkSupport.closeLink : []
        bytes += (keyboardProtocol?.disable ?? []) + mouseOff
        bytes += capabilities.exitAttributeMode?.bytes ?? Array("\u{1B}[0m".utf8)
        bytes += capabilities.keypadLocal?.bytes ?? []
        bytes += capabilities.cursorNormal?.bytes ?? Array("\u{1B}[?25h".utf8)
        if let inlineRows {
            // Automatic margins back on (frames hold them off), then below the block; the
            // signal handlers keep 511 bytes.
            bytes += capabilities.enterAutomaticMargins?.bytes ?? []
            bytes.append(0x0D)
            bytes += [UInt8](repeating: 0x0A, count: max(0, min(inlineRows, 480 - bytes.count)))
        } else {
            bytes += capabilities.exitCAMode?.bytes ?? Array("\u{1B}[?1049l".utf8)
        }
        return bytes
    }
}
