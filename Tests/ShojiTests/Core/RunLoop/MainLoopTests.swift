import Testing
@testable import Shoji
import ShojiTesting

@MainActor
struct MainLoopTests {
    @Test func firstFrameIsRenderedAtStart() {
        let app = CounterApp()
        let pilot = Pilot(app, size: Size(width: 20, height: 3))
        #expect(pilot.line(0).hasPrefix("count 0"))
        #expect(pilot.screen.presentCount == 1)
        #expect(pilot.loop.nextDeadline == nil, "an idle app has no deadline, so it sleeps without CPU")
    }

    @Test func redrawRequestsCoalesceIntoOneFramePerTick() {
        let app = CounterApp()
        let pilot = Pilot(app, size: Size(width: 20, height: 3))
        // Five key presses at the same instant, without letting time move.
        for _ in 0..<5 { pilot.deliver(.key(KeyEvent(.character("+")))) }
        #expect(pilot.screen.presentCount == 1, "the frame after the first waits for the next tick")
        #expect(pilot.loop.nextDeadline == 1.0 / 60.0)
        pilot.advance(by: 1.0)
        #expect(pilot.screen.presentCount == 2, "five requests, one frame")
        #expect(pilot.line(0).hasPrefix("count 5"))
        #expect(pilot.loop.nextDeadline == nil)
    }

    @Test func framesAreAtLeastOneIntervalApart() {
        let app = CounterApp()
        let pilot = Pilot(app, size: Size(width: 20, height: 3), framesPerSecond: 10)
        pilot.press(.character("+"))
        #expect(pilot.clock.seconds == 0.1, "the press ran to the next frame at 10 Hz")
        pilot.advance(by: 0.5)
        pilot.press(.character("+"))
        #expect(pilot.clock.seconds == 0.6, "after a long idle gap the frame comes at once")
        #expect(pilot.screen.presentCount == 3)
    }

    @Test func oneShotTimerFiresOnceAtItsDeadline() {
        let app = CounterApp()
        let pilot = Pilot(app)
        var fired: [Double] = []
        pilot.loop.schedule(after: 0.25) { fired.append(pilot.clock.seconds) }
        #expect(pilot.loop.nextDeadline == 0.25)
        pilot.advance(by: 0.2)
        #expect(fired.isEmpty)
        pilot.advance(by: 1)
        #expect(fired == [0.25])
        #expect(pilot.loop.nextDeadline == nil)
    }

    @Test func repeatingTimerFiresEachIntervalUntilInvalidated() {
        let app = CounterApp()
        let pilot = Pilot(app)
        var fired: [Double] = []
        var timer: MainLoopTimer?
        timer = pilot.loop.schedule(after: 0.1, repeating: 0.1) {
            fired.append(pilot.clock.seconds)
            if fired.count == 3 { timer?.invalidate() }
        }
        pilot.advance(by: 1)
        #expect(fired.count == 3)
        #expect(zip(fired, [0.1, 0.2, 0.3]).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(timer?.isValid == false)
        #expect(pilot.loop.nextDeadline == nil)
    }

    @Test func lateRepeatingTimerDoesNotBurst() {
        let app = CounterApp()
        let pilot = Pilot(app)
        var count = 0
        pilot.loop.schedule(after: 0.1, repeating: 0.1) { count += 1 }
        // Jump the clock past five intervals at once, as a stalled process would.
        pilot.clock.advance(to: 0.55)
        pilot.loop.performDueWork()
        #expect(count == 1, "one late firing, not five")
        #expect(abs(pilot.loop.nextDeadline! - 0.65) < 1e-9)
    }

    @Test func timersDueTogetherFireInSchedulingOrder() {
        let app = CounterApp()
        let pilot = Pilot(app)
        var order: [String] = []
        pilot.loop.schedule(after: 0.5) { order.append("b") }
        pilot.loop.schedule(after: 0.3) { order.append("a") }
        pilot.loop.schedule(after: 0.5) { order.append("c") }
        pilot.clock.advance(to: 1)
        pilot.loop.performDueWork()
        #expect(order == ["a", "b", "c"])
    }

    @Test func tickCallbacksRunEveryFrameUntilTheyFinish() {
        let app = CounterApp()
        let pilot = Pilot(app)
        var ticks: [Double] = []
        pilot.loop.addTickCallback { now in
            ticks.append(now)
            return ticks.count < 4
        }
        #expect(pilot.loop.isTicking)
        pilot.advance(by: 1)
        #expect(ticks.count == 4)
        #expect(!pilot.loop.isTicking)
        // Ticks at 60 Hz: 1/60 s apart after the first.
        for (a, b) in zip(ticks, ticks.dropFirst()) { #expect(abs(b - a - 1.0 / 60.0) < 1e-9) }
        #expect(pilot.loop.nextDeadline == nil, "no ticks once nothing animates")
    }

    @Test func theLoopGivesNoKeyAMeaningOfItsOwn() {
        // Quitting and repainting by key belong to the Application (see ApplicationTests).
        let app = CounterApp()
        let pilot = Pilot(app)
        let frames = pilot.screen.presentCount
        pilot.press(.ctrl("c"))
        pilot.press(.ctrl("l"))
        #expect(pilot.isRunning, "an unhandled Ctrl-C does not stop a bare loop")
        #expect(app.events == [.key(.ctrl("c")), .key(.ctrl("l"))], "both went to the delegate")
        #expect(pilot.screen.invalidationCount == 0 && pilot.screen.presentCount == frames)
        pilot.send(.terminate)
        #expect(!pilot.isRunning, "a terminating signal still stops it")
    }

    @Test func resizeRelaysOutAndRedrawsInFull() {
        let app = CounterApp()
        let pilot = Pilot(app, size: Size(width: 20, height: 3))
        pilot.resize(to: Size(width: 40, height: 10))
        // The pilot tells the app its first size before the first frame, as a session does.
        #expect(app.sizes == [Size(width: 20, height: 3), Size(width: 40, height: 10)])
        #expect(pilot.screen.invalidationCount == 1)
        #expect(pilot.screen.lastFrame?.size == Size(width: 40, height: 10))
        #expect(pilot.lines.count == 10)
    }

    @Test func postedWorkWakesTheLoopAndRunsInOrder() async {
        let app = CounterApp()
        let pilot = Pilot(app)
        let loop = pilot.loop
        await Task.detached {
            loop.post { app.count = 10 }
            loop.post { app.count += 1 }
        }.value
        #expect(pilot.input.pendingWakeCount == 2)
        pilot.loop.performDueWork()
        #expect(app.count == 11)
    }

    @Test func blockingRunEndsWhenTheScriptRunsDry() {
        let app = CounterApp()
        let pilot = Pilot(app)
        pilot.input.enqueue(.key(KeyEvent(.character("+"))), .key(KeyEvent(.character("+"))))
        pilot.loop.run()
        #expect(app.count == 2)
        #expect(pilot.input.ranDry)
        #expect(pilot.line(0).hasPrefix("count 2"))
    }

    @Test func terminateStopsTheLoop() {
        let app = CounterApp()
        let pilot = Pilot(app)
        pilot.send(.terminate)
        #expect(!pilot.isRunning)
    }
}

@MainActor
struct MainLoopTickTests {
    /// A tick callback that asks for a frame (as every animated view does) must not make a
    /// second frame at the same instant: each tick renders once.
    @Test func aTickThatAsksForAFrameGetsOnlyItsOwnFrame() {
        let app = CounterApp()
        let pilot = Pilot(app)
        var ticks = 0
        pilot.loop.addTickCallback { _ in
            ticks += 1
            pilot.loop.setNeedsDisplay()
            return ticks < 5
        }
        let before = pilot.screen.presentCount
        pilot.advance(by: 1)
        #expect(ticks == 5)
        #expect(pilot.screen.presentCount - before == 5, "one frame per tick")
        #expect(pilot.loop.nextDeadline == nil)
    }
}
