import Foundation
import Testing

/// What the app writes to stderr while it owns the screen, including a Swift runtime trap's
/// message, shows after the terminal is given back: never over the app, never lost.
@Suite(.timeLimit(.minutes(2)))
struct TerminalHygieneTests {
    private func startProbe() throws -> TmuxSession {
        let tmux = try TmuxSession([builtBinary("ShojiTerminalProbe")], environment: ["TERM": "tmux-256color", "LANG": "C.UTF-8"])
        try tmux.waitFor("probe ready")
        return tmux
    }

    @Test func stderrWrittenDuringTheSessionShowsAfterItEnds() throws {
        let tmux = try startProbe()
        try tmux.send("e")
        try tmux.send("e")
        usleep(200_000)
        let during = try tmux.capture()
        #expect(!during.contains("probe: a message on stderr"), "nothing is drawn over the app")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        let after = try tmux.capture()
        #expect(after.components(separatedBy: "probe: a message on stderr").count == 3, "both lines, on the main screen")
        #expect(try tmux.format("alternate_on") == "0")
    }

    @Test func aRuntimeTrapsMessageShowsOnTheRestoredTerminal() throws {
        let tmux = try startProbe()
        try tmux.send("e")
        try tmux.send("!")
        let status = try tmux.waitForExit()
        #expect(status == 128 + SIGILL || status == 128 + SIGTRAP, "dies of the trap's signal: \(String(describing: status))")
        let after = try tmux.capture()
        #expect(after.contains("Fatal error: probe trap"), "the message survived:\n\(after)")
        #expect(after.contains("probe: a message on stderr"))
        let restored = try tmux.terminalRestored()
        #expect(restored.mainScreen && restored.cursorVisible && restored.mouseOff)
    }
}
