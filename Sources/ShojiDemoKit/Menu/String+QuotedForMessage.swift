extension String {
    /// The string in double quotes, safe to print in a one-line message on a terminal: quotes
    /// and backslashes escaped, control characters (C0, DEL, C1), line or paragraph separators
    /// and bidirectional controls (`Unicode.Scalar.isUnsafeInMessage`) written as `\n`, `\t` or
    /// `\u{1B}`, and anything past `limit` characters cut and marked with "…". So a title full
    /// of escape sequences cannot drive the terminal that shows the error, nor make the rest of
    /// the line read reversed.
    func quotedForMessage(limit: Int = 40) -> String {
        var result = "\""
        for (count, character) in enumerated() {
            if count == limit {
                result += "…"
                break
            }
            for scalar in character.unicodeScalars {
                switch scalar {
                case "\"": result += "\\\""
                case "\\": result += "\\\\"
                case "\n": result += "\\n"
                case "\r": result += "\\r"
                case "\t": result += "\\t"
                default:
                    if scalar.isUnsafeInMessage {
                        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                    } else {
                        result.unicodeScalars.append(scalar)
                    }
                }
            }
        }
        return result + "\""
    }

    /// A file name for a message: as given when it holds no scalar unsafe in a message
    /// (`Unicode.Scalar.isUnsafeInMessage`), else `quotedForMessage(limit: 200)`, so it cannot
    /// drive the terminal or reorder the line either.
    func pathForMessage() -> String {
        unicodeScalars.contains(where: \.isUnsafeInMessage) ? quotedForMessage(limit: 200) : self
    }

    /// Whether the string shows anything: at least one character that is neither white space
    /// nor made only of invisible scalars (controls, format characters such as U+200B, and
    /// other default-ignorable code points).
    var hasVisibleCharacter: Bool {
        contains { character in
            !character.isWhitespace
                && character.unicodeScalars.contains {
                    !$0.properties.isDefaultIgnorableCodePoint && $0.properties.generalCategory != .control
                        && $0.properties.generalCategory != .format
                }
        }
    }
}

extension Unicode.Scalar {
    /// Whether the scalar must not reach a terminal in a message as it is: a control character
    /// (C0, DEL, C1), a line or paragraph separator, or a bidirectional control (the marks
    /// U+200E, U+200F and U+061C, the embeddings and overrides U+202A–U+202E, the isolates
    /// U+2066–U+2069), which would make the rest of the line read otherwise than it is.
    var isUnsafeInMessage: Bool {
        switch value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069:
            return true
        default:
            return false
        }
    }
}
