import Testing
import Shoji
import ShojiTesting

/// Links on a text view's text: drawn, opened with Enter at the insertion point or a click
/// while read-only, kept or dropped by edits.
@MainActor
struct TextViewLinkTests {
    final class Box { var urls: [String] = [] }

    private func fixture(editable: Bool) -> (pilot: Pilot, view: TextView, opened: Box) {
        let view = TextView(text: "Read the manual\nor the FAQ.", frame: Rect(x: 0, y: 0, width: 20, height: 3))
        view.isEditable = editable
        view.links = [
            TextLink("manual", in: view.text, url: "https://example.com/manual")!, TextLink(range: 23..<26, url: "faq:")
        ]
        let opened = Box()
        view.onOpenLink = { _, link in opened.urls.append(link.url) }
        let pilot = pilot(showing: view, size: Size(width: 20, height: 3))
        view.becomeFirstResponder()
        pilot.advance(by: 0.1)
        return (pilot, view, opened)
    }

    @Test func linkedCellsCarryTheLink() throws {
        let f = fixture(editable: false)
        let frame = try #require(f.pilot.screen.lastFrame)
        #expect((0..<20).filter { frame[$0, 0].link?.url == "https://example.com/manual" } == Array(9..<15))
        #expect((0..<20).filter { frame[$0, 1].link?.url == "faq:" } == Array(7..<10))
        #expect(frame[9, 0].style.attributes.contains(.underline))
    }

    @Test func readOnlyAClickOnALinkOpensItAndEnterOpensTheOneAtTheInsertionPoint() {
        let f = fixture(editable: false)
        f.pilot.click(at: Point(x: 8, y: 1))
        #expect(f.opened.urls == ["faq:"])
        f.pilot.click(at: Point(x: 3, y: 1))
        #expect(f.opened.urls == ["faq:"], "'the' is no link")
        f.pilot.press(.enter)
        #expect(f.opened.urls == ["faq:"], "no link at the insertion point")
        f.pilot.click(at: Point(x: 10, y: 0))
        f.pilot.press(.enter)
        #expect(f.opened.urls == ["faq:", "https://example.com/manual", "https://example.com/manual"])
    }

    @Test func editableAClickPlacesTheInsertionPointAndEnterTypesALineBreak() {
        let f = fixture(editable: true)
        f.pilot.click(at: Point(x: 10, y: 0))
        f.pilot.press(.enter)
        #expect(f.opened.urls.isEmpty)
        // The line break went inside "manual": that link is gone, the other moved with its text.
        #expect(f.view.links == [TextLink(range: 24..<27, url: "faq:")])
    }

    @Test func editsMoveTheLinksAfterThemAndDropTheOnesTheyTouch() {
        let f = fixture(editable: true)
        f.pilot.click(at: Point(x: 0, y: 0))
        f.pilot.type("¡")
        #expect(f.view.links.map(\.range) == [10..<16, 24..<27], "both moved one character on")
        f.pilot.click(at: Point(x: 16, y: 0))
        f.pilot.type("s")
        #expect(f.view.links.map(\.range) == [10..<16, 25..<28], "typing right after a link does not extend it")
        f.view.append(" more")
        #expect(f.view.links.count == 2)
        f.view.text = "new"
        #expect(f.view.links.isEmpty, "a text set in code drops them")
    }
}
