import Testing
import ShojiTesting
@testable import HelloShoji

@MainActor
@Test func greetingChangesAfterASecondAndTheButtonCounts() async throws {
    let clock = ManualClock()
    let greeting = GreetingController(clock: clock)
    let pilot = Pilot(Application(rootViewController: greeting), size: Size(width: 40, height: 6), clock: clock)
    #expect(pilot.text.contains("Hello!"))

    await pilot.advance(by: 1)  // the task wakes at 1 s; its change is drawn then
    #expect(pilot.text.contains("a second later"))

    try pilot.click(on: "Press me")  // finds the text on screen and clicks it
    pilot.settle()  // lets the label's animation finish
    #expect(pilot.line(1).hasPrefix("    Pressed 1 time(s)"))

    pilot.press(.character("q"))
    #expect(!pilot.isRunning)
}
