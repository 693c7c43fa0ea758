import Testing
import Shoji
import ShojiTesting

@MainActor
struct NavigationBarTests {
    /// A bar across the top of a window `width` wide, showing its controller's navigation item.
    @MainActor
    final class Fixture {
        let bar: NavigationBar
        let controller: HostController
        let pilot: Pilot

        init(
            width: Int = 30, title: String? = "Inbox", left: [BarButtonItem] = [], right: [BarButtonItem] = [],
            back: BarButtonItem? = nil
        ) {
            bar = NavigationBar(frame: Rect(x: 0, y: 0, width: width, height: 1))
            controller = HostController([bar])
            controller.title = title
            controller.navigationItem.leftBarButtonItems = left
            controller.navigationItem.rightBarButtonItems = right
            bar.navigationItem = controller.navigationItem
            bar.backItem = back
            pilot = Pilot(Window(rootViewController: controller), size: Size(width: width, height: 2))
        }

        var line: String { pilot.line(0) }
        var styledLine: String { String(pilot.styledText.split(separator: "\n", omittingEmptySubsequences: false)[0]) }
    }

    private func spaces(_ count: Int) -> String { String(repeating: " ", count: count) }

    @Test func placesLeftItemsTitleAndRightItems() {
        let fixture = Fixture(left: [BarButtonItem(title: "Edit")], right: [BarButtonItem(title: "Add")])
        // [Edit] at 1-6, Inbox centred at 12-16, [Add] at 24-28, 1-column margins.
        #expect(fixture.line == " [Edit]" + spaces(5) + "Inbox" + spaces(7) + "[Add] ")
    }

    @Test func drawsTheBarInReverseWithABoldTitleAndTheFocusedItemUnreversed() {
        let add = BarButtonItem(title: "Add")
        let fixture = Fixture(width: 20, title: "Hi", right: [add])
        #expect(fixture.bar.button(for: add)?.isFocused == true, "the only focusable view")
        #expect(
            fixture.styledLine
                == "{reverse}\(spaces(9)){/}{bold reverse}Hi{/}{reverse}\(spaces(3)){/}[Add]{reverse} {/}")
        add.isEnabled = false
        fixture.pilot.advance(by: 0.1)
        #expect(
            fixture.styledLine
                == "{reverse}\(spaces(9)){/}{bold reverse}Hi{/}{reverse}\(spaces(3)){/}{dim reverse}[Add]{/}{reverse} {/}"
        )
    }

    @Test func centresACJKTitleByDisplayWidth() {
        let fixture = Fixture(width: 20, title: "日本語")
        #expect(fixture.line == spaces(7) + "日本語" + spaces(7))
        #expect(fixture.styledLine == "{reverse}\(spaces(7)){/}{bold reverse}日本語{/}{reverse}\(spaces(7)){/}")
    }

    @Test func truncatesALongTitleBeforeTheItems() {
        let fixture = Fixture(
            title: "A rather long title for the bar",
            left: [BarButtonItem(title: "Edit")], right: [BarButtonItem(title: "Add")])
        // Columns 8-22 are free: one gap after [Edit] (7) and before [Add] (23).
        #expect(fixture.line == " [Edit] A rather long … [Add] ")
    }

    @Test func truncatesAWideTitleWithoutHalfACharacter() {
        // 14 free columns (8-21); 6 wide characters and the ellipsis take 13, 1 column spare.
        let fixture = Fixture(
            title: "日本語のとても長いタイトルです",
            left: [BarButtonItem(title: "Edit")], right: [BarButtonItem(title: "Adds")])
        #expect(fixture.line == " [Edit] 日本語のとて…  [Adds] ")
        #expect(DisplayWidth.of(fixture.line) == 30)
    }

    @Test func slidesTheTitleAwayFromItemsRatherThanCuttingIt() {
        let fixture = Fixture(
            width: 34, title: "Inbox (1234)", left: [BarButtonItem(title: "Mailboxes")],
            right: [BarButtonItem(title: "Add")])
        // Centred it would start at 11, inside [Mailboxes] (1-11); it starts after the gap instead.
        #expect(fixture.line == " [Mailboxes] Inbox (1234)" + spaces(3) + "[Add] ")
    }

    @Test func hidesTheTitleWhenNotOneCharacterFits() {
        let fixture = Fixture(width: 16, left: [BarButtonItem(title: "Edit")], right: [BarButtonItem(title: "Add")])
        #expect(fixture.line == " [Edit]   [Add] ", "one free column would show only an ellipsis")
    }

    @Test func hidesItemsThatDoNotFitWhole() {
        var adds = 0
        let add = BarButtonItem(title: "Add") { adds += 1 }
        let fixture = Fixture(width: 14, title: nil, left: [BarButtonItem(title: "Mailbox")], right: [add])
        // [Add] would take 8-12, but [Mailbox] ends at 9 and needs a gap.
        #expect(fixture.line == " [Mailbox]    ")
        #expect(fixture.bar.button(for: add) == nil)
        fixture.pilot.click(at: Point(x: 12, y: 0))
        #expect(adds == 0, "a hidden item cannot be clicked")
        fixture.bar.autoresizingMask = .flexibleWidth
        fixture.pilot.resize(to: Size(width: 17, height: 2))
        #expect(fixture.line == " [Mailbox] [Add] ")
    }

    @Test func showsATitleChangeOnTheNextFrameWithoutAnExtraFrame() {
        let fixture = Fixture(left: [BarButtonItem(title: "Edit")])
        let frames = fixture.pilot.screen.presentCount
        fixture.controller.title = "Drafts"
        fixture.pilot.advance(by: 0.1)
        #expect(fixture.line == " [Edit]" + spaces(5) + "Drafts" + spaces(12))
        #expect(fixture.pilot.screen.presentCount == frames + 1)
        #expect(!fixture.pilot.loop.needsDisplay, "rebuilding the bar in the layout pass asks for no second frame")
        fixture.controller.navigationItem.title = "Explicit"
        fixture.pilot.advance(by: 0.1)
        #expect(fixture.line.contains("Explicit"))
    }

    @Test func showsItemChangesOnTheNextFrame() {
        let edit = BarButtonItem(title: "Edit")
        let fixture = Fixture(left: [edit], right: [BarButtonItem(title: "Add")])
        fixture.controller.navigationItem.rightBarButtonItems = [
            BarButtonItem(title: "Save"), BarButtonItem(title: "Add")
        ]
        fixture.pilot.advance(by: 0.1)
        #expect(
            fixture.line == " [Edit]" + spaces(4) + "Inbox [Save] [Add] ", "the last right item is rightmost")
        edit.title = "Done"
        fixture.pilot.advance(by: 0.1)
        #expect(fixture.line.hasPrefix(" [Done] "))
        fixture.controller.navigationItem.leftBarButtonItems = []
        fixture.pilot.advance(by: 0.1)
        #expect(fixture.line.hasPrefix(spaces(11) + "Inbox"), "centred, then slid clear of [Save]")
    }

    @Test func clickOrEnterOnAnItemRunsItsAction() {
        var edits = 0, adds = 0
        let edit = BarButtonItem(title: "Edit") { edits += 1 }
        let add = BarButtonItem(title: "Add") { adds += 1 }
        let fixture = Fixture(left: [edit], right: [add])
        fixture.pilot.click(at: Point(x: 27, y: 0))
        #expect(adds == 1 && edits == 0)
        fixture.pilot.click(at: Point(x: 14, y: 0))
        #expect(adds == 1 && edits == 0, "the title is not a button")
        fixture.pilot.press(.tab)
        #expect(fixture.bar.button(for: edit)?.isFocused == true, "Tab wraps from Add, the last item, to Edit")
        fixture.pilot.press(.enter)
        #expect(edits == 1)
    }

    @Test func aFocusedItemKeepsFocusWhenItsTitleChanges() {
        let add = BarButtonItem(title: "Add")
        let fixture = Fixture(left: [BarButtonItem(title: "Edit")], right: [add])
        fixture.pilot.press(.tab)
        #expect(fixture.bar.button(for: add)?.isFocused == true)
        add.title = "Plus"
        fixture.pilot.advance(by: 0.1)
        #expect(fixture.line.hasSuffix(" [Plus] "))
        #expect(fixture.bar.button(for: add)?.isFocused == true)
    }

    @Test func drawsTheBackItemLeftmostWithAnArrow() {
        var backs = 0
        let back = BarButtonItem(title: "Inbox") { backs += 1 }
        let fixture = Fixture(title: "Message", left: [BarButtonItem(title: "Edit")], back: back)
        // Centred, Message would start at 11, inside [Edit] (11-16); it slides to 18.
        #expect(fixture.line == " [< Inbox] [Edit] Message" + spaces(5))
        fixture.controller.navigationItem.leftBarButtonItems = []
        fixture.pilot.advance(by: 0.1)
        #expect(fixture.line == " [< Inbox] Message" + spaces(12))
        fixture.pilot.click(at: Point(x: 2, y: 0))
        #expect(backs == 1)
        back.title = "Mailboxes"
        fixture.pilot.advance(by: 0.1)
        #expect(fixture.line.hasPrefix(" [< Mailboxes] "), "a change to the back item shows too")
        fixture.bar.backItem = nil
        fixture.pilot.advance(by: 0.1)
        #expect(fixture.line == spaces(11) + "Message" + spaces(12))
    }

    @Test func followsAWidthChange() {
        let fixture = Fixture(left: [BarButtonItem(title: "Edit")], right: [BarButtonItem(title: "Add")])
        fixture.bar.autoresizingMask = .flexibleWidth
        fixture.pilot.resize(to: Size(width: 20, height: 2))
        #expect(fixture.line == " [Edit] Inbox [Add] ", "Inbox, centred at 7 of 20 columns, slides clear to 8")
    }
}
