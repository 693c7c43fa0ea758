import Foundation
import Testing

/// The demo's form pane in a real terminal, inside the side menu: typing into a field, an alert
/// chosen by keys and by a click, a sheet dismissed by Escape, and keys that go nowhere while a
/// sheet is up.
@Suite(.timeLimit(.minutes(2)))
struct DemoFormEndToEndTests {
    /// The 1-based cell (column, row) of the middle of `text` on `screen`, for an SGR mouse
    /// report (every character before it on its row is one column wide).
    private func cell(of text: String, in screen: String) throws -> (x: Int, y: Int) {
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        for (y, row) in rows.enumerated() {
            if let range = row.range(of: text) {
                let x = row.distance(from: row.startIndex, to: range.lowerBound)
                return (x + text.count / 2 + 1, y + 1)
            }
        }
        throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "\(text) is not on the screen:\n\(screen)"])
    }

    private func click(_ text: String, _ tmux: TmuxSession) throws {
        let (x, y) = try cell(of: text, in: tmux.capture())
        try tmux.sendLiteral("\u{1B}[<0;\(x);\(y)M\u{1B}[<0;\(x);\(y)m")
    }

    @Test func typingAnAlertByKeysAndByClickAndASheetDismissedByEscape() throws {
        let tmux = try TmuxSession([demoBinary()], width: 80, height: 24,
                                   environment: ["TERM": "tmux-256color", "LANG": "C.UTF-8"])
        try tmux.waitFor(DemoEndToEndTests.firstTitle)
        try tmux.send("F2")
        try tmux.waitFor(" Form")
        // The form is the entry before the last (Tabs).
        try tmux.send("End", "Up", "Enter")
        try tmux.waitFor("[ Submit… ]")
        try tmux.waitFor { !$0.contains("Café ☕") }  // the menu closed (its entries are hidden)
        try tmux.sendLiteral("Ada m")  // the first field has the focus; m is typed, not the menu key
        try tmux.waitFor("Ada m")

        // An alert chosen by keys: Right moves from Cancel to Submit, Enter chooses it.
        try click("[ Submit… ]", tmux)
        try tmux.waitFor("Name: Ada m")
        try tmux.send("Right", "Enter")
        let submitted = try tmux.waitFor("Submitted as Ada m.")
        #expect(!submitted.contains("Submit the form?"), "the alert left:\n\(submitted)")

        // Opened again by Enter (the focus came back to the Submit button), chosen by a click.
        try tmux.send("Enter")
        try tmux.waitFor("Submit the form?")
        try tmux.waitFor("[ Cancel ]")
        try click("[ Cancel ]", tmux)
        try tmux.waitFor("Cancelled.")

        // A sheet: keys outside it go nowhere (m would open the menu), Escape dismisses it.
        try click("[ About… ]", tmux)
        try tmux.waitFor("[ Close ]")
        try tmux.send("m")
        try tmux.send("Escape")
        let after = try tmux.waitFor { !$0.contains("[ Close ]") }
        #expect(!after.contains("Café ☕") && after.contains("[ About… ]"), "the menu stayed closed:\n\(after)")
        #expect(after.contains("Cancelled.") && after.contains("Ada m"))

        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        try tmux.expectRestored("after the form")
    }
}
