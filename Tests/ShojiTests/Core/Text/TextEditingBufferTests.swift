import Testing
@testable import Shoji
import ShojiTesting

/// `TextEditingBuffer`'s counts: after every change, `characterCount`, `lineBreakCount` and
/// `columnCount` (updated from the graphemes around the change) are those of the whole new text.
struct TextEditingBufferTests {
    /// Pieces that join their neighbours: CR then LF, combining marks, ZWJ and emoji, regional
    /// indicators (which pair up), VS16; and line breaks of every kind.
    static let pieces: [String] = [
        "a", "word", " ", "\n", "\r", "\r\n", "\u{85}", "\u{2028}", "日本", "e", "\u{301}", "\u{200D}", "👩", "\u{1F1EF}",
        "\u{1F1F5}", "\u{FE0F}", "❤", "\u{1}"
    ]

    static func random(_ count: Int, _ generator: inout SeededGenerator) -> String {
        (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
    }

    /// A random range of `text` from one grapheme boundary to another, as UTF-8 offsets.
    static func randomRange(in text: String, _ generator: inout SeededGenerator) -> Range<Int> {
        let boundaries = (Array(text.indices) + [text.endIndex]).map {
            text.utf8.distance(from: text.startIndex, to: $0)
        }
        let first = Int(generator.next() % UInt64(boundaries.count))
        // Mostly short edits (typing, deleting), sometimes long ones (kills, pastes over lines).
        let span = generator.next() % 4 == 0 ? Int(generator.next() % 40) : Int(generator.next() % 3)
        let last = min(boundaries.count - 1, first + span)
        return boundaries[first]..<boundaries[last]
    }

    @Test func theBufferKeepsItsCountsThroughEdits() {
        var generator = SeededGenerator(seed: 23)
        for _ in 0..<100 {
            var buffer = TextEditingBuffer(
                text: Self.random(Int(generator.next() % 30), &generator), countsColumns: generator.next() % 2 == 0)
            for _ in 0..<60 {
                let range = Self.randomRange(in: buffer.text, &generator)
                let replacement =
                    generator.next() % 3 == 0 ? "" : Self.random(1 + Int(generator.next() % 4), &generator)
                buffer.apply(.replace(range, with: replacement, kill: nil))
                #expect(buffer.characterCount == buffer.text.count, "\(buffer.text.debugDescription)")
                // Counted, not filtered: a CR and an LF filtered together would join.
                #expect(buffer.lineBreakCount == buffer.text.reduce(0) { $1.isNewline ? $0 + 1 : $0 })
                #expect(buffer.columnCount == (buffer.countsColumns ? DisplayWidth.of(buffer.text) : 0))
            }
        }
        // Re-pairing a long run of regional indicators goes past the horizon: counted in full.
        var flags = TextEditingBuffer(text: String(repeating: "\u{1F1EF}\u{1F1F5}", count: 40), countsColumns: true)
        flags.apply(.replace(0..<0, with: "\u{1F1EF}", kill: nil))
        #expect(flags.characterCount == flags.text.count)
        #expect(flags.columnCount == DisplayWidth.of(flags.text))
    }
}

/// `TextEditingBuffer.inert`, which every paste and insertion passes through, against the rule
/// as its documentation states it, read character by character.
struct InertTextTests {
    /// The documented rule, one `Character` at a time.
    static func reference(_ text: String, newline: String, tab: String) -> String {
        var result = ""
        for character in text {
            if character.isNewline {
                result += newline
            } else if character == "\t" {
                result += tab
            } else {
                for scalar in character.unicodeScalars {
                    let value = scalar.value
                    let dropped =
                        value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
                        || (0x2066...0x2069).contains(value)
                    if !dropped { result.unicodeScalars.append(scalar) }
                }
            }
        }
        return result
    }

    @Test func inertTextFollowsTheRuleCharacterByCharacter() {
        var generator = SeededGenerator(seed: 37)
        let extra = ["\t", "\u{B}", "\u{C}", "\u{1B}", "\u{7F}", "\u{9B}", "\u{202E}", "\u{2067}", "\u{2029}", "\r\r\n"]
        let pieces = TextEditingBufferTests.pieces + extra
        for _ in 0..<500 {
            let text = (0..<Int(generator.next() % 40)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))]
            }
            .joined()
            for (newline, tab) in [("\n", "    "), (" ", " ")] {
                #expect(
                    TextEditingBuffer.inert(text, newline: newline, tab: tab)
                        == Self.reference(text, newline: newline, tab: tab), "\(text.debugDescription)")
            }
        }
    }
}
