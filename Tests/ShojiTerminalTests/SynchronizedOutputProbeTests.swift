import Glibc
import TestSupport
import Testing
@testable import ShojiTerminal
import ShojiTerminalCore

/// The start-up question about synchronized output: what the answers mean, what is kept for
/// the key decoder, and that the wait ends with the device attributes or the time-out.
@Suite(.serialized)
struct SynchronizedOutputProbeTests {
    private let esc = "\u{1B}"

    @Test func aTerminalThatCanSwitchTheModeGetsSynchronizedUpdates() {
        for state in [1, 2] {
            let answer = SynchronizedOutputProbe.scan(Array("\(esc)[?2026;\(state)$y\(esc)[?62;22c".utf8))
            #expect(answer.mode == state)
            #expect(answer.sawDeviceAttributes)
            #expect(answer.supportsSynchronizedUpdates)
            #expect(answer.otherBytes.isEmpty)
        }
    }

    @Test func otherStatesAndNoAnswerGetNone() {
        for state in [0, 3, 4] {
            let answer = SynchronizedOutputProbe.scan(Array("\(esc)[?2026;\(state)$y\(esc)[?1;2c".utf8))
            #expect(!answer.supportsSynchronizedUpdates, "state \(state)")
        }
        let daOnly = SynchronizedOutputProbe.scan(Array("\(esc)[?1;2c".utf8))
        #expect(daOnly.mode == nil && daOnly.sawDeviceAttributes && !daOnly.supportsSynchronizedUpdates)
        // Another mode's answer is not mode 2026's.
        #expect(SynchronizedOutputProbe.scan(Array("\(esc)[?2027;2$y".utf8)).mode == nil)
    }

    @Test func keysTypedMeanwhileAreKeptInOrder() {
        let answer = SynchronizedOutputProbe.scan(Array("m\(esc)[?2026;2$yq\(esc)[A\(esc)[?62c!".utf8))
        #expect(answer.mode == 2)
        #expect(answer.otherBytes == Array("mq\(esc)[A!".utf8))
        // Half an answer at the end is kept as it is, for the decoder (which drops it).
        let partial = SynchronizedOutputProbe.scan(Array("x\(esc)[?2026;".utf8))
        #expect(partial.mode == nil && partial.otherBytes == Array("x\(esc)[?2026;".utf8))
    }

    /// Inline: the cursor position report (1-based) comes before the device attributes; only
    /// the first counts, only when asked for (it has a key's shape: Shift-F3 is `ESC [ 1 ; 2 R`).
    @Test func theCursorPositionIsReadWhenAskedFor() {
        let bytes = Array("a\(esc)[?2026;2$y\(esc)[7;3R\(esc)[1;2R\(esc)[?62c".utf8)
        let answer = SynchronizedOutputProbe.scan(bytes, expectingCursor: true)
        #expect(answer.cursor == SynchronizedOutputProbe.CursorPosition(row: 6, column: 2))
        #expect(answer.mode == 2 && answer.sawDeviceAttributes)
        #expect(answer.otherBytes == Array("a\(esc)[1;2R".utf8), "a second report is a key")
        let unasked = SynchronizedOutputProbe.scan(bytes)
        #expect(unasked.cursor == nil && unasked.otherBytes == Array("a\(esc)[7;3R\(esc)[1;2R".utf8))
        let after = SynchronizedOutputProbe.scan(Array("\(esc)[?62c\(esc)[7;3R".utf8), expectingCursor: true)
        #expect(after.cursor == nil, "after the device attributes it is a key")
        for malformed in ["\(esc)[7R", "\(esc)[;3R", "\(esc)[0;3R", "\(esc)[7;3;1R", "\(esc)[7;3"] {
            let answer = SynchronizedOutputProbe.scan(Array(malformed.utf8), expectingCursor: true)
            #expect(answer.cursor == nil && answer.otherBytes == Array(malformed.utf8), "\(malformed.debugDescription)")
        }
    }

    @Test func theQueriesAskForTheCursorOnlyInline() throws {
        let pipe = try #require(HiddenLibc.closeOnExecPipe())
        defer { close(pipe.read); close(pipe.write) }
        var sent: [UInt8] = []
        let reply = Array("\(esc)[12;1R\(esc)[?62c".utf8)
        let answer = SynchronizedOutputProbe.run(
            input: pipe.read,
            send: { bytes in
                sent = bytes
                _ = reply.withUnsafeBytes { write(pipe.write, $0.baseAddress, $0.count) }
            }, query: SynchronizedOutputProbe.cursorQuery, timeout: 5)
        #expect(sent == Array("\(esc)[6n\(esc)[c".utf8))
        #expect(answer.cursor == SynchronizedOutputProbe.CursorPosition(row: 11, column: 0))
        #expect(
            SynchronizedOutputProbe.queryWithCursor == Array("\(esc)[?2026$p\(esc)[?u\(esc)[>0q\(esc)[6n\(esc)[c".utf8))
    }

    /// On a pipe standing in for the terminal: the query goes out, the wait ends as soon as the
    /// device attributes arrive, and without any answer after the time-out.
    @Test func theWaitEndsWithTheDeviceAttributesOrTheTimeout() throws {
        let pipe = try #require(HiddenLibc.closeOnExecPipe())
        let fds = [pipe.read, pipe.write]
        defer { close(fds[0]); close(fds[1]) }
        var sent: [UInt8] = []
        let reply = Array("\(esc)[?2026;2$y\(esc)[?62c".utf8)
        let answered = SynchronizedOutputProbe.run(
            input: fds[0],
            send: { bytes in
                sent = bytes
                _ = reply.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
            }, timeout: 5)
        #expect(sent == Array("\(esc)[?2026$p\(esc)[?u\(esc)[>0q\(esc)[c".utf8), "DA1 last: its answer ends the wait")
        #expect(answered.supportsSynchronizedUpdates)

        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        let silent = SynchronizedOutputProbe.run(input: fds[0], send: { _ in }, timeout: 0.1)
        clock_gettime(CLOCK_MONOTONIC, &end)
        let waited = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) * 1e-9
        #expect(!silent.supportsSynchronizedUpdates && silent.mode == nil)
        #expect(waited >= 0.09 && waited < 1, "waited \(waited) s")
    }

    /// The kitty keyboard protocol's answer (`ESC [ ? flags u`) says the terminal has it; a
    /// terminal without it answers only the rest.
    @Test func theKeyboardFlagsAnswerIsRead() {
        let kitty = SynchronizedOutputProbe.scan(Array("\(esc)[?2026;2$y\(esc)[?0ux\(esc)[?62;22c".utf8))
        #expect(kitty.keyboardFlags == 0 && kitty.sawDeviceAttributes && kitty.otherBytes == Array("x".utf8))
        let pushed = SynchronizedOutputProbe.scan(Array("\(esc)[?5u\(esc)[?1;2c".utf8))
        #expect(pushed.keyboardFlags == 5)
        let other = SynchronizedOutputProbe.scan(Array("\(esc)[?2026;2$y\(esc)[?62;22c".utf8))
        #expect(other.keyboardFlags == nil)
    }

    /// XTVERSION's answer (`ESC P > | text ESC \`, tmux 3.3a's bytes as measured) gives the
    /// terminal's name; anything else of that shape is no answer, and its bytes are kept.
    @Test func theVersionAnswerIsRead() {
        let tmux = SynchronizedOutputProbe.scan(Array("a\(esc)[?1;2c".utf8))
        #expect(tmux.terminalVersion == nil)
        let answered = SynchronizedOutputProbe.scan(Array("a\(esc)P>|tmux 3.3ab\(esc)\\\(esc)[?1;2c".utf8))
        #expect(answered.terminalVersion == "tmux 3.3ab" && answered.sawDeviceAttributes)
        #expect(answered.otherBytes == Array("a".utf8))
        let xterm = SynchronizedOutputProbe.scan(Array("\(esc)P>|XTerm(388)\(esc)\\".utf8))
        #expect(xterm.terminalVersion == "XTerm(388)" && xterm.otherBytes.isEmpty)
        let long = String(repeating: "x", count: SynchronizedOutputProbe.longestVersion + 1)
        for malformed in [
            "\(esc)P>|tmux 3.3a", "\(esc)P>|tmux\u{7}3.3a\(esc)\\", "\(esc)P>|tmux\(esc)X", "\(esc)P|tmux\(esc)\\",
            "\(esc)P>|\(long)\(esc)\\", "\(esc)P>|t\u{E9}\(esc)\\"
        ] {
            let answer = SynchronizedOutputProbe.scan(Array(malformed.utf8))
            #expect(answer.terminalVersion == nil, "\(malformed.debugDescription)")
            #expect(answer.otherBytes == Array(malformed.utf8), "kept for the key decoder")
        }
        let longest = String(repeating: "x", count: SynchronizedOutputProbe.longestVersion)
        #expect(SynchronizedOutputProbe.scan(Array("\(esc)P>|\(longest)\(esc)\\".utf8)).terminalVersion == longest)
    }

    /// Which keyboard protocol the answers give: the kitty protocol where the flags query was
    /// answered, else modifyOtherKeys where XTVERSION names tmux; none for other terminals,
    /// xterm included (see DECISIONS.md, Input).
    @Test func theAnswersChooseTheKeyboardProtocol() {
        func chosen(_ text: String) -> KeyboardProtocol? {
            KeyboardProtocol(answer: SynchronizedOutputProbe.scan(Array(text.utf8)))
        }
        #expect(chosen("\(esc)[?0u\(esc)[?62c") == .kitty)
        #expect(chosen("\(esc)[?0u\(esc)P>|tmux 3.5\(esc)\\\(esc)[?62c") == .kitty, "the kitty protocol wins")
        #expect(chosen("\(esc)P>|tmux 3.3a\(esc)\\\(esc)[?1;2c") == .modifyOtherKeys)
        #expect(chosen("\(esc)P>|tmuxlike 1\(esc)\\\(esc)[?1;2c") == nil)
        #expect(chosen("\(esc)P>|XTerm(388)\(esc)\\\(esc)[?64c") == nil)
        #expect(chosen("\(esc)[?62c") == nil)
    }

    /// What each protocol sends on and off, and the restore bytes' first part.
    @Test @MainActor func eachProtocolIsSwitchedOffByWhatUndoesItsSwitchingOn() {
        func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
        #expect(text(KeyboardProtocol.kitty.enable(reportingReleases: false)) == "\(esc)[>1u")
        #expect(text(KeyboardProtocol.kitty.enable(reportingReleases: true)) == "\(esc)[>3u")
        #expect(text(KeyboardProtocol.kitty.disable) == "\(esc)[<u")
        #expect(text(KeyboardProtocol.modifyOtherKeys.enable(reportingReleases: true)) == "\(esc)[>4;1m")
        #expect(text(KeyboardProtocol.modifyOtherKeys.disable) == "\(esc)[>4m")
        #expect(KeyboardProtocol.modifyOtherKeys.reportKeyReleases(true).isEmpty, "it has no releases")
        let capabilities = TerminalCapabilities(strings: [:])
        for keyboardProtocol in [KeyboardProtocol.kitty, .modifyOtherKeys] {
            for inlineRows in [nil, 3] {
                let restore = TerminalScreen.restoreSequence(
                    capabilities, inlineRows: inlineRows, keyboardProtocol: keyboardProtocol)
                #expect(restore.starts(with: keyboardProtocol.disable))
            }
        }
        #expect(!text(TerminalScreen.restoreSequence(capabilities, inlineRows: nil)).contains("\(esc)[>4m"))
    }
}
