import Foundation
import Testing

/// The real `shoji-demo` binary in a real terminal (tmux), read back from the screen.
@Suite(.timeLimit(.minutes(2)))
struct DemoEndToEndTests {
    let environment = ["TERM": "tmux-256color", "LANG": "C.UTF-8"]

    /// The items of `Resources/menu.json`, as JSON objects.
    static func builtInMenuItems() -> [[String: Any]] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let data = try? Data(contentsOf: root.appendingPathComponent("Resources/menu.json"))
        let menu = data.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        return menu?["items"] as? [[String: Any]] ?? []
    }

    /// The first item's title in `Resources/menu.json`: the first screen shows it.
    static let firstTitle: String =
        builtInMenuItems().first?["title"] as? String ?? "Resources/menu.json has no first item"

    func startDemo(_ arguments: [String] = [], width: Int = 80, height: Int = 24) throws -> TmuxSession {
        let tmux = try TmuxSession([demoBinary()] + arguments, width: width, height: height, environment: environment)
        try tmux.waitFor(Self.firstTitle)
        return tmux
    }

    /// The rows of a captured screen (capture-pane's last newline left out).
    static func rows(_ screen: String) -> [String] {
        var rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if rows.last?.isEmpty == true { rows.removeLast() }
        return rows
    }

    /// The text rows of the first pane at 80x24 (rows 1-22), without the scroll bar's columns:
    /// where the text is scrolled to.
    static func textRows(_ screen: String) -> [String] {
        rows(screen).dropFirst().prefix(22).map { String($0.prefix(77)) }
    }

    /// Waits for the first pane's whole first screen (the footer is its last row) and returns
    /// its text rows.
    func firstPaneTop(_ tmux: TmuxSession) throws -> [String] {
        Self.textRows(try tmux.waitFor { $0.contains("q quits") && $0.contains("日本語のテキスト") })
    }

    func temporaryFile(_ name: String, _ contents: String = "") throws -> String {
        let path = NSTemporaryDirectory() + "shoji-e2e-\(UUID().uuidString)-" + name
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func expectRestored(_ tmux: TmuxSession, _ comment: Comment) throws {
        let restored = try tmux.terminalRestored()
        #expect(restored.mainScreen, "alternate screen left: \(comment)")
        #expect(restored.cursorVisible, "cursor visible: \(comment)")
        #expect(restored.mouseOff, "mouse reporting off: \(comment)")
    }

    @Test func firstScreenShowsTheFirstPaneAndQQuitsAndRestoresTheTerminal() throws {
        let tmux = try startDemo()
        // The frame may still be on its way to the terminal: wait for its last row too.
        let screen = try tmux.waitFor { $0.contains("q quits") && $0.contains("日本語のテキスト") }
        #expect(
            screen.split(separator: "\n").first?.contains(Self.firstTitle) == true,
            "the bar shows the first pane's title")
        #expect(try tmux.format("alternate_on") == "1")
        #expect(try tmux.format("cursor_flag") == "0")
        #expect(try tmux.format("mouse_sgr_flag") == "1")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        try tmux.expectRestored("after q")
    }

    @Test func keysAndTheWheelScrollTheTextPane() throws {
        let tmux = try startDemo()
        let top = try firstPaneTop(tmux)
        try tmux.send("Down")
        try tmux.waitFor { Self.textRows($0).first == top[1] }
        try tmux.send("End")
        try tmux.waitFor("The end of the text")
        try tmux.send("Home")
        try tmux.waitFor { Self.textRows($0) == top }
        try tmux.sendLiteral("\u{1B}[<65;10;5M")  // one wheel notch down, as SGR mouse reports it
        try tmux.waitFor { Self.textRows($0).first == top[3] }
        try tmux.sendLiteral("\u{1B}[<64;10;5M")
        try tmux.waitFor { Self.textRows($0) == top }
        try tmux.send("C-c")
        #expect(try tmux.waitForExit() == 0, "Ctrl-C quits the demo, which does not handle it")
        try tmux.expectRestored("after Ctrl-C")
    }

    /// The welcome text's address is a link the keyboard reaches: Tab goes to it, Enter opens
    /// it (the demo shows the address in the bottom row), and Tab past it moves on.
    @Test func tabReachesTheTextsLinkAndEnterOpensIt() throws {
        let tmux = try startDemo()
        try tmux.waitFor("q quits")
        try tmux.send("Tab")
        try tmux.send("Enter")
        let screen = try tmux.waitFor("Link: https://www.swift.org (not opened)")
        #expect(Self.rows(screen).last?.hasPrefix("Link: https://www.swift.org") == true)
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        try tmux.expectRestored("after q")
    }

    @Test func theSideMenuOpensAndShowsTheChosenPane() throws {
        let tmux = try startDemo(["--no-animation"])
        try tmux.waitFor { $0.split(separator: "\n").first?.hasPrefix(" [Menu]") == true }
        try tmux.send("F2")
        try tmux.waitFor("日本語 ")  // the last title of the built-in menu, in the list
        try tmux.send("Down", "Down", "Enter")
        let colour = try tmux.waitFor { $0.contains("Colour: bright-cyan") && $0.contains("viewDidAppear(") }
        #expect(
            colour.split(separator: "\n").first?.contains("Café ☕") == true, "the bar shows the pane's non-ASCII title")
        #expect(colour.contains("viewDidLoad"), "the pane lists its own lifecycle calls")
        try tmux.send("m")
        try tmux.waitFor(" Lifecycle")
        try tmux.send("Down", "Down", "Enter")
        try tmux.waitFor("Lifecycle events of every controller")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        try tmux.expectRestored("after q")
    }

    @Test func theTextPanesScrollBarPagesOnAClickAndFollowsADraggedThumb() throws {
        let tmux = try startDemo(["--no-animation"])
        // 80x24: the bar is column 78 of the text rows 1-22, a blank column after it (SGR
        // reports count from 1). The capture leaves that blank out, so the bar is each row's
        // last character (a character index would miss it on rows with wide characters).
        func bar(_ screen: String) -> String {
            String(Self.rows(screen)[1...22].map { $0.last ?? " " })
        }
        let first = try tmux.waitFor { $0.contains("q quits") && $0.contains("日本語のテキスト") }
        let top = Self.textRows(first)
        #expect(bar(first).hasPrefix("█") && bar(first).hasSuffix("│"), "thumb at the top: \(bar(first))")
        try tmux.sendLiteral("\u{1B}[<0;79;22M\u{1B}[<0;79;22m")  // a click low on the track
        // A page on: the top row is one the first screen did not show, and the thumb moved down.
        try tmux.waitFor { Self.textRows($0).first.map { !top.contains($0) } == true && !bar($0).hasPrefix("█") }
        try tmux.send("Home")
        try tmux.waitFor { Self.textRows($0) == top }
        // Drag the thumb from the top row to the bottom of the track.
        try tmux.sendLiteral("\u{1B}[<0;79;2M\u{1B}[<32;79;12M\u{1B}[<32;79;40M\u{1B}[<0;79;40m")
        let end = try tmux.waitFor { $0.contains("The end of the text") }
        #expect(bar(end).hasSuffix("█") && bar(end).hasPrefix("│"), "thumb at the bottom: \(bar(end))")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        try tmux.expectRestored("after q")
    }

    /// `SHOJI_FOLLOW_FOCUS=1`: the terminal's cursor shows on the focused item, for screen
    /// readers: on the chosen entry of the side menu, following the arrows.
    @Test func withFollowFocusTheCursorSitsOnTheChosenMenuEntry() throws {
        var followEnvironment = environment
        followEnvironment["SHOJI_FOLLOW_FOCUS"] = "1"
        let tmux = try TmuxSession([demoBinary(), "--no-animation"], environment: followEnvironment)
        try tmux.waitFor(Self.firstTitle)
        #expect(try tmux.cursor().visible, "the cursor shows from the first screen on")
        /// Where `title` starts in the menu's list (rows that start with it after the margin).
        func entry(_ title: String, in screen: String) -> (x: Int, y: Int)? {
            for (y, row) in Self.rows(screen).enumerated() {
                let margin = row.prefix { $0 == " " }.count
                if margin > 0, row.dropFirst(margin).hasPrefix(title + " ") { return (margin, y) }
            }
            return nil
        }
        try tmux.send("F2")
        let open = try tmux.waitFor { entry("Red", in: $0) != nil && entry("Tabs", in: $0) != nil }
        let welcome = try #require(entry(Self.firstTitle, in: open))
        try tmux.waitForCursor(x: welcome.x, y: welcome.y)
        try tmux.send("Down")
        let red = try #require(entry("Red", in: open))
        try tmux.waitForCursor(x: red.x, y: red.y)
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        try tmux.expectRestored("after q")
    }

    @Test func f1AndQuestionMarkShowTheActiveKeysAndCloseAgain() throws {
        let tmux = try startDemo(["--no-animation"])
        try tmux.send("F1")
        let help = try tmux.waitFor { $0.contains("Keys (F1 or Escape closes)") && $0.contains("Repaint the screen") }
        for text in ["Side menu", "F2, m", "Show or hide the menu", "Ctrl-C, q", "Quit"] {
            #expect(help.contains(text), "the key help lists \(text)")
        }
        try tmux.send("F1")
        try tmux.waitFor { !$0.contains("Keys (F1 or Escape closes)") && $0.contains("q quits") }
        try tmux.send("?")
        try tmux.waitFor("Keys (F1 or Escape closes)")
        try tmux.send("Escape")
        try tmux.waitFor { !$0.contains("Keys (F1 or Escape closes)") && $0.contains("q quits") }
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        try tmux.expectRestored("after q")
    }

    /// Whether row 0 shows the pane's separator at `column` (the menu is open and settled).
    private static func separator(at column: Int, in screen: String) -> Bool {
        guard let row = screen.split(separator: "\n", omittingEmptySubsequences: false).first else { return false }
        let cells = Array(row)
        return cells.count > column && cells[column] == "│" && !cells[..<column].contains("│")
    }

    @Test func theAnimatedMenuTogglesByKeyAndClickAndSurvivesAResizeMidSlide() throws {
        let tmux = try startDemo()
        try tmux.send("F2")
        let open = try tmux.waitFor { Self.separator(at: 23, in: $0) }
        #expect(open.hasPrefix(" Shoji demo"), "the list's heading is the menu file's title")
        try tmux.send("m")
        try tmux.waitFor { $0.hasPrefix(" [Menu]") && !$0.split(separator: "\n")[0].contains("│") }
        try tmux.send("m")
        try tmux.waitFor { Self.separator(at: 23, in: $0) }
        try tmux.send("Escape")
        try tmux.waitFor { $0.hasPrefix(" [Menu]") }
        // A click on the bar's Menu button (cell 2, 0) opens; a click on the exposed pane closes.
        try tmux.sendLiteral("\u{1B}[<0;3;1M\u{1B}[<0;3;1m")
        try tmux.waitFor { Self.separator(at: 23, in: $0) }
        try tmux.sendLiteral("\u{1B}[<0;41;6M\u{1B}[<0;41;6m")
        try tmux.waitFor { $0.hasPrefix(" [Menu]") && !$0.split(separator: "\n")[0].contains("│") }
        // Down then Enter shows the second child, with the menu closed.
        try tmux.send("F2")
        try tmux.waitFor { Self.separator(at: 23, in: $0) }
        try tmux.send("Down", "Enter")
        let second = try tmux.waitFor { $0.hasPrefix(" [Menu] ") && $0.contains("Colour: red") }
        #expect(!second.split(separator: "\n")[0].contains("│"), "the menu is closed")
        // The navigation child (4th item; the list opens on the selected 2nd) shows the
        // injected Menu button left of its own Left.
        try tmux.send("F2")
        try tmux.waitFor { Self.separator(at: 23, in: $0) }
        try tmux.send("Down", "Down", "Enter")
        let navigation = try tmux.waitFor { $0.hasPrefix(" [Menu] [Left] ") }
        #expect(navigation.hasPrefix(" [Menu] [Left] "))
        // A resize while the pane slides: the menu ends open at the clamped width, nothing half drawn.
        try tmux.send("F2")
        try tmux.resize(width: 20, height: 8)
        let small = try tmux.waitFor { Self.separator(at: 15, in: $0) }
        var rows = small.split(separator: "\n", omittingEmptySubsequences: false)
        if rows.last?.isEmpty == true { rows.removeLast() }  // capture-pane ends with a newline
        #expect(rows.count == 8)
        #expect(rows.allSatisfy { $0.count <= 20 })
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        try tmux.expectRestored("after q")
    }

    @Test func resizeRedrawsAtEachSize() throws {
        let tmux = try startDemo()
        // Drawn at the size: the bar (tmux keeps the old bottom rows when it shrinks), the text
        // rows, the footer on the last row.
        func footerRow(_ screen: String, _ height: Int) -> Bool {
            let rows = Self.rows(screen)
            return rows.count == height && rows[0].contains(Self.firstTitle) && rows[height - 1].contains("q quits")
        }
        try tmux.waitFor { footerRow($0, 24) }
        try tmux.resize(width: 40, height: 10)
        let small = try tmux.waitFor { footerRow($0, 10) }
        let rows = Self.rows(small)
        #expect(rows.allSatisfy { $0.count <= 40 })
        try tmux.resize(width: 80, height: 24)
        let large = try tmux.waitFor { footerRow($0, 24) }
        #expect(large.contains(Self.firstTitle))
        #expect(Self.rows(large).filter { $0.contains("q quits") }.count == 1, "the old footer was redrawn away")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test func aMenuFileChoosesTheScreenAndTitlesAreShownInert() throws {
        let menu = try temporaryFile(
            "menu.json",
            #"{"title": "M", "items": [{"title": "Café ☕ \u001b[31mRed", "kind": "color", "color": "red"}]}"#)
        defer { unlink(menu) }
        let tmux = try TmuxSession([demoBinary(), "--menu", menu], environment: environment)
        let screen = try tmux.waitFor("Café ☕ ^[[31mRed")
        #expect(screen.contains("Colour: red"))
        #expect(screen.contains("viewDidAppear(false)"), "the colour pane lists its own lifecycle calls")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test func logWritesEveryLifecycleEventAsATabSeparatedLine() throws {
        let log = try temporaryFile("log.tsv")
        defer { unlink(log) }
        let tmux = try startDemo(["--log", log])
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        let fields = lines.map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(!fields.isEmpty && fields.allSatisfy { $0.count == 4 })
        #expect(fields.allSatisfy { Double($0[0]) != nil }, "seconds first")
        #expect(fields.contains { $0[1] == "TextPane#1" && $0[2] == "viewDidAppear" && $0[3] == "false" })
        #expect(fields.contains { $0[1] == "TextPane#1" && $0[2] == "willMove(toParent:)" })
    }

    /// Relayed (TERM, HUP, INT: through the run loop), fatal (QUIT, ILL, SEGV) and every other
    /// signal whose default action ends the process: the terminal comes back, then the process
    /// dies of the signal.
    @Test(
        arguments: [
            ("TERM", SIGTERM), ("HUP", SIGHUP), ("INT", SIGINT), ("QUIT", SIGQUIT), ("ILL", SIGILL), ("SEGV", SIGSEGV),
            ("USR1", SIGUSR1), ("USR2", SIGUSR2), ("ALRM", SIGALRM), ("VTALRM", SIGVTALRM), ("PROF", SIGPROF),
            ("XCPU", SIGXCPU), ("XFSZ", SIGXFSZ), ("IO", SIGIO), ("PWR", SIGPWR), ("STKFLT", SIGSTKFLT),
            ("RTMIN+3", Int32(34 + 3))
        ] as [(String, Int32)])
    func signalsRestoreTheTerminal(name: String, signal: Int32) throws {
        let tmux = try startDemo()
        kill(try tmux.pid(), signal)
        #expect(try tmux.waitForExit() == 128 + signal, "dies of SIG\(name), as the shell expects")
        try tmux.expectRestored("after SIG\(name)")
    }

    @Test func suspendAndResumeWithJobControl() throws {
        let tmux = try TmuxSession(
            ["bash", "--norc", "--noprofile", "-i"], environment: environment.merging(["PS1": "prompt$ "]) { $1 })
        try tmux.waitFor("prompt$")
        // The shell records the terminal's settings before and after; bash keeps what a job that
        // exits normally leaves behind, so "after" is what the demo gave back.
        let modes = NSTemporaryDirectory() + "shoji-e2e-\(UUID().uuidString).stty"
        defer { unlink(modes + ".before"); unlink(modes + ".after") }
        try tmux.sendLiteral("stty -a >'\(modes).before'; '\(demoBinary())'")
        try tmux.send("Enter")
        try tmux.waitFor(Self.firstTitle)
        try tmux.send("C-z")
        let shell = try tmux.waitFor { $0.contains("Stopped") }
        #expect(!shell.contains("q quits"), "the demo's screen is gone while suspended")
        #expect(try tmux.format("alternate_on") == "0")
        #expect(try tmux.format("mouse_any_flag") == "0")
        try tmux.sendLiteral("fg")
        try tmux.send("Enter")
        let top = try firstPaneTop(tmux)
        #expect(try tmux.format("alternate_on") == "1")
        try tmux.send("Down")
        try tmux.waitFor { Self.textRows($0).first == top[1] }
        try tmux.send("q")
        try tmux.waitFor { $0.contains("prompt$") && !$0.contains("q quits") }
        #expect(try tmux.format("alternate_on") == "0")
        try tmux.sendLiteral("stty -a >'\(modes).partial' && mv '\(modes).partial' '\(modes).after'")
        try tmux.send("Enter")
        try tmux.waitFor { _ in FileManager.default.fileExists(atPath: modes + ".after") }
        let before = try String(contentsOfFile: modes + ".before", encoding: .utf8)
        #expect(
            try String(contentsOfFile: modes + ".after", encoding: .utf8) == before,
            "stty -a as before Ctrl-Z, fg and q")
    }

    @Test func unsetTermGivesAMessageAndStatus2() throws {
        let tmux = try TmuxSession([demoBinary()], environment: ["LANG": "C.UTF-8"], unset: ["TERM"])
        #expect(try tmux.waitForExit() == 2)
        let screen = try tmux.capture()
        #expect(screen.contains("shoji-demo: error: TERM is not set"))
        try tmux.expectRestored("after a failed start")
    }

    @Test func unknownTermGivesAMessageAndStatus2() throws {
        let tmux = try TmuxSession([demoBinary()], environment: ["LANG": "C.UTF-8", "TERM": "no-such-terminal"])
        #expect(try tmux.waitForExit() == 2)
        #expect(try tmux.capture().contains("unknown terminal type \"no-such-terminal\""))
    }

    @Test func aTerminalWithoutCursorAddressingIsRefusedBeforeTheScreenIsTouched() throws {
        let tmux = try TmuxSession([demoBinary()], width: 200, environment: ["LANG": "C.UTF-8", "TERM": "dumb"])
        #expect(try tmux.waitForExit() == 2)
        let rows = try tmux.capture().split(separator: "\n")
        #expect(
            rows == [
                "shoji-demo: error: the terminal type \"dumb\" (TERM) cannot show full-screen programs: it has no cursor"
                    + " addressing (cup) and no way to clear the screen (clear or ed)", "[exit 2]"
            ],
            "one line and nothing else: \(rows)")
        try tmux.expectRestored("after refusing TERM=dumb")
    }

    @Test func stdinFromDevNullGivesAMessageAndStatus2() throws {
        // Subprocess gives the child /dev/null as stdin and a file as stdout and stderr.
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        let result = try Subprocess.run([demoBinary()], environment: environment)
        #expect(result.status == 2)
        #expect(
            result.output
                == "shoji-demo: error: standard input is not a terminal; run this program in an interactive terminal\n",
            "the one-line message is all that was written")
    }

    @Test func aPickerWithoutAnyTerminalGivesTheSameMessage() throws {
        // No terminal at all: stdin /dev/null, stdout a file, and no controlling terminal.
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        let result = try Subprocess.run([demoBinary(), "--print-selection"], environment: environment)
        #expect(result.status == 2)
        #expect(
            result.output
                == "shoji-demo: error: standard input is not a terminal; run this program in an interactive terminal\n")
    }

    // MARK: Errors before the terminal is touched (stdin is /dev/null: the session would refuse
    // it, so each message proves that the check came first)

    func runWithoutTerminal(_ arguments: [String]) throws -> Subprocess.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        return try Subprocess.run([demoBinary()] + arguments, environment: environment)
    }

    @Test func aMissingMenuFileGivesAMessageAndStatus2() throws {
        let result = try runWithoutTerminal(["--menu", "/nonexistent/menu.json"])
        #expect(result.status == 2)
        #expect(
            result.output
                == "shoji-demo: error: /nonexistent/menu.json: cannot read the menu file: no such file or directory\n")
    }

    @Test func aBadMenuFileNamesTheProblemAndItsPlace() throws {
        let menu = try temporaryFile(
            "menu.json",
            """
            {"title": "M", "items": [
              {"title": "Blue", "kind": "color", "color": "bleu"}
            ]}
            """)
        defer { unlink(menu) }
        let result = try runWithoutTerminal(["--menu", menu])
        #expect(result.status == 2)
        #expect(
            result.output.hasPrefix(
                "shoji-demo: error: \(menu):2:47: item 1 (\"Blue\"): unknown colour \"bleu\"; expected one of black, red,"
            ))
        let tmux = try TmuxSession([demoBinary(), "--menu", menu], environment: environment)
        #expect(try tmux.waitForExit() == 2)
        try tmux.expectRestored("after a bad menu file")
        #expect(try tmux.capture().contains("unknown colour \"bleu\""))
    }

    @Test func helpPrintsUsageAndExits0() throws {
        let result = try runWithoutTerminal(["--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("USAGE: shoji-demo"))
        #expect(result.output.contains("--exposed-width <columns>"))
        #expect(result.output.contains("--no-animation"))
    }

    @Test(arguments: [["--fps", "0"], ["--exposed-width", "-3"], ["--duration", "soon"], ["--no-such-option"]])
    func badOptionsGiveAMessageAndStatus2(arguments: [String]) throws {
        let result = try runWithoutTerminal(arguments)
        #expect(result.status == 2)
        #expect(result.output.hasPrefix("shoji-demo: error: "), "\(result.output)")
        #expect(result.output.contains("Usage: shoji-demo"))
    }

    // MARK: Files that could block or fail (in tmux: a hang is a bounded wait, not a stuck run)

    private func fifo() throws -> String {
        let path = NSTemporaryDirectory() + "shoji-e2e-\(UUID().uuidString).fifo"
        try #require(mkfifo(path, 0o600) == 0)
        return path
    }

    @Test func aFIFOAsTheMenuFileIsRefusedWithoutWaitingForAWriter() throws {
        let path = try fifo()
        defer { unlink(path) }
        let tmux = try TmuxSession([demoBinary(), "--menu", path], width: 250, environment: environment)
        #expect(try tmux.waitForExit() == 2)
        #expect(
            try tmux.capture().contains(
                "shoji-demo: error: \(path): cannot read the menu file: it is a FIFO (named pipe), not a regular file"))
        try tmux.expectRestored("after refusing a FIFO")
    }

    @Test func aLogFIFOThatNobodyReadsIsRefusedWithoutWaitingForAReader() throws {
        let path = try fifo()
        defer { unlink(path) }
        let tmux = try TmuxSession([demoBinary(), "--log", path], width: 250, environment: environment)
        #expect(try tmux.waitForExit() == 2)
        #expect(
            try tmux.capture().contains(
                "shoji-demo: error: \(path): cannot write the log file: it is a FIFO (named pipe) that no process is reading"
            ))
    }

    @Test func theTerminalAsTheLogIsRefused() throws {
        let tmux = try TmuxSession([demoBinary(), "--log", "/dev/tty"], width: 250, environment: environment)
        #expect(try tmux.waitForExit() == 2)
        #expect(
            try tmux.capture().contains(
                "shoji-demo: error: /dev/tty: cannot write the log file: it is a terminal; the log would be drawn over the demo"
            ))
    }

    /// `/dev/full` opens but every write fails: the demo runs on, and once the terminal is back
    /// it says so on stderr and exits 1.
    @Test func aLogWriteErrorIsReportedAfterTheTerminalIsRestoredWithStatus1() throws {
        let tmux = try TmuxSession([demoBinary(), "--log", "/dev/full"], width: 250, environment: environment)
        try tmux.waitFor(Self.firstTitle)
        #expect(!(try tmux.capture().contains("error")), "nothing is drawn over the app")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 1)
        let screen = try tmux.capture()
        #expect(
            screen.contains(
                "shoji-demo: error: /dev/full: could not write the log file: no space left on device; it ends after 0 lines"
            ),
            "\(screen)")
        try tmux.expectRestored("after a log write error")
    }

    @Test func anUnwritableLogFileGivesAMessageAndStatus2() throws {
        let result = try runWithoutTerminal(["--log", "/nonexistent/log.tsv"])
        #expect(result.status == 2)
        #expect(
            result.output
                == "shoji-demo: error: /nonexistent/log.tsv: cannot write the log file: no such file or directory\n")
    }
}
