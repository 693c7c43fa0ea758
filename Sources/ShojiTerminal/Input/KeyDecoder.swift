import CTermKey
import Glibc
import ShojiTerminalCore

/// Turns terminal input bytes into `InputEvent`s (`.key` and `.mouse`) with libtermkey.
///
/// **Ownership**: the decoder owns one `TermKey` handle, created in `init` and destroyed in
/// `deinit`. It never closes the file descriptor it reads from; that stays the caller's.
///
/// **Threading**: not thread-safe and deliberately not `Sendable`. Use it from one thread or
/// actor at a time (in practice the run loop on the main actor); Swift 6 region checking stops
/// it from being shared across isolation domains.
///
/// **Ordering**: events come out in the order their bytes went in, across `push`,
/// `readAvailable`, `nextEvents` and `flushPending`; nothing is reordered or duplicated.
///
/// **Decoding rules** (beyond libtermkey's own):
/// - Text, including multi-byte UTF-8 (é, 日, 👍), becomes `.character`. Space is `" "`.
/// - A C0 control becomes its letter with `.ctrl` (0x03 is `"c"` + `.ctrl`), except Tab (0x09),
///   Enter (0x0D), Esc (0x1B) and Backspace: DEL (0x7F) and ^H (0x08) are both `.backspace`,
///   because terminals disagree on which one the Backspace key sends (so Ctrl-H cannot be
///   bound). 0x0A stays Ctrl-J: in raw mode Enter sends 0x0D.
/// - Shift with a letter is folded into the letter: Shift-a is `"A"` without `.shift` (legacy
///   encodings cannot carry it; keyboard protocols that do are normalised to the same form).
///   Shift is kept for everything else (Shift-Tab is `.tab` + `.shift`, Shift-Up, Shift-F1).
/// - Esc followed by another key before `flushPending()` is Alt plus that key (libtermkey's
///   rule): `\ex` is `"x"` + `.alt`, and `\e` followed by `\e[A` is Alt-Up. A lone Esc
///   becomes `.escape` only when `flushPending()` ends the wait.
/// - Keypad keys in application mode decode as what they type (`"0"`, `"+"`, `.enter`).
///   VT220 Find and Select (`CSI 1~`, `CSI 4~`, sent for Home and End by some terminals) are
///   `.home` and `.end`.
/// - A bracketed paste (`ESC [ 200 ~` text `ESC [ 201 ~`, mode 2004, which `TerminalScreen`
///   turns on) is one `.paste` event, in order with the keys around it: its bytes are taken
///   raw (none is a key: a pasted `q` or ESC is text), decoded as UTF-8 with U+FFFD for
///   invalid bytes, CR LF and lone CR made `"\n"`; control characters are left for the
///   receiver to make inert. A paste keeps its first `maximumPasteLength` bytes (the rest is
///   read and dropped up to the end marker). A paste whose end marker never comes ends when
///   the input pauses for `pasteWaitTime` (`flushPending()`), so a lost marker cannot swallow
///   every later key. A stray end marker is dropped.
/// - The kitty keyboard protocol's event types (flag 2, which `TerminalScreen` pushes while
///   releases are wanted): a repeat (`CSI code ; mods:2 u`) is a press, a release (`:3`) is a
///   `.keyRelease` of the key its press decodes to, in order with the other keys. Alternate key
///   codes are ignored; any other sub-parameter drops the sequence.
/// - Anything without a `Key` (unknown CSI, keypad Begin, DCS/OSC strings, F0, wheel-left,
///   buttons above 5, mouse motion with no button, reports at column or row 0) and invalid
///   UTF-8 produce no event. Bad input never traps or hangs.
///
/// **Input sanitising**: libtermkey 0.22 reads out of bounds (and crashes) on some malformed
/// CSI sequences, e.g. `ESC [ - A` or `0x9B - A`, and reads uninitialised memory on others
/// (`ESC [ u`, `ESC [ 27 ~`). So libtermkey never sees raw input: the decoder decodes UTF-8
/// itself and hands each character over as `CSI <codepoint> u`, so libtermkey only ever sees
/// 7-bit bytes (no 8-bit CSI), and it holds back every `ESC [` sequence until its final byte
/// and drops it unless its shape is one libtermkey handles safely (see `InputSanitizer`).
/// Consequence: sequences with intermediate bytes, such as rxvt's Shift-Insert `ESC [ 2 $`,
/// are dropped, and X10 mouse reports beyond column or row 95 (raw bytes above 0x7F) are
/// not decoded; SGR-1006 reports have neither limit.
public final class KeyDecoder {
    /// Why a decoder could not be created.
    public enum CreationError: Error, Equatable, CustomStringConvertible {
        /// No terminal type was given and `TERM` is unset or empty.
        case terminalTypeUnset
        /// `termkey_new_abstract` returned NULL (out of memory); `errno` is what it left.
        case creationFailed(errno: Int32)
        /// `termkey_start` failed.
        case startFailed(errno: Int32)

        /// A one-line message for the user, naming the cause.
        public var description: String {
            switch self {
            case .terminalTypeUnset:
                return "TERM is not set; cannot decode terminal input without a terminal type"
            case .creationFailed(let code):
                return "libtermkey could not create a decoder: \(String(cString: strerror(code)))"
            case .startFailed(let code):
                return "libtermkey could not start: \(String(cString: strerror(code)))"
            }
        }
    }

    /// What one `readAvailable()` call found on the file descriptor.
    public enum ReadResult: Equatable, Sendable {
        /// This many bytes (at least one) were read and queued for `nextEvents()`.
        case bytesRead(Int)
        /// Nothing to read right now (a non-blocking descriptor returned `EAGAIN`).
        case nothing
        /// The other end closed (read returned 0); `isAtEndOfInput` is now true.
        case endOfInput
        /// `read` failed with this `errno` (`EBADF` for an abstract decoder).
        case failed(errno: Int32)
    }

    private let handle: OpaquePointer
    private var sanitizer = InputSanitizer()
    /// Sanitised bytes that libtermkey's fixed buffer (256 bytes) could not take yet;
    /// `nextEvents()` feeds them in as it drains keys. Consumed from `queueStart` on.
    private var queue: [UInt8] = []
    private var queueStart = 0
    /// libtermkey answered `AGAIN` on the last drain: its buffer ends in a partial key.
    private var libtermkeyHasPartial = false

    /// True when the input so far ends in an incomplete sequence (a lone Esc, half a CSI
    /// sequence, half a UTF-8 character, a paste without its end marker yet) that more input
    /// may complete. The caller then waits `pendingWaitTime` for more input and, if none
    /// comes, calls `flushPending()`. Meaningful after `nextEvents()`; `flushPending()` makes
    /// it false.
    public var hasPendingSequence: Bool { libtermkeyHasPartial || sanitizer.isHoldingBytes }

    /// How long to wait for more input before `flushPending()` while `hasPendingSequence`:
    /// `pasteWaitTime` inside an unfinished paste (a paste may pause mid-way over a slow link),
    /// else `escapeWaitTime`.
    public var pendingWaitTime: Double { sanitizer.isInPaste ? pasteWaitTime : escapeWaitTime }

    /// How long an unfinished paste waits for more input before `flushPending()` ends it (see
    /// the decoding rules). Default 1 second.
    public var pasteWaitTime = 1.0

    /// The most bytes one paste keeps (1 MiB); the rest of a longer paste is dropped.
    public static let maximumPasteLength = InputSanitizer.maximumPasteLength

    /// Finished pastes whose markers wait in libtermkey's stream, oldest first (see
    /// `InputSanitizer.completedPastes`, which they are taken from).
    private var pastes: [String] = []
    private var pastesStart = 0

    /// True once `readAvailable()` saw end of file on the descriptor. Bytes already read are
    /// still decoded by `nextEvents()` and `flushPending()`.
    public private(set) var isAtEndOfInput = false

    /// Creates a decoder with no file descriptor, fed only through `push(_:)`: for tests and
    /// headless decoding. `term` names the terminfo entry whose key strings are recognised
    /// (for example `"xterm-256color"`); an unknown name still decodes the common ECMA-48 and
    /// xterm encodings. Input is taken as UTF-8.
    ///
    /// - Throws: `CreationError` if libtermkey fails to create or start the handle.
    public convenience init(abstractTerminal term: String) throws {
        try self.init(term: term, fileDescriptor: nil)
    }

    /// Creates a decoder for a real terminal that reads `fd` (usually 0) in `readAvailable()`.
    /// `terminalType` defaults to the `TERM` environment variable.
    ///
    /// The decoder only ever reads `fd`: it never writes to it (no keypad-transmit `smkx`;
    /// both cursor-key modes decode the same), never changes termios (ncurses owns it) and
    /// never closes it. That is why libtermkey gets an abstract handle rather than
    /// `termkey_new(fd)`, which would also abort the process when `TERM` is unset.
    ///
    /// - Throws: `CreationError.terminalTypeUnset` if `terminalType` is nil and `TERM` is
    ///   unset or empty; other `CreationError`s if libtermkey fails.
    public convenience init(fileDescriptor fd: Int32, terminalType: String? = nil) throws {
        let environmentType = getenv("TERM").map { String(cString: $0) }
        guard let term = terminalType ?? environmentType, !term.isEmpty else {
            throw CreationError.terminalTypeUnset
        }
        try self.init(term: term, fileDescriptor: fd)
    }

    private init(term: String, fileDescriptor fd: Int32?) throws {
        // CONVERTKP: application-keypad keys decode as the characters they type.
        let flags = TERMKEY_FLAG_NOSTART | TERMKEY_FLAG_UTF8 | TERMKEY_FLAG_CONVERTKP
        guard let handle = termkey_new_abstract(term, Int32(flags)) else {
            throw CreationError.creationFailed(errno: errno)
        }
        // The filter must be installed before the terminfo driver loads its strings.
        shoji_termkey_install_terminfo_filter(handle)
        errno = 0
        guard termkey_start(handle) != 0 else {
            let code = errno
            termkey_destroy(handle)
            throw CreationError.startFailed(errno: code)
        }
        self.handle = handle
        self.fileDescriptor = fd
    }

    deinit {
        termkey_destroy(handle)
    }

    /// The descriptor `readAvailable()` reads, to poll for readability; `nil` for an abstract
    /// decoder. The caller keeps ownership: the decoder never closes it.
    public let fileDescriptor: Int32?

    /// How long, in seconds, to wait for the rest of a pending sequence before
    /// `flushPending()` (libtermkey's wait time, 0.05 by default). Setting it changes the
    /// decoder's wait time; negative values become 0. Millisecond resolution.
    public var escapeWaitTime: Double {
        get { Double(termkey_get_waittime(handle)) / 1000 }
        set {
            let milliseconds = (max(0, newValue) * 1000).rounded()
            termkey_set_waittime(handle, Int32(min(milliseconds, Double(Int32.max))))
        }
    }

    /// Appends `bytes` to the input. Everything is kept, however long: what libtermkey's
    /// buffer cannot take yet waits in the decoder and is decoded by the next `nextEvents()`.
    public func push(_ bytes: [UInt8]) {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            // Inside a paste, text up to the next Esc is taken in one piece.
            let next = sanitizer.takePastedText(bytes[index...])
            if next > index {
                index = next
                continue
            }
            sanitizer.process(bytes[index], into: &queue)
            index += 1
        }
        feedQueue()
    }

    /// Reads what the file descriptor has right now (one `read` of up to 4 KiB, retried on
    /// `EINTR`) and queues it for `nextEvents()`. Call it after `poll` reports the descriptor
    /// readable: on a blocking descriptor with nothing to read, `read` blocks.
    ///
    /// This reads into the decoder's own queue rather than calling `termkey_advisereadable`:
    /// that reads into libtermkey's 256-byte buffer, and once an unterminated sequence fills
    /// the buffer it fails with `ENOMEM` on every call while the descriptor stays readable.
    public func readAvailable() -> ReadResult {
        guard let fd = fileDescriptor else { return .failed(errno: EBADF) }
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                push(Array(chunk[0..<count]))
                return .bytesRead(count)
            }
            if count == 0 {
                isAtEndOfInput = true
                return .endOfInput
            }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK { return .nothing }
            return .failed(errno: code)
        }
    }

    /// Decodes every complete key and mouse report in the input so far, in arrival order.
    /// Stops at the end of the input or at an incomplete trailing sequence, which stays
    /// buffered (`hasPendingSequence`) until more bytes complete it or `flushPending()`.
    /// Returns an empty array when there is nothing complete. Never blocks.
    public func nextEvents() -> [InputEvent] {
        drain(forcingPartials: false)
    }

    /// Declares the input complete for now: decodes everything buffered, ending an
    /// incomplete sequence as libtermkey does on time-out (a lone Esc becomes `.escape`,
    /// `\e[` becomes Alt-`[`, half a UTF-8 character is dropped). Call it when
    /// `hasPendingSequence` is true and `escapeWaitTime` passed with no new input.
    /// Afterwards `hasPendingSequence` is false.
    public func flushPending() -> [InputEvent] {
        var events = drain(forcingPartials: false)
        sanitizer.finish(into: &queue)
        events.append(contentsOf: drain(forcingPartials: true))
        // Forcing emptied libtermkey's buffer, so nothing released earlier can combine with
        // what comes next.
        sanitizer.libtermkeyBufferWasEmptied()
        return events
    }

    /// Feeds queued bytes to libtermkey and collects its keys until both run dry. A partial
    /// key is left in libtermkey unless `forcingPartials`, or unless it fills libtermkey's
    /// whole buffer while more bytes wait (then it can never complete and is forced).
    private func drain(forcingPartials: Bool) -> [InputEvent] {
        var events: [InputEvent] = []
        var key = TermKeyKey()
        libtermkeyHasPartial = false
        while true {
            let fed = feedQueue()
            var result = termkey_getkey(handle, &key)
            if result == TERMKEY_RES_AGAIN {
                if queuedCount == 0 && !forcingPartials {
                    libtermkeyHasPartial = true
                    return events
                }
                // Forcing always consumes at least one byte, so this loop ends.
                result = termkey_getkey_force(handle, &key)
                guard result == TERMKEY_RES_KEY else {
                    // Cannot happen with libtermkey 0.22; dropping beats spinning forever.
                    discardQueue()
                    return events
                }
            }
            if result == TERMKEY_RES_KEY {
                if isPasteMarker(key) {
                    // An Esc libtermkey held makes the marker Alt-modified: that Esc was a key.
                    if Int(key.modifiers) & TERMKEY_KEYMOD_ALT != 0 { events.append(.key(KeyEvent(.escape))) }
                    if let text = nextPaste() { events.append(.paste(text)) }
                } else if let event = Self.event(for: key, in: handle) {
                    events.append(event)
                }
                continue
            }
            // NONE (buffer empty), EOF or ERROR. Go on only while queued bytes can still be
            // fed; `fed == 0` with an empty buffer would otherwise loop forever.
            if queuedCount == 0 || fed == 0 {
                // Every marker has been read by now; a paste still here lost its marker
                // (libtermkey never drops a complete CSI, but never lose text over it).
                while let text = nextPaste() { events.append(.paste(text)) }
                return events
            }
        }
    }

    // MARK: - Byte queue

    private var queuedCount: Int { queue.count - queueStart }

    /// Whether `key` is the marker the sanitizer puts in the stream where a finished paste goes
    /// (`CSI 200 ~`, possibly Alt-modified by an Esc libtermkey held before it). Every real
    /// `CSI 200 ~` starts a paste in the sanitizer, so only markers reach libtermkey.
    private func isPasteMarker(_ key: TermKeyKey) -> Bool {
        guard key.type == TERMKEY_TYPE_UNKNOWN_CSI else { return false }
        var key = key
        var arguments = [Int](repeating: 0, count: 16)
        var count = arguments.count
        var command: UInt = 0
        let result = arguments.withUnsafeMutableBufferPointer { buffer in
            termkey_interpret_csi(handle, &key, buffer.baseAddress, &count, &command)
        }
        return result == TERMKEY_RES_KEY && command == UInt(UInt8(ascii: "~")) && count >= 1 && arguments[0] == 200
    }

    /// The oldest finished paste not yet delivered, if any.
    private func nextPaste() -> String? {
        pastes.append(contentsOf: sanitizer.takeCompletedPastes())
        guard pastesStart < pastes.count else { return nil }
        defer {
            pastesStart += 1
            if pastesStart == pastes.count {
                pastes.removeAll()
                pastesStart = 0
            }
        }
        return pastes[pastesStart]
    }

    /// Moves as many queued bytes into libtermkey's buffer as fit; returns how many.
    @discardableResult
    private func feedQueue() -> Int {
        guard queuedCount > 0 else { return 0 }
        let accepted = queue.withUnsafeBufferPointer { buffer -> Int in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                termkey_push_bytes(handle, $0 + queueStart, queuedCount)
            }
        }
        // libtermkey returns (size_t)-1, seen here as -1, when its buffer is full.
        guard accepted > 0 else { return 0 }
        queueStart += accepted
        if queueStart == queue.count {
            discardQueue()
        } else if queueStart > 4096, queueStart * 2 > queue.count {
            // Compact now and then so a long paste costs linear time, not quadratic.
            queue.removeFirst(queueStart)
            queueStart = 0
        }
        return accepted
    }

    private func discardQueue() {
        queue.removeAll(keepingCapacity: true)
        queueStart = 0
    }

    // MARK: - Mapping libtermkey keys to Shoji events

    private static func event(for key: TermKeyKey, in handle: OpaquePointer) -> InputEvent? {
        guard let event = pressEvent(for: key, in: handle) else { return nil }
        guard Int(key.modifiers) & KittyKeySequence.releaseModifier != 0 else { return event }
        // The sanitizer marked a kitty release (`KittyKeySequence`): the same key, let go.
        guard case .key(let released) = event else { return nil }
        return .keyRelease(released)
    }

    private static func pressEvent(for key: TermKeyKey, in handle: OpaquePointer) -> InputEvent? {
        let modifiers = Self.modifiers(key.modifiers)
        switch key.type {
        case TERMKEY_TYPE_UNICODE:
            return characterEvent(codepoint: key.code.codepoint, modifiers: modifiers)
        case TERMKEY_TYPE_KEYSYM:
            return keysymEvent(key.code.sym, modifiers: modifiers)
        case TERMKEY_TYPE_FUNCTION:
            let number = Int(key.code.number)
            guard number >= 1 else { return nil }
            return .key(KeyEvent(.function(number), modifiers: modifiers))
        case TERMKEY_TYPE_MOUSE:
            return mouseEvent(key, in: handle, modifiers: modifiers)
        default:
            // Unknown CSI, cursor position and mode reports, DCS and OSC strings.
            return nil
        }
    }

    /// Only Shift, Alt and Ctrl exist in `KeyModifiers`; other bits (xterm's Meta, a cursor
    /// position report misread as F3) are dropped.
    private static func modifiers(_ raw: Int32) -> KeyModifiers {
        var result: KeyModifiers = []
        if Int(raw) & TERMKEY_KEYMOD_SHIFT != 0 { result.insert(.shift) }
        if Int(raw) & TERMKEY_KEYMOD_ALT != 0 { result.insert(.alt) }
        if Int(raw) & TERMKEY_KEYMOD_CTRL != 0 { result.insert(.ctrl) }
        return result
    }

    /// The kitty keyboard protocol's functional keys without a legacy encoding (Menu, F13–F35,
    /// the keypad, media and modifier keys) arrive as codes in the private-use area, which
    /// libtermkey passes on as characters: the ones Shoji has a key for become that key, the
    /// rest are dropped, so none is ever typed into a field as a private-use character.
    static let kittyFunctionalKeys: ClosedRange<Int> = 57344...57454

    private static func kittyFunctionalKey(_ code: Int) -> Key? {
        switch code {
        case 57363: return .menu
        case 57376...57398: return .function(code - 57376 + 13)
        case 57399...57408: return .character(Character(String(code - 57399)))
        case 57409: return .character(".")
        case 57410: return .character("/")
        case 57411: return .character("*")
        case 57412: return .character("-")
        case 57413: return .character("+")
        case 57414: return .enter
        case 57415: return .character("=")
        case 57416: return .character(",")
        case 57417: return .left
        case 57418: return .right
        case 57419: return .up
        case 57420: return .down
        case 57421: return .pageUp
        case 57422: return .pageDown
        case 57423: return .home
        case 57424: return .end
        case 57425: return .insert
        case 57426: return .delete
        default: return nil
        }
    }

    private static func characterEvent(codepoint: Int, modifiers: KeyModifiers) -> InputEvent? {
        if kittyFunctionalKeys.contains(codepoint) {
            return kittyFunctionalKey(codepoint).map { .key(KeyEvent($0, modifiers: modifiers)) }
        }
        guard codepoint >= 0, codepoint <= 0x10FFFF,
            let scalar = Unicode.Scalar(UInt32(codepoint)),
            scalar.properties.generalCategory != .control
        else { return nil }
        var modifiers = modifiers
        if scalar == "h", modifiers.contains(.ctrl) {
            // ^H is what many terminals send for Backspace.
            modifiers.remove(.ctrl)
            return .key(KeyEvent(.backspace, modifiers: modifiers))
        }
        var character = Character(scalar)
        if modifiers.contains(.shift), character.isLetter {
            let upper = String(character).uppercased()
            if upper.count == 1 { character = Character(upper) }
            modifiers.remove(.shift)
        }
        return .key(KeyEvent(.character(character), modifiers: modifiers))
    }

    private static func keysymEvent(_ sym: TermKeySym, modifiers: KeyModifiers) -> InputEvent? {
        let key: Key
        switch sym {
        case TERMKEY_SYM_UP: key = .up
        case TERMKEY_SYM_DOWN: key = .down
        case TERMKEY_SYM_LEFT: key = .left
        case TERMKEY_SYM_RIGHT: key = .right
        case TERMKEY_SYM_HOME, TERMKEY_SYM_FIND: key = .home
        case TERMKEY_SYM_END, TERMKEY_SYM_SELECT: key = .end
        case TERMKEY_SYM_PAGEUP: key = .pageUp
        case TERMKEY_SYM_PAGEDOWN: key = .pageDown
        case TERMKEY_SYM_INSERT: key = .insert
        case TERMKEY_SYM_DELETE: key = .delete
        case TERMKEY_SYM_ENTER, TERMKEY_SYM_KPENTER: key = .enter
        case TERMKEY_SYM_ESCAPE: key = .escape
        case TERMKEY_SYM_TAB: key = .tab
        // Which of the two the terminal's Backspace sends depends on terminfo and settings.
        case TERMKEY_SYM_BACKSPACE, TERMKEY_SYM_DEL: key = .backspace
        case TERMKEY_SYM_SPACE: key = .character(" ")
        // CONVERTKP already turns SS3 keypad keys into characters; these are the leftovers
        // from terminfo-described keypads.
        case TERMKEY_SYM_KP0: key = .character("0")
        case TERMKEY_SYM_KP1: key = .character("1")
        case TERMKEY_SYM_KP2: key = .character("2")
        case TERMKEY_SYM_KP3: key = .character("3")
        case TERMKEY_SYM_KP4: key = .character("4")
        case TERMKEY_SYM_KP5: key = .character("5")
        case TERMKEY_SYM_KP6: key = .character("6")
        case TERMKEY_SYM_KP7: key = .character("7")
        case TERMKEY_SYM_KP8: key = .character("8")
        case TERMKEY_SYM_KP9: key = .character("9")
        case TERMKEY_SYM_KPPLUS: key = .character("+")
        case TERMKEY_SYM_KPMINUS: key = .character("-")
        case TERMKEY_SYM_KPMULT: key = .character("*")
        case TERMKEY_SYM_KPDIV: key = .character("/")
        case TERMKEY_SYM_KPCOMMA: key = .character(",")
        case TERMKEY_SYM_KPPERIOD: key = .character(".")
        case TERMKEY_SYM_KPEQUALS: key = .character("=")
        default: return nil
        }
        return .key(KeyEvent(key, modifiers: modifiers))
    }

    private static func mouseEvent(
        _ key: TermKeyKey, in handle: OpaquePointer, modifiers: KeyModifiers
    ) -> InputEvent? {
        var key = key
        var kind = TERMKEY_MOUSE_UNKNOWN
        var button: Int32 = 0
        var line: Int32 = 0
        var column: Int32 = 0
        guard
            termkey_interpret_mouse(handle, &key, &kind, &button, &line, &column)
                == TERMKEY_RES_KEY,
            line >= 1, column >= 1  // X10 reports can encode 0, which is off screen
        else { return nil }
        // libtermkey packs 12 bits of column and 11 of line, so SGR reports beyond 223 are
        // exact up to column 4095 and row 1023 (larger values are clamped by libtermkey).
        let position = Point(x: Int(column) - 1, y: Int(line) - 1)
        let mouseKind: MouseEvent.Kind
        switch (kind, button) {
        case (TERMKEY_MOUSE_PRESS, 1...3):
            mouseKind = .press(MouseEvent.Button(rawValue: Int(button))!)
        case (TERMKEY_MOUSE_DRAG, 1...3):
            mouseKind = .drag(MouseEvent.Button(rawValue: Int(button))!)
        case (TERMKEY_MOUSE_PRESS, 4), (TERMKEY_MOUSE_DRAG, 4):
            mouseKind = .wheelUp
        case (TERMKEY_MOUSE_PRESS, 5), (TERMKEY_MOUSE_DRAG, 5):
            mouseKind = .wheelDown
        case (TERMKEY_MOUSE_RELEASE, 1...3):
            mouseKind = .release(MouseEvent.Button(rawValue: Int(button))!)
        case (TERMKEY_MOUSE_RELEASE, 0):
            // libtermkey also reports motion with no button held (code 35, drag bit 0x20 set)
            // as a release; only a real X10 release (code 3) has no drag bit. Byte 0 of the
            // opaque `mouse` field is that raw code in libtermkey 0.22.
            guard UInt8(bitPattern: key.code.mouse.0) & 0x20 == 0 else { return nil }
            mouseKind = .release(nil)
        default:
            // Wheel releases, wheel-left/right, buttons 8-11: nothing Shoji models.
            return nil
        }
        return .mouse(MouseEvent(mouseKind, at: position, modifiers: modifiers))
    }
}
