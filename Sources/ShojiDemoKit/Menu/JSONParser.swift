/// A strict JSON parser (RFC 8259) over UTF-8 bytes that says exactly where and why a text is
/// not JSON.
///
/// Guarantees:
/// - Accepts exactly RFC 8259 JSON: any value at the top level, surrounded by optional
///   whitespace (space, tab, LF, CR), with one leading UTF-8 byte order mark allowed and
///   skipped. Rejects everything else: comments, trailing commas, single quotes, unquoted
///   keys, leading zeros, `NaN`, control characters inside strings, lone surrogate escapes,
///   invalid UTF-8, and text after the value.
/// - An object never holds two members with the same key: a duplicate is an error at the
///   second key (JSON leaves duplicates undefined; silently keeping one would hide a mistake).
/// - Never traps and never recurses deeper than `maximumDepth` levels of arrays and objects,
///   whatever the input; time is linear in the input's length (`JSONObject` finds duplicate
///   keys by hashing, so one object's size does not matter).
/// - Errors carry the byte offset of the problem and a message that names what was expected
///   and what was found (`expected ',' or '}' after an object member, found 'x'`).
struct JSONParser {
    /// Why a text is not JSON, and where (a byte offset into the text).
    struct SyntaxError: Error, Equatable, Sendable {
        var offset: Int
        var message: String
    }

    /// Arrays and objects may nest this deep; deeper input is rejected, not parsed.
    static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// Parses `bytes` (UTF-8) as one JSON text.
    static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
        if let bad = firstInvalidUTF8Offset(in: bytes) {
            throw SyntaxError(
                offset: bad, message: "not valid UTF-8 (byte 0x\(String(bytes[bad], radix: 16, uppercase: true)))")
        }
        var parser = JSONParser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        guard parser.index < bytes.count else {
            throw SyntaxError(offset: parser.index, message: "expected a JSON value, found end of file")
        }
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == bytes.count else {
            throw SyntaxError(offset: parser.index, message: "unexpected \(parser.found) after the JSON value")
        }
        return value
    }

    // MARK: Values

    private mutating func parseValue() throws(SyntaxError) -> JSONValue {
        let start = index
        guard index < bytes.count else { throw error("expected a value, found end of file") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return JSONValue(content: .object(try parseObject()), offset: start)
        case UInt8(ascii: "["): return JSONValue(content: .array(try parseArray()), offset: start)
        case UInt8(ascii: "\""): return JSONValue(content: .string(try parseString()), offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(content: .number(try parseNumber()), offset: start)
        case UInt8(ascii: "t"): try expectLiteral("true"); return JSONValue(content: .bool(true), offset: start)
        case UInt8(ascii: "f"): try expectLiteral("false"); return JSONValue(content: .bool(false), offset: start)
        case UInt8(ascii: "n"): try expectLiteral("null"); return JSONValue(content: .null, offset: start)
        default: throw error("expected a value, found \(foundWord)")
        }
    }

    private mutating func parseObject() throws(SyntaxError) -> JSONObject {
        try enterContainer()
        index += 1  // {
        var members = JSONObject()
        skipWhitespace()
        if consume(UInt8(ascii: "}")) {
            depth -= 1
            return members
        }
        while true {
            skipWhitespace()
            let keyOffset = index
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a member name in double quotes, found \(found)")
            }
            let key = try parseString()
            // Checked before the value is read, so the error points at the second key.
            if members.contains(key) {
                throw SyntaxError(
                    offset: keyOffset, message: "duplicate key \(key.quotedForMessage()) in the same object")
            }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw error("expected ':' after the member name, found \(found)") }
            skipWhitespace()
            let value = try parseValue()
            _ = members.insert(JSONObject.Member(key: key, keyOffset: keyOffset, value: value))
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "}")) { break }
            throw error("expected ',' or '}' after an object member, found \(found)")
        }
        depth -= 1
        return members
    }

    private mutating func parseArray() throws(SyntaxError) -> [JSONValue] {
        try enterContainer()
        index += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) {
            depth -= 1
            return elements
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "]")) { break }
            throw error("expected ',' or ']' after an array element, found \(found)")
        }
        depth -= 1
        return elements
    }

    private mutating func enterContainer() throws(SyntaxError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw error("arrays and objects nested deeper than \(Self.maximumDepth) levels")
        }
    }

    // MARK: Strings

    /// Reads a string starting at its opening quote; the input is known to be valid UTF-8.
    private mutating func parseString() throws(SyntaxError) -> String {
        index += 1  // opening quote
        var buffer: [UInt8] = []
        var runStart = index
        while true {
            guard index < bytes.count else {
                throw SyntaxError(offset: index, message: "unterminated string: expected '\"', found end of file")
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                buffer.append(contentsOf: bytes[runStart..<index])
                index += 1
                return String(decoding: buffer, as: UTF8.self)
            }
            if byte < 0x20 {
                throw error(
                    "control character U+\(hex(UInt32(byte))) in a string (write it as an escape such as \\n or \\u00XX)"
                )
            }
            if byte == UInt8(ascii: "\\") {
                buffer.append(contentsOf: bytes[runStart..<index])
                try parseEscape(into: &buffer)
                runStart = index
                continue
            }
            index += 1
        }
    }

    /// Reads one escape sequence (at its backslash) and appends what it stands for as UTF-8.
    private mutating func parseEscape(into buffer: inout [UInt8]) throws(SyntaxError) {
        let start = index
        index += 1  // backslash
        guard index < bytes.count else {
            throw SyntaxError(
                offset: start, message: "unterminated string: expected an escape after '\\', found end of file")
        }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(letter)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var value = try parseHex4(escapeStart: start)
            if (0xD800...0xDBFF).contains(value) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else {
                    throw SyntaxError(
                        offset: start,
                        message:
                            "lone surrogate \\u\(hex(value)) (a high surrogate must be followed by a \\uDC00-\\uDFFF escape)"
                    )
                }
                let lowStart = index
                index += 2
                let low = try parseHex4(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw SyntaxError(
                        offset: lowStart, message: "\\u\(hex(low)) cannot follow the high surrogate \\u\(hex(value))")
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(value) {
                throw SyntaxError(
                    offset: start, message: "lone surrogate \\u\(hex(value)) (a low surrogate must follow a high one)")
            }
            // Not a surrogate, or a combined pair: always a valid scalar.
            buffer.append(contentsOf: String(Unicode.Scalar(value)!).utf8)
        default:
            index -= 1  // back to the letter, to name it
            let letterFound = found
            index = start
            throw error(
                "invalid escape: '\\' followed by \(letterFound); expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"
            )
        }
    }

    private mutating func parseHex4(escapeStart: Int) throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = Self.hexDigitValue(bytes[index]) else {
                throw SyntaxError(offset: escapeStart, message: "\\u must be followed by four hexadecimal digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private static func hexDigitValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    // MARK: Numbers and literals

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`; a magnitude beyond `Double`
    /// becomes ±infinity (JSON sets no limit; callers decide what a number may be).
    private mutating func parseNumber() throws(SyntaxError) -> Double {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit, found \(found)") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw error("a number cannot have a leading zero") }
        } else {
            skipDigits()
        }
        if consume(UInt8(ascii: ".")) {
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("expected a digit after '.', found \(found)")
            }
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("expected a digit in the exponent, found \(found)")
            }
            skipDigits()
        }
        // The grammar above is a subset of what Double(String) reads, so this cannot fail.
        return Double(String(decoding: bytes[start..<index], as: UTF8.self)) ?? .nan
    }

    private mutating func expectLiteral(_ literal: String) throws(SyntaxError) {
        let start = index
        for byte in literal.utf8 {
            guard index < bytes.count, bytes[index] == byte else {
                index = start
                throw error("expected a value, found \(foundWord)")
            }
            index += 1
        }
        // `trueish` is not `true` followed by garbage: name the whole word.
        if index < bytes.count, isWordByte(bytes[index]) {
            index = start
            throw error("expected a value, found \(foundWord)")
        }
    }

    // MARK: Helpers

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || isDigit(byte) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private func error(_ message: String) -> SyntaxError { SyntaxError(offset: index, message: message) }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The character at the current position, for messages: `'x'`, `U+0007`, or `end of file`.
    private var found: String {
        guard index < bytes.count else { return "end of file" }
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let character = String(decoding: bytes[index..<end], as: UTF8.self)
        let scalar = character.unicodeScalars.first!
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return "U+\(hex(scalar.value))" }
        return "'\(character)'"
    }

    /// The word at the current position (up to 20 characters), for a misspelt literal such as
    /// `tru` or `nul`; the character alone when it is not part of a word.
    private var foundWord: String {
        var end = index
        while end < bytes.count, end - index < 20, isWordByte(bytes[end]) { end += 1 }
        guard end > index else { return found }
        return "'\(String(decoding: bytes[index..<end], as: UTF8.self))'"
    }

    /// The offset of the first byte that is not part of well-formed UTF-8 (no overlong forms,
    /// no surrogates, nothing above U+10FFFF), or `nil` when all of it is.
    static func firstInvalidUTF8Offset(in bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            // The allowed range of the second byte, and how many bytes follow the lead.
            let second: ClosedRange<UInt8>
            let length: Int
            switch lead {
            case 0xC2...0xDF: second = 0x80...0xBF; length = 2
            case 0xE0: second = 0xA0...0xBF; length = 3
            case 0xE1...0xEC, 0xEE...0xEF: second = 0x80...0xBF; length = 3
            case 0xED: second = 0x80...0x9F; length = 3
            case 0xF0: second = 0x90...0xBF; length = 4
            case 0xF1...0xF3: second = 0x80...0xBF; length = 4
            case 0xF4: second = 0x80...0x8F; length = 4
            default: return index
            }
            guard index + 1 < bytes.count, second.contains(bytes[index + 1]) else { return index }
            for offset in 2..<length {
                guard index + offset < bytes.count, (0x80...0xBF).contains(bytes[index + offset]) else { return index }
            }
            index += length
        }
        return nil
    }
}
