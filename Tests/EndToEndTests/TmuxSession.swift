import Foundation
import Testing

/// Runs a command in a detached tmux session on a private socket, so end-to-end tests drive the
/// real binary in a real terminal with no TTY of their own.
///
/// The command runs under `sh`, which prints `[exit N]` when it ends (N = 128 + signal for a
/// signal death) and keeps the pane alive, so the test reads the exit status from the screen and
/// the terminal's modes (alternate screen, cursor, mouse reporting) from a live pane: tmux's
/// flags for a dead pane do not reflect what the program left behind.
final class TmuxSession {
    let socket: String
    private let configPath: String

    /// Starts `command` (already shell-quoted words) at `width`x`height` with `environment` set.
    init(_ command: [String], width: Int = 80, height: Int = 24, environment: [String: String] = [:],
         unset: [String] = []) throws {
        socket = "shoji-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        configPath = NSTemporaryDirectory() + socket + ".conf"
        // remain-on-exit must hold before the command starts, or a fast exit loses the pane.
        try "set -g status off\nset -g default-terminal tmux-256color\n"
            .write(toFile: configPath, atomically: true, encoding: .utf8)
        var env = ["env"] + unset.flatMap { ["-u", $0] }
        for (key, value) in environment.sorted(by: { $0.key < $1.key }) { env.append("\(key)=\(value)") }
        let inner = (env + command).map(Self.quote).joined(separator: " ")
        let shellCommand = "sh -c " + Self.quote("\(inner); echo \"[exit $?]\"; exec sleep 600")
        try tmux(["-f", configPath, "new-session", "-d", "-s", "t", "-x", "\(width)", "-y", "\(height)", shellCommand])
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(atPath: configPath)
    }

    /// The visible screen as plain text, one line per row.
    func capture() throws -> String { try tmux(["capture-pane", "-p", "-t", "t"]) }

    /// The visible screen with its attributes as SGR escape sequences (`capture-pane -e`).
    func captureStyled() throws -> String { try tmux(["capture-pane", "-p", "-e", "-t", "t"]) }

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
    func send(_ keys: String...) throws { try tmux(["send-keys", "-t", "t"] + keys) }

    /// Sends bytes literally (for example an SGR mouse report).
    func sendLiteral(_ text: String) throws { try tmux(["send-keys", "-l", "-t", "t", text]) }

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

    /// After exit: whether the terminal was given back (main screen, cursor shown, mouse off).
    func terminalRestored() throws -> (mainScreen: Bool, cursorVisible: Bool, mouseOff: Bool) {
        (try format("alternate_on") == "0", try format("cursor_flag") == "1",
         try format("mouse_any_flag") == "0" && format("mouse_sgr_flag") == "0")
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
          directory.pathComponents.count > 1 {
        directory = directory.deletingLastPathComponent()
    }
    return directory.appendingPathComponent(name).path
}

/// The demo binary; `SHOJI_DEMO` overrides the path.
func demoBinary() -> String {
    ProcessInfo.processInfo.environment["SHOJI_DEMO"] ?? builtBinary("shoji-demo")
}
