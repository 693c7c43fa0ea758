import CNcursesw
import Glibc
import Shoji

/// A `Screen` that draws on a real terminal through one ncursesw `SCREEN` (created with
/// `newterm`, never `initscr`, so an unknown terminal is an error instead of `exit(1)`).
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
@MainActor
public final class TerminalScreen: Screen {
    /// Why a terminal screen could not be created.
    public enum SetupError: Error, Equatable, CustomStringConvertible {
        /// ncurses has no usable terminfo entry for this type (nil: `TERM` was unset).
        case unknownTerminal(String?)

        /// A message fit for the user, naming the terminal type.
        public var description: String {
            switch self {
            case .unknownTerminal(let name?):
                return "Cannot drive terminal type '\(name)': no usable terminfo entry (check TERM)."
            case .unknownTerminal(nil):
                return "Cannot drive the terminal: TERM is not set."
            }
        }
    }

    /// The screen's size in cells, as ncurses sees it (`COLS` x `LINES`). Changes only in
    /// `resize(to:)`.
    public private(set) var size: Size

    /// Whether colours are drawn. False when the caller asked for no colour (`NO_COLOR`) or the
    /// terminal has none; attributes are drawn either way.
    public let usesColor: Bool

    /// Whether mouse reporting (and bracketed paste, which travels with it) is wanted. While
    /// suspended it is off on the terminal and comes back on `resume()`.
    public private(set) var isMouseReportingEnabled = false

    /// Bytes that put the terminal back without ncurses: mouse reporting and bracketed paste off, attributes reset,
    /// keypad transmit off (when the terminal has `rmkx`), cursor visible, main screen. Taken
    /// from this terminal's terminfo at `init`, with xterm's strings where a capability is
    /// missing. Immutable, so an async-signal handler may write a copy made beforehand.
    public let restoreSequence: [UInt8]

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

    /// One `Style` turned into what `setcchar` takes.
    private struct Rendition {
        var attributes: attr_t
        var pair: Int32
    }

    /// Mouse reporting, then bracketed paste (mode 2004: a paste arrives between `ESC [ 200 ~`
    /// and `ESC [ 201 ~`, which `KeyDecoder` turns into one `.paste` event), on and off together.
    private static let mouseOn = Array("\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?2004h".utf8)
    private nonisolated static let mouseOff = Array("\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l".utf8)
    /// Which instance's `SCREEN` ncurses has current, so `activate()` costs nothing per frame.
    private static var current: ObjectIdentifier?

    private var state = State.active
    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private let output: UnsafeMutablePointer<FILE>
    /// Whether the mouse-on bytes are what the terminal last received from us.
    private var mouseActive = false

    /// How many cells differed from the previous frame in the last `present` (all of them after
    /// an invalidation): what was handed to ncurses. For tests and frame statistics.
    private(set) var changedCellCount = 0

    /// The cells ncurses holds from the last frame, `size.width * size.height` of them, or empty
    /// after `invalidate()`.
    private var previous: [Cell] = []

    // Colour state. `colorMapper` is nil without colours.
    private let colorMapper: ColorMapper?
    private let hasDefaultColors: Bool
    /// Internal so tests can start numbering above `Int16.max`.
    var colorPairs: ColorPairCache
    /// Set by `rendition(for:)` when the pair table is full during a frame.
    private var pairsOverflowed = false
    /// The screen needs more pairs than the terminal has; see `present(cells:size:)`.
    private var pairsExhausted = false
    private var renditions: [Style: Rendition] = [:]
    private var lastStyle = Style.plain
    private var lastRendition: Rendition
    /// `attr_t` for every `TextAttributes` raw value (5 bits).
    private let attributeTable: [attr_t]

    /// Scratch space for one `setcchar` string: up to `CCHARW_MAX` scalars and a NUL.
    private let characters: UnsafeMutablePointer<wchar_t>
    private static let maxCharacters = Int(CCHARW_MAX)

    /// Creates the ncurses `SCREEN` for `terminalType` (nil: `TERM`) writing to `output` and
    /// reading terminal replies from `input`, and puts the terminal in full-screen mode: the
    /// alternate screen, raw input, no echo, hidden cursor, keypad decoding off (libtermkey reads
    /// keys). With `useColor` and a colour terminal it starts colours with default-colour
    /// support. Throws `SetupError.unknownTerminal` when ncurses cannot drive the terminal type;
    /// the terminal is then untouched.
    public init(
        terminalType: String?,
        output: UnsafeMutablePointer<FILE>,
        input: UnsafeMutablePointer<FILE>,
        useColor: Bool = TerminalScreen.environmentAllowsColor
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
        usesColor = colored
        hasDefaultColors = defaults
        colorMapper = colored ? ColorMapper(colorCount: Int(shoji_colors())) : nil
        colorPairs = ColorPairCache(capacity: colored ? Int(shoji_color_pairs()) : 0)
        lastRendition = Rendition(attributes: shoji_a_normal(), pair: 0)

        let bold = shoji_a_bold(), dim = shoji_a_dim(), italic = shoji_a_italic()
        let underline = shoji_a_underline(), reverse = shoji_a_reverse()
        attributeTable = (0..<32).map { (raw: Int) -> attr_t in
            let set = TextAttributes(rawValue: UInt8(raw))
            var a = shoji_a_normal()
            if set.contains(.bold) { a |= bold }
            if set.contains(.dim) { a |= dim }
            if set.contains(.italic) { a |= italic }
            if set.contains(.underline) { a |= underline }
            if set.contains(.reverse) { a |= reverse }
            return a
        }

        characters = .allocate(capacity: Self.maxCharacters + 1)
        size = Size(width: Int(shoji_cols()), height: Int(shoji_lines()))
        restoreSequence = Self.terminfoRestoreSequence()
        Self.current = ObjectIdentifier(self)
    }

    isolated deinit {
        shutdown()
        characters.deallocate()
    }

    // MARK: - Screen

    /// Shows `surface`. Only cells that differ from the previous frame are handed to ncurses
    /// (every cell after `invalidate()`, `resize(to:)` or on the first frame), then one
    /// `doupdate` writes the frame; an unchanged surface writes nothing at all.
    ///
    /// A surface of another size is clipped or padded with blanks. A wide grapheme whose right
    /// half is missing (clipped, or a broken surface) shows as a blank, never as half a glyph.
    /// The bottom-right cell is drawn too: `mvwadd_wch` reports ERR there (the cursor cannot
    /// advance without scrolling) but ncurses has stored the cell, and `doupdate` paints it with
    /// auto-margins switched off around it (`rmam`/`smam`). Ignored while suspended or shut down.
    public func present(_ surface: Surface) {
        present(cells: surface.cells, size: surface.size)
        placeCursor(at: surface.cursor)
    }

    /// Where the terminal's cursor shows (as the last `present` asked), or `nil` while hidden.
    public private(set) var cursor: Point?

    /// Shows the terminal's cursor at `position` after the frame's cells are out, or hides it
    /// for `nil` or a cell outside the screen: ncurses moves it there (`wmove`, then a
    /// `doupdate` that writes only the motion, or nothing when it is already there) and turns it
    /// on or off (`curs_set`) only when that changes. Ignored while suspended or shut down; after
    /// a resume ncurses puts the visibility back itself.
    private func placeCursor(at position: Point?) {
        guard state == .active else { return }
        activate()
        let target = position.flatMap { Rect(origin: .zero, size: size).contains($0) ? $0 : nil }
        if let target {
            leaveok(window, false)
            wmove(window, Int32(target.y), Int32(target.x))
            wnoutrefresh(window)
            doupdate()
            if cursor == nil { curs_set(1) }
        } else if cursor != nil {
            curs_set(0)
            leaveok(window, true)
        }
        cursor = target
    }

    /// Makes the next `present` redraw every cell and ncurses clear and repaint the terminal
    /// (`clearok(curscr)`), for when the terminal's contents are unknown.
    public func invalidate() {
        previous = []
        guard state != .shutDown else { return }
        activate()
        clearok(shoji_curscr(), true)
    }

    // MARK: - Session control

    /// Tells ncurses the terminal now has `newSize` cells (`resizeterm`) and invalidates, so the
    /// next `present` (which should bring a surface of the new size) repaints everything.
    public func resize(to newSize: Size) {
        guard state != .shutDown else { return }
        activate()
        _ = resizeterm(Int32(clamping: newSize.height), Int32(clamping: newSize.width))
        size = Size(width: Int(shoji_cols()), height: Int(shoji_lines()))
        invalidate()
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
    /// reporting off, then `endwin` (main screen, cursor, cooked modes). No-op unless active.
    public func suspend() {
        guard state == .active else { return }
        activate()
        sendMouseReporting(false)
        endwin()
        state = .suspended
    }

    /// Takes the terminal back after `suspend()`: repaints the last frame in full right away
    /// (ncurses re-enters full-screen mode on `doupdate`), then turns mouse reporting back on if it
    /// was wanted. No-op unless suspended.
    public func resume() {
        guard state == .suspended else { return }
        activate()
        state = .active
        clearok(shoji_curscr(), true)
        wnoutrefresh(window)
        doupdate()
        if isMouseReportingEnabled { sendMouseReporting(true) }
    }

    /// Ends the screen for good: mouse reporting off, `endwin` (unless suspended, which already
    /// did it) and `delscreen`. Idempotent; every later call on this object is a no-op.
    public func shutdown() {
        guard state != .shutDown else { return }
        activate()
        sendMouseReporting(false)
        if state == .active { endwin() }
        state = .shutDown
        delscreen(screen)
        Self.current = nil
    }

    // MARK: - Drawing

    /// The whole of `present`, taking the grid directly so tests can build cells (such as wide
    /// graphemes) without depending on how `Surface` measures text.
    func present(cells: [Cell], size source: Size) {
        guard state == .active else { return }
        activate()
        let frame = source == size && cells.count == size.width * size.height
            ? cells : fitted(cells, from: source)

        let full = previous.count != frame.count
        if full { pairsExhausted = false }
        let freshPairs = colorPairs.count == 0
        var drawn = draw(frame, full: full)
        if pairsOverflowed && !freshPairs && !pairsExhausted {
            // The pair numbers ran out mid-frame: start over with an empty table and repaint, so
            // no cell keeps a number that is about to mean other colours.
            pairsOverflowed = false
            resetColors()
            invalidate()
            drawn = draw(frame, full: true)
        }
        if pairsOverflowed {
            // Even a fresh table cannot hold what is on screen: the extra combinations show in
            // default colours, and no more resets (each one a full repaint) until the next
            // invalidation.
            pairsExhausted = true
            pairsOverflowed = false
        }
        previous = frame
        changedCellCount = drawn
        guard drawn > 0 else { return }
        wnoutrefresh(window)
        doupdate()
    }

    /// Hands the cells that differ from `previous` (all of them when `full`) to ncurses,
    /// left to right so a wide glyph is laid down before the cell after it. Returns how many.
    private func draw(_ frame: [Cell], full: Bool) -> Int {
        let columns = size.width
        var drawn = 0
        frame.withUnsafeBufferPointer { now in
            previous.withUnsafeBufferPointer { before in
                for y in 0..<size.height {
                    let row = y * columns
                    for x in 0..<columns {
                        let i = row + x
                        if !full && now[i] == before[i] { continue }
                        drawn += 1
                        let cell = now[i]
                        switch cell.width {
                        case 0:
                            // The lead to the left paints both columns; an orphan shows as a blank.
                            if x > 0 && now[i - 1].width == 2 { continue }
                            put(" ", style: cell.style, width: 1, x: x, y: y)
                        case 2:
                            if x + 1 < columns && now[i + 1].width == 0 {
                                put(cell.grapheme, style: cell.style, width: 2, x: x, y: y)
                            } else {
                                put(" ", style: cell.style, width: 1, x: x, y: y)
                            }
                        default:
                            if x > 0 && now[i - 1].width == 2 && !full && now[i - 1] == before[i - 1] {
                                // An unchanged wide lead just lost its right half: blank it, or
                                // ncurses would keep drawing the whole glyph over this cell.
                                put(" ", style: now[i - 1].style, width: 1, x: x - 1, y: y)
                            }
                            put(cell.grapheme, style: cell.style, width: 1, x: x, y: y)
                        }
                    }
                }
            }
        }
        return drawn
    }

    /// Stores one grapheme at (`x`, `y`) in ncurses' window. `width` is the surface's width for
    /// it (1 or 2); a grapheme the C library cannot print becomes U+FFFD (plus a blank for a wide
    /// one) so the row never shifts.
    private func put(_ grapheme: String, style: Style, width: Int, x: Int, y: Int) {
        let rendition = rendition(for: style)
        var count = 0
        for scalar in grapheme.unicodeScalars {
            if count == Self.maxCharacters { break }
            characters[count] = wchar_t(bitPattern: scalar.value)
            count += 1
        }
        if count == Self.maxCharacters && grapheme.unicodeScalars.count > count
            && characters[count - 1] == 0x200D {
            // Truncated right after a zero-width joiner, which would join the next cell's glyph.
            count -= 1
        }
        if count == 0 {
            characters[0] = 0x20
            count = 1
        }
        var substituted = false
        let base = characters[0]
        if base < 0x20 || base >= 0x7F {
            switch wcwidth(base) {
            case ..<0:
                // Measured: ncurses spells a control out as "^[" (two columns) and drops an
                // unassigned scalar; either shifts the row against the surface.
                characters[0] = 0xFFFD
                count = 1
                substituted = true
            case 0 where count < Self.maxCharacters:
                // ncurses adds a lone combining mark to the cell on its left: give it a base.
                for k in stride(from: count, to: 0, by: -1) { characters[k] = characters[k - 1] }
                characters[0] = 0x20
                count += 1
            case 0:
                characters[0] = 0x20
            default:
                break
            }
        }
        characters[count] = 0

        var cell = cchar_t()
        var pair = rendition.pair
        if setcchar(&cell, characters, rendition.attributes, 0, &pair) != OK {
            characters[0] = 0xFFFD
            characters[1] = 0
            substituted = true
            _ = setcchar(&cell, characters, rendition.attributes, 0, &pair)
        }
        // ERR at the bottom-right cell only means the cursor could not wrap; the cell is stored.
        _ = mvwadd_wch(window, Int32(y), Int32(x), &cell)
        if substituted && width == 2 {
            put(" ", style: style, width: 1, x: x + 1, y: y)
        }
    }

    /// Attributes and colour pair for `style`, memoised: a frame's cells mostly repeat styles.
    private func rendition(for style: Style) -> Rendition {
        if style == lastStyle { return lastRendition }
        let result: Rendition
        if let known = renditions[style] {
            result = known
        } else {
            let attributes = attributeTable[Int(style.attributes.rawValue & 0x1F)]
            if let pair = pairNumber(for: style) {
                result = Rendition(attributes: attributes, pair: pair)
                renditions[style] = result
            } else {
                // Out of pairs: default colours for now, and not remembered (see `present`).
                pairsOverflowed = true
                result = Rendition(attributes: attributes, pair: 0)
            }
        }
        lastStyle = style
        lastRendition = result
        return result
    }

    /// The colour pair for `style`'s colours: 0 without colours or for default on default, nil
    /// when the pair table is full.
    private func pairNumber(for style: Style) -> Int32? {
        guard let colorMapper else { return 0 }
        var foreground = colorMapper.number(for: style.foreground)
        var background = colorMapper.number(for: style.background)
        if foreground == -1 && background == -1 { return 0 }
        if !hasDefaultColors {
            // Without default colours, -1 is invalid: use ncurses' own assumption, white on black.
            if foreground == -1 { foreground = Int32(COLOR_WHITE) }
            if background == -1 { background = Int32(COLOR_BLACK) }
        }
        return colorPairs.number(foreground: foreground, background: background) { number in
            init_extended_pair(number, foreground, background) == OK
        }
    }

    private func resetColors() {
        colorPairs.removeAll()
        renditions.removeAll(keepingCapacity: true)
        lastStyle = .plain
        lastRendition = Rendition(attributes: shoji_a_normal(), pair: 0)
    }

    /// `cells` (laid out `source.width` wide) cut or padded with plain blanks to `size`.
    private func fitted(_ cells: [Cell], from source: Size) -> [Cell] {
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
        writeDirectly(enabled ? Self.mouseOn : Self.mouseOff)
    }

    /// Writes `bytes` to the output's file descriptor, after anything buffered in the `FILE`.
    /// ncurses flushes its own buffer at the end of each `doupdate`/`endwin`, so ordering holds.
    private func writeDirectly(_ bytes: [UInt8]) {
        fflush(output)
        let descriptor = fileno(output)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if n > 0 {
                    offset += n
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    return  // The terminal is gone: nothing useful to do about it here.
                }
            }
        }
    }

    /// `restoreSequence` from the current terminal's terminfo.
    private static func terminfoRestoreSequence() -> [UInt8] {
        var bytes = mouseOff
        bytes += capability("sgr0") ?? Array("\u{1B}[0m".utf8)
        bytes += capability("rmkx") ?? []
        bytes += capability("cnorm") ?? Array("\u{1B}[?25h".utf8)
        bytes += capability("rmcup") ?? Array("\u{1B}[?1049l".utf8)
        return bytes
    }

    /// A terminfo string capability without its `$<n>` padding, which only `tputs` interprets.
    private static func capability(_ name: String) -> [UInt8]? {
        guard let value = shoji_tigetstr(name), value.pointee != 0 else { return nil }
        var bytes: [UInt8] = []
        var padding = false
        var pointer = UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self)
        while pointer.pointee != 0 {
            let byte = pointer.pointee
            pointer += 1
            if padding {
                if byte == UInt8(ascii: ">") { padding = false }
            } else if byte == UInt8(ascii: "$") && pointer.pointee == UInt8(ascii: "<") {
                padding = true
            } else {
                bytes.append(byte)
            }
        }
        return bytes
    }
}
