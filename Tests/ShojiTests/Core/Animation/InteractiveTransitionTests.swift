import Testing

@testable import Shoji
import ShojiTesting

/// `InteractiveTransition`: one at a time per window.
@MainActor
struct InteractiveTransitionTests {
    /// Beginning a transition while another runs interrupts the running one, once (its owner
    /// ends it as a release would); beginning the running one again interrupts nothing.
    @Test func beginningOneWhileAnotherRunsInterruptsTheRunningOneOnce() {
        let root = ViewController()
        let pilot = Pilot(Window(rootViewController: root), size: Size(width: 20, height: 5))
        pilot.settle()
        var interruptions: [String] = []
        let first = InteractiveTransition.begun(owner: root, at: Point(x: 1, y: 1), in: pilot.window) {
            interruptions.append("first")
        }
        #expect(first.isActive && root.isTransitioning)
        let second = InteractiveTransition(owner: root, at: Point(x: 5, y: 1))
        second.onInterruption = { interruptions.append("second") }
        second.begin(in: pilot.window)
        #expect(interruptions == ["first"], "the running one, once")
        #expect(!first.isActive && second.isActive && pilot.window.interactiveTransition === second)
        second.begin(in: pilot.window)
        #expect(interruptions == ["first"] && second.isActive, "begun again: nothing interrupted")
        first.end()
        #expect(second.isActive, "ending the interrupted one again changes nothing")
        second.end()
        #expect(pilot.window.interactiveTransition == nil && !root.isTransitioning)
    }
}
