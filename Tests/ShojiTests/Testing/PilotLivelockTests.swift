import Testing
@testable import Shoji
import ShojiTesting

/// A livelocked app (work due immediately, forever) fails a pilot test fast and says what kept
/// running; a long advance over an animation is not a livelock.
@MainActor
struct PilotLivelockTests {
    @Test func theLoopNamesTheWorkDueNext() {
        let pilot = Pilot(CounterApp(), size: Size(width: 10, height: 2))
        #expect(pilot.loop.dueWorkDescription.isEmpty, "idle")
        pilot.loop.schedule(after: 0.5, name: "later") {}
        pilot.loop.schedule(after: 0.1, repeating: 0.25, name: "poll") {}
        let (unnamed, line) = (pilot.loop.schedule(after: 0.1) {}, #line)
        #expect(
            pilot.loop.dueWorkDescription == [
                #"timer "poll" (every 0.25 s)"#, "timer \"ShojiTests/PilotLivelockTests.swift:\(line)\""
            ])
        unnamed.invalidate()
        pilot.loop.addTickCallback(name: "spinner") { _ in true }
        #expect(pilot.loop.dueWorkDescription == [#"tick callback "spinner""#, "a frame"], "the frame comes first now")
    }

    @Test func theAnimatorAndTheWindowNameTheirWork() {
        let window = Window(rootViewController: ViewController())
        let pilot = Pilot(window, size: Size(width: 10, height: 2))
        View.animate(withDuration: 1) { window.rootViewController?.view.alpha = 0 }
        #expect(pilot.loop.dueWorkDescription == [#"tick callback "Animator""#, "a frame"])
    }

    @Test func aLongAdvanceOverAnAnimationIsNotALivelock() {
        let pilot = Pilot(CounterApp(), size: Size(width: 4, height: 1))
        pilot.loop.addTickCallback { _ in true }
        pilot.advance(by: 200)  // 12,000 frames, each at a later instant
        #expect(pilot.loop.framesPresented > Pilot.livelockBound)
    }

    @Test func aTimerThatReschedulesItselfAtOnceStopsTheTestNamingIt() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let pilot = Pilot(CounterApp(), size: Size(width: 4, height: 1))
                @MainActor func spin() { pilot.loop.schedule(after: 0, name: "spinner") { spin() } }
                spin()
                pilot.advance(by: 1)
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            message.contains(
                #"Pilot.advance: livelock at t = 0.0: work was due immediately 10000 times in a row without time moving; due now: timer "spinner""#
            ),
            "\(message)")
    }
}
