import Glibc
import Shoji
import TestSupport
import Testing
@testable import ShojiTerminal

/// The terminal screen with an inline presentation on a pseudo-terminal: everything the
/// terminal receives (ncurses' set-up and shut-down included) fed to a `TerminalModel` that
/// shows a shell's lines first.
@Suite(.serialized)
@MainActor
struct InlineTerminalScreenTests {
    init() {
        setlocale(LC_ALL, "C.UTF-8")
    }

    /// A screen of an inline block `height` rows high on a fresh 80x24 pty, and a model of that
    /// terminal showing three lines of a shell's output with the cursor below them.
    private func makeScreen(height: Int) throws -> (TerminalScreen, PseudoTerminal, TerminalModel) {
        let pty = try PseudoTerminal()
        let screen = try TerminalScreen(
            terminalType: "xterm-256color", output: pty.slave, input: pty.slave, useColor: true,
            presentation: .inline(height: height))
        // LINES/COLUMNS in the environment override the pty's size in ncurses.
        if screen.terminalSize != Size(width: 80, height: 24) { screen.resize(to: Size(width: 80, height: 24)) }
        let model = TerminalModel(columns: 80, rows: 24)
        model.feed(Array("line1\r\nline2\r\nline3\r\n".utf8))
        return (screen, pty, model)
    }

    private func surface(_ text: String, size: Size) -> Surface {
        var surface = Surface(size: size)
        surface.fill(Rect(x: 0, y: 0, width: size.width, height: 1), style: Style(background: .palette(24)))
        _ = surface.write(text, at: Point(x: 2, y: 0), style: Style(background: .palette(24)))
        _ = surface.write("last row", at: Point(x: 0, y: size.height - 1), style: Style(attributes: .bold))
        return surface
    }

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func nothingReachesTheTerminalBeforeTheBlockIsPlaced() throws {
        let (screen, pty, _) = try makeScreen(height: 5)
        defer { pty.close() }
        #expect(screen.size == Size(width: 80, height: 5))
        #expect(screen.terminalSize == Size(width: 80, height: 24))
        #expect(pty.drain().isEmpty, "no alternate screen, no scroll region, no cursor move from ncurses")
        screen.shutdown()
        let bytes = pty.drain()
        #expect(!Self.text(bytes).contains("\u{1B}[?1049"), "\(Self.text(bytes).debugDescription)")
    }

    @Test func theBlockIsDrawnBelowThePromptAndLeftBehindAtShutdown() throws {
        let (screen, pty, model) = try makeScreen(height: 5)
        defer { pty.close() }
        screen.setMouseReporting(true)
        screen.placeInlineBlock(cursor: SynchronizedOutputProbe.CursorPosition(row: 3, column: 0))
        #expect(screen.firstRow == 3)
        screen.present(surface("inline block", size: screen.size))
        screen.present(surface("second frame", size: screen.size))
        screen.shutdown()
        let bytes = pty.drain()
        model.feed(bytes)
        let text = Self.text(bytes)
        #expect(!text.contains("\u{1B}[?1049"), "never the alternate screen")
        #expect(text.contains("\u{1B}[?1006h") && text.contains("\u{1B}[?1006l"), "mouse reporting as in full screen")
        #expect(model.text(row: 0).hasPrefix("line1 ") && model.text(row: 2).hasPrefix("line3 "))
        #expect(model.text(row: 3).hasPrefix("  second frame "))
        #expect(model.text(row: 7).hasPrefix("last row "))
        #expect(model.cursorY == 8 && model.cursorX == 0 && model.cursorVisible, "below the block")
        #expect(model.unknownSequences.isEmpty, "\(model.unknownSequences)")
    }

    @Test func aSuspendLeavesTheBlockAndAResumePlacesANewOneBelow() throws {
        let (screen, pty, model) = try makeScreen(height: 4)
        defer { pty.close() }
        var asked = 0
        screen.cursorLocator = {
            asked += 1
            return SynchronizedOutputProbe.CursorPosition(row: model.cursorY, column: model.cursorX)
        }
        screen.placeInlineBlock(cursor: SynchronizedOutputProbe.CursorPosition(row: 3, column: 0))
        screen.present(surface("before", size: screen.size))
        screen.suspend()
        model.feed(pty.drain())
        #expect(model.cursorY == 7 && model.cursorVisible)
        screen.present(surface("while away", size: screen.size))
        #expect(pty.drain(quiet: 100).isEmpty, "nothing is drawn while suspended")
        model.feed(Array("[1]+ Stopped\r\n$ fg\r\n".utf8))

        screen.resume()
        #expect(pty.drain(quiet: 100).isEmpty, "the block is placed at the next frame")
        screen.present(surface("after", size: screen.size))
        model.feed(pty.drain())
        #expect(asked == 1)
        #expect(model.text(row: 3).hasPrefix("  before "), "the old block stays")
        #expect(model.text(row: 7).hasPrefix("[1]+ Stopped") && model.text(row: 8).hasPrefix("$ fg"))
        #expect(screen.firstRow == 9)
        #expect(model.text(row: 9).hasPrefix("  after "))
        screen.shutdown()
        model.feed(pty.drain())
        #expect(model.cursorY == 13)
    }

    @Test func aNewTerminalSizePlacesTheBlockAgainWhereTheCursorIs() throws {
        let (screen, pty, model) = try makeScreen(height: 6)
        defer {
            screen.shutdown()
            pty.close()
        }
        screen.cursorLocator = { SynchronizedOutputProbe.CursorPosition(row: model.cursorY, column: model.cursorX) }
        screen.placeInlineBlock(cursor: SynchronizedOutputProbe.CursorPosition(row: 3, column: 0))
        screen.present(surface("wide", size: screen.size))
        model.feed(pty.drain())
        model.resize(columns: 50, rows: 8)
        screen.resize(to: Size(width: 50, height: 8))
        #expect(screen.size == Size(width: 50, height: 6))
        screen.present(surface("narrow", size: screen.size))
        model.feed(pty.drain())
        #expect(screen.firstRow == 2)
        #expect(model.text(row: 0).hasPrefix("line2 ") && model.text(row: 1).hasPrefix("line3 "))
        #expect(model.text(row: 2).hasPrefix("  narrow "))
    }

    @Test func theRestoreSequenceLeavesNoAlternateScreen() throws {
        let (screen, pty, _) = try makeScreen(height: 5)
        defer {
            screen.shutdown()
            pty.close()
        }
        let bytes = screen.restoreSequence
        #expect(!Self.text(bytes).contains("\u{1B}[?1049l"))
        #expect(Self.text(bytes).hasSuffix("\r\n\n\n\n\n"), "to the line below a block parked on its first row")
    }
}
