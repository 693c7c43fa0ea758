import Testing
import ShojiTerminal

/// A session started where the loop could not serve the main actor refuses to start, with a
/// reason, before touching the terminal. A test is such a place: the test runner's async main
/// gave the main thread to libdispatch or runs this test inside a drain of the main queue.
@MainActor
struct MainActorCheckTests {
    @Test func aSessionStartedFromATaskRefusesToStartWithAReason() {
        do {
            _ = try TerminalSession()
            Issue.record("a session started inside a test task")
        } catch {
            guard case .mainActorUnavailable(let reason) = error else {
                Issue.record("expected mainActorUnavailable, got \(error)")
                return
            }
            #expect(reason.contains("synchronous main"))
            #expect(error.description.hasPrefix("cannot run the app here: "))
        }
    }
}
