import Shoji
import Testing

/// `TextLink.detectedURLs(in:)`: the web addresses of a text, as a reader would pick them out.
struct TextLinkDetectionTests {
    /// The linked text of each link found in `text`.
    private func found(_ text: String) -> [String] {
        TextLink.detectedURLs(in: text).map { link in
            let lower = text.index(text.startIndex, offsetBy: link.range.lowerBound)
            let upper = text.index(lower, offsetBy: link.range.count)
            #expect(String(text[lower..<upper]) == link.url, "the range covers the address")
            return link.url
        }
    }

    @Test func addressesAreFoundWithTheirCharacterRanges() {
        let text = "Café ☕ 日本語: https://www.swift.org and HTTP://Example.com/a?b=1#c, then 🍵 http://x.y."
        #expect(found(text) == ["https://www.swift.org", "HTTP://Example.com/a?b=1#c", "http://x.y"])
        #expect(TextLink.detectedURLs(in: text).first?.range == 12..<33, "counted in characters, not bytes")
    }

    @Test func closingPunctuationAndUnopenedBracketsAreLeftOut() {
        #expect(found("(see https://example.com/a_(b)).") == ["https://example.com/a_(b)"])
        #expect(found("[https://example.com/x]") == ["https://example.com/x"])
        #expect(found("'https://example.com/it's'!") == ["https://example.com/it's"])
        #expect(found("<https://example.com/q?a=\"1\">") == ["https://example.com/q?a="])
    }

    @Test func onlyWholeWordsWithSomethingAfterTheScheme() {
        #expect(found("xhttps://example.com") == [], "inside a word")
        #expect(found("https:// and http://. and https:") == [], "a scheme alone")
        #expect(found("ftp://example.com mailto:a@b.c") == [])
        #expect(found("") == [] && found("http") == [])
        #expect(found("\u{1B}https://a.b\u{7}c") == ["https://a.b"], "controls end an address")
    }
}
