import Foundation
import Testing
import ShojiTerminalCore

/// `ClipboardSequence`: the OSC 52 bytes carry the text exactly (base64 of its UTF-8), and no
/// text can escape the sequence.
struct ClipboardSequenceTests {
    private let prefix = Array("\u{1B}]52;c;".utf8)

    /// The base64 payload of a sequence, after checking its fixed frame.
    private func payload(_ sequence: [UInt8]) -> [UInt8] {
        #expect(Array(sequence.prefix(prefix.count)) == prefix)
        #expect(sequence.last == 0x07, "ends with BEL")
        return Array(sequence.dropFirst(prefix.count).dropLast())
    }

    @Test func theSequenceForKnownText() {
        #expect(ClipboardSequence.setClipboard("hello") == Array("\u{1B}]52;c;aGVsbG8=\u{07}".utf8))
        #expect(ClipboardSequence.setClipboard("") == Array("\u{1B}]52;c;\u{07}".utf8))
        #expect(String(decoding: ClipboardSequence.base64(Array("ab".utf8)), as: UTF8.self) == "YWI=")
        #expect(String(decoding: ClipboardSequence.base64(Array("abc".utf8)), as: UTF8.self) == "YWJj")
    }

    @Test(
        "The payload decodes to the text's UTF-8 bytes exactly",
        arguments: [
            "plain", "日本語 👍🏽 🇫🇷 é", "line\nbreak\ttab", "\u{1B}]52;c;AAAA\u{07}\u{1B}\\",
            "\u{1B}[2J\u{9C}\u{90}bell\u{07}", String(repeating: "x", count: 1000) + "y"
        ])
    func roundTrip(text: String) throws {
        let encoded = payload(ClipboardSequence.setClipboard(text))
        let decoded = try #require(Data(base64Encoded: Data(encoded)))
        #expect(Array(decoded) == Array(text.utf8))
        #expect(String(decoding: encoded, as: UTF8.self) == Data(text.utf8).base64EncodedString())
    }

    @Test func hostileTextCannotEscapeTheSequence() {
        // Text that tries to end the OSC (BEL, ST as ESC \ and as C1 0x9C) and start its own.
        let hostile = "a\u{07}\u{1B}\\\u{9C}\u{1B}]52;c;ZXZpbA==\u{07}\u{1B}[31mred\r\n"
        let sequence = ClipboardSequence.setClipboard(hostile)
        let allowed = Set(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=".utf8))
        #expect(payload(sequence).allSatisfy(allowed.contains))
        #expect(sequence.filter { $0 == 0x1B } == [0x1B], "one Escape: the sequence's own")
        #expect(sequence.filter { $0 == 0x07 } == [0x07], "one BEL: the sequence's end")
    }

    @Test func terminfosMsSaysTheTerminalTakesIt() {
        #expect(TerminalCapabilities(text: ["Ms": "\u{1B}]52;%p1%s;%p2%s\u{07}"]).setsClipboard)
        #expect(!TerminalCapabilities(text: [:]).setsClipboard)
        #expect(!TerminalCapabilities(text: ["Ms": ""]).setsClipboard, "an empty string is an absent one")
    }
}
