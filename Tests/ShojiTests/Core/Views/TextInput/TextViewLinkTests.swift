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

    /// Read-only, Tab and Shift-Tab go from link to link in reading order (whatever order the
    /// links were given in), scrolling each into view, then on to the next control.
    @Test func readOnlyTabStepsThroughTheLinksThenMovesTheFocusOn() {
        let text = "See the manual.\n\n\n\n\nOr the FAQ, at the end."
        let view = TextView(text: text, frame: Rect(x: 0, y: 0, width: 24, height: 3))
        view.isEditable = false
        view.links = [TextLink("FAQ", in: text, url: "faq:")!, TextLink("manual", in: text, url: "man:")!]
        let opened = Box()
        view.onOpenLink = { _, link in opened.urls.append(link.url) }
        let button = Button(title: "OK")
        button.frame = Rect(x: 0, y: 3, width: 6, height: 1)
        let pilot = pilot(showing: view, button, size: Size(width: 24, height: 4))
        view.becomeFirstResponder()
        pilot.press(.tab)
        #expect(view.accessibility.value == "6 lines, link manual, 1 of 2")
        pilot.press(.enter)
        #expect(opened.urls == ["man:"])
        pilot.press(.tab)
        pilot.press(.enter)
        #expect(opened.urls == ["man:", "faq:"], "the second link, in reading order")
        #expect(pilot.line(view.convertToWindow(.zero).y + 2).hasPrefix("Or the FAQ"), "scrolled into view")
        #expect(view.accessibility.value == "6 lines, link FAQ, 2 of 2")
        let listed = pilot.window.activeKeyBindings().flatMap(\.bindings).map(\.command)
        #expect(listed.contains(.previousLink) && !listed.contains(.nextLink), "F1 lists only what Tab does here")
        pilot.press(.tab)
        #expect(pilot.window.firstResponder === button, "past the last link, Tab moves the focus on")
        pilot.press(.tab, modifiers: .shift)
        #expect(pilot.window.firstResponder === view)
        pilot.press(.tab, modifiers: .shift)
        pilot.press(.enter)
        #expect(opened.urls == ["man:", "faq:", "man:"], "Shift-Tab went back to the first link")
        pilot.press(.tab, modifiers: .shift)
        #expect(pilot.window.firstResponder === button, "before the first link, Shift-Tab moves the focus back")
    }

    /// Scrolled away from the link it was on, Tab goes to the first link on screen, not to the
    /// one after the link out of sight.
    @Test func readOnlyTabStartsFromWhatIsShownAfterScrolling() {
        let text = "See the manual.\n\nAsk a friend.\n\n\nOr the FAQ, at the end."
        let view = TextView(text: text, frame: Rect(x: 0, y: 0, width: 24, height: 3))
        view.isEditable = false
        view.links = ["manual", "friend", "FAQ"].map { TextLink($0, in: text, url: $0 + ":")! }
        let opened = Box()
        view.onOpenLink = { _, link in opened.urls.append(link.url) }
        let pilot = pilot(showing: view, size: Size(width: 24, height: 3))
        view.becomeFirstResponder()
        pilot.press(.tab)
        pilot.press(.end)
        #expect(view.scrollOffset == 3)
        pilot.press(.tab)
        pilot.press(.enter)
        #expect(opened.urls == ["FAQ:"], "the first link on screen")
        pilot.press(.home)
        pilot.press(.tab, modifiers: .shift)
        pilot.press(.enter)
        #expect(opened.urls == ["FAQ:", "friend:"], "the last link on screen")
    }

    @Test func editableTabLeavesTheLinksAlone() {
        let f = fixture(editable: true)
        let before = (f.view.text, f.view.insertionPoint)
        f.pilot.press(.tab)
        #expect(f.view.text == before.0 && f.view.insertionPoint == before.1, "no move to a link, no tab typed")
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
