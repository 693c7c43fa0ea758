import Shoji
import ShojiTerminalCore
import Testing

/// The planner's choices, checked as plans: no bytes are written or read.
struct FramePlannerTests {
    private static let size = Size(width: 40, height: 8)

    /// A planner for `capabilities` whose model is `shown`, as the terminal shows it.
    private static func planner(_ capabilities: TerminalCapabilities, showing shown: Surface) -> FramePlanner {
        let styles = StyleWriter(
            capabilities: capabilities, transitions: HandMadeTerminals.transitions(italicAndDim: true), colorCount: 256,
            defaultColors: true)
        let planner = FramePlanner(
            capabilities: capabilities, erasePaints: styles.erasePaints, scalarWidth: HandMadeTerminals.scalarWidth)
        planner.resize(to: shown.size)
        planner.assume(shown.cells)
        return planner
    }

    /// Lines of 32 letters that differ from their neighbours in every cell.
    private static let lines = (0..<12).map { line in
        String((0..<32).map { Character(UnicodeScalar(97 + (line + $0) % 26)!) })
    }

    /// A surface of one row holding `text` at `x`.
    private static func row(_ text: String, at x: Int = 0) -> Surface {
        var surface = Surface(size: Size(width: size.width, height: 1))
        _ = surface.write(text, at: Point(x: x, y: 0))
        return surface
    }

    /// The diff: the next write starts at the first cell that differs, or at the lead of the
    /// wide glyph that cell is the right half of, in the model (the write would cut it) or in
    /// the frame (it is written whole); never before the column after the row's last write.
    @Test func theNextWriteStartsAtTheFirstDifferenceOrItsWideGlyphsLead() {
        let wide = Cell(grapheme: "日", width: 2, style: .plain)
        let half = Cell(grapheme: "", width: 0, style: .plain)
        let a = Cell(grapheme: "a", width: 1, style: .plain), b = Cell(grapheme: "b", width: 1, style: .plain)
        func next(_ shown: [Cell], _ wanted: [Cell], from x: Int = 0, written: Int = 0) -> Int? {
            shown.withUnsafeBufferPointer { row in
                wanted.withUnsafeBufferPointer { new in
                    FramePlanner.nextWrite(
                        in: row.baseAddress!, frame: new.baseAddress!, width: row.count, from: x, written: written)
                }
            }
        }
        #expect(next([a, a, a, a], [a, a, a, a]) == nil, "nothing differs")
        #expect(next([a, a, a, a], [a, a, b, a]) == 2)
        #expect(next([a, wide, half, a], [a, wide, b, a]) == 1, "b would cut 日 on the terminal")
        #expect(next([a, wide, b, a], [a, wide, half, a]) == 1, "日 is written whole")
        #expect(next([a, wide, half, a], [a, wide, b, a], from: 2, written: 2) == 2, "not before the last write")
    }

    /// Content that moved up a line is scrolled (`ind`, cheaper than `indn` for one line) in the
    /// move's rows, and the model then holds the moved rows where the frame wants them.
    @Test func aScrollIsPlannedWhenItCostsLessThanWritingTheRows() throws {
        let planner = Self.planner(HandMadeTerminals.xterm, showing: Surface.listFrame(Array(Self.lines[0..<6])))
        let frame = Surface.listFrame(Array(Self.lines[1..<7]), dy: -1)
        let scroll = try #require(
            frame.cells.withUnsafeBufferPointer {
                planner.scroll(for: frame.moves[0], frame: $0, region: 0..<Self.size.height)
            })
        #expect(scroll.region == 1..<7 && scroll.dy == -1)
        #expect(scroll.method == .scrollRegion(.init(capability: HandMadeTerminals.xterm.scrollForward!, repeats: 1)))
        #expect(scroll.fill == Cell.blank() && scroll.saving > 0)
        planner.apply(scroll)
        let width = Self.size.width
        for y in 1..<6 {
            #expect(planner.cells[(y * width)..<((y + 1) * width)] == frame.cells[(y * width)..<((y + 1) * width)])
        }
        #expect(planner.cells[(6 * width)..<(7 * width)].allSatisfy { $0 == Cell.blank() }, "the opened line")
    }

    /// Three lines down: one `rin`, never three `ri`.
    @Test func aScrollOfSeveralLinesIsOneCommandWhereTheTerminalHasOne() throws {
        let planner = Self.planner(HandMadeTerminals.xterm, showing: Surface.listFrame(Array(Self.lines[5..<11])))
        let frame = Surface.listFrame(Array(Self.lines[2..<8]), dy: 3)
        let scroll = try #require(
            frame.cells.withUnsafeBufferPointer { planner.scroll(for: frame.moves[0], frame: $0, region: nil) })
        #expect(scroll.dy == 3)
        #expect(
            scroll.method == .scrollRegion(.init(capability: HandMadeTerminals.xterm.scrollReverseLines!, repeats: 1)))
    }

    /// A hint that says the rows moved when they did not brings no row where it is wanted: no
    /// scroll, whatever it would save.
    @Test func aWrongHintIsNotScrolled() {
        let shown = Surface.listFrame(Array(Self.lines[0..<6]))
        let planner = Self.planner(HandMadeTerminals.xterm, showing: shown)
        var frame = shown
        _ = frame.write("changed", at: Point(x: 0, y: 3))
        let move = SurfaceMove(rows: 1..<7, columns: 0..<Self.size.width, dx: 0, dy: -1)
        #expect(frame.cells.withUnsafeBufferPointer { planner.scroll(for: move, frame: $0, region: nil) } == nil)
    }

    /// By lines (inline), content that moved up a line is one `dl1` where it leaves and one
    /// `il1` where it opens, with no scroll region to set; three lines down take `dl` and `il`
    /// with a count; without them nothing is planned.
    @Test func byLinesAScrollDeletesAndInsertsLines() throws {
        let xterm = HandMadeTerminals.xterm
        let planner = Self.planner(xterm, showing: Surface.listFrame(Array(Self.lines[0..<6])))
        let frame = Surface.listFrame(Array(Self.lines[1..<7]), dy: -1)
        let scroll = try #require(
            frame.cells.withUnsafeBufferPointer {
                planner.scroll(for: frame.moves[0], frame: $0, region: nil, byLines: true)
            })
        #expect(scroll.region == 1..<7 && scroll.dy == -1 && scroll.saving > 0)
        #expect(
            scroll.method
                == .deleteAndInsert(
                    delete: .init(capability: xterm.deleteLine!, repeats: 1),
                    insert: .init(capability: xterm.insertLine!, repeats: 1)))
        let down = Self.planner(xterm, showing: Surface.listFrame(Array(Self.lines[5..<11])))
        let downFrame = Surface.listFrame(Array(Self.lines[2..<8]), dy: 3)
        let three = try #require(
            downFrame.cells.withUnsafeBufferPointer {
                down.scroll(for: downFrame.moves[0], frame: $0, region: nil, byLines: true)
            })
        #expect(
            three.method
                == .deleteAndInsert(
                    delete: .init(capability: xterm.deleteLines!, repeats: 1),
                    insert: .init(capability: xterm.insertLines!, repeats: 1)))
        var strings = HandMadeTerminals.xtermStrings
        for name in ["il", "il1"] { strings[name] = nil }
        let noInsert = Self.planner(
            TerminalCapabilities(text: strings, flags: ["am", "xenl", "bce", "msgr"]),
            showing: Surface.listFrame(Array(Self.lines[0..<6])))
        #expect(
            frame.cells.withUnsafeBufferPointer {
                noInsert.scroll(for: frame.moves[0], frame: $0, region: nil, byLines: true)
            } == nil)
    }

    /// Without `csr` a scroll is planned only in the region the terminal already has.
    @Test func withoutCsrOnlyTheCurrentRegionScrolls() {
        var strings = HandMadeTerminals.xtermStrings
        strings["csr"] = nil
        let noRegion = TerminalCapabilities(text: strings, flags: ["am", "xenl", "bce", "msgr"])
        let planner = Self.planner(noRegion, showing: Surface.listFrame(Array(Self.lines[0..<6])))
        let frame = Surface.listFrame(Array(Self.lines[1..<7]), dy: -1)
        frame.cells.withUnsafeBufferPointer { cells in
            #expect(planner.scroll(for: frame.moves[0], frame: cells, region: 0..<Self.size.height) == nil)
            #expect(planner.scroll(for: frame.moves[0], frame: cells, region: 1..<7)?.region == 1..<7)
        }
    }

    /// Content moved three columns right: insert-character at its edge, one operation, and the
    /// model's row then matches but for the inserted cells (unknown: always written).
    @Test func aRowMovedSidewaysIsShiftedWithInsertCharacter() {
        let text = "a line of text that moved to the right"
        let planner = Self.planner(HandMadeTerminals.xterm, showing: Self.row(String(text.prefix(37))))
        let frame = Self.row(String(text.prefix(37)), at: 3)
        let moves = [SurfaceMove(rows: 0..<1, columns: 3..<Self.size.width, dx: 3)]
        let shifts = frame.cells.withUnsafeBufferPointer {
            planner.shifts(forRow: 0, of: $0, moves: moves, currentStyle: .plain)
        }
        #expect(shifts == [FramePlanner.Shift(column: 3, count: 3, inserts: true)])
        #expect(planner.apply(shifts[0], row: 0, fill: FramePlanner.unknown))
        #expect(Array(planner.cells[6...]) == Array(frame.cells[6...]))
        #expect(planner.cells[3..<6].allSatisfy { $0 == FramePlanner.unknown })
    }

    /// A terminal without insert- or delete-character (vt100) gets no shift.
    @Test func noShiftWithoutInsertOrDeleteCharacter() {
        let planner = Self.planner(HandMadeTerminals.vt100, showing: Self.row("a line of text"))
        let frame = Self.row("a line of text", at: 3)
        let moves = [SurfaceMove(rows: 0..<1, columns: 3..<Self.size.width, dx: 3)]
        #expect(!planner.canShift)
        #expect(
            frame.cells.withUnsafeBufferPointer {
                planner.shifts(forRow: 0, of: $0, moves: moves, currentStyle: .plain)
            }
            .isEmpty)
    }

    /// Deleting a character where it would cut a wide glyph on the terminal is never planned;
    /// the same move over narrow text is a delete-character.
    @Test func aShiftThatWouldCutAWideGlyphIsNotPlanned() {
        let moves = [SurfaceMove(rows: 0..<1, columns: 2..<Self.size.width, dx: -1)]
        for (shown, wide) in [("日本語 and some text after it", true), ("xyzw and some text after it", false)] {
            let planner = Self.planner(HandMadeTerminals.xterm, showing: Self.row(shown))
            var frame = Self.row(String(shown.prefix(1)))
            _ = frame.write(String(shown.dropFirst(wide ? 1 : 2)), at: Point(x: 1, y: 0))
            let shifts = frame.cells.withUnsafeBufferPointer {
                planner.shifts(forRow: 0, of: $0, moves: moves, currentStyle: .plain)
            }
            if wide {
                #expect(shifts.isEmpty, "column 1 is the right half of 日")
            } else {
                #expect(shifts == [FramePlanner.Shift(column: 1, count: 1, inserts: false)])
            }
        }
    }
}
