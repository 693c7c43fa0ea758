import Foundation
import Testing

/// Swift concurrency in a real app on a real terminal (the probe, started with `@main` and
/// `App`): main-actor tasks, sleeps and streams make progress while the loop waits for keys.
@Suite(.timeLimit(.minutes(2)))
struct ConcurrencyEndToEndTests {
    @Test func aTaskStartedInViewDidLoadWakesFromTaskSleepAndUpdatesItsLabel() throws {
        let tmux = try startProbe()
        // The probe's task sleeps 0.3 s; nothing is pressed, so only the main actor's own
        // wake-up can bring the label's change to the screen.
        let screen = try tmux.waitFor("task: woke after sleeping", timeout: 5)
        #expect(screen.contains("task: woke after sleeping"))
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0, "q, the default quit key, quits")
    }

    @Test func aThousandRowsStreamedFromABackgroundTaskAllArrive() throws {
        let tmux = try startProbe()
        try tmux.send("r")
        let screen = try tmux.waitFor("stream: done", timeout: 10)
        #expect(screen.contains("stream: done, 1000 received, last row 999"), "\(screen)")
        #expect(screen.contains("row 999"), "the list shows the last row")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }
}
