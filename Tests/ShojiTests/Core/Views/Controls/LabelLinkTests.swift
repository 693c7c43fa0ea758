import Testing
import Shoji
import ShojiTesting

/// Links on a label's text: drawn, reached with Tab, opened with Enter or a click.
@MainActor
struct LabelLinkTests {
    /// A button, then a label "see docs and code" linking "docs" and "code", on a 30 by 3 screen.
    private func fixture() -> (pilot: Pilot, label: Label, opened: Box) {
        let button = Button(title: "B")
        button.frame = Rect(x: 0, y: 0, width: 5, height: 1)
        let label = Label(text: "see docs and code", frame: Rect(x: 0, y: 1, width: 30, height: 1))
        label.links = [
            TextLink(range: 4..<8, url: "https://example.com/docs"), TextLink("code", in: label.text, url: "code:1")!
        ]
        let opened = Box()
        label.onOpenLink = { _, link in opened.urls.append(link.url) }
        let pilot = pilot(showing: button, label, size: Size(width: 30, height: 3))
        pilot.advance(by: 0.1)
        return (pilot, label, opened)
    }

    final class Box { var urls: [String] = [] }

    @Test func linkedCellsCarryTheLinkAndAreUnderlinedInTheTint() throws {
        let f = fixture()
        let frame = try #require(f.pilot.screen.lastFrame)
        let linked = (0..<30).map { frame[$0, 1].link?.url }
        #expect(linked[4..<8].allSatisfy { $0 == "https://example.com/docs" })
        #expect(linked[13..<17].allSatisfy { $0 == "code:1" })
        #expect(
            linked.enumerated().allSatisfy {
                (4..<8).contains($0.offset) || (13..<17).contains($0.offset) || $0.element == nil
            })
        #expect(frame[4, 1].style.attributes.contains(.underline) && !frame[3, 1].style.attributes.contains(.underline))
        #expect(frame[4, 1].style.foreground == f.label.tintColor)
    }

    @Test func tabReachesTheLabelAndEnterOpensTheFocusedLink() {
        let f = fixture()
        #expect(f.label.canBecomeFocused && f.label.isUserInteractionEnabled)
        var tabs = 0
        while !f.label.isFocused && tabs < 4 {
            f.pilot.press(.tab)
            tabs += 1
        }
        #expect(f.label.isFocused, "Tab reached the label")
        f.pilot.advance(by: 0.1)
        // The focused link shows in the focus look (reverse video in the standard theme).
        func focusedColumns() -> [Int] {
            guard let frame = f.pilot.screen.lastFrame else { return [] }
            return (0..<30).filter { frame[$0, 1].style.attributes.contains(.reverse) }
        }
        #expect(focusedColumns() == Array(4..<8))
        f.pilot.press(.enter)
        #expect(f.opened.urls == ["https://example.com/docs"])
        f.pilot.press(.right)
        f.pilot.press(.enter)
        #expect(f.opened.urls == ["https://example.com/docs", "code:1"])
        #expect(f.label.focusedLinkIndex == 1)
        f.pilot.advance(by: 0.1)
        #expect(focusedColumns() == Array(13..<17))
        f.pilot.press(.right)
        #expect(f.label.focusedLinkIndex == 1, "past the last link Right goes on up the chain")
    }

    @Test func aClickOnALinkOpensItAndAClickBesideItDoesNot() {
        let f = fixture()
        f.pilot.click(at: Point(x: 15, y: 1))
        #expect(f.opened.urls == ["code:1"])
        f.pilot.click(at: Point(x: 10, y: 1))
        #expect(f.opened.urls == ["code:1"], "'and' is no link")
        // Pressed on one link, released on the other: nothing.
        f.pilot.press(at: Point(x: 5, y: 1))
        f.pilot.release(at: Point(x: 14, y: 1))
        #expect(f.opened.urls == ["code:1"])
    }

    @Test func aLinkFollowsItsTextThroughWrappingAndANewTextDropsIt() throws {
        let label = Label(text: "one two\tthree four", frame: Rect(x: 0, y: 0, width: 9, height: 3))
        label.lineBreakMode = .byWordWrapping
        label.links = [TextLink("three four", in: label.text, url: "u:3")!]
        let pilot = pilot(showing: label, size: Size(width: 9, height: 3))
        pilot.advance(by: 0.1)
        let frame = try #require(pilot.screen.lastFrame)
        // Rows: "one two", "three", "four": the link covers "three" and "four", not the break.
        #expect(pilot.lines == ["one two  ", "three    ", "four     "])
        let linked = (0..<3).map { y in (0..<9).filter { frame[$0, y].link != nil } }
        #expect(linked == [[], Array(0..<5), Array(0..<4)])
        label.text = "other"
        #expect(label.links.isEmpty && !label.canBecomeFocused && !label.isUserInteractionEnabled)
    }
}

/// What a label with links says to a screen reader and to the key help.
@MainActor
struct LabelLinkAccessibilityTests {
    @Test func theFocusedLinkIsSpokenAndTheCursorSitsOnIt() {
        let label = Label(text: "see docs and code", frame: Rect(x: 0, y: 1, width: 30, height: 1))
        label.links = [TextLink(range: 4..<8, url: "u:1"), TextLink(range: 13..<17, url: "u:2")]
        let pilot = pilot(showing: label, size: Size(width: 30, height: 3))
        pilot.window.isScreenReaderModeOn = true
        label.becomeFirstResponder()
        pilot.settle()
        #expect(pilot.accessibilityFocus == "see docs and code, link, docs, 1 of 2")
        #expect(pilot.cursor == Point(x: 4, y: 1))
        pilot.press(.right)
        #expect(pilot.accessibilityFocus == "see docs and code, link, code, 2 of 2")
        #expect(pilot.cursor == Point(x: 13, y: 1))
        #expect(pilot.lines.last?.hasPrefix("code, 2 of 2") == true, "the status row says the new link")
    }

    @Test func theKeyHelpListsTheLinkKeys() {
        let label = Label(text: "see docs", frame: Rect(x: 0, y: 0, width: 30, height: 1))
        label.links = [TextLink(range: 4..<8, url: "u:1")]
        let pilot = pilot(showing: label, size: Size(width: 30, height: 3))
        label.becomeFirstResponder()
        let titles = pilot.window.activeKeyBindings().flatMap { $0.bindings.map(\.title) }
        #expect(titles.contains("Open the link"))
        label.links = []
        #expect(!pilot.window.activeKeyBindings().flatMap { $0.bindings.map(\.title) }.contains("Open the link"))
    }
}
