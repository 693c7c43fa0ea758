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

    /// Renders every frame and checks the model after each; returns the bytes of every frame.
    private func check(
        _ capabilities: TerminalCapabilities, colors: Int?, backColorErase: Bool, styles checkStyles: Bool
    ) -> [[UInt8]] {
        let writer = HandMadeTerminals.writer(capabilities, colors: colors)
        let model = TerminalModel(columns: Self.size.width, rows: Self.size.height, backColorErase: backColorErase)
        let mapper = ColorMapper(colorCount: colors ?? 256)
        var sent: [[UInt8]] = []
        for (index, surface) in Self.frames().enumerated() {
            surface.cells.withUnsafeBufferPointer {
                writer.render($0, size: surface.size, moves: surface.moves, cursor: surface.cursor)
            }
            let bytes = Array(writer.output.bytes)
            sent.append(bytes)
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
        return sent
    }

    @Test func xtermLikeFramesShowTheSurfaceAndShift() {
        let sent = check(HandMadeTerminals.xterm, colors: 256, backColorErase: true, styles: true)
        let all = sent.joined()
        #expect(all.contains(0x40))  // `@`: some row was shifted with insert-character
        #expect(String(decoding: all, as: UTF8.self).contains("\u{1B}[38;5;200m"))
    }

    @Test func vt100LikeFramesRewriteRowsAndSendNoPadding() {
        let sent = check(HandMadeTerminals.vt100, colors: nil, backColorErase: false, styles: false)
        let text = String(decoding: sent.joined(), as: UTF8.self)
        #expect(!text.contains("$<"))
        #expect(!text.contains("@") && !text.contains("\u{1B}[38"))
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
