extension String {
    /// The string in double quotes, safe to print in a one-line message on a terminal: quotes
    /// and backslashes escaped, control characters (C0, DEL, C1) and line or paragraph
    /// separators written as `\n`, `\t` or `\u{1B}`, and anything past `limit` characters cut
    /// and marked with "…". So a title full of escape sequences cannot drive the terminal
    /// that shows the error.
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
                    let value = scalar.value
                    if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029 {
                        result += "\\u{\(String(value, radix: 16, uppercase: true))}"
                    } else {
                        result.unicodeScalars.append(scalar)
                    }
                }
            }
        }
        return result + "\""
    }

    /// A file name for a message: as given when it holds no control character, else
    /// `quotedForMessage(limit: 200)`, so it cannot drive the terminal either.
    func pathForMessage() -> String {
        let hasControls = unicodeScalars.contains {
            $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028 || $0.value == 0x2029
        }
        return hasControls ? quotedForMessage(limit: 200) : self
    }
}
