import Testing
import ShojiTesting
@testable import TabsExample

/// The tabs app as a user drives it: switching tabs by key and by click, a badge that follows
/// the to-do list, a push inside a tab that stays when the user switches away and back.
@MainActor
struct TabsAppTests {
    let tabs = TabsApp.makeTabs()
    let pilot: Pilot

    init() {
        pilot = Pilot(Application(rootViewController: tabs), size: Size(width: 60, height: 10))
    }

    /// The tab bar: the last row.
    var bar: String { pilot.line(9) }

    @Test func theBarListsEveryTabWithItsSymbolAndBadge() {
        #expect(bar.contains("+ Counter"))
        #expect(bar.contains("✓ To do (3)"))
        #expect(bar.contains("⚙ Settings"))
        #expect(pilot.text.contains("Count: 0"))
    }

    @Test func theCounterCounts() throws {
        try pilot.click(on: "Add one")
        try pilot.click(on: "Add one")
        #expect(pilot.text.contains("Count: 2"))
    }

    @Test func tickingItemsOffChangesTheBadge() throws {
        pilot.press(.pageDown, modifiers: .ctrl)  // next tab
        pilot.settle()  // the switch slides
        #expect(pilot.text.contains("[ ] Water the plants"))
        pilot.press(.enter)  // the list has the focus; its first row is selected
        #expect(pilot.text.contains("[x] Water the plants"))
        #expect(bar.contains("To do (2)"))
        try pilot.click(on: "Call home")
        try pilot.click(on: "Write the report")
        #expect(bar.contains("✓ To do") && !bar.contains("("), "no badge once everything is done")
    }

    @Test func aPushInsideATabStaysWhenTheUserComesBack() throws {
        try pilot.click(on: "Settings")
        pilot.settle()
        try pilot.click(on: "About")
        pilot.settle()
        #expect(pilot.text.contains("Made with Shoji."))

        pilot.press(.character("1"), modifiers: .alt)  // Alt-1: the counter
        pilot.settle()
        #expect(pilot.text.contains("Count: 0"))
        pilot.press(.character("3"), modifiers: .alt)
        pilot.settle()
        #expect(pilot.text.contains("Made with Shoji."), "the stack kept its pushed screen")
        #expect(tabs.selectedIndex == 2)
    }
}
