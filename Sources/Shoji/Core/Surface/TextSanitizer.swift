/// Turns control characters into visible, inert text before anything is measured or drawn, so
/// that no text handed to a `Surface` can reach the terminal as a control function (cursor
/// movement, colours, window titles, ...).
///
/// Rule, per scalar: a C0 control U+0000–U+001F becomes caret notation, `^` followed by the
/// scalar + 0x40 (ESC → `^[`, TAB → `^I`, NUL → `^@`); DEL U+007F becomes `^?`; a C1 control
/// U+0080–U+009F becomes U+FFFD. Every other scalar is kept. The output therefore never contains
/// a scalar below U+0020 or in U+007F–U+009F.
enum TextSanitizer {
    /// What a scan of some text found; the cheaper cases let `Surface` and `DisplayWidth` take a
    /// faster path.
    enum Content: Equatable {
        /// Only U+0020–U+007E: one column per byte, every byte its own grapheme.
        case printableASCII
        /// Something beyond ASCII, but no control scalar: segment and measure as is.
        case clean
        /// At least one control scalar: sanitize before segmenting.
        case controls
    }

    /// Classifies `text` in one pass over its UTF-8, without decoding it.
    static func scan(_ text: String) -> Content {
        var text = text  // `withUTF8` is mutating; a native string is not copied
        return text.withUTF8 { scan($0) }
    }

    /// Classifies `text` in one pass over its UTF-8, without decoding it.
    static func scan(_ text: Substring) -> Content {
        var text = text
        return text.withUTF8 { scan($0) }
    }

    /// Classifies UTF-8 `bytes` (well-formed) in one pass, without decoding them.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Content {
        var content = Content.printableASCII
        // UTF-8 writes U+0080–U+009F as 0xC2 0x80–0x9F; 0xC2 is always a lead byte, so a byte
        // below 0xA0 right after it is the second byte of a C1 control.
        var afterC2 = false
        for byte in bytes {
            if byte < 0x80 {
                if byte < 0x20 || byte == 0x7F { return .controls }
                afterC2 = false
            } else {
                if afterC2 && byte < 0xA0 { return .controls }
                afterC2 = byte == 0xC2
                content = .clean
            }
        }
        return content
    }

    /// True when `value` is a scalar the sanitizer replaces.
    @inline(__always)
    static func isControl(_ value: UInt32) -> Bool {
        value < 0x20 || (value >= 0x7F && value <= 0x9F)
    }

    /// `text` with every control scalar replaced by its visible form (see the type's rule).
    static func sanitized(_ text: String) -> String {
        var result = ""
        // Most scalars are kept, and each replacement at most doubles one byte.
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x20 {
                result.unicodeScalars.append("^")
                result.unicodeScalars.append(Unicode.Scalar(UInt8(value) + 0x40))
            } else if value == 0x7F {
                result.unicodeScalars.append("^")
                result.unicodeScalars.append("?")
            } else if value >= 0x80 && value <= 0x9F {
                result.unicodeScalars.append("\u{FFFD}")
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
