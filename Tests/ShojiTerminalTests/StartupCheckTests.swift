import Testing
@testable import ShojiTerminal

/// The terminfo check that refuses terminal types full-screen mode cannot drive, before
/// anything is written to the terminal.
@MainActor
struct StartupCheckTests {
    private func failure(_ term: String) -> TerminalError? {
        do {
            try StartupCheck.checkCapabilities(of: term)
            return nil
        } catch {
            return error
        }
    }

    @Test func aDumbTerminalIsRefusedNamingWhatItLacks() {
        let error = failure("dumb")
        #expect(
            error
                == .insufficientTerminal(
                    "dumb", reason: "it has no cursor addressing (cup) and no way to clear the screen (clear or ed)"))
        #expect(
            error?.description
                == "the terminal type \"dumb\" (TERM) cannot show full-screen programs: it has no cursor addressing (cup) and no way to clear the screen (clear or ed)"
        )
    }

    @Test(arguments: ["xterm-256color", "tmux-256color", "screen", "vt100", "linux", "ansi"])
    func fullScreenTerminalsPass(term: String) {
        #expect(failure(term) == nil)
    }

    @Test func anUnknownTypeIsNamedAsSuch() {
        #expect(failure("no-such-terminal") == .unknownTerminal("no-such-terminal"))
    }
}
