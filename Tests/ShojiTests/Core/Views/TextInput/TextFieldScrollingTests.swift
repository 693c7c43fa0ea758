import Testing
@testable import Shoji
import ShojiTesting

/// `TextField` scrolls as a `ScrollView`: its offset is `contentOffset.x`, its text is the
/// content (as wide as the text and the insertion point's cell), scrolling moves the content view
/// (a `SurfaceMove`), an offset set in code is clamped and holds until the next edit, and the
/// scroll view's keys and wheel do not reach into the field.
@MainActor
struct TextFieldScrollingTests {
    typealias Fixture = TextFieldTests.Fixture

    /// The scroll offsets a delegate hears of.
    final class Offsets: ScrollViewDelegate {
        var reported: [Int] = []
        func scrollViewDidScroll(_ scrollView: ScrollView) { reported.append(scrollView.contentOffset.x) }
    }

    @Test func typingPastTheWidthSetsTheContentOffsetAndSize() {
        let f = Fixture(width: 5)
        let offsets = Offsets()
        f.field.delegate = offsets
        #expect(f.field.contentSize == Size(width: 1, height: 1), "an empty field: the insertion point's cell")
        f.pilot.type("abcdefghij")
        #expect(f.field.contentOffset == Point(x: 6, y: 0))
        #expect(f.field.contentSize == Size(width: 11, height: 1), "ten columns of text and the insertion point's")
        #expect(offsets.reported == [1, 2, 3, 4, 5, 6], "one scroll per key that scrolls, never clamped on the way")
        #expect(f.field.canScroll(.horizontal) && !f.field.canScroll(.vertical))
        #expect(f.field.showsIndicators == (vertical: false, horizontal: false), "both bars are off by default")
        f.press(.home)
        #expect(f.field.contentOffset == .zero)
        #expect(offsets.reported.last == 0)
        f.ctrl("e")
        for _ in 0..<3 { f.press(.backspace) }
        #expect(f.field.contentOffset.x == 3, "deleting at the end brings hidden text back")
        #expect(f.field.contentSize.width == 8)
    }

    @Test func aWideGraphemeKeptWholeAtTheLeftEdgeWidensTheContentToWhatShows() {
        let f = Fixture(width: 4)
        f.pilot.type("日本語")
        // The insertion point at column 6 needs the view to start at 3, the middle of 本: it
        // starts at 語 (4), and the content reaches the field's right edge.
        #expect(f.field.contentOffset.x == 4)
        #expect(f.field.contentSize.width == 8)
        #expect(f.field.maximumContentOffset.x == 4)
        #expect(f.shown == "語  ")
        f.press(.left)
        f.press(.left)
        #expect(f.field.contentOffset.x == 2)
        #expect(f.field.contentSize.width == 7, "no blank column is needed any more: the text and the point's cell")
    }

    @Test func scrollingMovesTheContentViewAndTheWindowRecordsTheMove() {
        let f = Fixture(width: 10)
        f.pilot.type("abcdefghijklmno")
        #expect(f.field.contentOffset.x == 6)
        f.press(.home)
        #expect(f.field.contentOffset.x == 0)
        #expect(f.field.contentView.frame.origin == .zero)
        #expect(
            f.pilot.screen.lastFrame?.moves == [SurfaceMove(rows: 1..<2, columns: 2..<12, dx: 6, dy: 0)],
            "the field's text moved six columns right")
        f.press(.end)
        #expect(f.field.contentView.frame.origin == Point(x: -6, y: 0))
        #expect(f.pilot.screen.lastFrame?.moves == [SurfaceMove(rows: 1..<2, columns: 2..<12, dx: -6, dy: 0)])
        #expect(f.shown == "ghijklmno ")
    }

    @Test func anOffsetSetInCodeIsClampedAndHoldsUntilTheNextEdit() {
        let f = Fixture(width: 5)
        f.pilot.type("abcdefghij")
        f.field.contentOffset = Point(x: 100, y: 3)
        #expect(f.field.contentOffset == Point(x: 6, y: 0), "clamped to the text and its one row")
        f.field.contentOffset = Point(x: 2, y: 0)
        f.pilot.advance(by: 0.1)
        #expect(f.field.contentOffset.x == 2, "a frame does not undo it")
        #expect(f.shown == "cdefg")
        #expect(f.pilot.cursor == nil, "the insertion point (after j) is out of view: no cursor")
        f.pilot.type("k")
        #expect(f.field.text == "abcdefghijk")
        #expect(f.field.contentOffset.x == 7, "the edit shows the insertion point again")
        #expect(f.shown == "hijk ")
        #expect(f.cursorColumn == 4)
        // An offset in the middle of a wide grapheme shows its other half blank.
        f.field.text = "a日本語"
        f.field.contentOffset = Point(x: 2, y: 0)
        f.pilot.advance(by: 0.1)
        #expect(f.shown == " 本語")
        // A click there walks from the edge: the blank half's grapheme gets the point before it.
        f.pilot.click(at: Point(x: 2, y: 1))
        #expect(f.field.insertionPoint == 1)
        #expect(f.field.contentOffset.x == 1, "and the field scrolls to show it")
    }

    @Test func theScrollViewsKeysDoNotReachIntoTheField() throws {
        let f = Fixture(width: 5, text: "abcdefghij")
        #expect(f.field.canScroll(.horizontal))
        #expect(
            f.field.keyBindings.bindings.map(\.command) == TextEditingBindings.all.map(\.command),
            "no scrolling keys: only the editing and the clipboard's")
        #expect(!f.field.canPerform(.moveLeft) && !f.field.canPerform(.pageDown))
        #expect(!f.pilot.window.activeKeyBindings().contains { $0.title == "Scrolling" })
        f.press(.left)
        #expect(f.field.insertionPoint == 9, "Left moves the insertion point")
        #expect(f.field.contentOffset.x == 6, "and the text stays where it was")
        f.press(.home)
        #expect(f.field.insertionPoint == 0)
        f.pilot.type(" ")
        #expect(f.field.text == " abcdefghij", "Space types")
        f.press(.end)
        #expect(f.field.insertionPoint == 11)
    }

    @Test func aHorizontalScrollBarTakesTheRowBelowTheTextAndNothingScrollsUpOrDown() {
        let field = TextField(text: "abcdefghij", frame: Rect(x: 0, y: 0, width: 5, height: 2))
        field.showsHorizontalScrollIndicator = true
        field.showsVerticalScrollIndicator = true
        let pilot = pilot(showing: field, size: Size(width: 10, height: 3))
        pilot.advance(by: 0.1)
        #expect(field.showsIndicators == (vertical: false, horizontal: true))
        #expect(field.contentOffset == Point(x: 6, y: 0))
        #expect(field.maximumContentOffset.y == 0 && !field.canScroll(.vertical))
        #expect(pilot.screen.lines[0].hasPrefix("ghij"))
        #expect(pilot.screen.lines[1].contains("█"), "the bar, its thumb at the end")
        field.horizontalScrollIndicatorInsets.top = 1
        pilot.advance(by: 0.1)
        #expect(field.contentSize.height == 0, "the bar and the blank row above it take both rows")
        #expect(field.maximumContentOffset.y == 0 && !field.canScroll(.vertical))
        field.horizontalScrollIndicatorInsets.top = 0
        field.frame.size.height = 1
        pilot.advance(by: 0.1)
        #expect(field.contentSize.height == 0, "a one-row field gives its row to the bar")
        #expect(field.maximumContentOffset.y == 0 && !field.canScroll(.vertical))
        #expect(field.cursorPosition == nil, "no row shows the text")
    }

    @Test func theWheelOverAFieldScrollsTheViewsAroundIt() {
        let form = ScrollView(frame: Rect(x: 0, y: 0, width: 20, height: 3))
        let field = TextField(text: "a long text in a short field", frame: Rect(x: 1, y: 0, width: 8, height: 1))
        form.contentView.addSubview(field)
        form.contentSize = Size(width: 20, height: 10)
        let pilot = pilot(showing: form, size: Size(width: 20, height: 4))
        pilot.advance(by: 0.1)
        let offset = field.contentOffset
        pilot.scroll(.wheelDown, at: Point(x: 3, y: 0))
        #expect(form.contentOffset.y == form.wheelScrollLines, "the form scrolled")
        #expect(field.contentOffset == offset, "the field did not")
    }
}
