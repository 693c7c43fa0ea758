import Foundation
import Testing

/// The split view (`placeholder`) and stack screen (`stack`) of the real `shoji-demo` in tmux
/// (CoconutKit's containers).
extension DemoEndToEndTests {
    /// The demo showing a menu file whose first item is `first`, waiting for `ready`.
    private func startContainers(_ first: String, ready: String, width: Int = 100, height: Int = 24) throws
        -> (TmuxSession, String)
    {
        let menu = try temporaryFile(
            "menu.json", #"{"title": "M", "items": [\#(first), {"title": "Notes", "kind": "text", "text": "n"}]}"#)
        let tmux = try TmuxSession(
            [demoBinary(), "--menu", menu], width: width, height: height, environment: environment)
        try tmux.waitFor(ready)
        return (tmux, menu)
    }

    @Test func theSplitViewShowsTheChosenRowAndItsCompactCloneAfterAResize() throws {
        let (tmux, menu) = try startContainers(
            #"{"title": "Split", "kind": "placeholder"}"#,
            ready: "Row 1, shown with push-from-right")
        defer { unlink(menu) }
        let first = try tmux.waitFor { $0.contains(" 7 none") && $0.contains("viewDidAppear(false)") }
        #expect(first.contains(" 1 push-from-right") && first.contains("│"), "the list, the separator, the detail")
        try tmux.send("Down", "Down", "Enter")
        let third = try tmux.waitFor { $0.contains("Row 3, shown with fade") && $0.contains("viewDidAppear(true)") }
        #expect(!third.contains("Row 1,"), "the first row's pane left")
        try tmux.send("f")
        try tmux.waitFor { $0.split(separator: "\n").first?.contains("Row 3 · fade") == true }
        try tmux.resize(width: 80, height: 24)
        let compact = try tmux.waitFor("compact layout")
        #expect(compact.split(separator: "\n").first?.contains("Compact") == true, "the clone's button, forwarded")
        try tmux.resize(width: 100, height: 24)
        try tmux.waitFor("Row 3, shown with fade. Regular layout")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        try expectRestored(tmux, "after the split view")
    }

    /// Whether row `row` of `screen` has the split's divider at `column` and nowhere before it.
    private static func divider(at column: Int, row: Int, in screen: String) -> Bool {
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard rows.count > row else { return false }
        let cells = Array(rows[row])
        return cells.count > column && cells[column] == "│" && !cells[..<column].contains("│")
    }

    @Test func theSplitViewsDividerFollowsTheMouseAndTheDetailChangesSizeClass() throws {
        let (tmux, menu) = try startContainers(
            #"{"title": "Split", "kind": "placeholder"}"#,
            ready: "Row 1, shown with push-from-right")
        defer { unlink(menu) }
        try tmux.waitFor { Self.divider(at: 24, row: 5, in: $0) }
        // SGR-1006 reports: a press on the divider, motions with the button held, the release.
        try tmux.sendLiteral("\u{1B}[<0;25;6M")
        for column in stride(from: 28, through: 46, by: 3) {
            Thread.sleep(forTimeInterval: 0.02)
            try tmux.sendLiteral("\u{1B}[<32;\(column);6M")
        }
        try tmux.waitFor { Self.divider(at: 45, row: 5, in: $0) }
        try tmux.sendLiteral("\u{1B}[<0;46;6m")
        let compact = try tmux.waitFor("compact layout")
        #expect(Self.divider(at: 45, row: 2, in: compact), "the divider stays where it was let go")
        // Back to the left: the detail is wide enough for its regular layout again.
        try tmux.sendLiteral("\u{1B}[<0;46;6M")
        try tmux.sendLiteral("\u{1B}[<32;30;6M")
        try tmux.sendLiteral("\u{1B}[<32;21;6M")
        try tmux.sendLiteral("\u{1B}[<0;21;6m")
        try tmux.waitFor { Self.divider(at: 20, row: 5, in: $0) && $0.contains("Regular layout") }
        // Narrower than 40 columns the list slides away; wider, it comes back where it was left.
        try tmux.resize(width: 36, height: 24)
        try tmux.waitFor { !$0.contains("Transitions") && !Self.divider(at: 20, row: 5, in: $0) }
        try tmux.resize(width: 100, height: 24)
        try tmux.waitFor { $0.contains("Transitions") && Self.divider(at: 20, row: 5, in: $0) }
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        try expectRestored(tmux, "after dragging the divider")
    }

    @Test func theStackScreenPushesAndPopsAcrossAResize() throws {
        let (tmux, menu) = try startContainers(
            #"{"title": "Stack", "kind": "stack"}"#,
            ready: "depth 1 · capacity 2 · views loaded: 1 · shown: 1")
        defer { unlink(menu) }
        try tmux.send("1")
        try tmux.waitFor("depth 2 · capacity 2 · views loaded: 1 2 · shown: 2")
        try tmux.send("t")
        try tmux.waitFor("depth 3 · capacity 2 · views loaded: 2 3t · shown: 2 3t")
        // A push, and a resize while it moves.
        try tmux.send("3")
        try tmux.resize(width: 60, height: 16)
        let pushed = try tmux.waitFor { $0.contains("depth 4 · capacity 2 · views loaded: 3t 4 · shown: 4") }
        var rows = pushed.split(separator: "\n", omittingEmptySubsequences: false)
        if rows.last?.isEmpty == true { rows.removeLast() }
        #expect(rows.count == 16 && rows.allSatisfy { $0.count <= 60 })
        #expect(
            rows[2].hasPrefix("  Card 4") && rows[3].hasPrefix("  pushed with slide-from-left"),
            "the new top, laid out at the new size")
        try tmux.send("p")
        try tmux.waitFor("depth 3 · capacity 2 · views loaded: 2 3t · shown: 2 3t")
        try tmux.send("r")
        try tmux.waitFor("depth 1 · capacity 2 · views loaded: 1 · shown: 1")
        try tmux.send("p")
        try tmux.waitFor("p: the root view controller cannot be popped")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        try expectRestored(tmux, "after the stack screen")
    }

    @Test func aBadTransitionInTheMenuFileIsAnErrorWithItsPlace() throws {
        let menu = try temporaryFile(
            "menu.json",
            """
            {"title": "M", "items": [
              {"title": "Split", "kind": "placeholder", "transitions": ["fade", "none", "fade", "wobble"]},
              {"title": "Stack", "kind": "stack", "capacity": 0}
            ]}
            """)
        defer { unlink(menu) }
        let result = try runWithoutTerminal(["--menu", menu])
        #expect(result.status == 2)
        #expect(
            result.output.hasPrefix(
                "shoji-demo: error: \(menu):2:85: item 1 (\"Split\"): unknown transition \"wobble\"; expected one of none, fade,"
            ))
    }
}
