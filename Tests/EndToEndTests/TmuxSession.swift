import Foundation
import Testing

/// Runs a command in a detached tmux session on a private socket, so end-to-end tests drive the
/// real binary in a real terminal with no TTY of their own.
///
/// The command runs under `sh`, which prints `[exit N]` when it ends (N = 128 + signal for a
/// signal death) and keeps the pane alive, so the test reads the exit status from the screen and
/// the terminal's modes (alternate screen, cursor, mouse reporting) from a live pane: tmux's
/// flags for a dead pane do not reflect what the program left behind. The shell also records the
/// terminal's settings (`stty -a`) before the command and after it, so a test can tell whether
/// raw mode, echo and the rest came back.
final class TmuxSession {
    let socket: String
    private let configPath: String
    private let modesBeforePath: String
    private let modesAfterPath: String

    /// Starts `command` (already shell-quoted words) at `width`x`height` with `environment` set.
    /// With `acceptsClipboard`, tmux takes the program's OSC 52 copies (`set-clipboard on`) into
    /// its paste buffers (`showBuffer()`). With `extendedKeys`, tmux passes keys such as
    /// Shift+Enter on to a program that asks for them (`set -s extended-keys on`).
    init(
        _ command: [String], width: Int = 80, height: Int = 24, environment: [String: String] = [:],
        unset: [String] = [], acceptsClipboard: Bool = false, extendedKeys: Bool = false
    ) throws {
        socket = "shoji-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        configPath = NSTemporaryDirectory() + socket + ".conf"
        modesBeforePath = NSTemporaryDirectory() + socket + ".stty-before"
        modesAfterPath = NSTemporaryDirectory() + socket + ".stty-after"
        // remain-on-exit must hold before the command starts, or a fast exit loses the pane.
        try
            ("set -g status off\nset -g default-terminal tmux-256color\n"
            + (acceptsClipboard ? "set -s set-clipboard on\n" : "")
            + (extendedKeys ? "set -s extended-keys on\n" : ""))
            .write(toFile: configPath, atomically: true, encoding: .utf8)
        var env = ["env"] + unset.flatMap { ["-u", $0] }
        for (key, value) in environment.sorted(by: { $0.key < $1.key }) { env.append("\(key)=\(value)") }
        let inner = (env + command).map(Self.quote).joined(separator: " ")
        let before = "stty -a >\(Self.quote(modesBeforePath)) 2>&1",
            after = "stty -a >\(Self.quote(modesAfterPath)) 2>&1"
        let shellCommand =
            "sh -c " + Self.quote("\(before); \(inner); status=$?; \(after); echo \"[exit $status]\"; exec sleep 600")
        try tmux(["-f", configPath, "new-session", "-d", "-s", "t", "-x", "\(width)", "-y", "\(height)", shellCommand])
    }

    deinit { close() }

    /// Ends the tmux server and removes its files; safe to call more than once. A holder that
    /// may outlive its test (kept by a pilot's screen) calls it when done, so no server lingers.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        _ = try? tmux(["kill-server"])
        for path in [configPath, modesBeforePath, modesAfterPath] { try? FileManager.default.removeItem(atPath: path) }
    }

    private var isClosed = false

    /// The newest paste buffer (`show-buffer`): what the program last copied with OSC 52 when
    /// the session accepts the clipboard; an error when there is none.
    func showBuffer() throws -> String { try tmux(["show-buffer"]) }

    /// The visible screen as plain text, one line per row.
    func capture() throws -> String { try tmux(["capture-pane", "-p", "-t", "t"]) }

    /// The scrollback and the visible screen as plain text, one line per row, oldest first
    /// (`capture-pane -S -`).
    func captureHistory() throws -> String { try tmux(["capture-pane", "-p", "-S", "-", "-t", "t"]) }

    /// The visible screen with its attributes as SGR escape sequences (`capture-pane -e`).
    func captureStyled() throws -> String { try tmux(["capture-pane", "-p", "-e", "-t", "t"]) }

    /// `captureStyled()` with each row's trailing blanks kept (`-N`); tmux still leaves out cells
    /// it erased (`el`, `ech`), whatever their colour.
    func captureStyledWithBlanks() throws -> String { try tmux(["capture-pane", "-p", "-e", "-N", "-t", "t"]) }

    /// Polls the screen until `predicate` holds or `timeout` seconds pass; returns the last capture.
    @discardableResult
    func waitFor(timeout: Double = 10, _ predicate: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = ""
        repeat {
            screen = try capture()
            if predicate(screen) { return screen }
            usleep(20_000)
        } while Date() < deadline
        Issue.record("timed out waiting; the screen was:\n\(screen)")
        return screen
    }

    /// Waits until `text` is on screen.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 10) throws -> String {
        try waitFor(timeout: timeout) { $0.contains(text) }
    }

    /// Sends tmux key names (`Down`, `Enter`, `F2`, `q`, `C-c`).
    func send(_ keys: String...) throws { try send(keys: keys) }

    /// Sends `keys` in one `send-keys`, so they reach the program together.
    func send(keys: [String]) throws { try tmux(["send-keys", "-t", "t"] + keys) }

    /// Sends bytes literally (for example an SGR mouse report).
    func sendLiteral(_ text: String) throws { try tmux(["send-keys", "-l", "-t", "t", text]) }

    /// A left-button drag as SGR-1006 mouse reports: the press at a 0-based cell, motions
    /// through `columns` on `row`, each after `pause` seconds, then (after `hold` seconds) the
    /// release at the last one.
    func drag(from start: Int, through columns: [Int], row: Int, pause: Double = 0.03, hold: Double = 0) throws {
        try sendLiteral("\u{1B}[<0;\(start + 1);\(row + 1)M")
        for column in columns {
            Thread.sleep(forTimeInterval: pause)
            try sendLiteral("\u{1B}[<32;\(column + 1);\(row + 1)M")
        }
        Thread.sleep(forTimeInterval: hold)
        try sendLiteral("\u{1B}[<0;\(columns.last! + 1);\(row + 1)m")
    }

    /// Pastes `text` as a terminal does: through a tmux buffer, bracketed (`ESC[200~`…
    /// `ESC[201~`) when the program asked for bracketed paste, line breaks sent as CR.
    func paste(_ text: String) throws {
        try tmux(["set-buffer", "-b", "shoji-e2e", "--", text])
        try tmux(["paste-buffer", "-p", "-d", "-b", "shoji-e2e", "-t", "t"])
    }

    /// Where the terminal's cursor is (0-based column and row), and whether it is shown.
    func cursor() throws -> (x: Int, y: Int, visible: Bool) {
        let parts = try format("cursor_x").split(separator: ",") + format("cursor_y").split(separator: ",")
        return (Int(parts.first ?? "") ?? -1, Int(parts.last ?? "") ?? -1, try format("cursor_flag") == "1")
    }

    /// Polls until the cursor is shown at (`x`, `y`) or `timeout` seconds pass; returns where it was.
    @discardableResult
    func waitForCursor(x: Int, y: Int, timeout: Double = 10) throws -> (x: Int, y: Int, visible: Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        var cursor = try self.cursor()
        while !(cursor.visible && cursor.x == x && cursor.y == y) && Date() < deadline {
            usleep(20_000)
            cursor = try self.cursor()
        }
        #expect(cursor.visible && cursor.x == x && cursor.y == y, "cursor at \(x),\(y); it was at \(cursor)")
        return cursor
    }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "t", "-x", "\(width)", "-y", "\(height)"])
    }

    /// A pane format value, e.g. `pane_dead`, `alternate_on`, `cursor_flag`, `mouse_any_flag`.
    func format(_ name: String) throws -> String {
        try tmux(["display-message", "-p", "-t", "t", "#{\(name)}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The pid of the command (the shell's only child).
    func pid() throws -> pid_t {
        let shell = try format("pane_pid")
        let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
        return pid_t(children.split(separator: " ").first ?? "") ?? 0
    }

    /// Polls until no signal `signal` is pending for process `pid` (it was delivered), so a second
    /// one sent afterwards is not merged with it. Returns false after `timeout` seconds.
    static func waitUntilDelivered(_ signal: Int32, to pid: pid_t, timeout: Double = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return true }
            let pending = status.split(separator: "\n").filter { $0.hasPrefix("ShdPnd:") || $0.hasPrefix("SigPnd:") }
                .compactMap { UInt64($0.split(separator: "\t").last ?? "", radix: 16) }
                .reduce(0, |)
            if pending & (1 << UInt64(signal - 1)) == 0 { return true }
            usleep(5_000)
        } while Date() < deadline
        return false
    }

    /// Waits for the command to exit and returns its status (128 + signal number for a signal
    /// death), or `nil` if it did not exit within `timeout`.
    func waitForExit(timeout: Double = 15) throws -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            let screen = try capture()
            if let range = screen.range(of: "[exit "), let end = screen[range.upperBound...].firstIndex(of: "]") {
                return Int32(screen[range.upperBound..<end])
            }
            usleep(20_000)
        } while Date() < deadline
        return nil
    }

    /// After exit: whether the terminal was given back (main screen, cursor shown, mouse off, and
    /// the settings `stty -a` shows as they were before the command started).
    func terminalRestored() throws -> (mainScreen: Bool, cursorVisible: Bool, mouseOff: Bool, modes: Bool) {
        let modes = terminalModes()
        return (
            try format("alternate_on") == "0", try format("cursor_flag") == "1",
            try format("mouse_any_flag") == "0" && format("mouse_sgr_flag") == "0",
            modes.after != nil && Self.withoutSize(modes.before) == Self.withoutSize(modes.after)
        )
    }

    /// `stty -a` without the window size, which a test may have changed on purpose.
    private static func withoutSize(_ modes: String?) -> String? {
        modes?.replacingOccurrences(of: #"rows \d+; columns \d+;"#, with: "", options: .regularExpression)
    }

    /// Records an issue for every part of the terminal that was not given back after the command
    /// ended (see `terminalRestored()`), with both `stty -a` listings when the settings differ.
    func expectRestored(_ comment: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let restored = try terminalRestored()
        #expect(restored.mainScreen, "alternate screen left: \(comment)", sourceLocation: sourceLocation)
        #expect(restored.cursorVisible, "cursor visible: \(comment)", sourceLocation: sourceLocation)
        #expect(restored.mouseOff, "mouse reporting off: \(comment)", sourceLocation: sourceLocation)
        let modes = terminalModes()
        #expect(
            restored.modes,
            "stty -a as before: \(comment)\nbefore:\n\(modes.before ?? "-")\nafter:\n\(modes.after ?? "-")",
            sourceLocation: sourceLocation)
    }

    /// `stty -a` before the command started and after it ended (`nil` until then).
    func terminalModes() -> (before: String?, after: String?) {
        (
            try? String(contentsOfFile: modesBeforePath, encoding: .utf8),
            try? String(contentsOfFile: modesAfterPath, encoding: .utf8)
        )
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "TMUX")
        let result = try Subprocess.run(["tmux", "-L", socket] + arguments, environment: environment)
        if result.status != 0, arguments.first != "kill-server" {
            throw TmuxError(message: "tmux \(arguments.joined(separator: " ")): \(result.output)")
        }
        return result.output
    }

    private static func quote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

struct TmuxError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// A binary built beside the test bundle (SwiftPM builds it because the test target depends
/// on its target): the first directory up from the test runner that holds `name`.
func builtBinary(_ name: String) -> String {
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var directory = testBinary.deletingLastPathComponent()
    // On Linux the test runner is `<build>/<Package>PackageTests.xctest`; on macOS a bundle.
    while !FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path),
        directory.pathComponents.count > 1
    {
        directory = directory.deletingLastPathComponent()
    }
    return directory.appendingPathComponent(name).path
}

/// The demo binary; `SHOJI_DEMO` overrides the path.
func demoBinary() -> String {
    ProcessInfo.processInfo.environment["SHOJI_DEMO"] ?? builtBinary("shoji-demo")
}

/// Starts the terminal probe (`Sources/ShojiTerminalProbe`) in tmux and waits for its first
/// screen.
func startProbe() throws -> TmuxSession {
    let tmux = try TmuxSession(
        [builtBinary("ShojiTerminalProbe")], environment: ["TERM": "tmux-256color", "LANG": "C.UTF-8"])
    try tmux.waitFor("probe ready")
    return tmux
}
