import Glibc
import TestSupport
import Testing
@testable import ShojiTerminal

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
        #expect(SynchronizedOutputProbe.queryWithCursor == Array("\(esc)[?2026$p\(esc)[?u\(esc)[6n\(esc)[c".utf8))
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
        #expect(sent == Array("\(esc)[?2026$p\(esc)[?u\(esc)[c".utf8))
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
}
