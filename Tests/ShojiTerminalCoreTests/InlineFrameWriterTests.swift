import Shoji
import ShojiTerminalCore
import Testing
import TestSupport

/// The frame writer in an inline block, on hand-made capability tables: a `TerminalModel` holds
/// a shell's lines, the writer places a block below them and draws frames there, and after
/// every step the lines above the block (on the screen and in the scrollback) are what the
/// shell wrote, no byte of a frame printed or erased anything above the block's top row, and
/// the block shows the surface.
struct InlineFrameWriterTests {
    private static let terminal = Size(width: 40, height: 14)

    /// A terminal of `terminal`'s size that shows `lines` lines of a shell's output, then
    /// `partial` (without a line break) when given; the cursor after them.
    private static func shell(lines: Int, partial: String? = nil, eatsNewlineGlitch: Bool = true) -> (
        TerminalModel, [String]
    ) {
        // tmux's scroll-on-clear: an erase from the top-left cell would copy the screen into
        // the scrollback, where it would show among the shell's lines.
        let model = TerminalModel(
            columns: terminal.width, rows: terminal.height, eatsNewlineGlitch: eatsNewlineGlitch,
            scrollsOnClear: true)
        var written: [String] = []
        for line in 0..<lines {
            written.append("$ prompt line \(line)")
            model.feed(Array("$ prompt line \(line)\r\n".utf8))
        }
        if let partial {
            model.feed(Array(partial.utf8))
            written.append(partial)
        }
        return (model, written)
    }

    /// Frames of a block `size` big: coloured and wide text that slides sideways, a list that
    /// scrolls (with the hints that say so), emoji clusters at the right edge, and the cursor
    /// shown in some frames.
    private static func frames(_ size: Size) -> [Surface] {
        var result: [Surface] = []
        let offsets = [0, 3, 7, 2, 0, 1, 4, 0]
        for (index, offset) in offsets.enumerated() {
            var surface = Surface(size: size)
            surface.fill(Rect(x: 0, y: 0, width: size.width, height: 1), style: Style(background: .palette(52)))
            _ = surface.write("bar 漢字 \(index)", at: Point(x: offset, y: 0), style: Style(background: .palette(52)))
            for y in 1..<max(1, size.height - 1) {
                let line = index + y
                let style = Style(foreground: .palette(UInt8(200 + line % 20)), background: .palette(24))
                surface.fill(Rect(x: 0, y: y, width: size.width / 2, height: 1), style: style)
                _ = surface.write(
                    "\(["漢", "😀", "é", "x"][line % 4]) line \(line)", at: Point(x: 0, y: y), style: style)
                let edge = ["👍🏽", "🇫🇷", "👨‍👩‍👧", "字", "ok"][(line + index) % 5]
                _ = surface.write(edge, at: Point(x: size.width - 2, y: y), style: Style(attributes: .bold))
            }
            _ = surface.write("footer 😀 \(index)", at: Point(x: 0, y: size.height - 1), style: Style(attributes: .dim))
            if index > 0 {
                let previous = offsets[index - 1]
                surface.moves = [
                    SurfaceMove(rows: 0..<1, columns: offset..<size.width, dx: offset - previous),
                    SurfaceMove(rows: 1..<max(1, size.height - 1), columns: 0..<(size.width / 2), dx: 0, dy: -1)
                ]
            }
            surface.cursor = index % 3 == 1 ? Point(x: 3, y: min(2, size.height - 1)) : nil
            result.append(surface)
        }
        return result
    }

    /// Sequences that address rows absolutely or scroll, or may: `cup` (and `home`), `vpa`, `csr`,
    /// SU, SD, reverse index, a line feed, automatic margins on before the frame's end. None may
    /// be in an inline frame.
    private static func absoluteOrScrolling(_ bytes: [UInt8]) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        var found: [String] = []
        var index = text.startIndex
        while let escape = text[index...].firstIndex(of: "\u{1B}") {
            let rest = text[text.index(after: escape)...]
            if rest.hasPrefix("M") { found.append("\\eM") }
            if rest.hasPrefix("[?7h") && !rest.dropFirst(4).isEmpty { found.append("\\e[?7h before the end") }
            if rest.hasPrefix("[") {
                let body = rest.dropFirst().prefix { $0.isNumber || $0 == ";" }
                let final = rest.dropFirst(1 + body.count).first
                if let final, "HfdrST".contains(final) { found.append("\\e[\(body)\(final)") }
            }
            index = text.index(after: escape)
        }
        if text.contains("\n") { found.append("a line feed") }
        return found
    }

    /// The shell's lines and the rows of the screen above `top`, as the scrollback and the
    /// screen hold them.
    private static func linesAbove(_ top: Int, in model: TerminalModel) -> [String] {
        (model.scrollback + (0..<top).map { model.text(row: $0) }).map(trimmed)
    }

    /// `row` without its trailing blanks.
    private static func trimmed(_ row: String) -> String {
        var trimmed = Substring(row)
        while trimmed.last == " " { trimmed.removeLast() }
        return String(trimmed)
    }

    /// Draws `frames` into the block and checks each as the type's notes say; returns the bytes
    /// of every frame.
    @discardableResult
    private func draw(
        _ frames: [Surface], writer: FrameWriter, model: TerminalModel, above: [String], addresses: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [[UInt8]] {
        var sent: [[UInt8]] = []
        for (index, surface) in frames.enumerated() {
            let top = writer.inlineTop
            model.resetTouchedRows()
            surface.cells.withUnsafeBufferPointer {
                writer.render($0, size: surface.size, moves: surface.moves, cursor: surface.cursor)
            }
            let bytes = Array(writer.output.bytes)
            sent.append(bytes)
            model.feed(bytes)
            let forbidden = Self.absoluteOrScrolling(bytes).filter { !(addresses && $0.hasSuffix("H")) }
            #expect(forbidden.isEmpty, "frame \(index): \(forbidden)", sourceLocation: sourceLocation)
            #expect(
                (model.topmostTouchedRow ?? top) >= top, "frame \(index) wrote above the block",
                sourceLocation: sourceLocation)
            #expect(Self.linesAbove(top, in: model) == above, "frame \(index)", sourceLocation: sourceLocation)
            for y in 0..<surface.size.height {
                #expect(
                    model.text(row: top + y).prefix(surface.size.width) == surface.text(row: y),
                    "frame \(index), block row \(y)", sourceLocation: sourceLocation)
            }
            if let cursor = surface.cursor {
                #expect(
                    model.cursorVisible && model.cursorX == cursor.x && model.cursorY == top + cursor.y,
                    "frame \(index)", sourceLocation: sourceLocation)
            } else {
                // A hidden cursor waits on the block's top-left cell, where a resize finds it.
                #expect(
                    (writer.capabilities.cursorInvisible == nil || !model.cursorVisible) && model.cursorX == 0
                        && model.cursorY == top, "frame \(index)", sourceLocation: sourceLocation)
            }
        }
        #expect(model.unknownSequences.isEmpty, "\(model.unknownSequences)", sourceLocation: sourceLocation)
        #expect(model.scrolledLines == 0, "no write wrapped past the bottom", sourceLocation: sourceLocation)
        return sent
    }

    /// Places a block of `height` rows under `lines` lines of output, draws the frames, leaves.
    private func run(
        _ capabilities: TerminalCapabilities, colors: Int?, lines: Int, height: Int, cursorKnown: Bool = true,
        eatsNewlineGlitch: Bool = true, addresses: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let (model, above) = Self.shell(lines: lines, eatsNewlineGlitch: eatsNewlineGlitch)
        let writer = HandMadeTerminals.writer(capabilities, colors: colors)
        let size = Size(width: Self.terminal.width, height: height)
        writer.startInlineBlock(
            size: size, terminalRows: Self.terminal.height,
            cursor: cursorKnown ? (model.cursorY, model.cursorX) : nil)
        model.feed(writer.output.bytes)
        let rows = min(height, Self.terminal.height)
        let top = writer.inlineTop
        let expectedTop = cursorKnown ? min(lines, Self.terminal.height - rows) : Self.terminal.height - rows
        #expect(top == expectedTop, "top row", sourceLocation: sourceLocation)
        #expect(model.cursorX == 0 && model.cursorY == top, "placed", sourceLocation: sourceLocation)
        // Without a cursor position the block ends on the last row: blank lines may come between.
        let before = Self.linesAbove(top, in: model)
        #expect(Array(before.prefix(above.count)) == above, sourceLocation: sourceLocation)
        #expect(
            cursorKnown ? before.count == above.count : before.dropFirst(above.count).allSatisfy(\.isEmpty),
            sourceLocation: sourceLocation)

        let frames = Self.frames(Size(width: Self.terminal.width, height: rows))
        draw(frames, writer: writer, model: model, above: before, addresses: addresses, sourceLocation: sourceLocation)

        writer.leaveInlineBlock()
        model.feed(writer.output.bytes)
        // The last frame stays (in the scrollback where the line feed took it); the cursor is
        // shown on the line below it, attributes off.
        let last = frames[frames.count - 1]
        let lines = Self.linesAbove(model.cursorY, in: model)
        #expect(model.cursorX == 0 && model.cursorVisible, sourceLocation: sourceLocation)
        #expect(Array(lines.dropLast(rows)) == before, "the lines above", sourceLocation: sourceLocation)
        #expect(
            Array(lines.suffix(rows)) == (0..<rows).map { Self.trimmed(last.text(row: $0)) }, "the last frame kept",
            sourceLocation: sourceLocation)
        #expect(model.text(row: model.cursorY).allSatisfy { $0 == " " }, sourceLocation: sourceLocation)
        model.feed(Array("x".utf8))
        #expect(model[0, model.cursorY].rendition == TerminalModel.Rendition(), sourceLocation: sourceLocation)
    }

    /// Frames of a block `size` big in which text is typed on the last row, a character a
    /// frame, with the cursor after it: no frame needs to move up.
    private static func typingFrames(_ size: Size) -> [Surface] {
        let typed = "hello there"
        return (0...typed.count).map { count in
            var surface = Surface(size: size)
            _ = surface.write("Name:", at: Point(x: 0, y: 0))
            _ = surface.write("> " + typed.prefix(count), at: Point(x: 0, y: size.height - 1))
            surface.cursor = Point(x: 2 + count, y: size.height - 1)
            return surface
        }
    }

    /// Every frame that writes cells saves the cursor's place first (`sc`) and goes back to it
    /// (`rc`) after its last cell, before the cursor goes where the frame wants it, even when
    /// nothing it writes is above where it started (typing on the block's last row).
    @Test(arguments: [false, true])
    func everyFrameThatWritesReturnsTheCursorToWhereItSavedIt(typing: Bool) {
        let (model, _) = Self.shell(lines: 3)
        let writer = HandMadeTerminals.writer(HandMadeTerminals.xterm, colors: 256)
        let size = Size(width: Self.terminal.width, height: 6)
        writer.startInlineBlock(size: size, terminalRows: Self.terminal.height, cursor: (model.cursorY, model.cursorX))
        model.feed(writer.output.bytes)
        let save: [UInt8] = [0x1B, 0x37], restore: [UInt8] = [0x1B, 0x38]
        for (index, surface) in (typing ? Self.typingFrames(size) : Self.frames(size)).enumerated() {
            let start = (x: model.cursorX, y: model.cursorY)
            surface.cells.withUnsafeBufferPointer {
                writer.render($0, size: surface.size, moves: surface.moves, cursor: surface.cursor)
            }
            let bytes = Array(writer.output.bytes)
            // A frame whose cells are all on the terminal already only moves the cursor.
            guard writer.writtenCells > 0 else {
                model.feed(bytes)
                #expect(index > 0, "the first frame writes")
                continue
            }
            let saved = bytes.indices.first { bytes[$0...].starts(with: save) }
            let restored = bytes.indices.last { bytes[$0...].starts(with: restore) }
            guard let saved, let restored, saved < restored else {
                Issue.record(
                    "frame \(index): sc then rc expected in \(String(decoding: bytes, as: UTF8.self).debugDescription)")
                model.feed(bytes)
                continue
            }
            model.feed(bytes[..<(restored + restore.count)])
            #expect(model.cursorX == start.x && model.cursorY == start.y, "frame \(index): back where it started")
            model.feed(bytes[(restored + restore.count)...])
            for y in 0..<size.height {
                #expect(model.text(row: writer.inlineTop + y) == surface.text(row: y), "frame \(index), row \(y)")
            }
            if let cursor = surface.cursor {
                #expect(model.cursorX == cursor.x && model.cursorY == writer.inlineTop + cursor.y, "frame \(index)")
            }
        }
    }

    @Test(arguments: [(3, 6), (12, 6), (2, 14), (5, 20), (13, 1)])
    func xtermBlocksNeverTouchTheLinesAbove(lines: Int, height: Int) {
        run(HandMadeTerminals.xterm, colors: 256, lines: lines, height: height)
    }

    @Test(arguments: [(3, 6), (12, 6)])
    func vt100BlocksNeverTouchTheLinesAbove(lines: Int, height: Int) {
        run(HandMadeTerminals.vt100, colors: nil, lines: lines, height: height)
    }

    /// A terminal whose automatic margins wrap at once (no `xenl`): writing a row's last column
    /// takes the cursor to the next row, which the writer follows.
    @Test func blocksOnATerminalWithoutTheNewlineGlitch() {
        let noGlitch = TerminalCapabilities(text: HandMadeTerminals.xtermStrings, flags: ["am", "bce", "msgr"])
        run(noGlitch, colors: 256, lines: 4, height: 8, eatsNewlineGlitch: false)
    }

    /// `ansi`'s description: automatic margins without `xenl`, and no way to switch them off
    /// (nor `sc`/`rc`, `csr`, `civis`). Terminals that get it may wrap at once or wait (tmux
    /// waits): the writer cannot tell the cursor's row after the last column, so it moves
    /// absolutely from the block's top row there, and both kinds show the frames.
    @Test(arguments: [true, false])
    func blocksOnATerminalThatClaimsToWrapAtOnce(waits: Bool) {
        var strings = HandMadeTerminals.xtermStrings
        for name in ["smam", "rmam", "sc", "rc", "csr", "civis", "cnorm"] { strings[name] = nil }
        let ansi = TerminalCapabilities(text: strings, flags: ["am", "msgr"])
        run(ansi, colors: 256, lines: 4, height: 8, eatsNewlineGlitch: waits, addresses: true)
        run(ansi, colors: 256, lines: 12, height: 8, eatsNewlineGlitch: waits, addresses: true)
    }

    /// With no cursor position (the terminal did not answer), the block goes to the last rows.
    @Test func withoutACursorPositionTheBlockEndsOnTheLastRow() {
        run(HandMadeTerminals.xterm, colors: 256, lines: 3, height: 6, cursorKnown: false)
        run(HandMadeTerminals.xterm, colors: 256, lines: 12, height: 6, cursorKnown: false)
    }

    /// A cursor after text without a line break: the block starts on the next line, and that
    /// text stays.
    @Test func aPartialLineIsKept() {
        let (model, above) = Self.shell(lines: 2, partial: "partial")
        let writer = HandMadeTerminals.writer(HandMadeTerminals.xterm, colors: 256)
        writer.startInlineBlock(
            size: Size(width: Self.terminal.width, height: 4), terminalRows: Self.terminal.height,
            cursor: (model.cursorY, model.cursorX))
        model.feed(writer.output.bytes)
        #expect(writer.inlineTop == 3 && model.cursorY == 3)
        #expect(Self.linesAbove(3, in: model) == above)
        draw(Self.frames(Size(width: Self.terminal.width, height: 4)), writer: writer, model: model, above: above)
    }

    /// Making room: the scroll region becomes the whole screen with the cursor kept (a region
    /// another program left would stop the line feeds), and the block is cleared to the end of
    /// the screen, whatever was there.
    @Test func placingSetsTheWholeScreenAsRegionAndClearsBelow() {
        let (model, above) = Self.shell(lines: 3)
        model.feed(Array("\u{1B}7\u{1B}[10;14H old text\u{1B}8".utf8))
        model.feed(Array("\u{1B}[2;5r\u{1B}[4;1H".utf8))  // a region left behind, the cursor back
        let writer = HandMadeTerminals.writer(HandMadeTerminals.xterm, colors: 256)
        writer.startInlineBlock(
            size: Size(width: Self.terminal.width, height: 12), terminalRows: Self.terminal.height,
            cursor: (3, 0))
        let bytes = String(decoding: writer.output.bytes, as: UTF8.self)
        #expect(bytes.hasPrefix("\u{1B}[?25l\u{1B}(B\u{1B}[m"), "cursor hidden, attributes off first")
        #expect(bytes.contains("\u{1B}7\u{1B}[1;14r\u{1B}8"))
        model.feed(writer.output.bytes)
        #expect(model.hasFullScrollRegion)
        #expect(writer.inlineTop == 2 && model.cursorY == 2)
        #expect(Self.linesAbove(2, in: model) == above)
        #expect((2..<14).allSatisfy { model.text(row: $0).allSatisfy { $0 == " " } })
    }

    /// The terminal moved the block's rows (with the cursor) before the app heard of it, as
    /// tmux does when a taller window brings lines back from the scrollback: a frame written
    /// then, relative to the cursor, still lands in the block and not on the lines above.
    @Test func aFrameAfterTheLinesMovedStaysInTheBlock() {
        let (model, _) = Self.shell(lines: 3)
        let writer = HandMadeTerminals.writer(HandMadeTerminals.xterm, colors: 256)
        let size = Size(width: Self.terminal.width, height: 6)
        writer.startInlineBlock(size: size, terminalRows: Self.terminal.height, cursor: (model.cursorY, model.cursorX))
        model.feed(writer.output.bytes)
        let frames = Self.frames(size)
        draw(Array(frames.prefix(3)), writer: writer, model: model, above: Self.linesAbove(3, in: model))
        // Two lines come in at the top; everything, the cursor too, moves down by two.
        let (x, y) = (model.cursorX, model.cursorY)
        model.feed(Array("\u{1B}[1;1H\u{1B}[2L\u{1B}[\(y + 3);\(x + 1)H".utf8))
        let above = Self.linesAbove(5, in: model)
        for (index, surface) in frames.dropFirst(3).enumerated() {
            model.resetTouchedRows()
            surface.cells.withUnsafeBufferPointer {
                writer.render($0, size: surface.size, moves: surface.moves, cursor: surface.cursor)
            }
            model.feed(writer.output.bytes)
            #expect((model.topmostTouchedRow ?? 5) >= 5, "frame \(index) wrote above the block")
            #expect(Self.linesAbove(5, in: model) == above, "frame \(index)")
            for row in 0..<size.height {
                #expect(model.text(row: 5 + row) == surface.text(row: row), "frame \(index), block row \(row)")
            }
        }
    }

    /// tmux shrinks a pane a while before it tells the app (up to a quarter of a second): it
    /// deletes the rows below the cursor, which the frames of an animation still address (and,
    /// narrower, its rows are too long). Their moves down stop at the bottom row, long rows pile
    /// up in the last column, and they go up only back to where the frame started: none writes
    /// on the shell's lines, scrolls them, or ends elsewhere than it started; once the app hears
    /// of the new size, the block is placed again from the cursor's line, and those lines are
    /// still whole and where they were.
    @Test(arguments: [(true, 40), (false, 40), (true, 30), (false, 30)])
    func framesForARowCountThatShrankNeverWriteAboveTheBlock(cursorShown: Bool, columns: Int) {
        let (model, above) = Self.shell(lines: 10)
        let writer = HandMadeTerminals.writer(HandMadeTerminals.xterm, colors: 256)
        let size = Size(width: Self.terminal.width, height: 6)
        writer.startInlineBlock(size: size, terminalRows: Self.terminal.height, cursor: (model.cursorY, model.cursorX))
        model.feed(writer.output.bytes)
        #expect(writer.inlineTop == 8)
        var frames = Self.frames(size)
        if cursorShown {
            for index in frames.indices { frames[index].cursor = Point(x: 4, y: 3) }
        }
        draw([frames[0]], writer: writer, model: model, above: Self.linesAbove(8, in: model))
        // Nine rows now: the five rows below the cursor's are gone, the cursor stays.
        let (x, y) = (model.cursorX, model.cursorY)
        model.feed(Array("\u{1B}[\(y + 2);1H\u{1B}[\(Self.terminal.height - y - 1)M".utf8))
        model.resize(columns: columns, rows: y + 1)
        model.feed(Array("\u{1B}[\(y + 1);\(min(x, columns - 1) + 1)H".utf8))
        let scrollback = model.scrollback.count
        func shellLinesAreWhole(_ comment: String) {
            let lines = (model.scrollback + (0..<model.rows).map { model.text(row: $0) }).map(Self.trimmed)
            #expect(Array(lines.prefix(above.count)) == above, "\(comment): \(lines)")
        }
        // Frames that change rows far apart: the moves between them are long ones.
        var stale: [Surface] = []
        for (index, rows) in [[4], [0, 4], [5], [1, 5], [0, 3, 5]].enumerated() {
            var surface = frames[0]
            for row in rows { _ = surface.write("changed \(index) ", at: Point(x: 12, y: row)) }
            stale.append(surface)
        }
        for surface in stale {
            surface.cells.withUnsafeBufferPointer {
                writer.render($0, size: surface.size, moves: surface.moves, cursor: surface.cursor)
            }
            model.feed(writer.output.bytes)
            shellLinesAreWhole("a frame for the old size")
            #expect(model.scrollback.count == scrollback, "nothing scrolled")
            #expect(model.cursorY == y, "it ended on the row it started on")
        }
        // The app hears of it.
        let rows = min(size.height, model.rows)
        writer.restartInlineBlock(
            size: Size(width: size.width, height: rows), terminalRows: model.rows, cursorRow: model.cursorY)
        model.feed(writer.output.bytes)
        shellLinesAreWhole("placed again")
        for surface in Self.frames(Size(width: size.width, height: rows)) {
            surface.cells.withUnsafeBufferPointer {
                writer.render($0, size: surface.size, moves: surface.moves, cursor: surface.cursor)
            }
            model.feed(writer.output.bytes)
            shellLinesAreWhole("a frame for the new size")
        }
        #expect(model.unknownSequences.isEmpty)
    }

    /// A new terminal size: the block is placed again from the cursor's line (where the last
    /// frame parked it), cleared, and drawn whole at the new width; the lines above stay.
    @Test(arguments: [Size(width: 30, height: 10), Size(width: 50, height: 20), Size(width: 40, height: 5)])
    func aResizePlacesTheBlockAgainWhereItsFirstLineIs(newSize: Size) {
        let (model, _) = Self.shell(lines: 5)
        let writer = HandMadeTerminals.writer(HandMadeTerminals.xterm, colors: 256)
        writer.startInlineBlock(
            size: Size(width: Self.terminal.width, height: 8), terminalRows: Self.terminal.height,
            cursor: (model.cursorY, model.cursorX))
        model.feed(writer.output.bytes)
        let above = Self.linesAbove(5, in: model)
        draw(Self.frames(Size(width: Self.terminal.width, height: 8)), writer: writer, model: model, above: above)

        model.resize(columns: newSize.width, rows: newSize.height)
        let rows = min(8, newSize.height)
        writer.restartInlineBlock(
            size: Size(width: newSize.width, height: rows), terminalRows: newSize.height, cursorRow: model.cursorY)
        model.feed(writer.output.bytes)
        let top = writer.inlineTop
        #expect(top == min(5, newSize.height - rows) && model.cursorY == top && model.cursorX == 0)
        let now = Self.linesAbove(top, in: model)
        #expect(now == Array(above.prefix(now.count)) || now.suffix(above.count) == above[...], "\(now)")
        draw(Self.frames(Size(width: newSize.width, height: rows)), writer: writer, model: model, above: now)
    }

    /// A frame that shows the cursor lower down: the block is placed again from the block's
    /// first row, reached from the cursor with relative moves.
    @Test func aResizeWithTheCursorShownFindsTheFirstRow() {
        let (model, _) = Self.shell(lines: 2)
        let writer = HandMadeTerminals.writer(HandMadeTerminals.xterm, colors: 256)
        let size = Size(width: Self.terminal.width, height: 6)
        writer.startInlineBlock(size: size, terminalRows: Self.terminal.height, cursor: (model.cursorY, model.cursorX))
        model.feed(writer.output.bytes)
        var surface = Self.frames(size)[0]
        surface.cursor = Point(x: 5, y: 4)
        draw([surface], writer: writer, model: model, above: Self.linesAbove(2, in: model))
        #expect(model.cursorY == 6)
        model.resize(columns: 36, rows: 14)
        writer.restartInlineBlock(size: Size(width: 36, height: 6), terminalRows: 14, cursorRow: model.cursorY)
        model.feed(writer.output.bytes)
        #expect(writer.inlineTop == 2 && model.cursorY == 2 && model.cursorX == 0)
    }

    /// After `invalidate()` (Ctrl-L), the block is cleared from its first row and drawn again,
    /// still without absolute moves.
    @Test func anInvalidatedBlockIsDrawnAgainInPlace() {
        let (model, _) = Self.shell(lines: 4)
        let writer = HandMadeTerminals.writer(HandMadeTerminals.xterm, colors: 256)
        let size = Size(width: Self.terminal.width, height: 5)
        writer.startInlineBlock(size: size, terminalRows: Self.terminal.height, cursor: (model.cursorY, model.cursorX))
        model.feed(writer.output.bytes)
        let above = Self.linesAbove(4, in: model)
        let frames = Self.frames(size)
        draw([frames[1]], writer: writer, model: model, above: above)
        writer.invalidate()
        let sent = draw([frames[1]], writer: writer, model: model, above: above)
        #expect(
            String(decoding: sent[0], as: UTF8.self).contains("\u{1B}[K\u{1B}[1C\u{1B}[J"),
            "cleared to the end of the screen, but not from the top-left cell")
    }

    /// A list scrolled a line at a time, down and back up, in a block on the terminal's last
    /// rows and in one with room below: each frame deletes and inserts a line relative to the
    /// cursor (no scroll region, no absolute move), the shell's lines and the rows around the
    /// list stay, and a frame costs a fraction of writing the list's rows again (what the
    /// block did before; the terminal without `il`/`dl` still does).
    @Test(arguments: [12, 2])
    func aListScrolledInTheBlockDeletesAndInsertsLines(shellLines: Int) {
        let size = Size(width: Self.terminal.width, height: 8)
        // Rows that differ in every column, so a row written again costs its width.
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let texts = (0..<20).map { line in String((0..<36).map { letters[(line * 7 + $0) % 26] }) }
        let offsets = [0, 1, 2, 3, 2, 1, 0]
        let frames = offsets.enumerated().map { index, offset in
            Surface.listFrame(
                Array(texts[offset..<(offset + 6)]), size: size,
                dy: index == 0 ? 0 : offsets[index - 1] - offset)
        }
        func bytesPerScroll(_ capabilities: TerminalCapabilities) -> [Int] {
            let (model, _) = Self.shell(lines: shellLines)
            let writer = HandMadeTerminals.writer(capabilities, colors: 256)
            writer.startInlineBlock(
                size: size, terminalRows: Self.terminal.height, cursor: (model.cursorY, model.cursorX))
            model.feed(writer.output.bytes)
            let above = Self.linesAbove(writer.inlineTop, in: model)
            return draw(frames, writer: writer, model: model, above: above).dropFirst().map(\.count)
        }
        var strings = HandMadeTerminals.xtermStrings
        for name in ["il", "il1", "dl", "dl1"] { strings[name] = nil }
        let byLines = bytesPerScroll(HandMadeTerminals.xterm)
        let rewritten = bytesPerScroll(TerminalCapabilities(text: strings, flags: ["am", "xenl", "bce", "msgr"]))
        for (scrolled, written) in zip(byLines, rewritten) {
            #expect(scrolled * 3 < written, "\(byLines) bytes a frame by lines, \(rewritten) rewriting the rows")
        }
    }
}
