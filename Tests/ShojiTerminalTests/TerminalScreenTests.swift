import CNcursesw
import Glibc
import Shoji
import TestSupport
import Testing
@testable import ShojiTerminal

/// Follows where a terminal's cursor goes through the bytes ncurses writes: absolute and
/// relative CSI moves, CR, LF, BS and printable text (one column per character; the tests draw
/// ASCII). Other sequences leave it alone.
private struct CursorTracker {
    var position = Point(x: 0, y: 0)

    mutating func feed(_ bytes: [UInt8]) {
        var i = 0
        func parameters(_ text: String) -> [Int] {
            text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        }
        while i < bytes.count {
            let byte = bytes[i]
            i += 1
            switch byte {
            case 0x1B:
                guard i < bytes.count else { return }
                if bytes[i] == UInt8(ascii: "[") {
                    var j = i + 1
                    while j < bytes.count, !(0x40...0x7E).contains(bytes[j]) { j += 1 }
                    guard j < bytes.count else { return }
                    let text = String(decoding: bytes[(i + 1)..<j], as: UTF8.self)
                    i = j + 1
                    guard !text.hasPrefix("?") else { continue }
                    let p = parameters(text)
                    let n = max(1, p.first ?? 1)
                    switch bytes[j] {
                    case UInt8(ascii: "H"), UInt8(ascii: "f"):
                        position = Point(x: max(1, p.count > 1 ? p[1] : 1) - 1, y: max(1, p.first ?? 1) - 1)
                    case UInt8(ascii: "A"): position.y -= n
                    case UInt8(ascii: "B"): position.y += n
                    case UInt8(ascii: "C"): position.x += n
                    case UInt8(ascii: "D"): position.x -= n
                    case UInt8(ascii: "G"), UInt8(ascii: "`"): position.x = n - 1
                    case UInt8(ascii: "d"): position.y = n - 1
                    default: break
                    }
                } else if bytes[i] == UInt8(ascii: "(") || bytes[i] == UInt8(ascii: ")") {
                    i += 2
                } else {
                    i += 1
                }
            case 0x0D: position.x = 0
            case 0x0A: position.y += 1
            case 0x08: position.x -= 1
            case 0x20..<0x7F, 0xC0...0xFF: position.x += 1
            default: break
            }
        }
    }
}

private extension Array where Element == UInt8 {
    /// Where `text`'s bytes first occur, or nil.
    func offset(of text: String) -> Int? {
        let needle = Array(text.utf8)
        guard needle.count <= count else { return nil }
        return (0...(count - needle.count)).first { Array(self[$0..<($0 + needle.count)]) == needle }
    }

    func contains(_ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
        return (0...(count - needle.count)).contains { self[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    func occurrences(of text: String) -> Int {
        let needle = Array(text.utf8)
        guard !needle.isEmpty, needle.count <= count else { return 0 }
        return (0...(count - needle.count)).count { self[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// The parameter lists of every SGR sequence (`ESC [ ... m`) in the bytes.
    var sgrParameters: [[Int]] {
        var result: [[Int]] = []
        var i = 0
        while i + 1 < count {
            defer { i += 1 }
            guard self[i] == 0x1B, self[i + 1] == UInt8(ascii: "[") else { continue }
            var j = i + 2
            while j < count, self[j] == UInt8(ascii: ";") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self[j]) {
                j += 1
            }
            guard j < count, self[j] == UInt8(ascii: "m") else { continue }
            let text = String(decoding: self[(i + 2)..<j], as: UTF8.self)
            result.append(text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 })
        }
        return result
    }

    /// True when some SGR sequence holds `parameters` as consecutive parameters.
    func hasSGR(_ parameters: Int...) -> Bool {
        sgrParameters.contains { (list: [Int]) -> Bool in
            guard list.count >= parameters.count else { return false }
            let starts = 0...(list.count - parameters.count)
            return starts.contains { (start: Int) -> Bool in
                list[start..<(start + parameters.count)].elementsEqual(parameters)
            }
        }
    }

    var visible: String { String(decoding: self, as: UTF8.self).replacingEscapes() }
}

private extension String {
    func replacingEscapes() -> String {
        var s = ""
        for ch in self { s += ch == "\u{1B}" ? "\\e" : String(ch) }
        return s
    }
}

@Suite(.serialized)
@MainActor
struct TerminalScreenTests {
    init() {
        // The session does this in the app; ncursesw draws no non-ASCII in the C locale.
        setlocale(LC_ALL, "C.UTF-8")
    }

    /// A screen on a fresh 80x24 pty, the start-up bytes already drained.
    private func makeScreen(useColor: Bool = true) throws -> (TerminalScreen, PseudoTerminal, [UInt8]) {
        let pty = try PseudoTerminal()
        let screen = try TerminalScreen(
            terminalType: "xterm-256color", output: pty.slave, input: pty.slave, useColor: useColor)
        // LINES/COLUMNS in the environment override the pty's size in ncurses.
        if screen.size != Size(width: 80, height: 24) { screen.resize(to: Size(width: 80, height: 24)) }
        return (screen, pty, pty.drain())
    }

    private func finish(_ screen: TerminalScreen, _ pty: PseudoTerminal) {
        screen.shutdown()
        pty.close()
    }

    private func helloSurface() -> Surface {
        var surface = Surface(size: Size(width: 80, height: 24))
        surface.write("Hello", at: Point(x: 2, y: 1))
        surface.write("bottom", at: Point(x: 0, y: 23))
        return surface
    }

    // MARK: - Frames

    @Test func firstFrameSwitchesToTheAlternateScreenAndDrawsText() throws {
        let (screen, pty, startup) = try makeScreen()
        defer { finish(screen, pty) }
        screen.present(helloSurface())
        let bytes = startup + pty.drain()
        #expect(bytes.contains("\u{1B}[?1049h"))
        #expect(bytes.contains("Hello"))
        #expect(bytes.contains("bottom"))
    }

    @Test func presentingTheSameSurfaceAgainWritesNothing() throws {
        let (screen, pty, _) = try makeScreen()
        defer { finish(screen, pty) }
        let surface = helloSurface()
        screen.present(surface)
        #expect(!pty.drain().isEmpty)
        #expect(screen.changedCellCount == 11, "the text; the rest is the cleared screen")
        screen.present(surface)
        #expect(screen.changedCellCount == 0)
        #expect(pty.drain(quiet: 150).isEmpty)
    }

    @Test func changingOneCellWritesASmallFrame() throws {
        let (screen, pty, _) = try makeScreen()
        defer { finish(screen, pty) }
        var surface = helloSurface()
        screen.present(surface)
        _ = pty.drain()
        surface.write("W", at: Point(x: 40, y: 12))
        screen.present(surface)
        let bytes = pty.drain()
        #expect(screen.changedCellCount == 1)
        #expect(bytes.contains("W"))
        #expect(bytes.count < 64, "one cell took \(bytes.count) bytes: \(bytes.visible)")
    }

    /// A slide to the right goes out as insert-character at the moved content's leading edge and
    /// a slide to the left as delete-character (`ich` and `dch` from terminfo), one per row.
    @Test func aRightwardSlideInsertsCharactersAndALeftwardOneDeletesThem() throws {
        let (screen, pty, _) = try makeScreen()
        defer { finish(screen, pty) }
        let ich = try #require(terminfoString("ich", 3)), dch = try #require(terminfoString("dch", 3))
        func scene(at offset: Int) -> Surface {
            var surface = Surface(size: Size(width: 80, height: 24))
            for y in 0..<24 {
                let line = String(repeating: "Row \(y): the quick brown fox jumps over the lazy dog. ", count: 2)
                surface.write(line, at: Point(x: offset, y: y))
            }
            return surface
        }
        screen.present(scene(at: 0))
        _ = pty.drain()
        var right = scene(at: 3)
        right.moves = [SurfaceMove(rows: 0..<24, columns: 0..<80, dx: 3)]
        screen.present(right)
        let inserting = pty.drain()
        #expect(screen.shiftedRowCount == 24)
        #expect(inserting.occurrences(of: ich) == 24 && inserting.occurrences(of: dch) == 0, "\(inserting.visible)")
        var left = scene(at: 0)
        left.moves = [SurfaceMove(rows: 0..<24, columns: 3..<80, dx: -3)]
        screen.present(left)
        let deleting = pty.drain()
        #expect(screen.shiftedRowCount == 24)
        #expect(deleting.occurrences(of: dch) == 24 && deleting.occurrences(of: ich) == 0, "\(deleting.visible)")
    }

    @Test func wideCharactersGoOutOnceAsUTF8() throws {
        let (screen, pty, _) = try makeScreen()
        defer { finish(screen, pty) }
        var cells = Surface(size: screen.size).cells
        cells[0] = Cell(grapheme: "日", width: 2, style: .plain)
        cells[1] = Cell(grapheme: "", width: 0, style: .plain)
        cells[2] = Cell(grapheme: "本", width: 2, style: .plain)
        cells[3] = Cell(grapheme: "", width: 0, style: .plain)
        cells[4] = Cell(grapheme: "!", width: 1, style: .plain)
        screen.present(cells: cells, size: screen.size)
        let bytes = pty.drain()
        #expect(bytes.occurrences(of: "日本!") == 1, "\(bytes.visible)")
        #expect(bytes.occurrences(of: "日") == 1)
    }

    @Test func aWideGraphemeWithoutItsRightHalfShowsAsABlank() throws {
        let (screen, pty, _) = try makeScreen()
        defer { finish(screen, pty) }
        var cells = Surface(size: screen.size).cells
        cells[0] = Cell(grapheme: "日", width: 2, style: .plain)
        cells[1] = Cell(grapheme: "", width: 0, style: .plain)
        cells[79] = Cell(grapheme: "本", width: 2, style: .plain)  // no column left for its right half
        screen.present(cells: cells, size: screen.size)
        let first = pty.drain()
        #expect(first.contains("日"))
        #expect(!first.contains("本"))
        let terminal = TerminalModel(columns: 80, rows: 24)
        terminal.feed(first)
        #expect(terminal[79, 0].text == " ")

        // The right half of an unchanged lead turns into a narrow cell: the lead must go too.
        cells[1] = Cell(grapheme: "x", width: 1, style: .plain)
        screen.present(cells: cells, size: screen.size)
        let second = pty.drain()
        #expect(second.contains("x"))
        #expect(!second.contains("日"))
        terminal.feed(second)
        #expect(terminal[0, 0].text == " " && terminal[0, 0].width == 1)
        #expect(terminal[1, 0].text == "x")
    }

    @Test func invalidateRepaintsTheWholeFrame() throws {
        let (screen, pty, _) = try makeScreen()
        defer { finish(screen, pty) }
        var surface = helloSurface()
        for y in 3..<20 { surface.write(String(repeating: "0123456789", count: 8), at: Point(x: 0, y: y)) }
        screen.present(surface)
        let first = pty.drain()
        screen.invalidate()
        screen.present(surface)
        let again = pty.drain()
        #expect(screen.changedCellCount == 17 * 80 + 11, "every cell but the blanks the clear made")
        #expect(again.contains("\u{1B}[2J"))
        #expect(again.contains("Hello"))
        #expect(again.contains("bottom"))
        #expect(again.count * 10 >= first.count * 8, "first \(first.visible), after invalidate \(again.visible)")
    }

    @Test func theBottomRightCellIsDrawn() throws {
        let (screen, pty, _) = try makeScreen()
        defer { finish(screen, pty) }
        var surface = Surface(size: screen.size)
        surface.write("Q", at: Point(x: 79, y: 23))
        surface.write("top", at: Point(x: 0, y: 0))
        screen.present(surface)
        let bytes = pty.drain()
        let terminal = TerminalModel(columns: 80, rows: 24)
        terminal.feed(bytes)
        #expect(terminal[79, 23].text == "Q")
        #expect(terminal.text(row: 0).hasPrefix("top"), "the screen did not scroll")
        #expect(terminal.scrolledLines == 0)
        #expect(bytes.contains("\u{1B}[?7lQ\u{1B}[?7h"), "automatic margins off around it: \(bytes.visible)")
    }

    @Test func surfacesOfTheWrongSizeAreClippedOrPadded() throws {
        let (screen, pty, _) = try makeScreen()
        defer { finish(screen, pty) }
        var small = Surface(size: Size(width: 10, height: 3))
        small.write("tiny", at: Point(x: 0, y: 2))
        screen.present(small)
        #expect(pty.drain().contains("tiny"))

        var large = Surface(size: Size(width: 120, height: 40))
        large.write("0123456789", at: Point(x: 75, y: 0))
        large.write("unseen", at: Point(x: 0, y: 30))
        screen.present(large)
        let bytes = pty.drain()
        #expect(bytes.contains("01234"))
        #expect(!bytes.contains("56789"))
        #expect(!bytes.contains("unseen"))
    }

    @Test func longGraphemesAreCutToSixteenScalars() throws {
        let (screen, pty, _) = try makeScreen()
        defer { finish(screen, pty) }
        var cells = Surface(size: screen.size).cells
        let mark = "\u{301}"
        cells[0] = Cell(grapheme: "e" + String(repeating: mark, count: 40), width: 1, style: .plain)
        cells[1] = Cell(grapheme: "z", width: 1, style: .plain)
        screen.present(cells: cells, size: screen.size)
        let bytes = pty.drain()
        #expect(bytes.contains("e" + String(repeating: mark, count: 15)))
        #expect(!bytes.contains("e" + String(repeating: mark, count: 16)))
        let terminal = TerminalModel(columns: 80, rows: 24)
        terminal.feed(bytes)
        #expect(terminal[1, 0].text == "z", "the next cell stays in place")
    }

    @Test func unprintableScalarsNeverShiftTheRow() throws {
        let (screen, pty, _) = try makeScreen()
        defer { finish(screen, pty) }
        var cells = Surface(size: screen.size).cells
        cells[0] = Cell(grapheme: "\u{1B}", width: 1, style: .plain)  // a control: never sent
        cells[1] = Cell(grapheme: "\u{301}", width: 1, style: .plain)  // a mark with no base: a blank
        cells[2] = Cell(grapheme: "z", width: 1, style: .plain)
        screen.present(cells: cells, size: screen.size)
        let bytes = pty.drain()
        #expect(bytes.contains("\u{FFFD} z"), "\(bytes.visible)")
        #expect(!bytes.contains("\u{1B}\u{301}") && !bytes.contains("\u{301}"))
        let terminal = TerminalModel(columns: 80, rows: 24)
        terminal.feed(bytes)
        #expect(terminal.text(row: 0).hasPrefix("\u{FFFD} z"))
    }

    @Test func resizeChangesTheSizeAndRepaints() throws {
        let (screen, pty, _) = try makeScreen()
        defer { finish(screen, pty) }
        screen.present(helloSurface())
        _ = pty.drain()
        screen.resize(to: Size(width: 100, height: 30))
        #expect(screen.size == Size(width: 100, height: 30))
        var surface = Surface(size: screen.size)
        surface.write("Hello", at: Point(x: 2, y: 1))
        surface.write("far", at: Point(x: 90, y: 29))
        screen.present(surface)
        let bytes = pty.drain()
        #expect(bytes.contains("Hello"))
        #expect(bytes.contains("far"))
    }

    // MARK: - Colours and attributes

    @Test func paletteAndRGBColoursReachTheTerminal() throws {
        let (screen, pty, _) = try makeScreen()
        defer { finish(screen, pty) }
        #expect(screen.usesColor)
        var surface = Surface(size: screen.size)
        surface.write("P", at: Point(x: 0, y: 0), style: Style(foreground: .palette(196)))
        screen.present(surface)
        #expect(pty.drain().hasSGR(38, 5, 196))

        surface.write("P", at: Point(x: 0, y: 0), style: Style(foreground: .default))
        surface.write("R", at: Point(x: 5, y: 5), style: Style(foreground: .rgb(255, 0, 0), background: .palette(21)))
        screen.present(surface)
        let bytes = pty.drain()
        #expect(bytes.hasSGR(38, 5, 196))
        #expect(bytes.hasSGR(48, 5, 21))
    }

    /// ncurses' `vid_puts` writes `op` into its own output buffer (not through the `outc` it is
    /// given) when a colour goes back to the default; once that buffer filled, ncurses flushed
    /// it between two frames, cutting a sequence. Nothing but the frames may reach the terminal.
    @Test func nothingReachesTheTerminalBehindTheFramesBack() throws {
        let (screen, pty, _) = try makeScreen()
        defer { finish(screen, pty) }
        var framed = 0
        screen.frameSink = { framed += $0.count }
        let red = Style(foreground: .palette(160), background: .palette(21))
        // 700 colour-to-default changes: more than ncurses' 80x24 output buffer holds.
        for frame in 0..<700 {
            var surface = Surface(size: screen.size)
            surface.write(frame % 2 == 0 ? "ab" : "ba", at: Point(x: 0, y: 0), style: red)
            surface.write(frame % 2 == 0 ? "cd" : "dc", at: Point(x: 2, y: 0), style: .plain)
            screen.present(surface)
        }
        #expect(framed > 0)
        let behind = pty.drain()
        #expect(behind.isEmpty, "ncurses wrote \(behind.count) bytes outside the frames")
    }

    /// An attribute that comes on alone is sent as the terminal's own string (`dim`, not
    /// `sgr`'s whole rendition), and the picture is the same.
    @Test func anAttributeThatComesOnIsSentAlone() throws {
        let (screen, pty, _) = try makeScreen()
        defer { finish(screen, pty) }
        var bytes: [UInt8] = []
        screen.frameSink = { bytes += Array($0) }
        var surface = Surface(size: screen.size)
        surface.write("plain", at: Point(x: 0, y: 0))
        surface.write("dim", at: Point(x: 6, y: 0), style: Style(attributes: .dim))
        surface.write("both", at: Point(x: 10, y: 0), style: Style(attributes: [.dim, .reverse]))
        screen.present(surface)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("plain \u{1B}[2mdim\u{1B}[1C\u{1B}[7mboth"), "\(text.debugDescription)")
        let model = TerminalModel(columns: 80, rows: 24)
        model.feed(bytes)
        #expect(model[0, 0].rendition.attributes.isEmpty)
        #expect(model[6, 0].rendition.attributes == .dim)
        #expect(model[10, 0].rendition.attributes == [.dim, .reverse])
    }

    /// A cell that goes back to the default colours and gains an attribute in the same step
    /// shows in the default colours.
    @Test func aColourGoesBackToTheDefaultWhileAnAttributeComesOn() throws {
        let (screen, pty, _) = try makeScreen()
        defer { finish(screen, pty) }
        var bytes: [UInt8] = []
        screen.frameSink = { bytes += Array($0) }
        var surface = Surface(size: screen.size)
        surface.write("R", at: Point(x: 0, y: 0), style: Style(foreground: .palette(160)))
        surface.write("U", at: Point(x: 1, y: 0), style: Style(attributes: .underline))
        surface.write("B", at: Point(x: 2, y: 0), style: Style(background: .palette(21)))
        surface.write("D", at: Point(x: 3, y: 0), style: Style(attributes: .bold))
        screen.present(surface)
        let model = TerminalModel(columns: 80, rows: 24)
        model.feed(bytes)
        #expect(model[0, 0].rendition.foreground == .indexed(160))
        #expect(model[1, 0].rendition.foreground == .default, "\(model[1, 0].rendition)")
        #expect(model[1, 0].rendition.attributes.contains(.underline))
        #expect(model[2, 0].rendition.background == .indexed(21))
        #expect(model[3, 0].rendition.background == .default, "\(model[3, 0].rendition)")
        #expect(model[3, 0].rendition.attributes.contains(.bold))
        #expect(pty.drain().isEmpty)
    }

    /// Colours are sent as numbers, not colour pairs: any number of combinations on one screen,
    /// and a new one costs its cell, never a repaint.
    @Test func everyColourCombinationIsDrawnWithoutAPairTable() throws {
        let (screen, pty, _) = try makeScreen()
        defer { finish(screen, pty) }
        var all: [UInt8] = []  // frames to the sink: a pty holds a few KB only
        screen.frameSink = { all += Array($0) }
        var surface = Surface(size: screen.size)
        for index in 0..<(80 * 20) {
            let style = Style(foreground: .palette(UInt8(index % 256)), background: .palette(UInt8((index / 7) % 256)))
            surface.write("x", at: Point(x: index % 80, y: index / 80), style: style)
        }
        screen.present(surface)
        let firstFrame = all.count
        surface.write("C", at: Point(x: 4, y: 22), style: Style(foreground: .palette(27), background: .palette(202)))
        screen.present(surface)
        let bytes = Array(all[firstFrame...])
        #expect(bytes.hasSGR(38, 5, 27) && bytes.hasSGR(48, 5, 202))
        #expect(!bytes.contains("\u{1B}[2J"))
        #expect(screen.changedCellCount == 1)
        let model = TerminalModel(columns: 80, rows: 24)
        model.feed(all)
        #expect(pty.drain().isEmpty)
        for index in [0, 1, 255, 256, 1000, 1599] {
            let cell = model[index % 80, index / 80]
            #expect(cell.rendition.foreground == .indexed(index % 256), "cell \(index): \(cell.rendition)")
            #expect(cell.rendition.background == .indexed((index / 7) % 256), "cell \(index): \(cell.rendition)")
        }
    }

    @Test func withoutColourAttributesStillShow() throws {
        let (screen, pty, _) = try makeScreen(useColor: false)
        defer { finish(screen, pty) }
        #expect(!screen.usesColor)
        var surface = Surface(size: screen.size)
        surface.write(
            "Loud", at: Point(x: 0, y: 0), style: Style(attributes: [.bold, .underline], foreground: .palette(196)))
        screen.present(surface)
        let bytes = pty.drain()
        #expect(bytes.contains("Loud"), "\(bytes.visible)")
        #expect(!bytes.hasSGR(38, 5))
        #expect(bytes.sgrParameters.contains { $0.contains(1) }, "bold")
        #expect(bytes.sgrParameters.contains { $0.contains(4) }, "underline")
    }

    // MARK: - Cursor

    @Test func theCursorShowsWhereTheSurfaceSaysAndHidesWithout() throws {
        let (screen, pty, startup) = try makeScreen()
        defer { finish(screen, pty) }
        var tracker = CursorTracker()
        tracker.feed(startup)
        var surface = helloSurface()
        surface.cursor = Point(x: 7, y: 1)
        screen.present(surface)
        var bytes = pty.drain()
        tracker.feed(bytes)
        #expect(bytes.contains("\u{1B}[?25h"), "shown: \(bytes.visible)")
        #expect(tracker.position == Point(x: 7, y: 1), "after the frame, at the cell asked for: \(bytes.visible)")
        #expect(screen.cursor == Point(x: 7, y: 1))

        screen.present(surface)
        #expect(pty.drain(quiet: 100).isEmpty, "the same frame and cursor write nothing")

        // Text drawn elsewhere moves the terminal's cursor; it comes back to the field.
        surface.write("More text", at: Point(x: 30, y: 10))
        surface.cursor = Point(x: 0, y: 5)
        screen.present(surface)
        bytes = pty.drain()
        tracker.feed(bytes)
        #expect(bytes.contains("More text"))
        #expect(tracker.position == Point(x: 0, y: 5), "\(bytes.visible)")
        #expect(!bytes.contains("\u{1B}[?25h"), "already visible: not switched on again")

        surface.cursor = nil
        screen.present(surface)
        bytes = pty.drain()
        #expect(bytes.contains("\u{1B}[?25l"), "hidden: \(bytes.visible)")
        #expect(screen.cursor == nil)

        surface.cursor = Point(x: 80, y: 3)
        screen.present(surface)
        #expect(pty.drain(quiet: 100).isEmpty, "a cell outside the screen keeps it hidden")
        #expect(screen.cursor == nil)
    }

    @Test func boldOnColoursThenBoldOnDefaultColoursSwitchesTheColoursOff() throws {
        let (screen, pty, startup) = try makeScreen()
        defer { finish(screen, pty) }
        let model = TerminalModel(columns: 80, rows: 24)
        model.feed(startup)
        var surface = Surface(size: Size(width: 80, height: 24))
        surface.write(
            "#", at: Point(x: 5, y: 5),
            style: Style(attributes: .bold, foreground: .palette(15), background: .palette(24)))
        screen.present(surface)
        model.feed(pty.drain())
        surface.write("   ", at: Point(x: 10, y: 0), style: Style(attributes: .bold))
        surface.write("x", at: Point(x: 13, y: 0), style: Style(attributes: .bold))
        screen.present(surface)
        let bytes = pty.drain()
        model.feed(bytes)
        #expect(model[13, 0].rendition == TerminalModel.Rendition(attributes: .bold), "\(bytes.visible)")
        #expect(model[10, 0].rendition.background == .default, "\(bytes.visible)")
    }

    @Test func theCursorIsPlacedInsideTheSynchronizedUpdate() throws {
        let (screen, pty, _) = try makeScreen()
        defer { finish(screen, pty) }
        screen.usesSynchronizedUpdates = true
        var surface = helloSurface()
        surface.cursor = Point(x: 7, y: 1)
        screen.present(surface)
        let bytes = pty.drain()
        let begin = try #require(bytes.offset(of: "\u{1B}[?2026h"), "\(bytes.visible)")
        let shown = try #require(bytes.offset(of: "\u{1B}[?25h"), "\(bytes.visible)")
        let end = try #require(bytes.offset(of: "\u{1B}[?2026l"), "\(bytes.visible)")
        #expect(begin < shown && shown < end, "\(bytes.visible)")
        #expect(end + 8 == bytes.count, "nothing after the frame: \(bytes.visible)")

        // Only the cursor moves: a frame of its own, still synchronized.
        surface.cursor = Point(x: 3, y: 4)
        screen.present(surface)
        let moved = pty.drain()
        #expect(
            moved.offset(of: "\u{1B}[?2026h") == 0 && moved.offset(of: "\u{1B}[?2026l") == moved.count - 8,
            "\(moved.visible)")
        #expect(moved.contains("\u{1B}[5;4H"), "\(moved.visible)")
        #expect(screen.cursor == Point(x: 3, y: 4))
    }

    /// With synchronized output on, every frame that writes anything is one synchronized update,
    /// begun first and ended last (`ESC [ ? 2026 h` … `ESC [ ? 2026 l`), a full repaint too, so
    /// the terminal never holds a frame back unshown; off, neither is sent.
    @Test func everyFrameEndsItsSynchronizedUpdate() throws {
        let (screen, pty, startup) = try makeScreen()
        defer { finish(screen, pty) }
        let begin = "\u{1B}[?2026h", end = "\u{1B}[?2026l"
        let model = TerminalModel(columns: 80, rows: 24)
        model.feed(startup)
        screen.usesSynchronizedUpdates = true
        var surface = helloSurface()
        for frame in 1...4 {
            surface.write("\(frame)", at: Point(x: 10 + frame, y: 5))
            if frame == 3 { screen.invalidate() }
            screen.present(surface)
            let bytes = pty.drain()
            model.feed(bytes)
            #expect(bytes.offset(of: begin) == 0 && bytes.occurrences(of: begin) == 1, "\(bytes.visible)")
            #expect(bytes.offset(of: end) == bytes.count - 8 && bytes.occurrences(of: end) == 1, "\(bytes.visible)")
            #expect(!model.isSynchronizing && model.synchronizedUpdates == frame)
        }
        screen.present(surface)
        #expect(pty.drain(quiet: 150).isEmpty, "an unchanged frame sends nothing, no empty update")
        screen.usesSynchronizedUpdates = false
        surface.write("x", at: Point(x: 20, y: 5))
        screen.present(surface)
        let plain = pty.drain()
        #expect(plain.contains("x") && !plain.contains(begin) && !plain.contains(end), "\(plain.visible)")
    }

    // MARK: - Session control

    @Test func mouseReportingIsSwitchedOnceAndOffAtShutdown() throws {
        let (screen, pty, _) = try makeScreen()
        screen.setMouseReporting(true)
        #expect(
            pty.drain() == Array("\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?2004h".utf8),
            "mouse reporting and bracketed paste")
        screen.setMouseReporting(true)
        #expect(pty.drain(quiet: 100).isEmpty)

        screen.shutdown()
        let bytes = pty.drain()
        #expect(bytes.contains("\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"))
        #expect(bytes.contains("\u{1B}[?1049l"))
        screen.shutdown()
        screen.present(helloSurface())
        #expect(pty.drain(quiet: 100).isEmpty)
        pty.close()
    }

    @Test func suspendAndResumeHandTheTerminalBackAndForth() throws {
        let (screen, pty, _) = try makeScreen()
        defer { finish(screen, pty) }
        screen.setMouseReporting(true)
        screen.present(helloSurface())
        _ = pty.drain()

        screen.suspend()
        let suspended = pty.drain()
        #expect(suspended.contains("\u{1B}[?1006l"))
        #expect(suspended.contains("\u{1B}[?1049l"))
        screen.present(helloSurface())
        #expect(pty.drain(quiet: 100).isEmpty, "nothing is drawn while suspended")

        screen.resume()
        let resumed = pty.drain()
        #expect(resumed.contains("\u{1B}[?1049h"))
        #expect(resumed.contains("Hello"))
        #expect(resumed.contains("\u{1B}[?1006h"))
    }

    @Test func shutdownAfterSuspendDoesNotEndTwice() throws {
        let (screen, pty, _) = try makeScreen()
        defer { pty.close() }
        screen.suspend()
        _ = pty.drain()
        screen.shutdown()
        #expect(pty.drain(quiet: 100).isEmpty)
    }

    @Test func restoreSequenceComesFromTerminfo() throws {
        let (screen, pty, _) = try makeScreen()
        defer { finish(screen, pty) }
        let bytes = screen.restoreSequence
        #expect(bytes.contains("\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"))
        #expect(bytes.contains("\u{1B}(B\u{1B}[m"))  // xterm-256color's sgr0
        #expect(bytes.contains("\u{1B}[?1l\u{1B}>"))  // rmkx
        #expect(bytes.contains("\u{1B}[?25h"))
        #expect(bytes.contains("\u{1B}[?1049l"))
        #expect(TerminalScreen.fallbackRestoreSequence.contains("\u{1B}[?1049l"))
        // A link a cut-off frame left open is closed, only where links are sent at all.
        screen.usesHyperlinks = false
        #expect(!screen.restoreSequence.contains("\u{1B}]8"))
        screen.usesHyperlinks = true
        #expect(screen.restoreSequence.starts(with: Array("\u{1B}]8;;\u{1B}\\".utf8)))
    }

    @Test func theStartupCheckOfAnotherTypeLeavesTheOpenScreenAlone() throws {
        let (screen, pty, _) = try makeScreen()
        defer { finish(screen, pty) }
        #expect(throws: TerminalError.self) { try StartupCheck.checkCapabilities(of: "dumb") }
        try StartupCheck.checkCapabilities(of: "vt100")
        screen.present(helloSurface())
        let bytes = pty.drain()
        #expect(
            bytes.contains("\u{1B}[H\u{1B}[2J") && bytes.contains("Hello"),
            "xterm's clear, not vt100's: \(bytes.visible)")
    }

    @Test func anUnknownTerminalTypeThrows() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        #expect(throws: TerminalScreen.SetupError.unknownTerminal("no-such-terminal-shoji")) {
            _ = try TerminalScreen(terminalType: "no-such-terminal-shoji", output: pty.slave, input: pty.slave)
        }
        #expect(TerminalScreen.SetupError.unknownTerminal("vt9000").description.contains("vt9000"))
        #expect(pty.drain(quiet: 100).isEmpty)
    }
}
