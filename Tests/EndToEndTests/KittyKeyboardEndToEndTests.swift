import Foundation
import Glibc
import Testing

/// The demo on a pseudo-terminal that answers like kitty: the start-up query finds the keyboard
/// protocol, the demo pushes "disambiguate", keys arrive unambiguous, and every way out pops it.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct KittyKeyboardEndToEndTests {
    static let push = "\u{1B}[>1u"
    static let pop = "\u{1B}[<u"

    /// Starts the demo and answers its start-up query as kitty does (flags 0, synchronized
    /// output, device attributes); `kitty` false answers as a terminal without the protocol.
    func start(_ arguments: [String] = [], kitty: Bool = true) throws -> PseudoTerminalApp {
        let app = try PseudoTerminalApp([demoBinary()] + arguments, columns: 80, rows: 24)
        app.read(for: 5) { $0.contains("\u{1B}[c") }
        #expect(app.text.contains("\u{1B}[?u"), "the query asks for the keyboard flags")
        app.type((kitty ? "\u{1B}[?2026;2$y\u{1B}[?0u" : "\u{1B}[?2026;2$y") + "\u{1B}[?62;22c")
        app.read(for: 5) { $0.contains("q quits") }
        return app
    }

    /// The demo showing the form pane alone (a one-item menu file, removed once the demo has
    /// read it), answered as kitty, its fields on screen.
    func startForm() throws -> PseudoTerminalApp {
        let path = NSTemporaryDirectory() + "shoji-kitty-form-\(UUID().uuidString.prefix(8)).json"
        try #"{"title": "Menu", "items": [{"title": "Form", "kind": "form"}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let app = try start(["--menu", path])
        app.read(for: 5) { $0.contains("Notes") }
        return app
    }

    /// That Escape then needs no wait is the decoder's (`KeyDecoderTests`) and a connection's
    /// (`TerminalConnectionTests`) to show on a clock; its latency is a figure (ptyrun --kitty).
    @Test func pushedWhenAnsweredAndPoppedOnQuit() throws {
        let app = try start()
        #expect(app.text.contains(Self.push), "pushed after the terminal answered")
        app.type("\u{1B}[12~")  // F2 opens the menu
        app.read(for: 5) { $0.contains("Navigation") }
        app.read(for: 0.6)
        app.type("\u{1B}[27u")  // Escape, as the protocol sends it
        app.read(for: 1)
        app.type("q")
        #expect(app.waitForExit(timeout: 10) == 0)
        let tail = app.text.suffix(200)
        #expect(tail.contains(Self.pop), "popped on the way out: \(tail.debugDescription)")
        #expect(app.text.components(separatedBy: Self.push).count == app.text.components(separatedBy: Self.pop).count)
    }

    @Test func shiftEnterReachesItsBindingWhereEnterGoesOn() throws {
        let app = try startForm()
        app.type("\r")  // Enter in the name field: on to the next field
        app.read(for: 0.5)
        #expect(!app.text.contains("Submit the form?"))
        app.type("\u{1B}[13;2u")  // Shift+Enter, which only the protocol tells from Enter
        app.read(for: 3) { $0.contains("Submit the form?") }
        #expect(app.text.contains("Submit the form?"), "Shift+Enter presented the form's alert")
        app.type("\u{1B}[27u")  // Escape cancels the alert
        app.read(for: 1)
        app.type("\u{1B}[99;5u")  // Ctrl-C, as the protocol sends it, quits from anywhere
        _ = app.waitForExit(timeout: 10)
    }

    @Test func theMenuKeyOpensTheFocusedFieldsMenuAndMediaKeysTypeNothing() throws {
        let app = try startForm()
        app.type("\u{1B}[57428u\u{1B}[57441uAda")  // Play and left Shift (dropped), then text
        app.read(for: 3) { $0.contains("Ada") }
        // Typed as characters they would be written back as the private-use U+E054 and U+E061.
        #expect(app.text.contains("Ada") && !app.text.contains("\u{E054}") && !app.text.contains("\u{E061}"))
        app.type("\u{1B}[57363u")  // the Menu key, as kitty reports it
        app.read(for: 3) { $0.contains("Select All") }
        #expect(app.text.contains("Select All"), "the Menu key opened the field's edit menu")
        app.type("\u{1B}[99;5u")
        _ = app.waitForExit(timeout: 10)
    }

    @Test func ctrlZAndSigtermPopTheFlags() throws {
        let app = try start()
        app.type("\u{1B}[122;5u")  // Ctrl-Z, as the protocol sends it
        app.read(for: 3) { $0.hasSuffix("\u{1B}[?1049l") || $0.contains(Self.pop) }
        app.read(for: 0.3)
        #expect(app.text.contains(Self.pop), "popped on suspend")
        kill(app.pid, SIGCONT)
        app.read(for: 2) { $0.components(separatedBy: Self.push).count > 2 }
        #expect(app.text.components(separatedBy: Self.push).count == 3, "pushed again on resume")
        kill(app.pid, SIGTERM)
        _ = app.waitForExit(timeout: 10)
        #expect(app.text.components(separatedBy: Self.push).count == app.text.components(separatedBy: Self.pop).count)
    }

    @Test func aTerminalWithoutTheProtocolGetsNoneOfItsBytes() throws {
        let app = try start(kitty: false)
        app.type("q")
        _ = app.waitForExit(timeout: 10)
        #expect(!app.text.contains(Self.push) && !app.text.contains(Self.pop))
    }
}
