import Foundation
import Testing

/// Quitting is never stuck behind work (issue 37): the real `shoji-demo` on a pseudo-terminal
/// of the test's own. Ctrl-C and SIGTERM act at once behind 3,000 typed-ahead sort keys of a
/// 100,000-row table, and SIGTERM ends the app even while the terminal reads none of its output.
/// The bounds here are generous for a debug build on a busy machine; the release figures are
/// in the issue's note (a few milliseconds).
@Suite(.timeLimit(.minutes(2)))
struct UrgentEndToEndTests {
    /// The demo showing only its widgets pane, the table focused (five Tabs from the switch).
    private func demoWithTheTableFocused() throws -> (PseudoTerminalApp, String) {
        let menu = #"{"title": "M", "items": [{"title": "Widgets", "kind": "widgets"}]}"#
        let path = NSTemporaryDirectory() + "shoji-e2e-\(UUID().uuidString)-urgent.json"
        try menu.write(toFile: path, atomically: true, encoding: .utf8)
        let app = try PseudoTerminalApp([demoBinary(), "--menu", path])
        app.read(for: 10) { $0.contains("Modified") }
        for _ in 0..<5 {
            app.type("\t")
            app.read(for: 0.1)
        }
        app.read(for: 0.3)
        return (app, path)
    }

    private let sortKeys = Array(repeating: UInt8(ascii: "s"), count: 3000)

    @Test func ctrlCQuitsAtOnceBehindThreeThousandSortKeys() throws {
        let (app, path) = try demoWithTheTableFocused()
        defer { try? FileManager.default.removeItem(atPath: path) }
        app.type(sortKeys)
        let typed = Date()
        app.type([0x03])
        let status = app.waitForExit(timeout: 10)
        let seconds = Date().timeIntervalSince(typed)
        #expect(status == 0, "Ctrl-C quit")
        #expect(seconds < 2, "in \(seconds) s, not after 3,000 sorts")
    }

    @Test func sigtermEndsTheAppAtOnceBehindThreeThousandSortKeys() throws {
        let (app, path) = try demoWithTheTableFocused()
        defer { try? FileManager.default.removeItem(atPath: path) }
        app.type(sortKeys)
        let sent = Date()
        kill(app.pid, SIGTERM)
        let status = app.waitForExit(timeout: 10)
        let seconds = Date().timeIntervalSince(sent)
        #expect(status == 128 + SIGTERM, "dies of SIGTERM")
        #expect(seconds < 2, "in \(seconds) s, not after 3,000 sorts")
    }

    /// The terminal stops reading (a stalled reader, a suspended SSH client): the demo's frames
    /// fill its output and the demo blocks in a write. SIGTERM still ends it, with its modes
    /// given back.
    @Test func sigtermEndsTheAppWhileItsOutputIsBlocked() throws {
        let app = try PseudoTerminalApp([demoBinary()])
        app.read(for: 10) { $0.contains("q quits") }
        // Resizes repaint the whole screen; nobody reads them.
        var wide = false
        let deadline = Date().addingTimeInterval(20)
        while !app.isBlockedWriting, Date() < deadline {
            wide.toggle()
            app.resize(columns: wide ? 200 : 80, rows: wide ? 60 : 24)
            usleep(20_000)
        }
        #expect(app.isBlockedWriting, "the demo's output is blocked (else this tests nothing)")
        usleep(200_000)
        let sent = Date()
        kill(app.pid, SIGTERM)
        let status = app.waitForExit(timeout: 10, reading: false)
        let seconds = Date().timeIntervalSince(sent)
        #expect(status == 128 + SIGTERM, "dies of SIGTERM")
        #expect(seconds < 1.5, "in \(seconds) s, without the terminal reading")
        let modes = app.modes
        let cooked = tcflag_t(ICANON | ECHO)
        #expect(app.initialModes.c_lflag & cooked == cooked, "a new pseudo-terminal is cooked and echoes")
        #expect(modes.c_lflag & cooked == cooked, "the modes were given back")
    }
}
