/// Expands a terminfo parameterised string as ncurses' `tparm` does (ncurses 6.4, numbers
/// only): `%p1`…`%p9`, `%d` `%o` `%x` `%X` with `%:-`, `#`, space, width and precision, `%c`,
/// `%%`, `%'c'`, `%{n}`, `%i`, `%P`/`%g` variables, arithmetic, bit, comparison and logical
/// operators, and `%? … %t … %e … %;` conditionals.
///
/// Differences that cannot matter for numeric capabilities: `%s` and `%l` (string parameters)
/// expand to nothing and 0, and static variables (`%PA`…`%PZ`) last one expansion, where
/// ncurses keeps them between calls. Checked against `tparm` for every parameterised
/// capability the frame writer uses, in every terminal type the tests use
/// (`TerminfoExpansionDifferentialTests`).
package enum TerminfoExpansion {
    /// The most values the stack holds, as in ncurses; a push beyond it is dropped.
    private static let stackSize = 20

    /// Calls `emit` with each byte of `format` expanded with `parameters` (the rest are 0).
    package static func expand(_ format: [UInt8], parameters: (Int, Int), emit: (UInt8) -> Void) {
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 9 + stackSize + 52) { memory in
            memory.initialize(repeating: 0)
            memory[0] = Int32(truncatingIfNeeded: parameters.0)
            memory[1] = Int32(truncatingIfNeeded: parameters.1)
            expand(format, memory: memory, emit: emit)
        }
    }

    /// `expand` with all nine parameters (for tests against `tparm`'s nine).
    package static func expand(_ format: [UInt8], allParameters: [Int], emit: (UInt8) -> Void) {
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 9 + stackSize + 52) { memory in
            memory.initialize(repeating: 0)
            for (index, value) in allParameters.prefix(9).enumerated() {
                memory[index] = Int32(truncatingIfNeeded: value)
            }
            expand(format, memory: memory, emit: emit)
        }
    }

    /// `memory`: nine parameters, the stack, 26 dynamic and 26 static variables.
    private static func expand(_ format: [UInt8], memory: UnsafeMutableBufferPointer<Int32>, emit: (UInt8) -> Void) {
        let stackBase = 9, variablesBase = 9 + stackSize
        var depth = 0
        func push(_ value: Int32) {
            guard depth < stackSize else { return }
            memory[stackBase + depth] = value
            depth += 1
        }
        func pop() -> Int32 {
            guard depth > 0 else { return 0 }
            depth -= 1
            return memory[stackBase + depth]
        }
        let count = format.count
        var i = 0
        func at(_ index: Int) -> UInt8 { index < count ? format[index] : 0 }
        while i < count {
            let byte = format[i]
            if byte != UInt8(ascii: "%") {
                emit(byte)
                i += 1
                continue
            }
            i += 1
            var spec = FormatSpec()
            i = spec.parse(format, from: i)
            switch at(i) {
            case UInt8(ascii: "%"):
                emit(UInt8(ascii: "%"))
            case UInt8(ascii: "d"), UInt8(ascii: "o"), UInt8(ascii: "x"), UInt8(ascii: "X"):
                spec.emit(pop(), conversion: at(i), to: emit)
            case UInt8(ascii: "c"):
                let value = UInt8(truncatingIfNeeded: pop())
                emit(value == 0 ? 0x80 : value)  // ncurses never sends a NUL
            case UInt8(ascii: "s"):
                _ = pop()
            case UInt8(ascii: "l"):
                _ = pop()
                push(0)
            case UInt8(ascii: "p"):
                i += 1
                let index = Int(at(i)) - Int(UInt8(ascii: "1"))
                if (0..<9).contains(index) { push(memory[index]) }
            case UInt8(ascii: "P"), UInt8(ascii: "g"):
                let store = at(i) == UInt8(ascii: "P")
                i += 1
                let name = at(i)
                let slot: Int?
                switch name {
                case UInt8(ascii: "a")...UInt8(ascii: "z"): slot = Int(name - UInt8(ascii: "a"))
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): slot = 26 + Int(name - UInt8(ascii: "A"))
                default: slot = nil
                }
                if let slot {
                    if store { memory[variablesBase + slot] = pop() } else { push(memory[variablesBase + slot]) }
                }
            case UInt8(ascii: "'"):
                i += 1
                push(Int32(at(i)))
                i += 1  // the closing quote
            case UInt8(ascii: "{"):
                var number: Int32 = 0
                i += 1
                while (0x30...0x39).contains(at(i)) {
                    number = number &* 10 &+ Int32(at(i) - 0x30)
                    i += 1
                }
                push(number)
            case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "m"),
                UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "="), UInt8(ascii: "<"),
                UInt8(ascii: ">"), UInt8(ascii: "A"), UInt8(ascii: "O"):
                let y = pop(), x = pop()
                push(binary(at(i), x, y))
            case UInt8(ascii: "!"):
                push(pop() == 0 ? 1 : 0)
            case UInt8(ascii: "~"):
                push(~pop())
            case UInt8(ascii: "i"):
                memory[0] &+= 1
                memory[1] &+= 1
            case UInt8(ascii: "t"):
                if pop() == 0 { i = skip(format, from: i + 1, toElse: true) }
            case UInt8(ascii: "e"):
                i = skip(format, from: i + 1, toElse: false)
            default:
                break  // `%?`, `%;` and anything unknown: nothing
            }
            if i >= count { break }
            i += 1
        }
    }

    private static func binary(_ operation: UInt8, _ x: Int32, _ y: Int32) -> Int32 {
        switch operation {
        case UInt8(ascii: "+"): return x &+ y
        case UInt8(ascii: "-"): return x &- y
        case UInt8(ascii: "*"): return x &* y
        case UInt8(ascii: "/"): return y != 0 ? x.dividedReportingOverflow(by: y).partialValue : 0
        case UInt8(ascii: "m"): return y != 0 ? x.remainderReportingOverflow(dividingBy: y).partialValue : 0
        case UInt8(ascii: "&"): return x & y
        case UInt8(ascii: "|"): return x | y
        case UInt8(ascii: "^"): return x ^ y
        case UInt8(ascii: "="): return x == y ? 1 : 0
        case UInt8(ascii: "<"): return x < y ? 1 : 0
        case UInt8(ascii: ">"): return x > y ? 1 : 0
        case UInt8(ascii: "A"): return x != 0 && y != 0 ? 1 : 0
        default: return x != 0 || y != 0 ? 1 : 0  // `O`
        }
    }

    /// From `start`, the index of the `e` of the `%e` (when `toElse`) or the `;` of the `%;`
    /// that closes the current conditional, nested ones skipped (the end of `format` if none).
    private static func skip(_ format: [UInt8], from start: Int, toElse: Bool) -> Int {
        var i = start, level = 0
        while i < format.count {
            if format[i] == UInt8(ascii: "%") {
                i += 1
                guard i < format.count else { return i }
                switch format[i] {
                case UInt8(ascii: "?"): level += 1
                case UInt8(ascii: ";"):
                    if level == 0 { return i }
                    level -= 1
                case UInt8(ascii: "e") where toElse && level == 0: return i
                default: break
                }
            }
            i += 1
        }
        return i
    }

    /// What stands between `%` and a conversion: `:` (which lets `-` be a flag), `-`, `#`,
    /// space, a width and a precision, as ncurses' `parse_format` reads them.
    private struct FormatSpec {
        var leftAlign = false
        var alternate = false
        var space = false
        var zeroPad = false
        var width = 0
        var precision: Int?

        /// Reads the flags from `index`; returns the index of the byte after them.
        mutating func parse(_ format: [UInt8], from index: Int) -> Int {
            var i = index, allowMinus = false, sawDigit = false, value = 0
            while i < format.count {
                let byte = format[i]
                switch byte {
                case UInt8(ascii: ":"): allowMinus = true
                case UInt8(ascii: "-") where allowMinus: leftAlign = true
                case UInt8(ascii: "#"): alternate = true
                case UInt8(ascii: " "): space = true
                case UInt8(ascii: "."):
                    if precision == nil { width = value }
                    precision = 0
                    value = 0
                case 0x30...0x39:
                    if byte == 0x30 && !sawDigit && precision == nil { zeroPad = true }
                    sawDigit = true
                    value = value * 10 + Int(byte - 0x30)
                default:
                    if precision != nil { precision = value } else { width = value }
                    return i
                }
                i += 1
            }
            if precision != nil { precision = value } else { width = value }
            return i
        }

        /// `value` as `printf` formats it with these flags and `conversion` (d, o, x or X).
        func emit(_ value: Int32, conversion: UInt8, to emit: (UInt8) -> Void) {
            if conversion == UInt8(ascii: "d") && !space && width == 0 && precision == nil {
                // Plain `%d`, nearly every one: no allocation.
                if value < 0 { emit(UInt8(ascii: "-")) }
                let magnitude = value.magnitude
                var divisor: UInt32 = 1
                while divisor <= magnitude / 10 { divisor *= 10 }
                while divisor > 0 {
                    emit(UInt8(truncatingIfNeeded: 0x30 + magnitude / divisor % 10))
                    divisor /= 10
                }
                return
            }
            var digits: [UInt8] = []
            var prefix: [UInt8] = []
            switch conversion {
            case UInt8(ascii: "d"):
                let magnitude = value.magnitude
                digits = Array(String(magnitude).utf8)
                if value < 0 { prefix = [UInt8(ascii: "-")] } else if space { prefix = [UInt8(ascii: " ")] }
            case UInt8(ascii: "o"):
                digits = Array(String(UInt32(bitPattern: value), radix: 8).utf8)
            default:
                let upper = conversion == UInt8(ascii: "X")
                digits = Array(String(UInt32(bitPattern: value), radix: 16, uppercase: upper).utf8)
                if alternate && value != 0 { prefix = upper ? Array("0X".utf8) : Array("0x".utf8) }
            }
            if let precision {
                if precision == 0 && value == 0 { digits = [] }
                if digits.count < precision {
                    digits = Array(repeating: 0x30, count: precision - digits.count) + digits
                }
            }
            if conversion == UInt8(ascii: "o") && alternate && digits.first != 0x30 { digits.insert(0x30, at: 0) }
            let length = prefix.count + digits.count
            let fill = max(0, width - length)
            if leftAlign {
                prefix.forEach(emit)
                digits.forEach(emit)
                for _ in 0..<fill { emit(0x20) }
            } else if zeroPad && precision == nil {
                prefix.forEach(emit)
                for _ in 0..<fill { emit(0x30) }
                digits.forEach(emit)
            } else {
                for _ in 0..<fill { emit(0x20) }
                prefix.forEach(emit)
                digits.forEach(emit)
            }
        }
    }
}
