import CMainQueue
import CTerminalSignals
import Glibc
import Shoji

/// The wait of a `MainLoopGroup` on the process's main thread: `poll()` on a pipe that
/// `wake()` makes readable and on libdispatch's main-queue eventfd, running the main actor's
/// queued jobs when there are some (as `TerminalInput` does for the local terminal's loop), so
/// Swift concurrency runs while the group waits and an idle group uses no CPU.
///
/// Create it on the main thread from synchronous code (a plain `main`), for the same reason as
/// `TerminalSession`: `init` throws `TerminalError.mainActorUnavailable` anywhere the main
/// actor's jobs could not be served.
@MainActor
public final class MainThreadWaiter: LoopWaiter {
    private nonisolated let wakeFD: Int32
    private nonisolated let wakeWriteFD: Int32
    private let mainQueueFD = shoji_main_queue_fd()

    /// A waiter for the group driven on this, the main, thread.
    public init() throws(TerminalError) {
        try TerminalSession.checkMainActorIsServiceable()
        var fds: [Int32] = [-1, -1]
        guard shoji_make_self_pipe(&fds) == 0 else { throw .setupFailed("pipe: errno \(errno)") }
        wakeFD = fds[0]
        wakeWriteFD = fds[1]
    }

    isolated deinit {
        Glibc.close(wakeFD)
        Glibc.close(wakeWriteFD)
    }

    /// Ends the current or next `wait` (any thread; never blocks).
    public nonisolated func wake() {
        var zero: UInt8 = 0
        _ = write(wakeWriteFD, &zero, 1)  // non-blocking; a full pipe already holds a wake-up
    }

    /// Waits for `wake()`, a main-actor job (which it runs) or the time-out.
    public func wait(timeout: Double?) {
        var fds = [
            pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: mainQueueFD, events: Int16(POLLIN), revents: 0)
        ]
        guard poll(&fds, nfds_t(fds.count), TerminalInput.pollMilliseconds(timeout)) > 0 else { return }
        if fds[0].revents & Int16(POLLIN) != 0 {
            var buffer = [UInt8](repeating: 0, count: 256)
            while read(wakeFD, &buffer, buffer.count) > 0 {}
        }
        if fds[1].revents & Int16(POLLIN) != 0 { shoji_main_queue_drain() }
    }
}
