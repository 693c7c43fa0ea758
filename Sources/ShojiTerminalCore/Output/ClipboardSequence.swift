/// The bytes that hand text to the terminal's clipboard: OSC 52 (`ESC ] 52 ; c ; <base64> BEL`),
/// which xterm, tmux (`set-clipboard on`), kitty, WezTerm, iTerm2, foot and Windows Terminal
/// accept, and terminfo advertises as the `Ms` capability.
///
/// Guarantees:
/// - The payload is the standard base64 (RFC 4648, with `=` padding) of the text's UTF-8 bytes,
///   exactly: decoding it gives the text back byte for byte.
/// - Whatever the text holds (Escape, BEL, ST, C1 controls, newlines), the sequence holds only
///   its fixed prefix, base64 letters (`A-Z a-z 0-9 + / =`) and the final BEL, so text cannot
///   end the sequence early or send a control of its own to the terminal.
package enum ClipboardSequence {
    /// The OSC 52 sequence that sets the clipboard (`c`) to `text`.
    package static func setClipboard(_ text: String) -> [UInt8] {
        Array("\u{1B}]52;c;".utf8) + base64(Array(text.utf8)) + [0x07]
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` in standard base64 with padding.
    package static func base64(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = 0
            for offset in 0..<3 {
                group <<= 8
                if offset < count { group |= Int(bytes[index + offset]) }
            }
            for position in 0..<4 {
                if position <= count {
                    result.append(alphabet[(group >> (18 - 6 * position)) & 0x3F])
                } else {
                    result.append(UInt8(ascii: "="))
                }
            }
            index += 3
        }
        return result
    }
}
