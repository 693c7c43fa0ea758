import Shoji
import ShojiTesting
import Testing

@testable import ShojiDemoKit

/// The log pane under a manual clock, frame by frame: a line every 100 ms while shown, the end
/// followed unless the user scrolled up, and nothing at all while it is not shown.
@MainActor
struct LogPaneTests {
    /// The pane in a navigation controller, 40x8: the bar, 6 rows of log, the footer.
    func show(_ pane: LogPane) -> Pilot {
        Pilot(
            Window(rootViewController: NavigationController(rootViewController: pane)), size: Size(width: 40, height: 8)
        )
    }

    /// The numbers of the log lines on screen, top to bottom.
    func shownNumbers(_ pilot: Pilot) -> [Int] {
        pilot.lines.compactMap { line in
            logNumber(in: line)
        }
    }

    @Test func aLineEvery100MillisecondsAndTheEndFollowed() {
        let pane = LogPane(title: "Log", text: "start")
        let pilot = show(pane)
        #expect(pane.lineCount == 0)
        pilot.advance(by: 0.1)
        #expect(pane.lineCount == 1 && shownNumbers(pilot) == [1])
        pilot.advance(by: 0.9)
        #expect(pane.lineCount == 10)
        #expect(shownNumbers(pilot) == Array(5...10), "six rows show the last six lines")
        #expect(pane.isFollowing)
        #expect(pilot.line(7).hasSuffix("lines 6–11 of 11"))
        for _ in 0..<5 {
            pilot.advance(by: 0.1)
            #expect(shownNumbers(pilot).last == pane.lineCount, "every frame shows the newest line")
        }
    }

    @Test func scrollingUpStopsFollowingAndEndResumesIt() {
        let pane = LogPane(title: "Log", text: nil)
        let pilot = show(pane)
        pilot.advance(by: 2)
        pilot.press(.up)
        let held = shownNumbers(pilot)
        #expect(!pane.isFollowing && held.last == pane.lineCount - 1)
        let count = pane.lineCount
        pilot.advance(by: 1)
        #expect(pane.lineCount == count + 10)
        #expect(shownNumbers(pilot) == held, "scrolled up: the lines stay put while more come")
        pilot.scroll(.wheelUp, at: Point(x: 5, y: 3))
        #expect(shownNumbers(pilot) == held.map { $0 - 3 })
        pilot.press(.end)
        pilot.advance(by: 0.02)
        #expect(pane.isFollowing && shownNumbers(pilot).last == pane.lineCount)
        pilot.advance(by: 0.1)
        #expect(shownNumbers(pilot).last == pane.lineCount && pane.lineCount > count + 10, "following again")
        pilot.press(.up)
        pilot.press(.down)
        pilot.advance(by: 0.12)
        #expect(shownNumbers(pilot).last == pane.lineCount, "scrolling back down to the end follows too")
    }

    @Test func aPaneNotShownAddsNothingAndSchedulesNothing() {
        let pane = LogPane(title: "Log", text: nil)
        let other = ViewController()
        let navigation = NavigationController(rootViewController: pane)
        let pilot = Pilot(Window(rootViewController: navigation), size: Size(width: 40, height: 8))
        pilot.advance(by: 0.5)
        #expect(pane.lineCount == 5)
        navigation.pushViewController(other, animated: false)
        pilot.advance(by: 0.1)
        let count = pane.lineCount
        #expect(pilot.loop.nextDeadline == nil, "no timer while the log is not shown: the loop sleeps")
        pilot.advance(by: 5)
        #expect(pane.lineCount == count)
        _ = navigation.popViewController(animated: false)
        pilot.advance(by: 0.5)
        #expect(pane.lineCount == count + 5)
    }

    @Test func theFactoryMakesALogPaneForTheLogKind() {
        let factory = PaneFactory(journal: LifecycleJournal { 0 })
        #expect(factory.makePane(for: MenuItem(title: "L", kind: .log)) is LogPane)
        let text = factory.makePane(for: MenuItem(title: "T", kind: .text(lines: 1_000)))
        #expect((text as? TextPane)?.textView.text.isEmpty == true, "made when shown, not before")
        text.loadViewIfNeeded()
        #expect((text as? TextPane)?.textView.lineCount == 1_000)
    }
}

/// The number of the log line `line` shows ("#N "), if any.
private func logNumber(in line: some StringProtocol) -> Int? {
    guard let hash = line.firstIndex(of: "#") else { return nil }
    return Int(line[line.index(after: hash)...].prefix(while: \.isNumber))
}
