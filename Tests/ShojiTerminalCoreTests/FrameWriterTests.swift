import Shoji
import ShojiTerminalCore
import Testing
import TestSupport

/// The frame writer on hand-made capability tables, its bytes fed to `TerminalModel`: after
/// every frame the model shows the surface. No terminfo, no ncurses.
struct FrameWriterTests {
    private static let size = Size(width: 40, height: 8)

    /// Frames of a pane with styled, coloured and wide text sliding right and back.
    private static func frames() -> [Surface] {
        var result: [Surface] = []
        let offsets = [0, 3, 7, 12, 7, 2, 0]
        for (index, offset) in offsets.enumerated() {
            var surface = Surface(size: size)
            surface.fill(Rect(x: 0, y: 0, width: offset, height: size.height), style: Style(background: .palette(24)))
            let styles: [Style] = [
                .plain, Style(attributes: .bold), Style(attributes: [.underline, .reverse]),
                Style(foreground: .ansi(1), background: .ansi(4)),
                Style(attributes: .italic, foreground: .palette(200)),
                Style(attributes: .dim), Style(foreground: .rgb(10, 200, 30)), .plain
            ]
            for y in 0..<size.height {
                _ = surface.write(
                    "row \(y) 日本 text \(index)", at: Point(x: offset, y: y), style: styles[y % styles.count])
            }
            if index > 0 {
                let move = offset - offsets[index - 1]
                surface.moves = [SurfaceMove(rows: 0..<size.height, columns: offset..<size.width, dx: move)]
            }
            surface.cursor = index % 2 == 0 ? Point(x: offset, y: 1) : nil
            result.append(surface)
        }
        return result
    }

    /// Frames of a list of coloured, wide text in the left `listWidth` columns of rows 1-6
    /// scrolling by the offsets given (the moves say so, except one that is wrong), beside
    /// content that stays (`busy`: coloured text on every row, else a word on blanks), under a
    /// bar and over a footer.
    private static func scrollFrames(busy: Bool) -> [Surface] {
        let listWidth = 24
        let offsets = [0, 1, 2, 5, 4, 1, 1, 3, 4, 0]
        var result: [Surface] = []
        for (index, offset) in offsets.enumerated() {
            var surface = Surface(size: size)
            surface.fill(Rect(x: 0, y: 0, width: size.width, height: 1), style: Style(background: .palette(52)))
            _ = surface.write("bar 漢字", at: Point(x: 1, y: 0), style: Style(background: .palette(52)))
            _ = surface.write("footer 😀", at: Point(x: 0, y: size.height - 1), style: Style(attributes: .dim))
            for y in 1..<(size.height - 1) {
                let line = offset + y - 1
                let style = Style(foreground: .palette(UInt8(200 + line % 20)), background: .palette(24))
                surface.fill(Rect(x: 0, y: y, width: listWidth, height: 1), style: style)
                let glyph = ["漢", "😀", "字", "é"][line % 4]
                _ = surface.write(
                    "\(glyph) line \(line) " + String(repeating: glyph, count: line % 9), at: Point(x: 0, y: y),
                    style: style)
                if busy {
                    _ = surface.write(
                        "字 side \(y) text", at: Point(x: listWidth, y: y), style: Style(background: .ansi(2)))
                } else if y == 3 {
                    _ = surface.write("note", at: Point(x: 30, y: y))
                }
            }
            if index > 0 && offset != offsets[index - 1] {
                // Frame 8 says it moved two lines; it moved one.
                let dy = index == 8 ? -2 : offsets[index - 1] - offset
                surface.moves = [SurfaceMove(rows: 1..<(size.height - 1), columns: 0..<listWidth, dx: 0, dy: dy)]
            }
            surface.cursor = index % 3 == 0 ? Point(x: 2, y: 2) : nil
            result.append(surface)
        }
        return result
    }

    /// Renders every frame and checks the model after each; returns the bytes of every frame
    /// and how many lines the writer scrolled in all.
    private func check(
        _ capabilities: TerminalCapabilities, colors: Int?, backColorErase: Bool, styles checkStyles: Bool,
        frames: [Surface] = Self.frames()
    ) -> (sent: [[UInt8]], scrolled: Int) {
        let writer = HandMadeTerminals.writer(capabilities, colors: colors)
        let model = TerminalModel(columns: Self.size.width, rows: Self.size.height, backColorErase: backColorErase)
        let mapper = ColorMapper(colorCount: colors ?? 256)
        var sent: [[UInt8]] = []
        var scrolled = 0
        for (index, surface) in frames.enumerated() {
            surface.cells.withUnsafeBufferPointer {
                writer.render($0, size: surface.size, moves: surface.moves, cursor: surface.cursor)
            }
            let bytes = Array(writer.output.bytes)
            sent.append(bytes)
            scrolled += writer.scrolledLines
            model.feed(bytes)
            for y in 0..<Self.size.height {
                #expect(model.text(row: y) == surface.text(row: y), "frame \(index), row \(y)")
            }
            if checkStyles {
                for y in 0..<Self.size.height {
                    for x in 0..<Self.size.width where !surface[x, y].isContinuation {
                        let cell = surface[x, y]
                        let expected = TerminalModel.Rendition(style: cell.style) { Int(mapper.number(for: $0)) }
                        let shown = model[x, y]
                        #expect(
                            TerminalModel.visible(text: shown.text, shown.rendition)
                                == TerminalModel.visible(text: cell.grapheme == " " ? " " : shown.text, expected),
                            "frame \(index) at \(x),\(y)")
                    }
                }
            }
            if capabilities.cursorInvisible != nil {
                #expect(model.cursorVisible == (surface.cursor != nil), "frame \(index)")
            }
            if let cursor = surface.cursor {
                #expect(model.cursorX == cursor.x && model.cursorY == cursor.y, "frame \(index)")
            }
        }
        #expect(model.unknownSequences.isEmpty, "\(model.unknownSequences)")
        #expect(model.scrolledLines == 0)
        // The region may stay set between frames; handing the terminal back sets it whole.
        writer.homeCursor()
        model.feed(Array(writer.output.bytes))
        #expect(model.hasFullScrollRegion)
        #expect(model.cursorX == 0 && model.cursorY == 0)
        return (sent, scrolled)
    }

    @Test func xtermLikeFramesShowTheSurfaceAndShift() {
        let sent = check(HandMadeTerminals.xterm, colors: 256, backColorErase: true, styles: true).sent
        let all = sent.joined()
        #expect(all.contains(0x40))  // `@`: some row was shifted with insert-character
        #expect(String(decoding: all, as: UTF8.self).contains("\u{1B}[38;5;200m"))
    }

    @Test func vt100LikeFramesRewriteRowsAndSendNoPadding() {
        let sent = check(HandMadeTerminals.vt100, colors: nil, backColorErase: false, styles: false).sent
        let text = String(decoding: sent.joined(), as: UTF8.self)
        #expect(!text.contains("$<"))
        #expect(!text.contains("@") && !text.contains("\u{1B}[38"))
    }

    /// A list narrower than the screen scrolls with a scroll region where the terminal has one
    /// and what moved beside it is written back; a wrong hint costs bytes, not the picture.
    @Test(arguments: [true, false])
    func partialWidthScrollsShowTheSurface(busy: Bool) {
        let frames = Self.scrollFrames(busy: busy)
        let xterm = check(HandMadeTerminals.xterm, colors: 256, backColorErase: true, styles: true, frames: frames)
        let vt100 = check(HandMadeTerminals.vt100, colors: nil, backColorErase: false, styles: false, frames: frames)
        var strings = HandMadeTerminals.xtermStrings
        strings["csr"] = nil
        let withoutRegion = TerminalCapabilities(text: strings, flags: ["am", "xenl", "bce", "msgr"])
        let rewritten = check(withoutRegion, colors: 256, backColorErase: true, styles: true, frames: frames)
        #expect(rewritten.scrolled == 0, "no scroll region: rows are written")
        if !busy {
            #expect(xterm.scrolled > 0 && vt100.scrolled > 0)
            let text = String(decoding: xterm.sent.joined(), as: UTF8.self)
            #expect(text.contains("\u{1B}[2;7r"))
            #expect(text.components(separatedBy: "\u{1B}[2;7r").count == 2, "the region is set once and kept")
            #expect(xterm.sent.joined().count < rewritten.sent.joined().count)
        }
    }

    /// Text that starts after a blank margin: the next row is reached with a line feed (`cud1`),
    /// a carriage return and the margin's blank written again, shorter than `cup` from row 10 on.
    @Test func aRowAfterAMarginIsReachedWithCarriageReturn() {
        let size = Size(width: 40, height: 14)
        let writer = HandMadeTerminals.writer(HandMadeTerminals.xterm, colors: 256)
        let model = TerminalModel(columns: size.width, rows: size.height)
        for round in 0..<2 {
            var surface = Surface(size: size)
            for y in 10..<13 { _ = surface.write("\(round == 0 ? "alpha" : "omega") row \(y)", at: Point(x: 1, y: y)) }
            surface.cells.withUnsafeBufferPointer {
                writer.render($0, size: surface.size, moves: [], cursor: nil)
            }
            model.feed(writer.output.bytes)
            #expect(model.text == surface.plainText)
            if round == 1 {
                let text = String(decoding: writer.output.bytes, as: UTF8.self)
                #expect(text.contains("\n\r omeg"), "\(text.debugDescription)")
            }
        }
    }

    /// `count` lines of 32 letters, each line's letters one on from the line before's, so
    /// neighbouring lines differ in every cell.
    private static func distinctLines(_ count: Int) -> [String] {
        (0..<count).map { line in String((0..<32).map { Character(UnicodeScalar(97 + (line + $0) % 26)!) }) }
    }

    /// Renders `surface`, feeds the bytes to `model` and checks every row; returns the bytes.
    @discardableResult
    private func render(
        _ surface: Surface, _ writer: FrameWriter, _ model: TerminalModel,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [UInt8] {
        surface.cells.withUnsafeBufferPointer {
            writer.render($0, size: surface.size, moves: surface.moves, cursor: surface.cursor)
        }
        let bytes = Array(writer.output.bytes)
        model.feed(bytes)
        for y in 0..<surface.size.height {
            #expect(model.text(row: y) == surface.text(row: y), "row \(y)", sourceLocation: sourceLocation)
        }
        return bytes
    }

    /// Content moving down 3 lines on a terminal with `rin`: one `rin`, never three `ri`.
    @Test func aReverseScrollOfSeveralLinesIsOneSequence() {
        let writer = HandMadeTerminals.writer(HandMadeTerminals.xterm, colors: 256)
        let model = TerminalModel(columns: Self.size.width, rows: Self.size.height)
        let lines = Self.distinctLines(20)
        render(Surface.listFrame(Array(lines[10..<16])), writer, model)
        let bytes = render(Surface.listFrame(Array(lines[7..<13]), dy: 3), writer, model)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(writer.scrolledLines == 3)
        #expect(text.components(separatedBy: "\u{1B}[3T").count == 2, "one rin: \(text.debugDescription)")
        #expect(!text.contains("\u{1B}M"), "no ri")
    }

    /// A scroll that needs a new region pays `csr` too: where the saving is smaller than that,
    /// the rows are written; the same scroll with the region already set is taken. The saving
    /// here falls by a byte for each column of a prefix the scroll cannot reuse (the last row
    /// is written from blank), so the scroll is given up for exactly as many prefix widths as
    /// setting the region costs bytes.
    @Test func aScrollNeedingANewRegionIsTakenOnlyWhenItSavesMoreThanTheRegionCosts() throws {
        let csr = try #require(HandMadeTerminals.xterm.changeScrollRegion).length(1, Self.size.height - 2)
        /// Lines with `prefix` equal columns and a last one that differs from the next line's.
        func lines(_ prefix: Int) -> [String] {
            (0..<20).map { String(repeating: "=", count: prefix) + String(Character(UnicodeScalar(65 + $0)!)) }
        }
        var onlyWithTheRegionSet: [Int] = []
        for prefix in 4..<36 {
            // A fresh writer: its region is the whole screen.
            let fresh = HandMadeTerminals.writer(HandMadeTerminals.xterm, colors: 256)
            let freshModel = TerminalModel(columns: Self.size.width, rows: Self.size.height)
            render(Surface.listFrame(Array(lines(prefix)[0..<6])), fresh, freshModel)
            render(Surface.listFrame(Array(lines(prefix)[1..<7]), dy: -1), fresh, freshModel)
            let scrolledFresh = fresh.scrolledLines > 0
            // A writer whose last scroll (of long, distinct lines) set the list's rows as region.
            let set = HandMadeTerminals.writer(HandMadeTerminals.xterm, colors: 256)
            let setModel = TerminalModel(columns: Self.size.width, rows: Self.size.height)
            let long = Self.distinctLines(8)
            render(Surface.listFrame(Array(long[0..<6])), set, setModel)
            render(Surface.listFrame(Array(long[1..<7]), dy: -1), set, setModel)
            try #require(set.scrolledLines == 1)
            render(Surface.listFrame(Array(lines(prefix)[0..<6])), set, setModel)
            let bytes = render(Surface.listFrame(Array(lines(prefix)[1..<7]), dy: -1), set, setModel)
            let scrolledSet = set.scrolledLines > 0
            #expect(!String(decoding: bytes, as: UTF8.self).contains("r\u{1B}"), "no new region: \(prefix)")
            #expect(!scrolledFresh || scrolledSet, "prefix \(prefix): a scroll with csr to pay but not without")
            if scrolledSet && !scrolledFresh { onlyWithTheRegionSet.append(prefix) }
        }
        #expect(onlyWithTheRegionSet.count == csr, "given up for \(onlyWithTheRegionSet)")
    }

    /// A new size forgets the scroll region (terminals set the whole screen when they resize):
    /// after a widening, the next scroll of the same rows sets it again.
    @Test func afterAResizeTheNextScrollOfTheSameRowsSetsTheRegionAgain() {
        let writer = HandMadeTerminals.writer(HandMadeTerminals.xterm, colors: 256)
        let model = TerminalModel(columns: Self.size.width, rows: Self.size.height)
        let lines = Self.distinctLines(20)
        render(Surface.listFrame(Array(lines[0..<6])), writer, model)
        render(Surface.listFrame(Array(lines[1..<7]), dy: -1), writer, model)
        #expect(writer.scrolledLines == 1)
        let wider = Size(width: Self.size.width + 10, height: Self.size.height)
        model.resize(columns: wider.width, rows: wider.height)
        render(Surface.listFrame(Array(lines[1..<7]), size: wider), writer, model)
        let bytes = render(Surface.listFrame(Array(lines[2..<8]), size: wider, dy: -1), writer, model)
        #expect(writer.scrolledLines == 1)
        #expect(String(decoding: bytes, as: UTF8.self).contains("\u{1B}[2;7r"), "the region set again")
    }

    /// A cluster of several scalars on the region's bottom row may wrap on a terminal that draws
    /// it wider, and scroll the region: the whole screen becomes the region first.
    @Test func aClusterOnTheRegionsBottomRowFirstSetsTheWholeScreenAsRegion() throws {
        let writer = HandMadeTerminals.writer(HandMadeTerminals.xterm, colors: 256)
        let model = TerminalModel(columns: Self.size.width, rows: Self.size.height)
        let lines = Self.distinctLines(20)
        render(Surface.listFrame(Array(lines[0..<6])), writer, model)
        render(Surface.listFrame(Array(lines[1..<7]), dy: -1), writer, model)
        #expect(writer.scrolledLines == 1, "the list's rows are the region")
        var changed = Array(lines[1..<7])
        changed[5] = "family 👨‍👩‍👧 here"
        let text = String(decoding: render(Surface.listFrame(changed), writer, model), as: UTF8.self)
        let whole = try #require(text.range(of: "\u{1B}[1;8r"), "the whole screen: \(text.debugDescription)")
        let cluster = try #require(text.range(of: "👨"))
        #expect(whole.upperBound <= cluster.lowerBound, "before the cluster")
        #expect(model.hasFullScrollRegion)
    }

    /// Terminals stop a relative move down (`cud`) that starts inside the scroll region at its
    /// bottom margin: the row just below the region is reached otherwise. Here the footer's
    /// digit is straight below where the list's last row ends, and on 14 rows `vpa` to row 13
    /// costs a byte more than `cud`, so only that rule keeps the writer from `cud`.
    @Test func theRowJustBelowTheRegionIsNotReachedWithARelativeMove() {
        let size = Size(width: 40, height: 14)
        let writer = HandMadeTerminals.writer(HandMadeTerminals.xterm, colors: 256)
        let model = TerminalModel(columns: size.width, rows: size.height)
        let lines = Self.distinctLines(30)
        /// The list on rows 1-11 (32 columns), `footer` on row 12 from column 25, below the
        /// region the scroll sets.
        func frame(_ first: Int, footer: String, dy: Int = 0) -> Surface {
            var surface = Surface(size: size)
            _ = surface.write("bar", at: Point(x: 1, y: 0))
            for y in 1..<12 { _ = surface.write(lines[first + y - 1], at: Point(x: 0, y: y)) }
            _ = surface.write(footer, at: Point(x: 25, y: 12))
            if dy != 0 { surface.moves = [SurfaceMove(rows: 1..<12, columns: 0..<size.width, dx: 0, dy: dy)] }
            return surface
        }
        render(frame(0, footer: "footer 0"), writer, model)
        for step in 1...3 {
            render(frame(step, footer: "footer \(step)", dy: -1), writer, model)
            #expect(writer.scrolledLines == 1, "step \(step) scrolls the list's rows")
        }
    }

    @Test func anUnchangedFrameSendsNothing() {
        let writer = HandMadeTerminals.writer(HandMadeTerminals.xterm, colors: 256)
        let surface = Self.frames()[2]
        for round in 0..<2 {
            surface.cells.withUnsafeBufferPointer {
                writer.render($0, size: surface.size, moves: [], cursor: surface.cursor)
            }
            #expect((writer.output.count == 0) == (round == 1))
        }
    }
}
