import Shoji
import ShojiTesting
import Testing
@testable import ShojiDemoKit

/// The case, headless: with `--duration 10`, keys typed during the menu's opening
/// catch up when it ends instead of each replaying its 10 s transitions.
@MainActor
struct DemoBacklogTests {
    private func demo(_ arguments: [String]) throws -> (Pilot, DemoApp) {
        let app = try DemoApp(menu: try MenuFile.builtIn(), options: try DemoOptions.parse(arguments), seconds: { 0 })
        return (Pilot(app, size: Size(width: 80, height: 24)), app)
    }

    @Test func fortyRoundsOfDownEnterF2TypedDuringATenSecondOpeningCatchUpWhenItEnds() throws {
        let keys = Array(repeating: [KeyEvent(.down), KeyEvent(.enter), KeyEvent(.function(2))], count: 40).flatMap {
            $0
        }
        let (slow, app) = try demo(["--duration", "10"])
        slow.press(.function(2))  // the menu slides open over 10 s
        slow.advance(by: 1)
        for key in keys { slow.deliver(.key(key)) }
        #expect(app.window.heldBackEventCount == keys.count, "the keys wait for the opening")
        slow.advance(by: 9 + 3 * slow.loop.frameInterval)
        #expect(
            app.window.heldBackEventCount == 0 && !slow.loop.isTicking,
            "all delivered and settled right after the opening")

        // The same keys one at a time, each settled, with no animation at all.
        let (reference, referenceApp) = try demo(["--no-animation"])
        reference.press(.function(2))
        for key in keys { reference.press(key) }
        #expect(referenceApp.sideMenu.selectedIndex > 5, "the keys went far down the menu (else this tests little)")
        #expect(app.sideMenu.selectedIndex == referenceApp.sideMenu.selectedIndex)
        #expect(app.sideMenu.isMenuVisible == referenceApp.sideMenu.isMenuVisible)
        #expect(slow.line(0) == reference.line(0), "the same bar")
    }

    /// Sixteen presses on the top rows, read at once with their releases lost (the last one
    /// grabbing the open pane and dragging it), then 1,100 Downs read while the drag holds
    /// them: the backlog fills, the loop stops reading, and nothing may keep it full.
    @Test func aBurstOfPressesWithLostReleasesThenAThousandKeysLeavesTheDemoAnswering() throws {
        let app = try DemoApp(menu: try MenuFile.builtIn(), options: try DemoOptions.parse([]), seconds: { 0 })
        let clock = ManualClock()
        let input = ScriptedInput(clock: clock)
        input.maximumEventsPerRead = 100
        let size = Size(width: 80, height: 24)
        let loop = MainLoop(screen: HeadlessScreen(size: size), input: input, clock: clock)
        loop.delegate = app.window
        app.window.mainLoop(loop, didResizeTo: size)
        let burst: [(MouseEvent.Kind, Int, Int)] = [
            (.press(.left), 30, 2), (.press(.left), 47, 2), (.drag(.left), 66, 2), (.press(.left), 8, 2),
            (.drag(.left), 24, 2), (.press(.left), 33, 2), (.drag(.left), 49, 2), (.press(.left), 69, 2),
            (.drag(.left), 74, 2), (.press(.left), 29, 2), (.drag(.left), 46, 2), (.press(.left), 49, 2),
            (.drag(.left), 52, 2), (.press(.left), 20, 2), (.drag(.left), 21, 2), (.press(.left), 34, 1),
            (.press(.left), 49, 2), (.press(.left), 54, 1), (.press(.left), 73, 1), (.press(.left), 17, 1),
            (.drag(.left), 22, 1), (.press(.left), 63, 0), (.drag(.left), 77, 0), (.press(.left), 38, 1),
            (.press(.left), 49, 2), (.drag(.left), 68, 2)
        ]
        input.enqueue(contentsOf: burst.map { .mouse(MouseEvent($0.0, at: Point(x: $0.1, y: $0.2))) })
        input.enqueue(contentsOf: Array(repeating: .key(KeyEvent(.down)), count: 1100))
        loop.run()
        #expect(app.window.heldBackEventCount == 0 && loop.undispatchedEventCount == 0, "every key was worked off")
        #expect(input.pending.isEmpty, "and every key was read")
        // Still answering: F2 toggles the menu.
        let wasOpen = app.sideMenu.isMenuVisible
        loop.start()
        loop.dispatch(.key(KeyEvent(.function(2))))
        for _ in 0..<100 {
            clock.advance(by: 0.02)
            loop.performDueWork()
        }
        #expect(app.sideMenu.isMenuVisible != wasOpen, "F2 toggled the menu")
    }
}
