import Foundation
import Testing

/// The `widgets` pane of the real `shoji-demo` in tmux: chosen in the side menu, its switch,
/// segmented control and stepper changed by keys (their value lines follow), its spinner
/// stepping while shown; and the same pane in ASCII (`SHOJI_GLYPHS=ascii`).
@Suite(.timeLimit(.minutes(2)))
struct WidgetsEndToEndTests {
    let environment = ["TERM": "tmux-256color", "LANG": "C.UTF-8"]

    /// The index of the first `widgets` item in `Resources/menu.json`.
    static let widgetsIndex =
        DemoEndToEndTests.builtInMenuItems().firstIndex { $0["kind"] as? String == "widgets" } ?? -1

    private func rows(_ screen: String) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The row holding `text`, if any.
    private func row(containing text: String, in screen: String) -> String? {
        rows(screen).first { $0.contains(text) }
    }

    /// The spinner's cell: the character before its line's text.
    private func spinnerFrame(_ screen: String) -> Character? {
        guard let line = row(containing: "spins while", in: screen), let end = line.range(of: "  spins while") else {
            return nil
        }
        return line[..<end.lowerBound].last
    }

    @Test func theControlsChangeByKeysAndTheSpinnerStepsWhileShown() throws {
        #expect(Self.widgetsIndex >= 0, "the built-in menu has a widgets pane")
        let tmux = try TmuxSession([demoBinary()], width: 80, height: 24, environment: environment)
        try tmux.waitFor(DemoEndToEndTests.firstTitle)
        try tmux.send("F2")
        try tmux.waitFor { self.rows($0).first?.hasPrefix(" Shoji demo") == true }
        for _ in 0..<Self.widgetsIndex { try tmux.send("Down") }
        try tmux.send("Enter")
        let shown = try tmux.waitFor {
            $0.contains("[● OFF]  Notifications off") && self.rows($0).first?.hasPrefix(" [Menu]") == true
        }
        #expect(row(containing: "Segments", in: shown)?.contains("[ Small | Medium | Large ]  Size: Medium") == true)
        #expect(row(containing: "Stepper", in: shown)?.contains("[ - | + ]  Copies: 1") == true)

        // The spinner steps on its own while the pane shows.
        var frames = Set<Character>()
        let deadline = Date().addingTimeInterval(5)
        while frames.count < 3 && Date() < deadline {
            if let frame = spinnerFrame(try tmux.capture()) { frames.insert(frame) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(frames.count >= 3 && frames.isSubset(of: Set("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")), "frames seen: \(frames)")

        // The switch has the focus: Space flips it.
        try tmux.send("Space")
        try tmux.waitFor { $0.contains("[ ON ●]  Notifications on") }
        // Tab to the segmented control: Right chooses Large.
        try tmux.send("Tab")
        try tmux.send("Right")
        try tmux.waitFor { self.row(containing: "Segments", in: $0)?.contains("Size: Large") == true }
        // Tab to the stepper: + + then Left.
        try tmux.send("Tab")
        try tmux.sendLiteral("++")
        try tmux.waitFor { self.row(containing: "Stepper", in: $0)?.contains("Copies: 3") == true }
        try tmux.send("Left")
        try tmux.waitFor { self.row(containing: "Stepper", in: $0)?.contains("Copies: 2") == true }

        // Another entry: the widgets pane leaves the screen.
        try tmux.send("F2")
        try tmux.waitFor { self.rows($0).first?.hasPrefix(" Shoji demo") == true }
        for _ in 0..<Self.widgetsIndex { try tmux.send("Up") }
        try tmux.send("Enter")
        try tmux.waitFor { !$0.contains("spins while") && self.rows($0).first?.hasPrefix(" [Menu]") == true }
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test func asciiGlyphsDrawTheBarInHashesAndTheSpinnerAsALine() throws {
        let menu = #"{"title": "M", "items": [{"title": "Widgets", "kind": "widgets"}]}"#
        let path = NSTemporaryDirectory() + "shoji-e2e-\(UUID().uuidString)-widgets.json"
        try menu.write(toFile: path, atomically: true, encoding: .utf8)
        defer { unlink(path) }
        var ascii = environment
        ascii["SHOJI_GLYPHS"] = "ascii"
        let tmux = try TmuxSession([demoBinary(), "--menu", path], width: 80, height: 24, environment: ascii)
        let first = try tmux.waitFor { self.row(containing: "Progress", in: $0)?.contains("##") == true }
        let bar = try #require(row(containing: "Progress", in: first))
        #expect(bar.contains("##--") && !bar.contains("█") && !bar.contains("─"), "the bar in ASCII: \(bar)")
        #expect(row(containing: "Switch", in: first)?.contains("[# OFF]") == true)
        var frames = Set<Character>()
        let deadline = Date().addingTimeInterval(5)
        while frames.count < 3 && Date() < deadline {
            if let frame = spinnerFrame(try tmux.capture()) { frames.insert(frame) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(frames.count >= 3 && frames.isSubset(of: Set("|/-\\")), "frames seen: \(frames)")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }
}
