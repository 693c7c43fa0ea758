import Foundation
import Testing

/// The real `shoji-demo` binary in a real terminal (tmux), read back from the screen.
@Suite(.timeLimit(.minutes(2)))
struct DemoEndToEndTests {
    let environment = ["TERM": "tmux-256color", "LANG": "C.UTF-8"]

    private func startDemo(width: Int = 80, height: Int = 24) throws -> TmuxSession {
        let tmux = try TmuxSession([demoBinary()], width: width, height: height, environment: environment)
        try tmux.waitFor("Shoji demo")
        return tmux
    }

    private func expectRestored(_ tmux: TmuxSession, _ comment: Comment) throws {
        let restored = try tmux.terminalRestored()
        #expect(restored.mainScreen, "alternate screen left: \(comment)")
        #expect(restored.cursorVisible, "cursor visible: \(comment)")
        #expect(restored.mouseOff, "mouse reporting off: \(comment)")
    }

    @Test func firstScreenShowsTitleAndQuitRestoresTerminal() throws {
        let tmux = try startDemo()
        let screen = try tmux.capture()
        #expect(screen.split(separator: "\n").first?.contains("Shoji demo") == true)
        #expect(screen.contains("日本語のテキスト"))
        #expect(try tmux.format("alternate_on") == "1")
        #expect(try tmux.format("cursor_flag") == "0")
        #expect(try tmux.format("mouse_sgr_flag") == "1")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        try expectRestored(tmux, "after q")
    }

    @Test func keysAndMouseAreDecodedEndToEnd() throws {
        let tmux = try startDemo()
        try tmux.send("Down")
        try tmux.waitFor("last: key Down")
        try tmux.send("F5")
        try tmux.waitFor("last: key F5")
        try tmux.sendLiteral("é")
        try tmux.waitFor("last: key \"é\"")
        try tmux.sendLiteral("\u{1B}[<0;10;5M")
        try tmux.waitFor("at (9, 4)")
        try tmux.send("C-c")
        #expect(try tmux.waitForExit() == 0, "Ctrl-C quits the demo, which does not handle it")
        try expectRestored(tmux, "after Ctrl-C")
    }

    @Test func resizeRedrawsAtEachSize() throws {
        let tmux = try startDemo()
        try tmux.waitFor("80x24")
        try tmux.resize(width: 40, height: 10)
        let small = try tmux.waitFor { $0.contains("40x10") }
        let rows = small.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows.first?.contains("Shoji demo") == true)
        #expect(rows.allSatisfy { $0.count <= 40 })
        try tmux.resize(width: 80, height: 24)
        let large = try tmux.waitFor { $0.contains("80x24") }
        #expect(large.contains("Shoji demo"))
        #expect(!large.contains("40x10"), "the old status line was redrawn away")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test(arguments: [("TERM", SIGTERM), ("HUP", SIGHUP), ("INT", SIGINT), ("QUIT", SIGQUIT), ("ILL", SIGILL), ("SEGV", SIGSEGV)])
    func signalsRestoreTheTerminal(name: String, signal: Int32) throws {
        let tmux = try startDemo()
        kill(try tmux.pid(), signal)
        #expect(try tmux.waitForExit() == 128 + signal, "dies of SIG\(name), as the shell expects")
        try expectRestored(tmux, "after SIG\(name)")
    }

    @Test func suspendAndResumeWithJobControl() throws {
        let tmux = try TmuxSession(["bash", "--norc", "--noprofile", "-i"], environment: environment.merging(["PS1": "prompt$ "]) { $1 })
        try tmux.waitFor("prompt$")
        try tmux.sendLiteral("'\(demoBinary())'")
        try tmux.send("Enter")
        try tmux.waitFor("Shoji demo")
        try tmux.send("C-z")
        let shell = try tmux.waitFor { $0.contains("Stopped") }
        #expect(!shell.contains("q quits"), "the demo's screen is gone while suspended")
        #expect(try tmux.format("alternate_on") == "0")
        #expect(try tmux.format("mouse_any_flag") == "0")
        try tmux.sendLiteral("fg")
        try tmux.send("Enter")
        try tmux.waitFor("q quits")
        #expect(try tmux.format("alternate_on") == "1")
        try tmux.send("Down")
        try tmux.waitFor("last: key Down")
        try tmux.send("q")
        try tmux.waitFor { $0.contains("prompt$") && !$0.contains("q quits") }
        #expect(try tmux.format("alternate_on") == "0")
    }

    @Test func unsetTermGivesAMessageAndStatus2() throws {
        let tmux = try TmuxSession([demoBinary()], environment: ["LANG": "C.UTF-8"], unset: ["TERM"])
        #expect(try tmux.waitForExit() == 2)
        let screen = try tmux.capture()
        #expect(screen.contains("shoji-demo: error: TERM is not set"))
        try expectRestored(tmux, "after a failed start")
    }

    @Test func unknownTermGivesAMessageAndStatus2() throws {
        let tmux = try TmuxSession([demoBinary()], environment: ["LANG": "C.UTF-8", "TERM": "no-such-terminal"])
        #expect(try tmux.waitForExit() == 2)
        #expect(try tmux.capture().contains("unknown terminal type \"no-such-terminal\""))
    }

    @Test func stdinFromDevNullGivesAMessageAndStatus2() throws {
        // Subprocess gives the child /dev/null as stdin and a file as stdout and stderr.
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        let result = try Subprocess.run([demoBinary()], environment: environment)
        #expect(result.status == 2)
        #expect(result.output == "shoji-demo: error: standard input is not a terminal; run this program in an interactive terminal\n",
                "the one-line message is all that was written")
    }
}
