import Foundation
import TestSupport
import Testing

/// What the app prints or writes to stderr while it owns the screen, including a Swift runtime
/// trap's message, shows after the terminal is given back: never over the app, never lost.
/// Ctrl-L repaints a screen something else wrote over.
@Suite(.timeLimit(.minutes(2)))
struct TerminalHygieneTests {
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
        #expect(
            after.components(separatedBy: "probe: a message on stderr").count == 3, "both lines, on the main screen")
        #expect(try tmux.format("alternate_on") == "0")
    }

    @Test func aRuntimeTrapsMessageShowsOnTheRestoredTerminal() throws {
        let tmux = try startProbe()
        try tmux.send("e")
        try tmux.send("!")
        let status = try tmux.waitForExit()
        #expect(
            status == 128 + SIGILL || status == 128 + SIGTRAP,
            "dies of the trap's signal: \(String(describing: status))")
        let after = try tmux.capture()
        #expect(after.contains("Fatal error: probe trap"), "the message survived:\n\(after)")
        #expect(after.contains("probe: a message on stderr"))
        try tmux.expectRestored("after a trap")
    }

    /// An app stuck in a handler never reads the first INT, TERM or HUP from the run loop's
    /// pipe: the second one restores the terminal and ends the process at once.
    @Test(arguments: [("INT", SIGINT), ("TERM", SIGTERM), ("HUP", SIGHUP)])
    func aSecondTerminatingSignalEndsAStuckApp(name: String, signal: Int32) throws {
        let tmux = try startProbe()
        try tmux.send("s")
        try tmux.waitFor("probe stuck")
        let pid = try tmux.pid()
        kill(pid, signal)
        // Two at once would merge into one pending signal: send the second after the first landed.
        #expect(TmuxSession.waitUntilDelivered(signal, to: pid))
        kill(pid, signal)
        #expect(try tmux.waitForExit() == 128 + signal, "dies of SIG\(name)")
        try tmux.expectRestored("after a second SIG\(name)")
    }

    /// A terminal that goes away without a signal (its pseudo-terminal closed, the app not in
    /// its session: reads fail or end) ends the app as a hang-up does: it dies of SIGHUP, so a
    /// supervisor sees status 129, not success.
    @Test func aTerminalThatGoesAwayEndsTheAppAsAHangUp() throws {
        let (master, slave) = try HiddenLibc.openPseudoTerminal(columns: 80, rows: 24).get()
        let environment = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        let pid = try Subprocess.start([demoBinary()], environment: environment, terminal: slave)
        close(slave)
        var screen: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        let deadline = Date().addingTimeInterval(10)
        while !String(decoding: screen, as: UTF8.self).contains("q quits"), Date() < deadline {
            var fds = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&fds, 1, 100) > 0 {
                let count = read(master, &buffer, buffer.count)
                if count > 0 { screen += buffer[0..<count] }
            }
        }
        #expect(String(decoding: screen, as: UTF8.self).contains("q quits"), "the demo drew its first screen")
        close(master)
        let result = try Subprocess.wait(for: pid, timeout: 10)
        #expect(result.signal == SIGHUP && result.status == 129, "ended with status \(result.status)")
    }

    /// A signal the app set up itself is left to it: the probe ignores SIGPIPE (whose default
    /// action would end it), so it is still running afterwards.
    @Test func aSignalTheAppIgnoresIsLeftAlone() throws {
        let tmux = try startProbe()
        let pid = try tmux.pid()
        kill(pid, SIGPIPE)
        try tmux.send("e")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0, "SIGPIPE was ignored, as the probe asked")
        try tmux.expectRestored("after q")
    }

    @Test func printedLinesShowAfterTheSessionEndsInOrder() throws {
        let tmux = try startProbe()
        try tmux.send("p")
        try tmux.send("p")
        try tmux.send("p")
        usleep(200_000)
        let during = try tmux.capture()
        #expect(!during.contains("probe: printed line"), "nothing printed is drawn over the app:\n\(during)")
        #expect(during.hasPrefix("probe ready"), "the screen did not scroll:\n\(during)")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        let after = try tmux.capture()
        let lines = after.split(separator: "\n").filter { $0.hasPrefix("probe: printed line") }
        #expect(lines == ["probe: printed line 1", "probe: printed line 2", "probe: printed line 3"], "\(after)")
    }

    @Test(arguments: [("TERM", SIGTERM), ("trap", 0)])
    func printedLinesSurviveASignalOrATrap(_ name: String, _ signal: Int32) throws {
        let tmux = try startProbe()
        try tmux.send("p")
        usleep(200_000)
        if signal == 0 { try tmux.send("!") } else { kill(try tmux.pid(), signal) }
        #expect(try tmux.waitForExit() != nil)
        let after = try tmux.capture()
        #expect(after.contains("probe: printed line 1"), "after \(name):\n\(after)")
        #expect(try tmux.format("alternate_on") == "0")
    }

    @Test func ctrlLRepaintsAScreenSomethingElseWroteOver() throws {
        let tmux = try startProbe()
        try tmux.waitFor("task: woke")
        // Another program writes straight to the terminal, over the app.
        let tty = try tmux.format("pane_tty")
        let handle = try #require(FileHandle(forWritingAtPath: tty))
        handle.write(Data("\u{1B}[1;1HSCRIBBLE".utf8))
        try handle.close()
        try tmux.waitFor("SCRIBBLE")
        try tmux.send("C-l")
        // Wait for the repainted screen, not the blank one between the clear and the redraw.
        let screen = try tmux.waitFor { !$0.contains("SCRIBBLE") && $0.hasPrefix("probe ready") }
        #expect(screen.hasPrefix("probe ready"), "\(screen)")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }
}
