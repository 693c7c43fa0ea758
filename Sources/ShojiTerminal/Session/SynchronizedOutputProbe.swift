import Glibc

/// Asks the terminal, once at start-up, whether it has synchronized output (DEC private mode
/// 2026, "begin/end synchronized update"), so frames can be wrapped in it and never show half
/// drawn.
///
/// The query is DECRQM for mode 2026 (`ESC [ ? 2026 $ p`), the kitty keyboard protocol's
/// flags query (`ESC [ ? u`, answered `ESC [ ? flags u` by a terminal that has the protocol) and
/// XTVERSION (`ESC [ > 0 q`, answered `ESC P > | name version ESC \`, by tmux and xterm among
/// others: which keyboard protocol to use, `KeyboardProtocol.init(answer:)`), followed by
/// Primary Device Attributes (`ESC [ c`), which nearly every terminal answers, in order: once
/// the DA answer is in, no other answer is coming, so the wait is one round trip whichever of
/// the questions a terminal answers. A terminal that answers none costs at most `timeout`
/// (0.1 s) and gets no synchronized updates. The query is sent
/// after the screen switched to full-screen mode and before the first frame, which clears the
/// screen: a terminal that shows what it does not understand leaves nothing behind.
///
/// Inline (`TerminalPresentation.inline`), the same round trip also asks where the cursor is
/// (DSR 6, `ESC [ 6 n`, answered `ESC [ row ; column R` before the DA answer), so the block starts
/// on the cursor's line; `cursorQuery` asks that alone (CPR, then DA1) after a resize or a
/// resume. A CPR answer has the shape of a key (Shift-F3 is `ESC [ 1 ; 2 R`), so it is looked
/// for only when asked for, and only the first one counts.
///
/// What else arrives meanwhile (keys typed during start-up) is handed back for the key
/// decoder. An answer that comes later still (after `timeout`) reaches the key decoder, which
/// drops it: DECRQM and DA answers are CSI sequences with a private marker or an intermediate
/// byte, shapes it never turns into keys.
enum SynchronizedOutputProbe {
    /// The longest the probe waits for the answers, in seconds.
    static let timeout = 0.1

    /// What is sent: DECRQM for mode 2026, the kitty keyboard protocol's flags query
    /// (`ESC [ ? u`), XTVERSION (`ESC [ > 0 q`), then DA1.
    static let query = Array("\u{1B}[?2026$p\u{1B}[?u\u{1B}[>0q\u{1B}[c".utf8)
    /// What is sent at the start of an inline app: DECRQM for mode 2026, the keyboard flags
    /// query, XTVERSION, DSR 6, then DA1.
    static let queryWithCursor = Array("\u{1B}[?2026$p\u{1B}[?u\u{1B}[>0q\u{1B}[6n\u{1B}[c".utf8)
    /// Where the cursor is, alone: DSR 6, then DA1 (which ends the wait).
    static let cursorQuery = Array("\u{1B}[6n\u{1B}[c".utf8)

    /// A cursor position as the terminal reported it, 0-based.
    struct CursorPosition: Equatable {
        /// The row, 0 at the top of the screen.
        var row: Int
        /// The column, 0 at the left edge.
        var column: Int
    }

    /// What the answers said, and the bytes that were not part of them.
    struct Answer: Equatable {
        /// DECRQM's state for mode 2026: 0 not recognised, 1 set, 2 reset, 3 permanently set,
        /// 4 permanently reset; nil when it did not answer.
        var mode: Int?
        /// The device-attributes answer arrived (so nothing more is coming).
        var sawDeviceAttributes = false
        /// The kitty keyboard protocol's flags in force (`ESC [ ? flags u`); nil when the
        /// terminal did not answer, so it does not have the protocol.
        var keyboardFlags: Int?
        /// The terminal's name and version as its XTVERSION answer gives them (`tmux 3.3a`,
        /// `XTerm(388)`), printable ASCII only; nil when it did not answer.
        var terminalVersion: String?
        /// The first cursor position report, when the query asked for one.
        var cursor: CursorPosition?
        /// Everything else, in order: input for the key decoder.
        var otherBytes: [UInt8] = []

        /// The terminal said it can switch mode 2026 (set or reset): frames get wrapped.
        var supportsSynchronizedUpdates: Bool { mode == 1 || mode == 2 }
    }

    /// Sends `query` with `send`, then reads `descriptor` for the answers until the DA answer
    /// arrives or `timeout` passes. A cursor position report is taken only when `query` asks for
    /// one.
    static func run(
        input descriptor: Int32, send: ([UInt8]) -> Void, query: [UInt8] = query, timeout: Double = timeout
    ) -> Answer {
        let expectingCursor = query.suffix(cursorQuery.count).elementsEqual(cursorQuery)
        send(query)
        var received: [UInt8] = []
        var answer = Answer()
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let end = Double(deadline.tv_sec) + Double(deadline.tv_nsec) * 1e-9 + timeout
        var buffer = [UInt8](repeating: 0, count: 256)
        while !answer.sawDeviceAttributes {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let left = end - (Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9)
            guard left > 0 else { break }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(max(1, (left * 1000).rounded(.up))))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0, poller.revents & Int16(POLLIN) != 0 else { break }
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            received += buffer[0..<count]
            answer = scan(received, expectingCursor: expectingCursor)
        }
        return scan(received, expectingCursor: expectingCursor)
    }

    /// Picks the DECRQM answer for mode 2026 (`ESC [ ? 2026 ; Ps $ y`), the keyboard flags
    /// (`ESC [ ? flags u`), the XTVERSION answer (`ESC P > | text ESC \`), the DA answer
    /// (`ESC [ ? … c`) and, when `expectingCursor`, the first cursor position report before the
    /// DA answer (`ESC [ row ; column R`) out of `bytes`; every other byte stays, in order, in
    /// `otherBytes`.
    static func scan(_ bytes: [UInt8], expectingCursor: Bool = false) -> Answer {
        var answer = Answer()
        var i = 0
        while i < bytes.count {
            if expectingCursor && answer.cursor == nil && !answer.sawDeviceAttributes,
                let (length, position) = cursorReport(in: bytes, at: i)
            {
                answer.cursor = position
                i += length
            } else if let (length, version) = versionReport(in: bytes, at: i) {
                answer.terminalVersion = version
                i += length
            } else if let (length, reply) = reply(in: bytes, at: i) {
                switch reply {
                case .mode(let number, let state): if number == 2026 { answer.mode = state }
                case .deviceAttributes: answer.sawDeviceAttributes = true
                case .keyboardFlags(let flags): answer.keyboardFlags = flags
                }
                i += length
            } else {
                answer.otherBytes.append(bytes[i])
                i += 1
            }
        }
        return answer
    }

    /// The cursor position report (`ESC [ row ; column R`, 1-based) starting at `start`, with
    /// its length, if a complete one does.
    private static func cursorReport(in bytes: [UInt8], at start: Int) -> (Int, CursorPosition)? {
        guard start + 1 < bytes.count, bytes[start] == 0x1B, bytes[start + 1] == UInt8(ascii: "[") else {
            return nil
        }
        var numbers: [Int] = [0]
        var digits = 0
        var i = start + 2
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                numbers[numbers.count - 1] = min(numbers[numbers.count - 1] * 10 + Int(byte - 0x30), 1_000_000)
                digits += 1
            case UInt8(ascii: ";"):
                guard numbers.count == 1, digits > 0 else { return nil }
                numbers.append(0)
                digits = 0
            case UInt8(ascii: "R"):
                guard numbers.count == 2, digits > 0, numbers[0] >= 1, numbers[1] >= 1 else { return nil }
                return (i + 1 - start, CursorPosition(row: numbers[0] - 1, column: numbers[1] - 1))
            default:
                return nil
            }
            i += 1
        }
        return nil
    }

    /// The longest XTVERSION text taken: a longer string is no answer (its bytes go to the key
    /// decoder, like any other unknown input).
    static let longestVersion = 128

    /// The XTVERSION answer (`ESC P > | text ESC \`) starting at `start`, with its length, if a
    /// complete one does: text of printable ASCII, at most `longestVersion` bytes.
    private static func versionReport(in bytes: [UInt8], at start: Int) -> (Int, String)? {
        let opening: [UInt8] = [0x1B, UInt8(ascii: "P"), UInt8(ascii: ">"), UInt8(ascii: "|")]
        guard bytes[start...].starts(with: opening) else { return nil }
        let textStart = start + opening.count
        var i = textStart
        while i < bytes.count, i - textStart <= longestVersion {
            switch bytes[i] {
            case 0x20...0x7E:
                i += 1
            case 0x1B:
                guard i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\\") else { return nil }
                return (i + 2 - start, String(decoding: bytes[textStart..<i], as: UTF8.self))
            default:
                return nil
            }
        }
        return nil
    }

    private enum Reply {
        case mode(Int, Int)
        case deviceAttributes
        case keyboardFlags(Int)
    }

    /// The reply starting at `start`, with its length, if a complete one does.
    private static func reply(in bytes: [UInt8], at start: Int) -> (Int, Reply)? {
        guard start + 3 < bytes.count, bytes[start] == 0x1B, bytes[start + 1] == UInt8(ascii: "["),
            bytes[start + 2] == UInt8(ascii: "?")
        else { return nil }
        var numbers: [Int] = [0]
        var i = start + 3
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                numbers[numbers.count - 1] = min(numbers[numbers.count - 1] * 10 + Int(byte - 0x30), 1_000_000)
            case UInt8(ascii: ";"):
                numbers.append(0)
            case UInt8(ascii: "$"):
                guard i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "y"), numbers.count == 2 else { return nil }
                return (i + 2 - start, .mode(numbers[0], numbers[1]))
            case UInt8(ascii: "c"):
                return (i + 1 - start, .deviceAttributes)
            case UInt8(ascii: "u"):
                guard numbers.count == 1 else { return nil }
                return (i + 1 - start, .keyboardFlags(numbers[0]))
            default:
                return nil
            }
            i += 1
        }
        return nil
    }
}
