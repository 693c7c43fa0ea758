import Testing
import ShojiTerminal
import Shoji

/// `TerminalPasteboard`: copies are kept in the app and, when the terminal takes OSC 52, written
/// to it as one sequence per copy.
@MainActor
struct TerminalPasteboardTests {
    @Test func aCopyWritesOneOSC52SequenceAndIsKept() {
        var written: [[UInt8]] = []
        let pasteboard = TerminalPasteboard(sendsToTerminal: true) { written.append($0) }
        pasteboard.string = "héllo"
        #expect(written == [Array("\u{1B}]52;c;aMOpbGxv\u{07}".utf8)])
        #expect(pasteboard.string == "héllo", "kept for pasting in the app")
    }

    @Test func withoutOSC52ItIsAnInAppPasteboard() {
        var written: [[UInt8]] = []
        let pasteboard = TerminalPasteboard(sendsToTerminal: false) { written.append($0) }
        pasteboard.string = "text"
        #expect(written.isEmpty)
        #expect(pasteboard.string == "text")
    }

    @Test(
        "SHOJI_CLIPBOARD overrides terminfo's Ms either way; unset or unknown leaves it to Ms",
        arguments: [
            (nil, true, true), (nil, false, false), ("osc52", false, true), (" OSC52 ", false, true),
            ("app", true, false), ("off", true, false), ("maybe", true, true), ("maybe", false, false)
        ] as [(String?, Bool, Bool)])
    func setting(value: String?, hasMs: Bool, expected: Bool) {
        #expect(TerminalPasteboard.sendsToTerminal(environmentValue: value, terminalHasMs: hasMs) == expected)
    }
}
