import CMainQueue
import CTerminalSignals
import Glibc
import Shoji

/// The real terminal's input source: libtermkey for keys and mouse, one self-pipe that carries
/// both relayed signals (their number as a byte) and wake-ups (a zero byte), and the main
/// queue's wake-up, so the app's Swift concurrency runs while it waits.
///
/// `nextEvents` sleeps in `poll()` on the terminal, the pipe and libdispatch's main-queue
/// eventfd, with the caller's time-out, or the lone-Esc wait of libtermkey when a partial
/// sequence is pending, or no time-out at all: an idle app, even one with tasks sleeping, uses
/// no CPU.
///
/// Swift concurrency: main-actor jobs (a `Task { … }` started on the main actor, an `await`
/// returning to it, a value an `AsyncStream` consumer on the main actor receives, the end of a
/// `Task.sleep`) are queued on libdispatch's main queue, from any thread. When the queue has
/// work, `nextEvents` runs it, on the main thread, inside the call, then returns (with the
/// events read in the same wake-up), so the loop draws what the jobs changed at its next frame.
/// Jobs that these jobs queue run at the next call, which does not wait.
/// Signals arrive as events, in order with the keys read in the same wake-up:
/// SIGWINCH → `.resize` (coalesced), SIGINT/SIGTERM/SIGHUP → `.terminate`, SIGCONT → `.redraw`,
/// SIGTSTP and Ctrl-Z → the session suspends (terminal restored, process stopped) and, once
/// resumed, `.redraw` (or `.resize` if the size changed meanwhile).
///
/// Mouse positions are the screen's: inline, the terminal's rows minus the block's top row
/// (`TerminalSession.firstRow`), so a click above the block has a negative row and hits nothing.
/// Keys read while the session asked the terminal something (`absorb(_:)`) come out at the next
/// call, which then does not wait.
@MainActor
public final class TerminalInput: InputSource {
    private let decoder: KeyDecoder
    private let terminalFD: Int32
    private unowned let session: TerminalSession
    private let pipeRead: Int32
    private nonisolated let pipeWrite: Int32
    /// Readable while the main queue holds main-actor jobs.
    private let mainQueueFD = shoji_main_queue_fd()
    /// Events decoded from bytes the session read itself (`absorb(_:)`), not yet returned.
    private var absorbed: [InputEvent] = []

    /// The signal that asked the app to end, if one did (SIGHUP when the terminal hung up
    /// without one); the session re-raises it after teardown so the parent sees the usual
    /// status (128 + the signal).
    public private(set) var terminatingSignal: Int32?

    init(decoder: KeyDecoder, session: TerminalSession, pipe: (read: Int32, write: Int32)) {
        self.decoder = decoder
        terminalFD = decoder.fileDescriptor ?? STDIN_FILENO
        self.session = session
        pipeRead = pipe.read
        pipeWrite = pipe.write
    }

    public nonisolated func wake() {
        var zero: UInt8 = 0
        _ = write(pipeWrite, &zero, 1)  // non-blocking: a full pipe already holds a wake-up
    }

    public func nextEvents(timeout: Double?) -> [InputEvent] {
        nextEvents(timeout: timeout, readingInput: true)
    }

    /// Reads at most one 4 KiB chunk of terminal input per call, and none while `readingInput`
    /// is false: the terminal is then left out of the `poll()` (its bytes wait in the kernel's
    /// buffer, which makes a writer wait once it is full) and a pending sequence is neither
    /// waited for nor flushed, since its end may be among the unread bytes. The pipe and the
    /// main queue are served either way.
    public func nextEvents(timeout: Double?, readingInput: Bool) -> [InputEvent] {
        var wait = absorbed.isEmpty ? timeout : 0
        if readingInput, decoder.hasPendingSequence {
            wait = min(wait ?? .infinity, decoder.pendingWaitTime)
        }
        var fds = [
            // poll() skips a negative descriptor.
            pollfd(fd: readingInput ? terminalFD : -1, events: Int16(POLLIN), revents: 0),
            pollfd(fd: pipeRead, events: Int16(POLLIN), revents: 0),
            pollfd(fd: mainQueueFD, events: Int16(POLLIN), revents: 0)
        ]
        let ready = poll(&fds, nfds_t(fds.count), Self.pollMilliseconds(wait))
        if ready < 0 { return [] }  // EINTR: the handler wrote to the pipe; the next wait reads it

        var events: [InputEvent] = []
        if fds[1].revents & Int16(POLLIN) != 0 { events += readPipe() }
        let terminal = fds[0].revents
        if terminal & Int16(POLLIN | POLLHUP | POLLERR | POLLNVAL) != 0 {
            switch decoder.readAvailable() {
            case .bytesRead, .nothing:
                events += decoder.nextEvents()
            case .endOfInput, .failed:
                // The terminal went away (hung up): nobody is left to see the app. It ends as
                // for SIGHUP, the signal a hang-up sends where the terminal is a controlling
                // one, so a supervisor does not see success.
                events += decoder.nextEvents()
                if terminatingSignal == nil { terminatingSignal = SIGHUP }
                events.append(.terminate)
            }
        }
        if ready == 0, readingInput, decoder.hasPendingSequence {
            events += decoder.flushPending()
        }
        if fds[2].revents & Int16(POLLIN) != 0 { shoji_main_queue_drain() }
        if !absorbed.isEmpty {
            // Read before anything this call read from the terminal.
            events = absorbed + events
            absorbed.removeAll()
        }
        return interceptSuspend(events)
    }

    /// `timeout` in seconds as `poll()` takes it: whole milliseconds rounded up, at most a day,
    /// -1 (no limit) for nil.
    static func pollMilliseconds(_ timeout: Double?) -> Int32 {
        timeout.map { Int32(min(max(0, ($0 * 1000).rounded(.up)), 86_400_000)) } ?? -1
    }

    /// Takes input bytes the session read from the terminal itself while it waited for an
    /// answer (typed keys, a paste): decoded in order after what the decoder already holds,
    /// and returned by the next `nextEvents` call.
    func absorb(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        decoder.push(bytes)
        absorbed += decoder.nextEvents()
    }

    private func readPipe() -> [InputEvent] {
        var buffer = [UInt8](repeating: 0, count: 64)
        var events: [InputEvent] = []
        var resized = false
        while true {
            let count = read(pipeRead, &buffer, buffer.count)
            guard count > 0 else { break }
            for byte in buffer[0..<count] {
                switch Int32(byte) {
                case 0: break  // wake-up: returning is all it asks
                case SIGWINCH: resized = true
                case SIGINT, SIGTERM, SIGHUP:
                    if terminatingSignal == nil { terminatingSignal = Int32(byte) }
                    events.append(.terminate)
                case SIGTSTP: events.append(session.suspend())
                case SIGCONT: events.append(session.continued())
                default: break
                }
            }
        }
        if resized, let size = session.refreshSize() { events.append(.resize(size)) }
        return events
    }

    /// Has the terminal report key releases where it can (the kitty keyboard protocol's event
    /// types, see `TerminalScreen.setReportsKeyReleases(_:)`); the decoder reads them either way.
    public func reportKeyReleases(_ report: Bool) {
        session.reportKeyReleases(report)
    }

    /// Ctrl-Z suspends like a shell job (raw mode delivers it as a key, not as SIGTSTP); mouse
    /// positions move into the screen's rows.
    private func interceptSuspend(_ events: [InputEvent]) -> [InputEvent] {
        events.map { event in
            switch event {
            case .key(let key) where key == .ctrl("z"):
                return session.suspend()
            case .mouse(var mouse):
                mouse.position.y -= session.firstRow
                return .mouse(mouse)
            default:
                return event
            }
        }
    }
}
