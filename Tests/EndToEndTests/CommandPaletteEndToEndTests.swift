import Foundation
import Shoji
import Testing

/// The command palette in the real demo binary in tmux: Ctrl-P lists the commands active now
/// with their keys, a few typed letters find one, Enter performs it (the theme changes on
/// screen, the about sheet opens), and the terminal is given back intact.
@Suite(.timeLimit(.minutes(2)))
struct CommandPaletteEndToEndTests {
    let environment = ["TERM": "tmux-256color", "LANG": "C.UTF-8"]

    /// The top row of a captured screen.
    private static func topRow(_ screen: String) -> String {
        String(screen.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
    }

    /// The row of `screen` that holds `text`, if any.
    private static func row(containing text: String, in screen: String) -> String? {
        screen.split(separator: "\n").first { $0.contains(text) }.map(String.init)
    }

    @Test func ctrlPListsCommandsWithKeysFindsOneByAFewLettersAndPerformsIt() throws {
        let log = NSTemporaryDirectory() + "shoji-palette-\(UUID().uuidString).tsv"
        defer { unlink(log) }
        // In colour: the test runner's NO_COLOR (which draws every theme alike) is left out.
        let tmux = try TmuxSession(
            [demoBinary(), "--log", log], width: 80, height: 24, environment: environment, unset: ["NO_COLOR"])
        try tmux.waitFor(DemoEndToEndTests.firstTitle)
        let before = try tmux.captureStyled()
        #expect(!Self.topRow(before).contains("[34m"), "the standard theme's bar has no colour")

        try tmux.send("C-p")
        let listed = try tmux.waitFor { $0.contains("commands") && $0.contains("Side menu: Show or hide the menu") }
        let toggle = try #require(Self.row(containing: "Side menu: Show or hide the menu", in: listed))
        #expect(toggle.contains("F2, m"), "the key beside the command: \(toggle)")
        #expect(listed.contains("Type to search commands"))

        try tmux.sendLiteral("cycth")
        let found = try tmux.waitFor { $0.contains("1 match") && $0.contains("Demo: Cycle theme") }
        #expect(!found.contains("Side menu: Show or hide the menu"), "filtered:\n\(found)")
        try tmux.send("Enter")
        // The palette is gone and the dark theme's bar is blue (reverse video over blue).
        try tmux.waitFor { !$0.contains("Demo: Cycle theme") && $0.contains(DemoEndToEndTests.firstTitle) }
        let deadline = Date().addingTimeInterval(5)
        var styled = try tmux.captureStyled()
        while !Self.topRow(styled).contains("[34m"), Date() < deadline {
            usleep(20_000)
            styled = try tmux.captureStyled()
        }
        #expect(Self.topRow(styled).contains("[34m"), "dark bar: \(Self.topRow(styled).debugDescription)")

        // Another: the about sheet, found by three letters.
        try tmux.send("C-p")
        try tmux.waitFor("Type to search commands")
        try tmux.sendLiteral("abt")
        try tmux.waitFor("Demo: Open About")
        try tmux.send("Enter")
        try tmux.waitFor("command palette (Ctrl-P)")
        try tmux.send("Escape")
        try tmux.waitFor { !$0.contains("command palette (Ctrl-P)") }

        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        try tmux.expectRestored("after the palette")
        #expect(try DemoLifecycleLog(contentsOf: log).violations == [], "the lifecycle log is balanced")
    }
}
