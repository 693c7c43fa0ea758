import Foundation
import Testing

/// The demo's log pane in a real terminal: it grows on its own and follows its end, stops
/// following when the user scrolls up, and follows again after End.
@Suite(.timeLimit(.minutes(2)))
struct DemoLogEndToEndTests {
    /// The numbers of the log lines on screen ("#N "), top to bottom.
    private func shownNumbers(_ screen: String) -> [Int] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line in
            logNumber(in: line)
        }
    }

    /// The footer's "of N": how many rows the log has.
    private func rowCount(_ screen: String) -> Int? {
        screen.firstMatch(of: /\ of (\d+)/).flatMap { Int($0.output.1) }
    }

    @Test func theLogFollowsItsEndUntilScrolledUpAndAgainAfterEnd() throws {
        let menu = #"{"title": "M", "items": [{"title": "Log", "kind": "log"}]}"#
        let path = NSTemporaryDirectory() + "shoji-e2e-\(UUID().uuidString)-log.json"
        try menu.write(toFile: path, atomically: true, encoding: .utf8)
        defer { unlink(path) }
        let tmux = try TmuxSession(
            [demoBinary(), "--menu", path, "--no-animation"], width: 60, height: 12,
            environment: ["TERM": "tmux-256color", "LANG": "C.UTF-8"])
        // Following: the newest line shows at the bottom as the log grows past the screen.
        let growing = try tmux.waitFor { (self.shownNumbers($0).last ?? 0) >= 20 }
        let newest = try #require(shownNumbers(growing).last)
        let later = try tmux.waitFor { (self.shownNumbers($0).last ?? 0) > newest + 3 }
        #expect(shownNumbers(later).count >= 8, "a screenful of lines:\n\(later)")

        // Scrolled up: what shows stays put while the log goes on growing.
        try tmux.send("PageUp")
        let held = try tmux.waitFor { (self.shownNumbers($0).last ?? .max) < (self.rowCount($0) ?? 0) - 4 }
        let heldNumbers = shownNumbers(held)
        let heldCount = try #require(rowCount(held))
        let grown = try tmux.waitFor { (self.rowCount($0) ?? 0) > heldCount + 5 }
        #expect(shownNumbers(grown) == heldNumbers, "scrolled up, the view stays:\n\(grown)")

        // End follows again.
        try tmux.send("End")
        let count = try #require(rowCount(grown))
        try tmux.waitFor { (self.shownNumbers($0).last ?? 0) > count + 3 }
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }
}

/// The number of the log line `line` shows ("#N "), if any.
private func logNumber(in line: some StringProtocol) -> Int? {
    guard let hash = line.firstIndex(of: "#") else { return nil }
    return Int(line[line.index(after: hash)...].prefix(while: \.isNumber))
}
