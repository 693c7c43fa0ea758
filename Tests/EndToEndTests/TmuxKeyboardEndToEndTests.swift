import Foundation
import Testing

/// The demo in tmux with `extended-keys on`: tmux names itself in its XTVERSION answer, the demo
/// asks it for modifyOtherKeys (tmux answers no query about it), Shift+Enter then reaches the
/// form's binding, and every way out resets it, so the shell after the demo gets keys as before.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct TmuxKeyboardEndToEndTests {
    let environment = ["TERM": "tmux-256color", "LANG": "C.UTF-8"]

    private func firstRow(_ screen: String) -> String {
        String(screen.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
    }

    /// Opens the demo's form from its first screen (F2, the form's item, Enter) and waits until
    /// its name field has the focus (the terminal's cursor shows).
    private func openForm(_ tmux: TmuxSession) throws {
        #expect(FormEndToEndTests.formIndex >= 0, "the built-in menu has a form")
        try tmux.waitFor(DemoEndToEndTests.firstTitle)
        try tmux.send("F2")
        try tmux.waitFor { self.firstRow($0).hasPrefix(" Shoji demo") }
        for _ in 0..<FormEndToEndTests.formIndex { try tmux.send("Down") }
        try tmux.send("Enter")
        try tmux.waitFor { $0.contains("Your name") && self.firstRow($0).hasPrefix(" [Menu]") }
        try tmux.waitFor { _ in (try? tmux.cursor().visible) == true }
    }

    /// Enter in the name field moves on (it is not Shift+Enter); Shift+Enter, as tmux sends it
    /// once asked for modifyOtherKeys, presents the form's alert; Escape cancels it.
    private func submitWithShiftEnter(_ tmux: TmuxSession) throws {
        try tmux.send("Enter")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try !tmux.capture().contains("Submit the form?"), "Enter is not Shift+Enter")
        try tmux.send("S-Enter")
        try tmux.waitFor("Submit the form?")
        try tmux.send("Escape")
        try tmux.waitFor { !$0.contains("Submit the form?") }
    }

    /// Quits with q from the side menu (in the form, q is text for its fields).
    private func quit(_ tmux: TmuxSession) throws {
        try tmux.send("F2")
        try tmux.waitFor { self.firstRow($0).hasPrefix(" Shoji demo") }
        try tmux.send("q")
    }

    /// What tmux gives the shell for Shift+Enter once the demo is gone: the literal key name
    /// when modifyOtherKeys is off again (tmux 3.3a, measured), `^[[13;2u` while it is on.
    private func expectModifyOtherKeysOff(_ tmux: TmuxSession, _ comment: String) throws {
        try tmux.send("S-Enter")
        let screen = try tmux.waitFor { $0.contains("S-Enter") || $0.contains("13;2u") }
        #expect(screen.contains("S-Enter") && !screen.contains("13;2u"), "modifyOtherKeys reset \(comment):\n\(screen)")
    }

    @Test func shiftEnterReachesTheFormsBindingAndQuitResetsModifyOtherKeys() throws {
        let tmux = try TmuxSession([demoBinary()], environment: environment, extendedKeys: true)
        try openForm(tmux)
        try submitWithShiftEnter(tmux)
        try quit(tmux)
        #expect(try tmux.waitForExit() == 0)
        try tmux.expectRestored("after q")
        try expectModifyOtherKeysOff(tmux, "after q")
    }

    @Test func sigtermResetsModifyOtherKeys() throws {
        let tmux = try TmuxSession([demoBinary()], environment: environment, extendedKeys: true)
        try openForm(tmux)
        try submitWithShiftEnter(tmux)
        kill(try tmux.pid(), SIGTERM)
        #expect(try tmux.waitForExit() == 128 + SIGTERM)
        try tmux.expectRestored("after SIGTERM")
        try expectModifyOtherKeysOff(tmux, "after SIGTERM")
    }

    /// Ctrl-Z in bash: the shell gets keys as before while the demo is stopped, and `fg` asks
    /// for modifyOtherKeys again.
    @Test func ctrlZResetsModifyOtherKeysAndFgAsksAgain() throws {
        let tmux = try TmuxSession(
            ["bash", "--norc", "--noprofile", "-i"], environment: environment.merging(["PS1": "prompt$ "]) { $1 },
            extendedKeys: true)
        try tmux.waitFor("prompt$")
        try tmux.sendLiteral("'\(demoBinary())'")
        try tmux.send("Enter")
        try openForm(tmux)
        try tmux.send("C-z")
        try tmux.waitFor { $0.contains("Stopped") }
        try expectModifyOtherKeysOff(tmux, "while stopped")
        try tmux.send("C-u")
        try tmux.sendLiteral("fg")
        try tmux.send("Enter")
        try tmux.waitFor("Your name")
        try submitWithShiftEnter(tmux)
        try quit(tmux)
        try tmux.waitFor { $0.contains("prompt$") && !$0.contains("Your name") }
        try tmux.send("C-l")
        try tmux.waitFor { !$0.contains("S-Enter") }
        try expectModifyOtherKeysOff(tmux, "after fg and q")
    }
}
