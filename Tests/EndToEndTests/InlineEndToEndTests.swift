import Foundation
import Testing

/// The real demo inline (`--inline N`) in tmux, after a shell wrote some lines: those lines stay
/// as they were while it runs, through clicks, a paste and resizes (also in the middle of an
/// animation); the alternate screen is never used; after `q` the block's last frame is in the
/// scrollback with the shell's next line right below it, and the terminal is given back.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct InlineEndToEndTests {
    private let environment = ["TERM": "tmux-256color", "LANG": "C.UTF-8"]

    /// Runs `before` (shell commands that write lines), then the demo inline with `height` rows,
    /// in a `width` x `rows` tmux window; waits for its first frame (until `shown` shows).
    private func start(
        height: Int, before: String, width: Int = 80, rows: Int = 24, shown: String = "q quits"
    ) throws -> TmuxSession {
        let command = "\(before); exec '\(demoBinary())' --inline \(height)"
        let tmux = try TmuxSession(["sh", "-c", command], width: width, height: rows, environment: environment)
        try tmux.waitFor(shown)
        return tmux
    }

    /// The rows of a capture, each without trailing blanks, and without the blank rows at the end.
    private static func lines(_ capture: String) -> [String] {
        var lines = capture.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var line = Substring(line)
            while line.last == " " { line.removeLast() }
            return String(line)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Checks that the scrollback and the screen start with exactly `shell`'s lines and that the
    /// block (its bar, " [Menu]" or the open menu's " Shoji demo") comes right after them; returns
    /// the lines from the block's first on.
    @discardableResult
    private func expectShellLinesThenBlock(
        _ tmux: TmuxSession, _ shell: [String], _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String] {
        let history = Self.lines(try tmux.captureHistory())
        #expect(
            Array(history.prefix(shell.count)) == shell, "the shell's lines, untouched: \(comment)\n\(history)",
            sourceLocation: sourceLocation)
        let block = Array(history.dropFirst(shell.count))
        #expect(
            block.first.map { $0.hasPrefix(" [Menu]") || $0.hasPrefix(" Shoji demo") } == true,
            "the block right below them: \(comment)\n\(history)", sourceLocation: sourceLocation)
        #expect(try tmux.format("alternate_on") == "0", "never the alternate screen: \(comment)")
        return block
    }

    @Test func theLinesAboveStayAndTheLastFrameIsLeftInTheScrollback() throws {
        let shell = ["line1", "line2", "line3"]
        let tmux = try start(height: 10, before: "printf 'line1\\nline2\\nline3\\n'")
        var block = try expectShellLinesThenBlock(tmux, shell, "first frame")
        #expect(block.count == 10 && block[9].contains("q quits"), "\(block)")
        let cursor = try tmux.cursor()
        #expect(cursor.x == 0 && cursor.y == 3 && !cursor.visible, "parked on the block's first cell: \(cursor)")

        // The menu slides open and closed: frames that move things sideways.
        try tmux.send("m")
        try tmux.waitFor { Self.lines($0)[3].hasPrefix(" Shoji demo") }
        try expectShellLinesThenBlock(tmux, shell, "menu open")
        try tmux.send("m")
        try tmux.waitFor { Self.lines($0)[3].hasPrefix(" [Menu]") }

        // A click on the bar's Menu button: the terminal's row 4 (1-based) is the block's first.
        try tmux.sendLiteral("\u{1B}[<0;3;4M\u{1B}[<0;3;4m")
        try tmux.waitFor { Self.lines($0)[3].hasPrefix(" Shoji demo") }
        try tmux.send("Escape")
        try tmux.waitFor { Self.lines($0)[3].hasPrefix(" [Menu]") }

        // A pasted q is a paste, not the quit key: bracketed paste is on.
        try tmux.paste("q")
        usleep(300_000)
        #expect(!(try tmux.capture()).contains("[exit"), "a pasted q quits nothing")
        try expectShellLinesThenBlock(tmux, shell, "after the paste")

        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        block = try expectShellLinesThenBlock(tmux, shell, "after q")
        #expect(block.count >= 11 && block[9].contains("q quits"), "the last frame stays: \(block)")
        #expect(block[10] == "[exit 0]", "the shell writes on the line below the block: \(block)")
        try tmux.expectRestored("after q, inline")
    }

    /// The block at the bottom of the screen (the shell's lines scroll up to make room), then
    /// smaller and larger windows, one of them while the menu slides: the block is drawn again
    /// at each width, the shell's lines stay, in order, once each.
    @Test func resizesRedrawTheBlockAndLeaveTheLinesAbove() throws {
        let shell = (1...20).map(String.init)
        let tmux = try start(height: 10, before: "seq 1 20")
        let first = try expectShellLinesThenBlock(tmux, shell, "first frame")
        #expect(first.count == 10, "\(first)")
        #expect(try tmux.cursor().y == 14, "the block fills the last 10 rows")

        for (index, size) in [(60, 20), (100, 30), (70, 8), (80, 24)].enumerated() {
            if index == 2 {
                try tmux.send("m")  // the menu slides while the window changes
                usleep(50_000)
            }
            try tmux.resize(width: size.0, height: size.1)
            let rows = min(10, size.1)
            try tmux.waitFor(timeout: 10) { capture in
                let lines = Self.lines(capture)
                // The footer (or, 8 rows high, the last row) at the new width.
                return lines.count >= rows && lines.contains { $0.contains("q quits") || $0.contains("Tabs") }
                    && capture.split(separator: "\n").allSatisfy { $0.count <= size.0 }
            }
            usleep(400_000)  // the slide ends
            let block = try expectShellLinesThenBlock(tmux, shell, "at \(size.0)x\(size.1)")
            #expect(block.count == rows, "\(size): a block of \(rows) rows and nothing else: \(block)")
        }
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        let block = try expectShellLinesThenBlock(tmux, shell, "after q")
        #expect(block.count == 11 && block[10] == "[exit 0]", "\(block)")
    }

    /// The welcome text scrolled down a line at a time, then back up (frames that delete and
    /// insert lines in the block): the block shows what the same app shows full screen in a
    /// window of its size after the same keys, and the shell's lines stay, whether the block
    /// ends on the window's last row or has room below it.
    @Test(arguments: [20, 2])
    func aScrolledTextShowsWhatFullScreenShows(shellLines: Int) throws {
        let shell = (1...shellLines).map(String.init)
        let tmux = try start(height: 12, before: "seq 1 \(shellLines)")
        let full = try TmuxSession([demoBinary()], width: 80, height: 12, environment: environment)
        defer { full.close() }
        try full.waitFor("q quits")
        for key in Array(repeating: "Down", count: 7) + Array(repeating: "Up", count: 3) {
            try tmux.send(key)
            try full.send(key)
            usleep(40_000)
        }
        // Full screen settled: the same picture twice, 100 ms apart.
        var wanted = Self.lines(try full.capture())
        for _ in 0..<50 {
            usleep(100_000)
            let now = Self.lines(try full.capture())
            if now == wanted { break }
            wanted = now
        }
        let block = try tmux.waitFor { capture in
            let lines = Self.lines(capture)
            let top = lines.firstIndex { $0.hasPrefix(" [Menu]") } ?? lines.count
            return Array(lines.dropFirst(top).prefix(12)) == wanted
        }
        let lines = Self.lines(block)
        let top = lines.firstIndex { $0.hasPrefix(" [Menu]") } ?? lines.count
        #expect(Array(lines.dropFirst(top).prefix(12)) == wanted, "the block shows the full-screen picture")
        #expect(wanted.count > 2 && !wanted[1].hasPrefix(" Shoji brings"), "scrolled past the first line: \(wanted)")
        try expectShellLinesThenBlock(tmux, shell, "scrolled")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }

    /// A storm of resizes (the same seeded sizes each run, 20 ms apart, some mid-frame), with a
    /// one-row block and with a block as high as the window: the shell's lines stay at the top of
    /// the scrollback, in order, once each, and the shell writes below the last frame. (tmux
    /// reflows the block's rows when the window narrows, and what it pushes out of the screen then
    /// stays in its scrollback below the shell's lines: see DECISIONS.md, Terminal.)
    @Test(arguments: [1, 30])
    func aResizeStormKeepsTheShellsLinesAtTheTop(height: Int) throws {
        let shell = ["shell-line-1", "shell-line-2", "shell-line-3", "shell-line-4"]
        let tmux = try start(
            height: height, before: "printf 'shell-line-1\\nshell-line-2\\nshell-line-3\\nshell-line-4\\n'",
            rows: 30, shown: "Welcome")
        try expectShellLinesThenBlock(tmux, shell, "first frame")
        var seed: UInt64 = 37
        for _ in 0..<80 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let width = 20 + Int((seed >> 33) % 100), rows = 15 + Int((seed >> 13) % 30)
            try tmux.resize(width: width, height: rows)
            usleep(20_000)
        }
        try tmux.resize(width: 80, height: 30)
        try tmux.waitFor(timeout: 10) { capture in
            Self.lines(capture).contains { $0.hasPrefix(" [Menu]") && $0.count > 40 }
        }
        usleep(300_000)
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        let history = Self.lines(try tmux.captureHistory())
        #expect(Array(history.prefix(shell.count)) == shell, "the shell's lines first: \(history)")
        for line in shell {
            #expect(history.filter { $0 == line }.count == 1, "\(line) once: \(history)")
        }
        #expect(history.last == "[exit 0]", "the shell writes below the last frame: \(history.suffix(3))")
        try tmux.expectRestored("after the storm")
    }

    /// A picker in a pipeline, as fzf is used: `x=$(demo --inline 8 --print-selection)`. Its
    /// output is the shell's pipe, so it draws on the controlling terminal (the tmux pane), and
    /// what it prints once the terminal is restored is the entry chosen.
    @Test func aPickerInAPipelineDrawsOnTheTerminalAndPrintsTheChoice() throws {
        let command = "x=$('\(demoBinary())' --inline 8 --print-selection); echo \"got $x\""
        let tmux = try TmuxSession(["sh", "-c", command], width: 80, height: 24, environment: environment)
        try tmux.waitFor("q quits")
        try tmux.send("F2")
        try tmux.waitFor { $0.contains("Shoji demo") }
        try tmux.send("Down")
        try tmux.send("Enter")
        try tmux.waitFor { Self.lines($0).first.map { $0.hasPrefix(" [Menu]") && $0.contains("Red") } == true }
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        let lines = Self.lines(try tmux.capture())
        #expect(lines.contains("got Red"), "the choice went down the pipe: \(lines)")
        #expect(!lines.contains { $0.hasPrefix("got ") && $0 != "got Red" }, "and nothing else: \(lines)")
        try tmux.expectRestored("after the picker")
    }

    /// Without the option, an app whose output is piped still refuses to start, with one line.
    @Test func withoutTheOptionAPipedOutputIsStillRefused() throws {
        let command = "x=$('\(demoBinary())' --inline 8 2>&1); echo \"status $? said $x\""
        let tmux = try TmuxSession(["sh", "-c", command], width: 80, height: 24, environment: environment)
        #expect(try tmux.waitForExit() == 0)
        let text = Self.lines(try tmux.capture()).joined(separator: " ")
        #expect(text.contains("status 2 said shoji-demo: error: standard output is not a terminal"), "\(text)")
    }

    /// Ctrl-Z leaves the block's frame above the shell's "Stopped"; `fg` places a new block
    /// below what the shell wrote, and `q` leaves that one.
    @Test func suspendLeavesTheFrameAndResumeStartsANewBlockBelow() throws {
        let tmux = try TmuxSession(
            ["bash", "--norc", "--noprofile", "-i"], environment: environment.merging(["PS1": "prompt$ "]) { $1 })
        try tmux.waitFor("prompt$")
        try tmux.sendLiteral("printf 'line1\\nline2\\n'; '\(demoBinary())' --inline 6")
        try tmux.send("Enter")
        try tmux.waitFor("q quits")
        try tmux.send("C-z")
        try tmux.waitFor { $0.contains("Stopped") }
        // The scrollback too: a long command line (the clone's path) can scroll the screen.
        let stopped = Self.lines(try tmux.captureHistory())
        #expect(try tmux.format("mouse_any_flag") == "0")
        // The command line may take two rows: its output starts at line1.
        let output = try #require(stopped.firstIndex { $0 == "line1" }) - 1
        #expect(stopped[output + 2] == "line2")
        #expect(stopped[output + 3].hasPrefix(" [Menu]"), "\(stopped)")
        #expect(stopped[output + 8].contains("q quits"), "the frame stays: \(stopped)")
        // bash starts its message with a line break of its own.
        #expect(
            stopped[output + 9].contains("Stopped") || stopped[output + 10].contains("Stopped"),
            "the shell's lines below it: \(stopped)")

        try tmux.sendLiteral("fg")
        try tmux.send("Enter")
        try tmux.waitFor { _ in
            Self.lines((try? tmux.captureHistory()) ?? "").filter { $0.contains("q quits") }.count == 2
        }
        let resumed = Self.lines(try tmux.captureHistory())
        #expect(try tmux.format("alternate_on") == "0")
        #expect(Array(resumed.prefix(output + 10)) == Array(stopped.prefix(output + 10)), "\(resumed)")
        try tmux.send("q")
        try tmux.waitFor { Self.lines($0).last?.hasPrefix("prompt$") == true }
        let after = Self.lines(try tmux.captureHistory())
        let frames = after.indices.filter { after[$0].contains("q quits") }
        #expect(frames.count == 2 && after[frames[1] + 1].hasPrefix("prompt$"), "\(after)")
    }

    /// Stopped from elsewhere (SIGSTOP, which no handler sees) and continued by `fg`: the shell
    /// gave the terminal back in its own modes, so the app takes raw modes again (the cursor
    /// question is not echoed, `q` is a key) and starts a new block below the shell's lines.
    @Test func aStopFromElsewhereStartsANewBlockBelowTheShellsLines() throws {
        let tmux = try TmuxSession(
            ["bash", "--norc", "--noprofile", "-i"], environment: environment.merging(["PS1": "prompt$ "]) { $1 })
        try tmux.waitFor("prompt$")
        try tmux.sendLiteral("'\(demoBinary())' --inline 6")
        try tmux.send("Enter")
        try tmux.waitFor("q quits")
        // The pane's shell runs bash, which runs the demo.
        func children(_ pid: String) -> [String] {
            ((try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").map(String.init)
        }
        let bash = try #require(children(try tmux.format("pane_pid")).first)
        let demo = try #require(children(bash).first.flatMap { pid_t($0) })
        kill(demo, SIGSTOP)
        try tmux.waitFor("Stopped")
        try tmux.sendLiteral("fg")
        try tmux.send("Enter")
        let resumed = Self.lines(
            try tmux.waitFor { capture in
                let lines = Self.lines(capture)
                guard let fg = lines.lastIndex(where: { $0.hasPrefix("prompt$ fg") }) else { return false }
                return lines[fg...].contains { $0.contains("q quits") }
            })
        #expect(!resumed.joined().contains("^["), "no answer echoed: \(resumed)")
        try tmux.send("q")
        let after = Self.lines(try tmux.waitFor { Self.lines($0).last?.hasPrefix("prompt$") == true })
        let fg = try #require(after.lastIndex { $0.hasPrefix("prompt$ fg") })
        // bash names the job by its command line, the demo's path in it: as many rows as the
        // path is long (the clone's path decides), then the new block.
        let block = try #require(after[(fg + 1)...].firstIndex { $0.hasPrefix(" [Menu]") }, "\(after)")
        let job = after[(fg + 1)..<block].joined()
        #expect(job.contains("--inline 6"), "only the job's line between fg and the block: \(after)")
        #expect(after[block + 5].contains("q quits") && after[block + 6].hasPrefix("prompt$"), "\(after)")
    }
}
