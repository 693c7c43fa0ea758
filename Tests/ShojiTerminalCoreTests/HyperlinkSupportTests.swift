import ShojiTerminalCore
import Testing

/// When links (OSC 8) are sent: the override, then a list of terminals known to take them.
struct HyperlinkSupportTests {
    private func supported(_ environment: [String: String]) -> Bool {
        HyperlinkSupport.isSupported(environment: environment)
    }

    @Test func theOverrideDecidesEitherWay() {
        #expect(supported(["TERM": "xterm-256color", "SHOJI_HYPERLINKS": " On "]))
        #expect(supported(["TERM": "linux", "TMUX": "/tmp/x", "SHOJI_HYPERLINKS": "1"]))
        #expect(!supported(["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1", "SHOJI_HYPERLINKS": "0"]))
        #expect(!supported(["TERM": "foot", "SHOJI_HYPERLINKS": "off"]))
        #expect(supported(["TERM": "foot", "SHOJI_HYPERLINKS": "maybe"]), "another value leaves it to the list")
    }

    @Test func knownTerminalsTakeLinksAndOthersDoNot() {
        #expect(supported(["TERM": "xterm-kitty"]))
        #expect(supported(["TERM": "xterm-256color", "KITTY_WINDOW_ID": "3"]))
        #expect(supported(["TERM": "xterm-256color", "WT_SESSION": "abc"]))
        #expect(supported(["TERM": "xterm-256color", "VTE_VERSION": "6003"]))
        #expect(!supported(["TERM": "xterm-256color", "VTE_VERSION": "5000"]), "0.50.0 crashed on them")
        #expect(supported(["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app", "TERM_PROGRAM_VERSION": "3.4.19"]))
        #expect(!supported(["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app", "TERM_PROGRAM_VERSION": "3.0.15"]))
        #expect(supported(["TERM": "xterm-256color", "TERM_PROGRAM": "vscode", "TERM_PROGRAM_VERSION": "1.72.0"]))
        #expect(!supported(["TERM": "xterm-256color", "TERM_PROGRAM": "vscode", "TERM_PROGRAM_VERSION": "1.71.2"]))
        #expect(supported(["TERM": "foot"]) && supported(["TERM": "alacritty"]) && supported(["TERM": "xterm-ghostty"]))
        #expect(!supported(["TERM": "xterm-256color"]), "plain xterm: unknown, so no")
        #expect(!supported([:]) && !supported(["TERM": "dumb"]) && !supported(["TERM": "linux"]))
    }

    @Test func aMultiplexerInBetweenMeansNoLinks() {
        #expect(!supported(["TERM": "tmux-256color", "KITTY_WINDOW_ID": "1"]))
        #expect(!supported(["TERM": "xterm-kitty", "TMUX": "/tmp/tmux-1000/default,1,0"]))
        #expect(!supported(["TERM": "screen-256color", "WT_SESSION": "x"]))
        #expect(!supported(["TERM": "xterm-256color", "STY": "1.pts", "VTE_VERSION": "7000"]))
    }
}
