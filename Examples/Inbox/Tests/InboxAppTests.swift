import Testing
import ShojiSnapshotTesting
@testable import InboxExample

/// The inbox as a user drives it: the first mailbox's list, a message opened and closed, the
/// menu opened to switch mailboxes; every lifecycle call on the way in UIKit's order. The
/// screens on the way are recorded snapshots too (`__Snapshots__/InboxAppTests/`): what the
/// checks below do not say, such as the layout of the bar and the list, shows in their diff.
@MainActor
struct InboxAppTests {
    let pilot = Pilot(InboxApp().makeApplication(), size: Size(width: 60, height: 12))

    @Test func opensAMessageAndGoesBack() {
        #expect(pilot.line(0).contains("Inbox"), "the bar shows the mailbox's title")
        #expect(pilot.text.contains("Grace    Found a bug"))
        assertSnapshot(of: pilot, as: .screen, named: "inbox")

        pilot.press(.down)  // the list has the focus: select Grace's message
        pilot.press(.enter)
        pilot.settle()  // the push slides in
        #expect(pilot.line(0).contains("Found a bug"))
        #expect(pilot.text.contains("A moth, in relay 70"))
        #expect(pilot.line(0).contains("Inbox"), "the back button names the mailbox")
        assertSnapshot(of: pilot, as: .screen, named: "message")

        pilot.press(.escape)  // back to the list
        pilot.settle()
        #expect(pilot.text.contains("Ada      Engine notes"))
        #expect(!pilot.text.contains("A moth"))
    }

    @Test func theMenuSwitchesMailboxes() throws {
        pilot.press(.function(2))  // F2 opens the side menu
        pilot.settle()
        #expect(pilot.text.contains("Archive"))
        #expect(pilot.text.contains("Sent"))
        // With styles: the open menu's selection and what it covers.
        assertSnapshot(of: pilot, as: .styledScreen, named: "menu")

        try pilot.click(on: "Archive")
        pilot.settle()  // the pane slides out, the new list slides in
        #expect(pilot.text.contains("Alan     Tape lengths"))
        #expect(!pilot.text.contains("Engine notes"))

        pilot.press(.function(2))
        pilot.settle()
        try pilot.click(on: "Sent")
        pilot.settle()
        #expect(pilot.text.contains("No messages."))
    }

    @Test func everyLifecycleCallIsInOrderAndBalanced() throws {
        let recorder = LifecycleRecorder()  // before the app, so every controller's history is complete
        var checker = LifecycleChecker()
        let pilot = Pilot(InboxApp().makeApplication(), size: Size(width: 60, height: 12))
        pilot.press(.enter)
        pilot.settle()
        pilot.press(.function(2))
        pilot.settle()
        try pilot.click(on: "Archive")
        pilot.settle()
        checker.consume(recorder.takeEvents())
        #expect(checker.violations.isEmpty, "\(checker.violations)")
        #expect(checker.settledViolations().isEmpty, "\(checker.settledViolations())")
        #expect(LifecycleChecker.treeViolations(window: pilot.window).isEmpty)
    }

    @Test func quitsOnQ() {
        pilot.press(.character("q"))
        #expect(!pilot.isRunning)
    }
}
