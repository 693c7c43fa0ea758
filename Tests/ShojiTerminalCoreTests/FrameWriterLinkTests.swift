@testable import Shoji
import ShojiTerminalCore
import Testing
import TestSupport

/// Links (OSC 8) in the frame writer's bytes, fed to `TerminalModel`, which records the link
/// open when each glyph is printed: after every frame each cell's link on the model is the
/// surface's, and no link is open.
struct FrameWriterLinkTests {
    private static let size = Size(width: 24, height: 4)
    private static let docs = Hyperlink("https://example.com/docs")!
    private static let code = Hyperlink("https://example.com/code")!

    private func writer(hyperlinks: Bool = true) -> FrameWriter {
        let writer = HandMadeTerminals.writer(HandMadeTerminals.xterm, colors: 256)
        writer.hyperlinks = hyperlinks
        return writer
    }

    /// Renders `surface`, feeds the bytes to `model` and checks text, links and that none is
    /// left open; returns the bytes as text.
    @discardableResult
    private func render(
        _ surface: Surface, _ writer: FrameWriter, _ model: TerminalModel, links: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> String {
        surface.cells.withUnsafeBufferPointer {
            writer.render($0, size: surface.size, moves: surface.moves, cursor: surface.cursor)
        }
        let bytes = Array(writer.output.bytes)
        model.feed(bytes)
        #expect(model.openLink == nil, "a link left open", sourceLocation: sourceLocation)
        #expect(model.unknownSequences.isEmpty, sourceLocation: sourceLocation)
        for y in 0..<surface.size.height {
            #expect(model.text(row: y) == surface.text(row: y), "row \(y)", sourceLocation: sourceLocation)
            for x in 0..<surface.size.width {
                let expected = links ? surface[x, y].link?.url : nil
                #expect(model[x, y].link == expected, "cell (\(x), \(y))", sourceLocation: sourceLocation)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Text with "docs" linked on row 0, a link that ends the row and one that starts the next.
    private func frame(_ first: Hyperlink? = docs, second: Hyperlink? = code) -> Surface {
        var surface = Surface(size: Self.size)
        surface.write("read the ", at: Point(x: 0, y: 0))
        surface.write("docs", at: Point(x: 9, y: 0), link: first)
        surface.write(" now", at: Point(x: 13, y: 0))
        surface.write("to the end 日", at: Point(x: 11, y: 1), link: second)
        surface.write("next", at: Point(x: 0, y: 2), link: second)
        surface.write("x", at: Point(x: 20, y: 3), link: first)
        return surface
    }

    @Test func aLinkOpensAndClosesAroundExactlyItsCells() {
        let model = TerminalModel(columns: Self.size.width, rows: Self.size.height)
        let text = render(frame(), writer(), model)
        #expect(
            text.contains("\u{1B}]8;;https://example.com/docs\u{1B}\\docs\u{1B}]8;;\u{1B}\\"),
            "\(text.debugDescription)")
    }

    @Test func withoutTheCapabilityNoLinkIsSent() {
        let model = TerminalModel(columns: Self.size.width, rows: Self.size.height)
        let text = render(frame(), writer(hyperlinks: false), model, links: false)
        #expect(!text.contains("\u{1B}]8") && model.oscPayloads.isEmpty)
    }

    /// Each open link is closed before anything but printing and SGR: a CSI cursor move, erase,
    /// insert or delete, a carriage return, a line feed, a backspace; and by the frame's end.
    @Test func aLinkIsClosedBeforeEveryMoveAndAtTheEndOfEachRow() {
        let model = TerminalModel(columns: Self.size.width, rows: Self.size.height)
        let writer = writer()
        var bytes = Array(render(frame(), writer, model).utf8)
        // Scattered changes in and around the links: moves between cells of one link.
        var second = frame()
        second.write("D", at: Point(x: 9, y: 0), link: Self.docs)
        second.write("S", at: Point(x: 12, y: 0), link: Self.docs)
        second.write("T", at: Point(x: 11, y: 1), link: Self.code)
        second.write("E", at: Point(x: 21, y: 1), link: Self.code)
        bytes += Array(render(second, writer, model).utf8)
        var open = false, index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "]") {
                var end = index + 2
                while !(bytes[end] == 0x1B && bytes[end + 1] == UInt8(ascii: "\\")) { end += 1 }
                open = end > index + 5  // "8;;" and a URL
                index = end + 2
                continue
            }
            if byte == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") {
                var end = index + 2
                while !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                // With a link open only SGR may come: no move, erase, insert or delete.
                #expect(!(open && bytes[end] != UInt8(ascii: "m")), "CSI with a link open at \(index)")
                index = end + 1
                continue
            }
            #expect(!(open && [0x0D, 0x0A, 0x08].contains(byte)), "a move with a link open at \(index)")
            index += 1
        }
        #expect(!open)
    }

    @Test func aChangeOfOnlyTheLinkRewritesTheCell() {
        let model = TerminalModel(columns: Self.size.width, rows: Self.size.height)
        let writer = writer()
        render(frame(), writer, model)
        let swapped = render(frame(Self.code, second: Self.docs), writer, model)
        #expect(swapped.contains("docs") && swapped.contains("next"), "the cells were written again")
        let unlinked = render(frame(nil, second: nil), writer, model)
        #expect(unlinked.contains("docs") && !unlinked.contains("https:"))
    }

    /// Linked blanks are written, never erased (erasing makes unlinked cells).
    @Test func linkedBlanksAreWrittenNotErased() {
        let model = TerminalModel(columns: Self.size.width, rows: Self.size.height)
        let writer = writer()
        render(frame(), writer, model)
        var blanks = Surface(size: Self.size)
        blanks.write(String(repeating: " ", count: 24), at: Point(x: 0, y: 1), link: Self.docs)
        render(blanks, writer, model)
    }

    @Test func aHostileURLNeverReachesTheTerminalAsControls() throws {
        let hostile = try #require(
            Hyperlink("https://e.com/\u{1B}]0;pwned\u{07}\u{1B}\\\u{9C}\n\r\u{90}" + String(repeating: "é", count: 300))
        )
        var surface = Surface(size: Self.size)
        surface.write("click", at: Point(x: 0, y: 0), link: hostile)
        let model = TerminalModel(columns: Self.size.width, rows: Self.size.height)
        let text = render(surface, writer(), model)
        let payloads = model.oscPayloads.filter { $0.starts(with: Array("8;".utf8)) }
        #expect(payloads.count == 2)
        #expect(payloads.allSatisfy { $0.allSatisfy { $0 > 0x20 && $0 < 0x7F } })
        let bytes = Array(text.utf8)
        #expect(!bytes.contains(0x07) && !bytes.contains(0x9C) && !bytes.contains(0x90))
        #expect(!text.contains("\u{1B}]0;"), "no OSC but the links'")
        // Too long once encoded: no link at all, so nothing of it is sent.
        #expect(Hyperlink("https://e.com/" + String(repeating: "\u{1B}", count: 1000)) == nil)
    }

    /// The writer checks each byte again: a link whose URL skipped `Hyperlink`'s encoding (made
    /// from the table directly) still sends only printable ASCII between the sequence's ends.
    @Test func theWriterSendsOnlyPrintableASCIIOfAURLWhateverTheLinkHolds() throws {
        let raw = try #require(StringTable.links.number(for: "u:\u{1B}\\\u{07}\u{9C}\nx"))
        var surface = Surface(size: Self.size)
        surface.write("raw", at: Point(x: 0, y: 0), link: Hyperlink(number: UInt16(raw)))
        let model = TerminalModel(columns: Self.size.width, rows: Self.size.height)
        let writer = writer()
        surface.cells.withUnsafeBufferPointer { writer.render($0, size: Self.size, moves: [], cursor: nil) }
        let output = Array(writer.output.bytes)
        model.feed(output)
        #expect(
            model.oscPayloads.filter { $0.starts(with: Array("8;".utf8)) }.map { String(decoding: $0, as: UTF8.self) }
                == ["8;;u:\\x", "8;;"])
        #expect(!output.contains(0x07) && !output.contains(0x9C) && model.openLink == nil)
        #expect(model.text(row: 0).hasPrefix("raw"))
    }
}
