import ShojiTerminalCore
import Testing

/// The input sanitizer without libtermkey: what it passes on, holds and drops.
struct InputSanitizerTests {
    private func sanitize(_ text: String, finish: Bool = true) -> (output: String, pastes: [String], holding: Bool) {
        var sanitizer = InputSanitizer()
        var output: [UInt8] = []
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            // As `KeyDecoder.push` does: inside a paste, text up to the next Esc in one piece.
            let next = sanitizer.takePastedText(bytes[index...])
            if next > index {
                index = next
                continue
            }
            sanitizer.process(bytes[index], into: &output)
            index += 1
        }
        let holding = sanitizer.isHoldingBytes
        if finish { sanitizer.finish(into: &output) }
        return (String(decoding: output, as: UTF8.self), sanitizer.takeCompletedPastes(), holding)
    }

    @Test func asciiPassesAndOtherTextBecomesCodepointSequences() {
        #expect(sanitize("a").output == "a")
        #expect(sanitize("é").output == "\u{1B}[233u")
    }

    @Test func wellFormedSequencesPassAndMalformedOnesAreDropped() {
        #expect(sanitize("\u{1B}[A").output == "\u{1B}[A")
        #expect(sanitize("\u{1B}[<0;10;5M").output == "\u{1B}[<0;10;5M")
        #expect(sanitize("\u{1B}[-A").output == "")
    }

    /// Event types are decoded before libtermkey: a repeat becomes the press, a release the
    /// press with `KittyKeySequence.releaseModifier` added; alternates go.
    @Test func kittyEventTypesAreRewrittenWithoutSubParameters() {
        #expect(sanitize("\u{1B}[1;5:2A").output == "\u{1B}[1;5A")
        #expect(sanitize("\u{1B}[1;5:3A").output == "\u{1B}[1;517A")
        #expect(sanitize("\u{1B}[97:65;2:3u").output == "\u{1B}[97;514u")
        #expect(sanitize("\u{1B}[97;2u").output == "\u{1B}[97;2u", "no sub-parameter: unchanged")
        #expect(sanitize("\u{1B}\u{1B}[27;1:3u").output == "\u{1B}\u{1B}[27;513u", "an ESC before it stays")
        #expect(sanitize("\u{1B}[1;513A").output == "", "a release's bit from the terminal is dropped")
    }

    @Test func anUnfinishedSequenceIsHeld() {
        #expect(sanitize("\u{1B}[1;5", finish: false).holding)
        #expect(sanitize("\u{1B}", finish: false).holding)
        #expect(!sanitize("\u{1B}[B", finish: false).holding)
    }

    @Test func aPasteIsTextWithAMarkerInTheStream() {
        let result = sanitize("\u{1B}[200~q\u{1B}x\r\n\u{1B}[201~")
        #expect(result.pastes == ["q\u{1B}x\n"])
        #expect(result.output == "\u{1B}[200~")
    }
}
