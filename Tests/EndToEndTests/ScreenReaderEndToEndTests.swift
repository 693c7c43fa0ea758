import Foundation
import Testing

/// The real demo with `SHOJI_SCREEN_READER=1`, its widgets pane shown: once its progress bar is
/// full, nothing is written for seconds although the spinner spins; the cursor sits on the
/// focused control; a focus change writes what a screen reader should say on the status row.
@Suite(.timeLimit(.minutes(2)))
struct ScreenReaderEndToEndTests {
    @Test func theSpinnerWritesNothingAndAFocusChangeWritesItsAnnouncement() throws {
        let path = try WidgetsEndToEndTests.widgetsOnlyMenu()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let app = try PseudoTerminalApp(
            [demoBinary(), "--menu", path], columns: 100, rows: 30,
            environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "SHOJI_SCREEN_READER": "1"])
        app.read(for: 5) { $0.contains("\u{1B}[c") }
        app.type("\u{1B}[?2026;2$y\u{1B}[?62;22c")  // the start-up answers, as xterm gives them
        // The bar fills in tenths, one a second (a step of 5% every 0.5 s): full after 10 s,
        // and then nothing changes by itself.
        app.read(for: 5) { $0.contains("Widgets. Switch, switch, off") }
        #expect(app.text.contains("Widgets. Switch, switch, off"), "the first focus was said")
        var lastCount = app.output.count
        var tenths = 0
        for _ in 0..<14 {
            app.read(for: 1)
            if app.output.count != lastCount { tenths += 1 }
            lastCount = app.output.count
        }
        #expect(tenths <= 11, "the bar wrote at most once a second: \(tenths) seconds with bytes")
        let quiet = app.output.count
        app.read(for: 3)
        #expect(app.output.count == quiet, "3 s with a spinning spinner and not one byte")
        app.type("\t")
        app.read(for: 3) { $0.contains("Segments, adjustable, Medium, 2 of 3") }
        let written = String(decoding: app.output[quiet...], as: UTF8.self)
        #expect(written.contains("Segments, adjustable, Medium, 2 of 3"), "the focus change was written")
        app.type("q")
        #expect(app.waitForExit(timeout: 10) == 0)
    }

    @Test func theCursorSitsOnTheFocusedControlAndTheLastRowSaysIt() throws {
        let path = try WidgetsEndToEndTests.widgetsOnlyMenu()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tmux = try TmuxSession(
            [demoBinary(), "--menu", path], width: 100, height: 30,
            environment: ["TERM": "tmux-256color", "LANG": "C.UTF-8", "SHOJI_SCREEN_READER": "1"])
        let first = try tmux.waitFor { $0.contains("Switch, switch, off") }
        let rows = first.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(rows.count >= 30 && rows[29].hasPrefix("Widgets. Switch, switch, off"), "the status row")
        /// Where the control on the row labelled `caption` starts: after the caption's column.
        func control(_ caption: String, _ screen: String) throws -> (x: Int, y: Int) {
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let y = try #require(lines.firstIndex { $0.hasPrefix(" \(caption) ") })
            let x = try #require(lines[y].firstIndex(of: "["))
            return (lines[y].distance(from: lines[y].startIndex, to: x), y)
        }
        let toggle = try control("Switch", first)
        #expect(try tmux.waitForCursor(x: toggle.x, y: toggle.y).visible, "on the switch")
        try tmux.send("Tab")
        let moved = try tmux.waitFor { $0.contains("Segments, adjustable, Medium, 2 of 3") }
        let segments = try control("Segments", moved)
        #expect(try tmux.waitForCursor(x: segments.x, y: segments.y).visible, "on the segmented control")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        try tmux.expectRestored("after q")
    }
}
