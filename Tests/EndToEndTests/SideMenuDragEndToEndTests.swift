import Foundation
import Testing

/// Dragging the side menu's pane by mouse reports in the real demo in tmux: SGR-1006 press,
/// motion (button-event tracking, mode 1002) and release reports, as a terminal sends them.
@Suite(.timeLimit(.minutes(2)))
struct SideMenuDragEndToEndTests {
    let environment = ["TERM": "tmux-256color", "LANG": "C.UTF-8"]

    /// Whether the pane's separator is at `column` of the top row (the menu open that far).
    private static func separator(at column: Int, in screen: String) -> Bool {
        guard let row = screen.split(separator: "\n", omittingEmptySubsequences: false).first else { return false }
        let cells = Array(row)
        return cells.count > column && cells[column] == "│" && !cells[..<column].contains("│")
    }

    private static func closed(_ screen: String) -> Bool {
        screen.hasPrefix(" [Menu]") && !screen.split(separator: "\n")[0].contains("│")
    }

    @Test func draggingTheBarOpensDraggingThePaneClosesAndAnEarlyReleaseCancels() throws {
        let log = NSTemporaryDirectory() + "shoji-drag-\(getpid()).tsv"
        defer { unlink(log) }
        let tmux = try TmuxSession([demoBinary(), "--log", log], width: 80, height: 24, environment: environment)
        try tmux.waitFor(DemoEndToEndTests.firstTitle)
        // The bar's title area, dragged right past half the exposed width (24): opens.
        try tmux.drag(from: 30, through: Array(31...46), row: 0, hold: 0.2)
        try tmux.waitFor { Self.separator(at: 23, in: $0) }
        // The open pane's exposed strip, dragged left: closes.
        try tmux.drag(from: 50, through: Array((30...49).reversed()), row: 8, hold: 0.2)
        try tmux.waitFor { Self.closed($0) }
        // A short drag, seen on screen before the release: the pane goes back.
        try tmux.sendLiteral("\u{1B}[<0;31;1M")
        for column in 32...35 { try tmux.sendLiteral("\u{1B}[<32;\(column);1M") }
        try tmux.waitFor { Self.separator(at: 3, in: $0) }
        Thread.sleep(forTimeInterval: 0.2)  // held still: a release without a fling
        try tmux.sendLiteral("\u{1B}[<0;35;1m")
        try tmux.waitFor { Self.closed($0) }
        // A quick flick of a few cells opens.
        try tmux.drag(from: 30, through: [32, 34, 36], row: 0, pause: 0.01)
        try tmux.waitFor { Self.separator(at: 23, in: $0) }
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        // Drags change no controller's appearance: the log has no disappearance of the shown pane.
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(!lines.contains { $0.contains("TextPane#1\tviewWillDisappear") })
    }

    @Test func draggingADetailScreenFromTheLeftEdgePopsItOrPutsItBack() throws {
        let tmux = try TmuxSession([demoBinary()], width: 80, height: 24, environment: environment)
        try tmux.waitFor(DemoEndToEndTests.firstTitle)
        let index = DemoEndToEndTests.builtInMenuItems().firstIndex { $0["kind"] as? String == "navigation" } ?? 3
        try tmux.send("F2")
        try tmux.waitFor { Self.separator(at: 23, in: $0) }
        for _ in 0..<index { try tmux.send("Down") }
        try tmux.send("Enter")
        try tmux.waitFor { Self.closed($0) && $0.contains("Open detail") }
        try tmux.send("Enter")
        try tmux.waitFor { $0.split(separator: "\n").first?.contains("Detail 1") == true }
        // Released early (held still first): the detail screen goes back.
        try tmux.sendLiteral("\u{1B}[<0;1;6M")
        for column in 2...6 { try tmux.sendLiteral("\u{1B}[<32;\(column);6M") }
        Thread.sleep(forTimeInterval: 0.25)
        try tmux.sendLiteral("\u{1B}[<0;6;6m")
        Thread.sleep(forTimeInterval: 0.6)
        let back = try tmux.capture()
        #expect(back.split(separator: "\n").first?.contains("Detail 1") == true, "put back: \(back)")
        // Past half the width: popped.
        try tmux.drag(from: 0, through: Array(stride(from: 4, through: 60, by: 4)), row: 5, hold: 0.2)
        try tmux.waitFor { Self.closed($0) && $0.contains("Open detail") }
    }
}
