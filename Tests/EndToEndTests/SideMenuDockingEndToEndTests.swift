import Foundation
import Testing

/// The side menu docked in the real demo (`--dock-width`) in tmux: wide enough, the list stays
/// beside the content and the Menu button goes; resizing the tmux window across the width
/// slides it away and back, with the lifecycle log balanced.
@Suite(.timeLimit(.minutes(2)))
struct SideMenuDockingEndToEndTests {
    let environment = ["TERM": "tmux-256color", "LANG": "C.UTF-8"]

    /// Docked at the 24 exposed columns: the list's first entry on row 1, the separator at
    /// column 24 of the bar, no Menu button.
    private static func docked(_ screen: String) -> Bool {
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        guard rows.count > 1, rows[0].count > 24 else { return false }
        return rows[0][24] == "│" && !String(rows[0]).contains("[Menu]") && String(rows[1]).hasPrefix(" Welcome")
    }

    private static func slidingAndClosed(_ screen: String) -> Bool {
        screen.hasPrefix(" [Menu]") && !screen.split(separator: "\n")[0].contains("│")
    }

    @Test func wideTheMenuDocksAndResizingAcrossTheWidthUndocksAndDocksAgain() throws {
        let log = NSTemporaryDirectory() + "shoji-dock-\(getpid()).tsv"
        defer { unlink(log) }
        let tmux = try TmuxSession(
            [demoBinary(), "--dock-width", "100", "--log", log], width: 110, height: 24, environment: environment)
        try tmux.waitFor { Self.docked($0) }
        // The content takes keys and the list is one F2 away, the pane not moving.
        try tmux.send("F2")
        try tmux.send("Down")
        try tmux.send("Enter")
        try tmux.waitFor { Self.docked($0) && $0.split(separator: "\n")[0].contains("Red") }
        try tmux.resize(width: 90, height: 24)
        try tmux.waitFor { Self.slidingAndClosed($0) }
        try tmux.resize(width: 120, height: 24)
        try tmux.waitFor { Self.docked($0) }
        // Undocked, the slide works as always.
        try tmux.resize(width: 80, height: 24)
        try tmux.waitFor { Self.slidingAndClosed($0) }
        try tmux.send("F2")
        try tmux.waitFor { $0.split(separator: "\n")[0].dropFirst(23).first == "│" }
        try tmux.send("Escape")
        try tmux.waitFor { Self.slidingAndClosed($0) }
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        let problems = try DemoLifecycleLog(contentsOf: log).violations
        #expect(problems.isEmpty, "\(problems)")
    }
}
