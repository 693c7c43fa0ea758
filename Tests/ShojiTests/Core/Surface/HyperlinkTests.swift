import Testing
@testable import Shoji

/// Links on cells: what `Hyperlink` lets through, how a cell keeps one, how a surface draws one.
struct HyperlinkTests {
    @Test func aURLIsPercentEncodedToPrintableASCII() throws {
        let hostile = "https://example.com/a b\u{1B}]0;title\u{07}\u{9C}\n\u{7F}é"
        let link = try #require(Hyperlink(hostile))
        #expect(link.url.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }, "\(link.url)")
        #expect(link.url == "https://example.com/a%20b%1B]0;title%07%C2%9C%0A%7F%C3%A9")
        #expect(Hyperlink("https://example.com/%41") == Hyperlink("https://example.com/%41"), "equal URLs, equal links")
        #expect(Hyperlink("https://example.com/%41")?.url == "https://example.com/%41", "an encoded URL stays")
    }

    @Test func anEmptyOrTooLongURLGivesNoLink() {
        #expect(Hyperlink("") == nil)
        let longest = "https://e.com/" + String(repeating: "a", count: Hyperlink.maximumLength - 14)
        #expect(Hyperlink(longest)?.url.utf8.count == Hyperlink.maximumLength)
        #expect(Hyperlink(longest + "a") == nil)
        // Encoding makes it longer than the cap: refused, never cut.
        #expect(Hyperlink(String(repeating: "\u{1B}", count: Hyperlink.maximumLength / 3 + 1)) == nil)
    }

    @Test func aCellKeepsItsLinkBesideItsGraphemeAndStays24Bytes() throws {
        #expect(MemoryLayout<Cell>.size == 24)
        let link = try #require(Hyperlink("https://example.com/cell"))
        // Graphemes of 1 to 25 bytes: inline up to 13, interned past it; the link never mixes in.
        for grapheme in ["a", "é", "日", "👍🏽", "👩‍💻", "🏳️‍🌈", "👨‍👩‍👧‍👦", "e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}"] {
            var cell = Cell(grapheme: grapheme, width: 1, style: .plain, link: link)
            #expect(cell.grapheme == grapheme && cell.link == link, "\(grapheme.utf8.count) bytes")
            cell.link = nil
            #expect(cell.grapheme == grapheme && cell.link == nil)
            #expect(cell == Cell(grapheme: grapheme, width: 1, style: .plain))
            cell.link = link
            cell.grapheme = "x"
            #expect(cell.link == link, "a new grapheme keeps the link")
        }
        #expect(Cell.blank() != Cell(grapheme: " ", width: 1, style: .plain, link: link), "a link alone differs")
    }

    @Test func surfaceWriteLinksEveryCellTheTextCoversAndNoOther() throws {
        let link = try #require(Hyperlink("https://example.com/s"))
        var surface = Surface(size: Size(width: 12, height: 2))
        surface.write("ab", at: Point(x: 0, y: 0))
        let end = surface.write("x日y", at: Point(x: 2, y: 0), link: link, clip: Rect(x: 0, y: 0, width: 5, height: 1))
        #expect(end == 6)
        // "x" and both halves of "日" are linked; "y" was clipped away; "ab" is not linked.
        #expect((0..<12).map { surface[$0, 0].link != nil } == (0..<12).map { (2..<5).contains($0) })
        // Copying a cell copies its link; restyling keeps it; filling drops it.
        surface.set(surface[2, 0], at: Point(x: 0, y: 1))
        #expect(surface[0, 1].link == link)
        surface.restyle(Rect(x: 0, y: 1, width: 1, height: 1)) { $0.adding(.bold) }
        #expect(surface[0, 1].link == link)
        surface.fill(Rect(x: 0, y: 1, width: 1, height: 1), style: .plain)
        #expect(surface[0, 1].link == nil)
        // A rect splitting a wide glyph links both halves.
        surface.setLink(nil, in: surface.bounds)
        surface.setLink(link, in: Rect(x: 4, y: 0, width: 1, height: 1))
        #expect(surface[3, 0].link == link && surface[4, 0].link == link && surface[2, 0].link == nil)
    }
}
