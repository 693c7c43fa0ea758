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
        #expect(app.heldBackEventCount == keys.count, "the keys wait for the opening")
        slow.advance(by: 9 + 3 * slow.loop.frameInterval)
        #expect(
            app.heldBackEventCount == 0 && !slow.loop.isTicking, "all delivered and settled right after the opening")

        // The same keys one at a time, each settled, with no animation at all.
        let (reference, referenceApp) = try demo(["--no-animation"])
        reference.press(.function(2))
        for key in keys { reference.press(key) }
        #expect(referenceApp.sideMenu.selectedIndex > 5, "the keys went far down the menu (else this tests little)")
        #expect(app.sideMenu.selectedIndex == referenceApp.sideMenu.selectedIndex)
        #expect(app.sideMenu.isMenuVisible == referenceApp.sideMenu.isMenuVisible)
        #expect(slow.line(0) == reference.line(0), "the same bar")
    }
}
