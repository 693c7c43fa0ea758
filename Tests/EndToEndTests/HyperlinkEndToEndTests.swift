import Foundation
import Glibc
import Testing

/// The demo on a pseudo-terminal (tmux 3.3 drops OSC 8, so none is between): the about sheet's
/// link reaches the terminal as OSC 8 exactly when `SHOJI_HYPERLINKS` says so, and Enter on it
/// shows its URL in the app.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct HyperlinkEndToEndTests {
    static let open = "\u{1B}]8;;https://www.swift.org\u{1B}\\"
    static let close = "\u{1B}]8;;\u{1B}\\"

    /// Starts the demo with `SHOJI_HYPERLINKS=setting` on xterm (which is not on the list, so the
    /// setting decides), opens the settings menu (F3) and its About entry; returns the app
    /// showing the sheet.
    func aboutSheet(hyperlinks setting: String) throws -> PseudoTerminalApp {
        let app = try PseudoTerminalApp(
            [demoBinary()], columns: 80, rows: 24, environment: ["SHOJI_HYPERLINKS": setting])
        app.read(for: 5) { $0.contains("\u{1B}[c") }
        app.type("\u{1B}[?2026;2$y\u{1B}[?62;22c")
        app.read(for: 5) { $0.contains("q quits") }
        app.type("\u{1B}OR")  // F3: the settings menu
        app.read(for: 5) { $0.contains("About…") }
        app.read(for: 0.6)
        for _ in 0..<2 {
            app.type("\u{1B}[B")
            app.read(for: 0.3)
        }
        app.type("\r")
        app.read(for: 5) { $0.contains("Made with Swift") }
        app.read(for: 0.6)
        return app
    }

    @Test func theLinkIsSentWithTheSettingOnAndEnterShowsItsURL() throws {
        let app = try aboutSheet(hyperlinks: "1")
        #expect(app.text.contains("Made with Swift"))
        let text = app.text
        #expect(text.contains(Self.open), "the link was sent: \(text.suffix(400).debugDescription)")
        app.type("\t")  // from Close to the link
        app.read(for: 0.5)
        app.type("\r")  // Enter opens it in the app
        app.read(for: 5) { $0.contains("Link: https://www.swift.org") }
        #expect(app.text.contains("Link: https://www.swift.org"))
        app.type("\u{1B}")
        app.read(for: 1)
        app.type("q")
        #expect(app.waitForExit(timeout: 10) == 0)
        // Every link opened was closed: the last OSC 8 is a close.
        let all = app.text
        #expect(all.components(separatedBy: Self.close).count == all.components(separatedBy: Self.open).count)
        let lastLink = try #require(all.range(of: "\u{1B}]8;;", options: .backwards))
        #expect(all[lastLink.lowerBound...].hasPrefix(Self.close))
    }

    @Test func noLinkBytesWithTheSettingOff() throws {
        let app = try aboutSheet(hyperlinks: "0")
        #expect(app.text.contains("Made with Swift"))
        app.type("\u{1B}")
        app.read(for: 1)
        app.type("q")
        _ = app.waitForExit(timeout: 10)
        #expect(!app.text.contains("\u{1B}]8;"))
    }
}
