/// One terminfo string capability, held as plain bytes (read from the terminal's entry once, by
/// the backend) and expanded here, with no library call.
///
/// The common forms (literal bytes, `%i`, and `%p1%d` / `%p2%d`, which is every cursor and
/// character capability of xterm, screen, tmux, the Linux console and vt100) are compiled into
/// pieces at `init`; anything else (arithmetic, conditionals, `%c`, formatted numbers) goes
/// through `TerminfoExpansion`, which does what ncurses' `tparm` does. Padding (`$<…>`) is
/// dropped at `init`: `tputs` sends none on the terminals Shoji drives (see DECISIONS.md,
/// Terminal).
package struct TerminalCapability: Sendable, Equatable {
    private enum Piece: Sendable, Equatable {
        case literal([UInt8])
        /// Parameter 1 or 2, in decimal.
        case parameter(Int)
    }

    /// The capability as terminfo holds it, padding removed.
    package let bytes: [UInt8]
    /// The compiled form, or nil when `TerminfoExpansion` must expand it.
    private let pieces: [Piece]?
    /// `%i`: parameters 1 and 2 count from 1.
    private let oneBased: Bool

    /// The capability whose terminfo text is `bytes`; nil when it is empty (terminfo's way of
    /// saying the terminal lacks it, as ncurses treats it).
    package init?(_ bytes: [UInt8]) {
        let stripped = Self.removingPadding(bytes)
        guard !stripped.isEmpty else { return nil }
        self.bytes = stripped
        (pieces, oneBased) = Self.compile(stripped)
    }

    /// The capability whose terminfo text is `text` (escapes already decoded: `"\u{1B}[%p1%dC"`).
    package init?(_ text: String) {
        self.init(Array(text.utf8))
    }

    /// Appends the capability with parameters `p1` and `p2` (ignored when it takes none).
    package func append(to buffer: ByteBuffer, _ p1: Int = 0, _ p2: Int = 0) {
        guard let pieces else {
            TerminfoExpansion.expand(bytes, parameters: (p1, p2)) { buffer.append($0) }
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

    /// How many bytes `append` writes for these parameters.
    package func length(_ p1: Int = 0, _ p2: Int = 0) -> Int {
        guard let pieces else {
            var total = 0
            TerminfoExpansion.expand(bytes, parameters: (p1, p2)) { _ in total += 1 }
            return total
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

    /// The expansion with `p1` and `p2`, as an array (for tests and start-up, not per frame).
    package func expanded(_ p1: Int = 0, _ p2: Int = 0) -> [UInt8] {
        let buffer = ByteBuffer(capacity: 64)
        append(to: buffer, p1, p2)
        return Array(buffer.bytes)
    }

    private static func digits(_ value: Int) -> Int {
        var n = max(0, value), count = 1
        while n >= 10 { n /= 10; count += 1 }
        return count
    }

    /// Pieces for the common forms; nil pieces when anything else appears.
    private static func compile(_ bytes: [UInt8]) -> ([Piece]?, Bool) {
        var pieces: [Piece] = []
        var literal: [UInt8] = []
        var oneBased = false
        var index = 0
        func next() -> UInt8 {
            guard index < bytes.count else { return 0 }
            defer { index += 1 }
            return bytes[index]
        }
        while index < bytes.count {
            let byte = next()
            guard byte == UInt8(ascii: "%") else {
                literal.append(byte)
                continue
            }
            switch next() {
            case UInt8(ascii: "%"):
                literal.append(byte)
            case UInt8(ascii: "i"):
                oneBased = true
            case UInt8(ascii: "p"):
                let digit = next()
                guard digit == UInt8(ascii: "1") || digit == UInt8(ascii: "2"),
                    next() == UInt8(ascii: "%"), next() == UInt8(ascii: "d")
                else { return (nil, false) }
                if !literal.isEmpty { pieces.append(.literal(literal)); literal = [] }
                pieces.append(.parameter(Int(digit - UInt8(ascii: "0"))))
            default:
                return (nil, false)
            }
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        return (pieces, oneBased)
    }

    /// `bytes` without `$<…>` padding, read as `tputs` reads it: a `$<` not followed by a digit
    /// or `.`, or with no `>` after it, stays as it is.
    private static func removingPadding(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "$")) else { return bytes }
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "$"), index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "<"),
                bytes[index + 2] == UInt8(ascii: ".") || (0x30...0x39).contains(bytes[index + 2]),
                let end = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: ">"))
            {
                index = end + 1
                continue
            }
            result.append(byte)
            index += 1
        }
        return result
    }
}
