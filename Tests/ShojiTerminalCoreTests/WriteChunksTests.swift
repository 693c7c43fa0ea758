import Shoji
import ShojiTerminalCore
import Testing
import TestSupport

/// `WriteChunks`: a frame is written in pieces the kernel does not cut again, each cut where a
/// terminal that parses every read on its own (tmux 3.3 forgets a joiner at the end of a read)
/// still draws every cluster whole.
struct WriteChunksTests {
    private static let joiner: [UInt8] = [0xE2, 0x80, 0x8D]

    /// The pieces of `bytes`, copied out.
    private func pieces(_ bytes: [UInt8], limit: Int = WriteChunks.limit) -> [[UInt8]] {
        var result: [[UInt8]] = []
        bytes.withUnsafeBufferPointer { buffer in WriteChunks.forEach(buffer, limit: limit) { result.append(Array($0)) }
        }
        return result
    }

    /// A full frame of a screen full of joined emoji (the family, the rainbow flag) between
    /// colour changes, as the frame writer sends it.
    private func emojiFrame() -> [UInt8] {
        let size = Size(width: 100, height: 40)
        var surface = Surface(size: size)
        for y in 0..<size.height {
            for x in stride(from: 0, to: size.width - 10, by: 10) {
                let style = Style(foreground: .palette(UInt8((x + y) % 200 + 20)))
                _ = surface.write("a👨\u{200D}👩\u{200D}👧 🏳\u{FE0F}\u{200D}🌈", at: Point(x: x, y: y), style: style)
            }
        }
        let writer = HandMadeTerminals.writer(HandMadeTerminals.xterm, colors: 256)
        surface.cells.withUnsafeBufferPointer { writer.render($0, size: size, moves: [], cursor: nil) }
        return Array(writer.output.bytes)
    }

    @Test func aLargeFrameIsCutBeforeEscapesAndNeverAfterAJoiner() {
        let frame = emojiFrame()
        #expect(frame.count > 4 * WriteChunks.limit)
        let pieces = pieces(frame)
        #expect(pieces.count > 4)
        #expect(Array(pieces.joined()) == frame, "the pieces are the frame")
        for (index, piece) in pieces.enumerated() {
            #expect(piece.count <= WriteChunks.limit, "piece \(index): \(piece.count) bytes")
            if index > 0 { #expect(piece.first == 0x1B, "piece \(index) starts with an escape") }
            #expect(Array(piece.suffix(3)) != Self.joiner, "piece \(index) ends with a joiner")
        }
    }

    @Test func aFrameThatFitsIsWrittenAtOnce() {
        let frame = Array("\u{1B}[H👨\u{200D}👩\u{200D}👧".utf8)
        #expect(pieces(frame) == [frame])
        #expect(pieces([]).isEmpty)
    }

    /// An escape right after a joiner is no place to cut: the one before it is.
    @Test func anEscapeAfterAJoinerIsPassedOver() {
        let frame = Array("\u{1B}[1mab\u{1B}[7m👨\u{200D}\u{1B}[2mcd".utf8)
        let pieces = pieces(frame, limit: 20).map { String(decoding: $0, as: UTF8.self) }
        #expect(pieces == ["\u{1B}[1mab", "\u{1B}[7m👨\u{200D}\u{1B}[2mcd"])
    }

    /// Text without escapes longer than a piece is cut between scalars, never inside one.
    @Test func textWithoutEscapesIsCutBetweenScalars() {
        let text = Array(String(repeating: "日本語é", count: 400).utf8)
        let pieces = pieces(text, limit: 100)
        #expect(Array(pieces.joined()) == text)
        for piece in pieces {
            #expect(piece.count <= 100)
            #expect(String(validating: piece, as: UTF8.self) != nil, "a whole number of scalars")
        }
    }
}
