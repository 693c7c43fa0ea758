import CNcursesw
import Glibc

/// One terminfo string capability of the current terminal, as ncursesw has it, ready to append
/// to a frame.
///
/// The common forms (literal bytes, `%i`, and `%p1%d` / `%p2%d`, which is every cursor and
/// character capability of xterm, screen, tmux and the Linux console) are expanded here without
/// a library call; anything else (padding `$<…>`, arithmetic, conditionals) goes through
/// ncurses' `tiparm` and `tputs`, so the bytes are always what terminfo says.
struct TerminalCapability {
    private enum Piece {
        case literal([UInt8])
        /// Parameter 1 or 2, in decimal.
        case parameter(Int)
    }

    /// The capability as terminfo holds it (owned by ncurses' terminal entry, which outlives
    /// every frame: the screen frees it at `shutdown`).
    let raw: UnsafePointer<CChar>
    /// The expanded form, or nil when only ncurses can expand it.
    private let pieces: [Piece]?
    /// `%i`: parameters 1 and 2 count from 1.
    private let oneBased: Bool

    /// The capability `name` of the current terminal, or nil when it lacks it.
    @MainActor
    init?(_ name: String) {
        guard let value = shoji_tigetstr(name), value.pointee != 0 else { return nil }
        self.init(raw: value)
    }

    init(raw: UnsafePointer<CChar>) {
        self.raw = raw
        var pieces: [Piece] = []
        var literal: [UInt8] = []
        var oneBased = false
        var supported = true
        var pointer = UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self)
        func next() -> UInt8 { let byte = pointer.pointee; if byte != 0 { pointer += 1 }; return byte }
        scan: while true {
            let byte = next()
            switch byte {
            case 0:
                break scan
            case UInt8(ascii: "$") where pointer.pointee == UInt8(ascii: "<"):
                supported = false  // padding: tputs decides
                break scan
            case UInt8(ascii: "%"):
                let code = next()
                switch code {
                case UInt8(ascii: "%"):
                    literal.append(code)
                case UInt8(ascii: "i"):
                    oneBased = true
                case UInt8(ascii: "p"):
                    let digit = next()
                    guard digit == UInt8(ascii: "1") || digit == UInt8(ascii: "2"),
                        next() == UInt8(ascii: "%"), next() == UInt8(ascii: "d")
                    else {
                        supported = false
                        break scan
                    }
                    if !literal.isEmpty { pieces.append(.literal(literal)); literal = [] }
                    pieces.append(.parameter(Int(digit - UInt8(ascii: "0"))))
                default:
                    supported = false
                    break scan
                }
            default:
                literal.append(byte)
            }
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        self.pieces = supported ? pieces : nil
        self.oneBased = oneBased
    }

    /// Appends the capability with parameters `p1` and `p2` (ignored when it takes none).
    @MainActor
    func append(to buffer: ByteBuffer, _ p1: Int = 0, _ p2: Int = 0) {
        guard let pieces else {
            guard let expanded = shoji_tparm(raw, p1, p2) else { return }
            TerminalOutput.put(expanded, into: buffer)
            return
        }
        let offset = oneBased ? 1 : 0
        for piece in pieces {
            switch piece {
            case .literal(let bytes): buffer.append(bytes)
            case .parameter(let index): buffer.appendDecimal((index == 1 ? p1 : p2) + offset)
            }
        }
    }

    /// How many bytes `append` writes for these parameters (padding aside).
    @MainActor
    func length(_ p1: Int = 0, _ p2: Int = 0) -> Int {
        guard let pieces else {
            guard let expanded = shoji_tparm(raw, p1, p2) else { return 0 }
            return strlen(expanded)
        }
        let offset = oneBased ? 1 : 0
        var total = 0
        for piece in pieces {
            switch piece {
            case .literal(let bytes): total += bytes.count
            case .parameter(let index): total += Self.digits((index == 1 ? p1 : p2) + offset)
            }
        }
        return total
    }

    private static func digits(_ value: Int) -> Int {
        var n = max(0, value), count = 1
        while n >= 10 { n /= 10; count += 1 }
        return count
    }
}

/// What the frame writer needs to know about the terminal, read from its terminfo entry
/// through ncursesw when the screen is created. Strings the terminal lacks are nil, and the
/// writer does without them (no insert-character: rows are rewritten, as before).
struct TerminalCapabilities {
    /// `cup`: move to row, column. Every terminal Shoji drives has it (the start-up check).
    let cursorAddress: TerminalCapability?
    /// `hpa`: move to a column of the current row.
    let columnAddress: TerminalCapability?
    /// `cuf`: move right by n; `cub` / `cub1`: left by n / one.
    let cursorForward: TerminalCapability?
    let cursorBackward: TerminalCapability?
    let cursorLeft: TerminalCapability?
    /// `vpa`: move to a row, same column; `cud` / `cuu`: down / up by n; `cuu1`: up one.
    /// (`cud1` is a line feed on most terminals, which the tty may turn into CR LF: not used.)
    let rowAddress: TerminalCapability?
    let cursorDown: TerminalCapability?
    let cursorUp: TerminalCapability?
    let cursorUpOne: TerminalCapability?
    /// `cr`: to the first column.
    let carriageReturn: TerminalCapability?
    /// `ich` / `ich1`: insert n blank characters / one.
    let insertCharacters: TerminalCapability?
    let insertCharacter: TerminalCapability?
    /// `smir` / `rmir`: insert mode on and off.
    let enterInsertMode: TerminalCapability?
    let exitInsertMode: TerminalCapability?
    /// `dch` / `dch1`: delete n characters / one.
    let deleteCharacters: TerminalCapability?
    let deleteCharacter: TerminalCapability?
    /// `el`: clear to the end of the line; `ech`: erase n characters.
    let clearToEndOfLine: TerminalCapability?
    let eraseCharacters: TerminalCapability?
    /// `clear`, or `home` + `ed` when it lacks one.
    let clearScreen: TerminalCapability?
    let home: TerminalCapability?
    let clearToEndOfScreen: TerminalCapability?
    /// `smam` / `rmam`: automatic margins on and off.
    let enterAutomaticMargins: TerminalCapability?
    let exitAutomaticMargins: TerminalCapability?
    /// `sgr0`: every attribute off.
    let exitAttributeMode: TerminalCapability?
    /// `cnorm` / `civis`: the cursor shown as usual / hidden.
    let cursorNormal: TerminalCapability?
    let cursorInvisible: TerminalCapability?
    /// `am`: writing the last column wraps; `xenl`: the wrap waits for the next character.
    let automaticMargins: Bool
    let eatsNewlineGlitch: Bool
    /// `bce`: erasing paints the current background colour.
    let backColorErase: Bool
    /// `msgr`: the cursor may move while attributes are on.
    let movesInStandoutMode: Bool

    /// The current terminal's (the screen's own terminal must be current).
    @MainActor
    static func current() -> TerminalCapabilities {
        func flag(_ name: String) -> Bool { tigetflag(name) > 0 }
        return TerminalCapabilities(
            cursorAddress: TerminalCapability("cup"),
            columnAddress: TerminalCapability("hpa"),
            cursorForward: TerminalCapability("cuf"),
            cursorBackward: TerminalCapability("cub"),
            cursorLeft: TerminalCapability("cub1"),
            rowAddress: TerminalCapability("vpa"),
            cursorDown: TerminalCapability("cud"),
            cursorUp: TerminalCapability("cuu"),
            cursorUpOne: TerminalCapability("cuu1"),
            carriageReturn: TerminalCapability("cr"),
            insertCharacters: TerminalCapability("ich"),
            insertCharacter: TerminalCapability("ich1"),
            enterInsertMode: TerminalCapability("smir"),
            exitInsertMode: TerminalCapability("rmir"),
            deleteCharacters: TerminalCapability("dch"),
            deleteCharacter: TerminalCapability("dch1"),
            clearToEndOfLine: TerminalCapability("el"),
            eraseCharacters: TerminalCapability("ech"),
            clearScreen: TerminalCapability("clear"),
            home: TerminalCapability("home"),
            clearToEndOfScreen: TerminalCapability("ed"),
            enterAutomaticMargins: TerminalCapability("smam"),
            exitAutomaticMargins: TerminalCapability("rmam"),
            exitAttributeMode: TerminalCapability("sgr0"),
            cursorNormal: TerminalCapability("cnorm"),
            cursorInvisible: TerminalCapability("civis"),
            automaticMargins: flag("am"),
            eatsNewlineGlitch: flag("xenl"),
            backColorErase: flag("bce"),
            movesInStandoutMode: flag("msgr")
        )
    }
}
