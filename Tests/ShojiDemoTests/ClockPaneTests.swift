import Testing
import ShojiTesting
@testable import ShojiDemoKit

/// The clock pane: an async task, sleeping on the clock it is given, redraws the time once a
/// second, and only while the pane is shown.
@MainActor
struct ClockPaneTests {
    /// 11:59:58.25 at the manual clock's 0.
    private static let start = 11 * 3600 + 59 * 60 + 58.25

    private func clockPane(_ clock: ManualClock) -> ClockPane {
        ClockPane(title: "Clock", text: "ticking", clock: clock, timeOfDay: { Self.start + clock.seconds })
    }

    @Test func formatsTheTimeOfDay() {
        #expect(ClockPane.format(secondsSinceMidnight: 0) == "00:00:00")
        #expect(ClockPane.format(secondsSinceMidnight: 3_723.9) == "01:02:03")
        #expect(ClockPane.format(secondsSinceMidnight: 86_399.99) == "23:59:59")
        #expect(ClockPane.format(secondsSinceMidnight: 86_400) == "00:00:00")
    }

    @Test func theTimeChangesOnTheSecondAndNotBetween() async {
        let clock = ManualClock()
        let pane = clockPane(clock)
        let pilot = Pilot(Window(rootViewController: pane), size: Size(width: 30, height: 6), clock: clock)
        await pilot.runTasks()
        #expect(pilot.text.contains("11:59:58"))
        #expect(pilot.text.contains("ticking"))
        #expect(clock.nextWakeUp == 0.75, "it sleeps to the next whole second of the time of day")
        await pilot.advance(by: 0.7)
        #expect(pilot.text.contains("11:59:58"))
        #expect(pane.updateCount == 1, "no work between seconds")
        await pilot.advance(by: 0.05)
        #expect(pilot.text.contains("11:59:59"))
        await pilot.advance(by: 2)
        #expect(pilot.text.contains("12:00:01"))
        #expect(pane.updateCount == 4, "one update a second")
    }

    @Test func aHiddenClockStopsTicking() async throws {
        let clock = ManualClock()
        let pane = clockPane(clock)
        let other = ViewController()
        other.title = "Other"
        let menu = try SideMenuController(viewControllers: [pane, other])
        menu.transitionDuration = 0
        let pilot = Pilot(Window(rootViewController: menu), size: Size(width: 40, height: 8), clock: clock)
        await pilot.runTasks()
        #expect(clock.sleeperCount == 1)
        try menu.setSelectedIndex(1, animated: false)
        await pilot.runTasks()
        #expect(clock.sleeperCount == 0, "the task was cancelled with viewDidDisappear")
        let count = pane.updateCount
        await pilot.advance(by: 5)
        #expect(pane.updateCount == count)
        try menu.setSelectedIndex(0, animated: false)
        await pilot.runTasks()
        #expect(pane.updateCount == count + 1, "shown again, it shows the time at once")
        #expect(pilot.text.contains("12:00:03"))
    }
}

@Test func theHelpNamesTheClockKind() {
    let help = DemoOptions.helpMessage().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(help.contains("clock (the time of day, updated once a second by an async task)"))
}
