import Foundation
import Testing

/// The `form` pane of the real `shoji-demo` in tmux, inside the side menu: typing into a text
/// field (ASCII, CJK, an emoji, a bracketed paste) with the terminal's cursor at the right cell;
/// an alert chosen by keys and by a click, a sheet dismissed by Escape, keys that go nowhere
/// while a sheet is up, and the quit key while an alert is up.
@Suite(.timeLimit(.minutes(2)))
struct FormEndToEndTests {
    let environment = ["TERM": "tmux-256color", "LANG": "C.UTF-8"]

    /// The index of the first `form` item in `Resources/menu.json`.
    static let formIndex = DemoEndToEndTests.builtInMenuItems().firstIndex { $0["kind"] as? String == "form" } ?? -1

    private func rows(_ screen: String) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The cell where `text` starts on the screen (every character before it on its row is one
    /// column wide).
    func position(of text: String, in screen: String) throws -> (x: Int, y: Int) {
        let all = rows(screen)
        let y = try #require(all.firstIndex { $0.contains(text) }, "\(text) is on the screen:\n\(screen)")
        let range = try #require(all[y].range(of: text))
        return (all[y].distance(from: all[y].startIndex, to: range.lowerBound), y)
    }

    /// The demo at 80x24 showing the form (chosen in the side menu), once the name field has
    /// the focus (the terminal's cursor is on its placeholder); with `acceptsClipboard`, tmux
    /// takes OSC 52 copies into its paste buffers.
    func startForm(acceptsClipboard: Bool = false) throws -> (TmuxSession, screen: String) {
        #expect(Self.formIndex >= 0, "the built-in menu has a form")
        let tmux = try TmuxSession(
            [demoBinary()], width: 80, height: 24, environment: environment, acceptsClipboard: acceptsClipboard)
        try tmux.waitFor(DemoEndToEndTests.firstTitle)
        #expect(try tmux.cursor().visible == false, "no text field: no cursor")
        try tmux.send("F2")
        try tmux.waitFor { self.rows($0).first?.hasPrefix(" Shoji demo") == true }
        for _ in 0..<Self.formIndex { try tmux.send("Down") }
        try tmux.send("Enter")
        let form = try tmux.waitFor {
            $0.contains("Your name") && $0.contains("password: 0 characters")
                && self.rows($0).first?.hasPrefix(" [Menu]") == true
        }
        let field = try position(of: "Your name", in: form)
        try tmux.waitForCursor(x: field.x, y: field.y)
        return (tmux, form)
    }

    /// Clicks the middle of `text` (SGR mouse report, press and release).
    private func click(_ text: String, _ tmux: TmuxSession) throws {
        let (x, y) = try position(of: text, in: tmux.capture())
        let column = x + text.count / 2 + 1, row = y + 1
        try tmux.sendLiteral("\u{1B}[<0;\(column);\(row)M\u{1B}[<0;\(column);\(row)m")
    }

    @Test func aSelectionCopiedWithAltCReachesTheTerminalsClipboard() throws {
        let (tmux, _) = try startForm(acceptsClipboard: true)
        try tmux.sendLiteral("Ada «Lovelace» 日本")
        try tmux.waitFor("name Ada «Lovelace» 日本 ·")
        // Shift-Home selects the whole text; Alt-Shift-Right drops the first word from it.
        try tmux.send("S-Home")
        try tmux.send("M-S-Right")
        try tmux.send("M-c")
        var copied: String?
        for _ in 0..<100 where copied == nil {
            copied = try? tmux.showBuffer()
            if copied == nil { usleep(50_000) }
        }
        #expect(copied == " «Lovelace» 日本", "tmux holds the selection's text exactly")
        // Typing replaces the selection.
        try tmux.sendLiteral("!")
        try tmux.waitFor("name Ada! ·")
        // A drag selects too: from "Ada" to its end, then Alt-X cuts it into the clipboard.
        let field = try position(of: "Ada!", in: tmux.capture())
        try tmux.sendLiteral("\u{1B}[<0;\(field.x + 1);\(field.y + 1)M")
        try tmux.sendLiteral("\u{1B}[<32;\(field.x + 3);\(field.y + 1)M\u{1B}[<0;\(field.x + 4);\(field.y + 1)m")
        try tmux.send("M-x")
        try tmux.waitFor("name ! ·")
        #expect(try tmux.showBuffer() == "Ada", "the drag selected the first three graphemes")
    }

    @Test func typingAndPastingIntoAFieldInsideTheSideMenuPutsTheCursorAfterTheText() throws {
        let (tmux, form) = try startForm()
        let field = try position(of: "Your name", in: form)

        // ASCII, with the keys that are shortcuts elsewhere: m (menu) and q (quit).
        try tmux.sendLiteral("Ada mq")
        try tmux.waitFor("name Ada mq ·")
        try tmux.waitForCursor(x: field.x + 6, y: field.y)
        #expect(
            try rows(tmux.capture()).first?.hasPrefix(" [Menu]") == true,
            "m typed into the field: the menu stays closed")

        // CJK (two columns each) and an emoji (two columns).
        try tmux.sendLiteral(" 日本🍵")
        try tmux.waitFor("name Ada mq 日本🍵 ·")
        try tmux.waitForCursor(x: field.x + 6 + 1 + 4 + 2, y: field.y)
        try tmux.send("Left")
        try tmux.waitForCursor(x: field.x + 6 + 1 + 4, y: field.y)
        try tmux.send("BSpace")
        try tmux.waitFor("name Ada mq 日🍵 ·")
        try tmux.waitForCursor(x: field.x + 6 + 1 + 2, y: field.y)
        try tmux.send("End")

        // A bracketed paste: one insertion, its line break a space, its escape sequence inert,
        // its q and Enter no keys (the focus stays in the field, the demo runs on).
        try tmux.paste("pasted\nq\u{1B}[31m!")
        try tmux.waitFor("name Ada mq 日🍵pasted q[31m! ·")
        try tmux.waitForCursor(x: field.x + 6 + 1 + 2 + 2 + 13, y: field.y)

        // Tab to the email field, then the password field: the cursor follows; the password
        // shows as bullets.
        try tmux.send("Tab")
        let email = try position(of: "you@example.com", in: try tmux.capture())
        try tmux.waitForCursor(x: email.x, y: email.y)
        try tmux.send("Tab")
        let password = try position(of: "At least 8 characters", in: try tmux.capture())
        try tmux.waitForCursor(x: password.x, y: password.y)
        try tmux.sendLiteral("s3cret")
        try tmux.waitFor("••••••")
        try tmux.waitForCursor(x: password.x + 6, y: password.y)
        #expect(!(try tmux.capture()).contains("s3cret"))

        // The open menu has the focus: no cursor, and q quits.
        try tmux.send("F2")
        try tmux.waitFor { self.rows($0).first?.hasPrefix(" Shoji demo") == true }
        let deadline = Date().addingTimeInterval(5)
        while try tmux.cursor().visible, Date() < deadline { usleep(20_000) }
        #expect(try tmux.cursor().visible == false)
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        try tmux.expectRestored("after the form")
    }

    @Test func anAlertByKeysAndByClickAndASheetDismissedByEscapeWithKeysGoingNowhereUnderIt() throws {
        let (tmux, _) = try startForm()
        try tmux.sendLiteral("Ada m")  // the name field has the focus; m is typed, not the menu key
        try tmux.waitFor("name Ada m ·")

        // An alert chosen by keys: the focus starts on Submit; Left moves to Cancel, Right back,
        // Enter chooses.
        try click("[ Submit… ]", tmux)
        try tmux.waitFor("Name: Ada m")
        try tmux.send("Left", "Right", "Enter")
        let submitted = try tmux.waitFor("Submitted as Ada m.")
        #expect(!submitted.contains("Submit the form?"), "the alert left:\n\(submitted)")

        // Opened again by Enter (the focus came back to the Submit button), chosen by a click.
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains("Submit the form?") && $0.contains("[ Cancel ]") }
        try click("[ Cancel ]", tmux)
        try tmux.waitFor("Cancelled.")

        // A sheet: keys outside it go nowhere (m would open the menu), Escape dismisses it.
        try click("[ About… ]", tmux)
        try tmux.waitFor("[ Close ]")
        try tmux.send("m")
        try tmux.send("Escape")
        let after = try tmux.waitFor { !$0.contains("[ Close ]") }
        #expect(
            self.rows(after).first?.hasPrefix(" [Menu]") == true && after.contains("[ About… ]"),
            "the menu stayed closed:\n\(after)")
        #expect(after.contains("Cancelled.") && after.contains("name Ada m ·"))

        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        try tmux.expectRestored("after the form")
    }

    @Test func theQuitKeyQuitsWhileAnAlertIsUp() throws {
        let (tmux, _) = try startForm()
        try tmux.send("Tab", "Tab", "Tab", "Tab")  // email, password, notes, Submit…
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains("Submit the form?") && $0.contains("[ Cancel ]") }
        // The alert's button has the focus, not a text field: q is the app's quit key.
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        try tmux.expectRestored("after quitting under an alert")
    }

    /// The form is laid out by stack views: after the terminal grows, the buttons, the status
    /// line and the last line keep to the new bottom, the notes take the rows between, and the
    /// name field still takes typing with the cursor after its text.
    @Test func aResizedFormKeepsItsBottomLinesAtTheBottomAndTakesTyping() throws {
        let (tmux, _) = try startForm()
        try tmux.sendLiteral("Ada")
        let before = try tmux.waitFor("name Ada ·")
        #expect(try position(of: "[ Submit… ]", in: before).y == 20, "the buttons 4 rows from the bottom")
        try tmux.resize(width: 100, height: 30)
        let after = try tmux.waitFor { self.rows($0).count >= 30 && self.rows($0)[26].contains("[ Submit… ]") }
        #expect(rows(after)[28].contains("name Ada ·") && rows(after)[29].contains("Nothing chosen yet."), "\(after)")
        let field = try position(of: "Ada", in: after)
        try tmux.waitForCursor(x: field.x + 3, y: field.y)
        try tmux.sendLiteral("x")
        try tmux.waitFor("name Adax ·")
        try tmux.waitForCursor(x: field.x + 4, y: field.y)
        try tmux.send("F2")
        try tmux.waitFor { self.rows($0).first?.hasPrefix(" Shoji demo") == true }
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        try tmux.expectRestored("after the resized form")
    }
}
