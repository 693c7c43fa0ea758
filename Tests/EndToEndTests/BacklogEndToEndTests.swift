import Foundation
import Testing

/// Quitting is never stuck behind animations or typed-ahead keys: the real `shoji-demo` in tmux,
/// with every transition taking 10 s.
@Suite(.timeLimit(.minutes(2)))
struct BacklogEndToEndTests {
    private func startSlowDemo() throws -> TmuxSession {
        let tmux = try TmuxSession(
            [demoBinary(), "--duration", "10"], environment: ["TERM": "tmux-256color", "LANG": "C.UTF-8"])
        try tmux.waitFor(DemoEndToEndTests.firstTitle)
        return tmux
    }

    @Test(arguments: ["q", "C-c"])
    func aQuitKeyDuringATenSecondOpeningQuitsWithinASecond(key: String) throws {
        let tmux = try startSlowDemo()
        try tmux.send("F2")
        usleep(500_000)  // half a second into the 10 s slide
        try tmux.send(key)
        let status = try #require(
            try tmux.waitForExit(timeout: 1), "\(key) quits within a second, not when the 10 s slide ends")
        #expect(status == 0)
        try tmux.expectRestored("after \(key) mid-slide")
    }

    @Test func qAfterFortyTypedAheadRoundsOfDownEnterF2QuitsWithinASecond() throws {
        let tmux = try startSlowDemo()
        try tmux.send(keys: Array(repeating: ["Down", "Enter", "F2"], count: 40).flatMap { $0 })
        try tmux.send("q")
        let status = try #require(
            try tmux.waitForExit(timeout: 1), "q goes ahead of the 120 keys and their 10 s transitions")
        #expect(status == 0)
        try tmux.expectRestored("after q behind a backlog")
    }
}
