import CNcursesw
import Glibc
import Shoji
@testable import ShojiTerminal
import ShojiTerminalCore
import ShojiTesting
import TestSupport
import Testing

/// A screen that checks the terminal backend frame by frame: every surface is presented on a
/// real `TerminalScreen` (ncursesw, terminfo of `term`), whose bytes go into a `TerminalModel`;
/// after every frame the model must show exactly what a second screen shows after clearing and
/// drawing the same surface from scratch, and that picture must be the surface (each glyph in
/// its cells, right widths, the styles' colours on 256-colour terminals). The terminal's cursor
/// shows at `Surface.cursor` (hidden when the surface has none). No escape sequence the model
/// does not know, no scrolling by writing; the scroll region may stay set between frames, and
/// is the whole screen again when the terminal is handed back (`expectClean`).
///
/// Attach it to a `Pilot` as its headless screen's mirror; a resize reaches it as a surface of
/// another size (as SIGWINCH does in a session).
@MainActor
final class RenderVerifier: Screen {
    let term: String
    let terminal: TerminalScreen
    private let reference: TerminalScreen
    private let ptys: [PseudoTerminal]
    private let widthRule: TerminalModel.WidthRule
    private let useColor: Bool
    /// The terminal as the incremental frames left it.
    private(set) var model: TerminalModel
    private var bytes: [UInt8] = []
    private var referenceBytes: [UInt8] = []
    private var checkStyles: Bool

    /// Frames presented so far.
    private(set) var frames = 0
    /// Bytes each frame sent.
    private(set) var frameBytes: [Int] = []
    /// Rows each frame shifted with insert- or delete-character.
    private(set) var shiftedRows: [Int] = []
    /// Lines each frame scrolled with a scroll region.
    private(set) var scrolledLines: [Int] = []
    /// What went wrong, frame by frame (empty when every frame was right).
    private(set) var failures: [String] = []
    /// Frames after which the terminal's cursor showed.
    private(set) var framesWithCursor = 0
    /// Every byte the frames sent to the terminal.
    private(set) var sent: [UInt8] = []

    var size: Size { terminal.size }

    init(term: String, size: Size, widthRule: TerminalModel.WidthRule = .clusters, useColor: Bool = true) throws {
        self.term = term
        self.widthRule = widthRule
        self.useColor = useColor
        let first = try PseudoTerminal(columns: UInt16(size.width), rows: UInt16(size.height))
        let second = try PseudoTerminal(columns: UInt16(size.width), rows: UInt16(size.height))
        ptys = [first, second]
        terminal = try TerminalScreen(terminalType: term, output: first.slave, input: first.slave, useColor: useColor)
        reference = try TerminalScreen(
            terminalType: term, output: second.slave, input: second.slave, useColor: useColor)
        if terminal.size != size { terminal.resize(to: size) }
        if reference.size != size { reference.resize(to: size) }
        model = TerminalModel(
            columns: size.width, rows: size.height, backColorErase: terminal.backColorErase, widthRule: widthRule)
        model.feed(first.drain(quiet: 20))
        _ = second.drain(quiet: 20)
        checkStyles = useColor && term.hasSuffix("256color")
        terminal.frameSink = { [unowned self] chunk in self.bytes.append(contentsOf: chunk) }
        reference.frameSink = { [unowned self] chunk in self.referenceBytes.append(contentsOf: chunk) }
    }

    /// Gives both terminals back and closes the pseudo-terminals.
    func close() {
        terminal.shutdown()
        reference.shutdown()
        for pty in ptys { pty.close() }
    }

    func invalidate() { terminal.invalidate() }

    func present(_ surface: Surface) {
        frames += 1
        if terminal.size != surface.size {
            terminal.resize(to: surface.size)
            reference.resize(to: surface.size)
            model.resize(columns: surface.size.width, rows: surface.size.height)
        }
        bytes.removeAll(keepingCapacity: true)
        terminal.present(surface)
        model.feed(bytes)
        sent += bytes
        frameBytes.append(bytes.count)
        shiftedRows.append(terminal.shiftedRowCount)
        scrolledLines.append(terminal.scrolledLineCount)

        referenceBytes.removeAll(keepingCapacity: true)
        reference.invalidate()
        reference.present(surface)
        let fresh = TerminalModel(
            columns: surface.size.width, rows: surface.size.height,
            backColorErase: terminal.backColorErase, widthRule: widthRule)
        fresh.feed(referenceBytes)
        check(surface, fresh: fresh)
    }

    /// How many times the frames sent `text`.
    func timesSent(_ text: String) -> Int {
        let needle = Array(text.utf8)
        guard !needle.isEmpty, needle.count <= sent.count else { return 0 }
        return (0...(sent.count - needle.count)).count { sent[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    // MARK: - Checks

    private func fail(_ message: String) {
        if failures.count < 12 { failures.append("\(term) frame \(frames): \(message)") }
    }

    private func check(_ surface: Surface, fresh: TerminalModel) {
        if !model.unknownSequences.isEmpty { fail("unknown sequences \(model.unknownSequences.prefix(5))") }
        if model.scrolledLines > 0 { fail("the screen scrolled \(model.scrolledLines) lines") }
        if model.isSynchronizing { fail("a synchronized update was left open") }
        if let cursor = surface.cursor, surface.bounds.contains(cursor) {
            framesWithCursor += 1
            if !model.cursorVisible || model.cursorX != cursor.x || model.cursorY != cursor.y {
                fail(
                    "the cursor should show at \(cursor); it is \(model.cursorVisible ? "shown" : "hidden") at (\(model.cursorX), \(model.cursorY))"
                )
            }
        } else if model.cursorVisible && terminal.canHideCursor {
            fail("the cursor shows at (\(model.cursorX), \(model.cursorY)) but the frame has none")
        }
        for y in 0..<surface.size.height {
            for x in 0..<surface.size.width {
                let incremental = model[x, y], scratch = fresh[x, y]
                if incremental.text != scratch.text || incremental.width != scratch.width
                    || visible(incremental) != visible(scratch),
                    !(isCornerCase(surface, x, y) && mismatch(surface, x, y, model) == nil)
                {
                    fail(
                        "(\(x), \(y)) is \(describe(incremental)) but drawn from scratch \(describe(scratch))\n"
                            + "  incremental: \(model.text(row: y))\n  from scratch: \(fresh.text(row: y))")
                    return
                }
                if let problem = mismatch(surface, x, y, fresh) {
                    fail(
                        "(\(x), \(y)): \(problem)\n  surface: \(surface.text(row: y))\n  terminal: \(fresh.text(row: y))"
                    )
                    return
                }
            }
        }
    }

    /// How the cell differs from the surface's cell, or nil.
    private func mismatch(_ surface: Surface, _ x: Int, _ y: Int, _ terminal: TerminalModel) -> String? {
        let cell = surface[x, y], shown = terminal[x, y]
        if cell.isContinuation {
            // The right half of the glyph on its left; a terminal that measures scalars may show
            // a blank or a part of that cluster here.
            if shown.width == 0 { return nil }
            let lead = Set(surface[x - 1, y].grapheme.unicodeScalars)
            if widthRule == .scalars && (shown.text == " " || shown.text.unicodeScalars.allSatisfy(lead.contains)) {
                return nil
            }
            return "expected the right half of \(surface[x - 1, y].grapheme), found \(describe(shown))"
        }
        if !isSure(cell) && y == surface.size.height - 1 && !terminal.hasMarginSwitch(term) {
            // Where a glyph drawn scalar by scalar would wrap and scroll the screen, only the
            // scalars that surely fit are sent: a prefix of the cluster.
            var overflow = x
            for scalar in cell.grapheme.unicodeScalars {
                overflow += max(0, Int(wcwidth(wchar_t(bitPattern: scalar.value))))
            }
            if overflow > surface.size.width && shown.width == cell.width
                && cell.grapheme.unicodeScalars.starts(with: shown.text.unicodeScalars)
            {
                return nil
            }
        }
        if isSure(cell) || widthRule == .clusters {
            if shown.text != cell.grapheme || shown.width != cell.width {
                return "expected \(String(reflecting: cell.grapheme)) (width \(cell.width)), found \(describe(shown))"
            }
        } else {
            // A cluster this terminal measures otherwise: its cells hold its own scalars or
            // blanks, never anything else.
            let own = Set(cell.grapheme.unicodeScalars)
            for column in x..<(x + cell.width) {
                let part = terminal[column, y]
                guard part.text == " " || part.text.isEmpty || part.text.unicodeScalars.allSatisfy(own.contains) else {
                    return
                        "expected parts of \(String(reflecting: cell.grapheme)), found \(describe(part)) at \(column)"
                }
            }
        }
        if checkStyles {
            let expected = rendition(for: cell.style)
            if visible(TerminalModel.Cell(text: cell.grapheme == " " ? " " : "x", width: 1, rendition: expected))
                != visible(
                    TerminalModel.Cell(text: shown.text == " " ? " " : "x", width: 1, rendition: shown.rendition))
            {
                return "expected style \(expected), found \(shown.rendition) for \(String(reflecting: cell.grapheme))"
            }
        }
        return nil
    }

    /// A cluster on the last row that the backend may send in part (see `mismatch`): drawn in
    /// full where it got by a shift, in part where it was written.
    private func isCornerCase(_ surface: Surface, _ x: Int, _ y: Int) -> Bool {
        guard y == surface.size.height - 1, !model.hasMarginSwitch(term) else { return false }
        let lead = surface[x, y].isContinuation && x > 0 ? surface[x - 1, y] : surface[x, y]
        return !isSure(lead)
    }

    /// True for a grapheme every terminal measures as Shoji does: one scalar of its width.
    private func isSure(_ cell: Cell) -> Bool {
        let scalars = cell.grapheme.unicodeScalars
        return scalars.count == 1 && wcwidth(wchar_t(bitPattern: scalars.first!.value)) == Int32(cell.width)
    }

    /// What a 256-colour terminal shows for `style`.
    private func rendition(for style: Style) -> TerminalModel.Rendition {
        let mapper = ColorMapper(colorCount: 256)
        return TerminalModel.Rendition(style: style, italic: !term.hasPrefix("screen")) { Int(mapper.number(for: $0)) }
    }

    /// What shows of a cell (see `TerminalModel.visible`).
    private func visible(_ cell: TerminalModel.Cell) -> TerminalModel.Rendition {
        TerminalModel.visible(text: cell.text, cell.rendition)
    }

    private func describe(_ cell: TerminalModel.Cell) -> String {
        "\(String(reflecting: cell.text)) (width \(cell.width), \(cell.rendition))"
    }
}

private extension TerminalModel {
    /// Whether terminfo gives `term` a way to switch automatic margins off (`rmam` and `smam`).
    func hasMarginSwitch(_ term: String) -> Bool {
        !["screen-256color", "tmux-256color"].contains(term)
    }
}

extension RenderVerifier {
    /// Expects no frame to have failed, and more than two frames to have been checked (so a
    /// scene that never drew cannot pass).
    func expectClean(_ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        // Handed back (as for Ctrl-Z), the terminal has its whole screen as the scroll region.
        bytes.removeAll(keepingCapacity: true)
        terminal.suspend()
        model.feed(bytes)
        if !model.hasFullScrollRegion { fail("the scroll region was left set when the terminal was handed back") }
        bytes.removeAll(keepingCapacity: true)
        terminal.resume()
        model.feed(bytes)
        #expect(failures.isEmpty, "\(what): \(failures.joined(separator: "\n"))", sourceLocation: sourceLocation)
        #expect(frames > 2, "\(what): frames were checked", sourceLocation: sourceLocation)
    }
}
