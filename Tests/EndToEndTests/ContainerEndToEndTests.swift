import Foundation
import Testing

/// The overlay-menu and two-pane entries of the real `shoji-demo` in tmux, each inside the side
/// menu (every entry is), read back from the screen, with the terminal restored afterwards.
@Suite(.timeLimit(.minutes(2)))
struct ContainerEndToEndTests {
    let environment = ["TERM": "tmux-256color", "LANG": "C.UTF-8"]

    /// The demo at 80x24 with the built-in menu's entry `title` shown (chosen in the side menu:
    /// End, then Up as often as `Resources/menu.json` puts the entry before the last one).
    private func startDemo(showing title: String, _ arguments: [String] = []) throws -> TmuxSession {
        let titles = DemoEndToEndTests.builtInMenuItems().map { $0["title"] as? String ?? "" }
        let index = try #require(titles.firstIndex(of: title), "\(title) is in Resources/menu.json")
        let upFromEnd = titles.count - 1 - index
        let tmux = try TmuxSession([demoBinary()] + arguments, width: 80, height: 24, environment: environment)
        try tmux.waitFor(DemoEndToEndTests.firstTitle)
        try tmux.send("F2")
        try tmux.waitFor(" Two panes")
        try tmux.send("End")
        for _ in 0..<upFromEnd { try tmux.send("Up") }
        try tmux.send("Enter")
        try tmux.waitFor {
            Self.rows($0).first?.hasPrefix(" [Menu] ") == true && Self.rows($0).first?.contains(title) == true
        }
        return tmux
    }

    private static func rows(_ screen: String) -> [Substring] {
        screen.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The 1-based column and row where `text` starts on screen (every cell before it one column
    /// wide, as on these screens), for an SGR mouse report.
    private static func position(of text: String, in screen: String) -> (column: Int, row: Int)? {
        for (index, row) in rows(screen).enumerated() {
            guard let range = row.range(of: text) else { continue }
            return (row.distance(from: row.startIndex, to: range.lowerBound) + 1, index + 1)
        }
        return nil
    }

    private func click(_ tmux: TmuxSession, column: Int, row: Int, button: Int = 0) throws {
        try tmux.sendLiteral("\u{1B}[<\(button);\(column);\(row)M\u{1B}[<\(button);\(column);\(row)m")
    }

    private func expectQuitAndRestored(_ tmux: TmuxSession) throws {
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        let restored = try tmux.terminalRestored()
        #expect(restored.mainScreen && restored.cursorVisible && restored.mouseOff, "terminal restored: \(restored)")
    }

    @Test func theOverlayMenuOpensByKeyAndClickChoosesAnEntryAndAClickOutsideDismissesIt() throws {
        let tmux = try startDemo(showing: "Overlay menu")
        try tmux.waitFor("Colour: yellow")
        try tmux.send("F4")
        let ring = try tmux.waitFor {
            $0.contains("☀ Sunrise") && $0.contains("☾ Dusk") && $0.contains("Enter opens · Esc closes")
        }
        #expect(Self.rows(ring).first?.hasPrefix(" [Menu] ") == true, "the bar stays on top of the overlay")
        #expect(ring.contains("╭"), "boxed entries on a ring")
        // Choose Forest with a click on its entry.
        let forest = try #require(Self.position(of: "♣ Forest", in: ring))
        try click(tmux, column: forest.column + 2, row: forest.row)
        let chosen = try tmux.waitFor { $0.contains("Colour: green") && !$0.contains("☾ Dusk") }
        #expect(!chosen.contains("Enter opens"), "the overlay closed")
        // A right click opens it again; arrows and Enter choose.
        try click(tmux, column: 40, row: 12, button: 2)
        try tmux.waitFor("☾ Dusk")
        try tmux.send("Right")
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains("Colour: red") && !$0.contains("☾ Dusk") }
        // F4 opens; a click beside the entries dismisses without choosing.
        try tmux.send("F4")
        try tmux.waitFor("☾ Dusk")
        try click(tmux, column: 2, row: 2)
        let dismissed = try tmux.waitFor { !$0.contains("☾ Dusk") }
        #expect(dismissed.contains("Colour: red"), "nothing else was chosen")
        try expectQuitAndRestored(tmux)
    }

    @Test func twoPanesShowHideAndSwapWithSwapDisabledWhileHidden() throws {
        let tmux = try startDemo(showing: "Two panes")
        let first = try tmux.waitFor { $0.contains("Bottom: Orange, shown") && $0.contains("Colour: orange") }
        let swap = try #require(Self.position(of: "[ Swap ]", in: first))
        let showHide = try #require(Self.position(of: "[ Show / Hide ]", in: first))
        #expect(swap.row == 2 && showHide.row == 2, "the buttons on the pane's first row, under the bar")
        try click(tmux, column: swap.column + 2, row: swap.row)
        try tmux.waitFor {
            $0.contains("Bottom: Blue, shown") && $0.contains("Colour: blue") && !$0.contains("Colour: orange")
        }
        try click(tmux, column: showHide.column + 2, row: showHide.row)
        let hidden = try tmux.waitFor { $0.contains("Bottom: Blue, hidden") && !$0.contains("Colour: blue") }
        #expect(!hidden.contains("Colour: orange"))
        #expect(try swapIsDim(tmux), "Swap is drawn disabled")
        // A click on the disabled Swap does nothing.
        try click(tmux, column: swap.column + 2, row: swap.row)
        usleep(300_000)
        let still = try tmux.capture()
        #expect(still.contains("Bottom: Blue, hidden") && !still.contains("Colour:"), "nothing swapped in")
        try click(tmux, column: showHide.column + 2, row: showHide.row)
        try tmux.waitFor { $0.contains("Bottom: Blue, shown") && $0.contains("Colour: blue") }
        #expect(try !swapIsDim(tmux))
        // Swap back by keys: the click focused Show / Hide; Tab goes to Swap, Enter presses it.
        try tmux.send("Tab")
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains("Bottom: Orange, shown") && $0.contains("Colour: orange") }
        try expectQuitAndRestored(tmux)
    }

    /// Whether the cells of "[ Swap ]" are drawn dim (SGR 2) on the styled screen.
    private func swapIsDim(_ tmux: TmuxSession) throws -> Bool {
        let styled = try tmux.captureStyled()
        guard let line = Self.rows(styled).first(where: { $0.contains("[ Swap ]") }),
            let range = line.range(of: "[ Swap ]")
        else { return false }
        let before = line[..<range.lowerBound]
        guard let escape = before.range(of: "\u{1B}[", options: .backwards) else { return false }
        let parameters = before[escape.upperBound...].prefix { $0 != "m" }
        return parameters.split(separator: ";").contains("2")
    }

    @Test func aBadContainerOptionNamesItsPlaceAndExits2() throws {
        let path = NSTemporaryDirectory() + "shoji-e2e-\(UUID().uuidString)-menu.json"
        try #"{"title": "M", "items": [{"title": "O", "kind": "overlay-menu", "transition": "curl"}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        defer { unlink(path) }
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        let result = try Subprocess.run([demoBinary(), "--menu", path], environment: environment)
        #expect(result.status == 2)
        #expect(
            result.output
                == "shoji-demo: error: \(path):1:79: item 1 (\"O\"): unknown transition \"curl\"; expected one of none, fade, wipe\n"
        )
    }
}
