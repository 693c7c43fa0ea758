import Foundation
import Testing

/// The demo's clock pane in a real terminal: an async task changes the time on screen once a
/// second, with no key pressed.
@Suite(.timeLimit(.minutes(2)))
struct DemoClockEndToEndTests {
    /// The first `HH:MM:SS` on the screen.
    private func shownTime(_ screen: String) -> String? {
        let pattern = /[0-2][0-9]:[0-5][0-9]:[0-5][0-9]/
        return screen.firstMatch(of: pattern).map { String($0.output) }
    }

    @Test func theClockPaneTicksOnItsOwn() throws {
        let tmux = try TmuxSession(
            [demoBinary(), "--no-animation"], width: 80, height: 24,
            environment: ["TERM": "tmux-256color", "LANG": "C.UTF-8"])
        try tmux.waitFor(DemoEndToEndTests.firstTitle)
        try tmux.send("F2")
        try tmux.waitFor(" Clock")
        // The clock is the sixth entry of the built-in menu.
        try tmux.send("Down", "Down", "Down", "Down", "Down", "Enter")
        let first = try tmux.waitFor { self.shownTime($0) != nil && $0.contains("async task") }
        let time = try #require(shownTime(first))
        let later = try tmux.waitFor(timeout: 5) { self.shownTime($0).map { $0 != time } ?? false }
        #expect(shownTime(later) != time, "the time moved on by itself:\n\(later)")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }
}
