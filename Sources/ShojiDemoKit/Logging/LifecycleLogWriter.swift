import Glibc
import Shoji
import ShojiLogging

/// Writes every view controller lifecycle event to a file, one line each in
/// `LifecycleLogFormat.tabSeparated` (`0.250<TAB>ColorPane#2<TAB>viewWillAppear<TAB>true`),
/// for the demo's `--log FILE`.
///
/// Guarantees:
/// - `init` creates or truncates the file and throws a `LifecycleLogWriter.OpenError` saying
///   why when it cannot (so `main` can report it before the terminal is touched). It never
///   blocks: a FIFO that no process reads is refused (opened non-blocking), and so is a
///   terminal (the log would be drawn over the app).
/// - Once `start()`ed, every non-layout event is written as one line ending in a newline, in
///   call order, with one `write(2)` per line: nothing is buffered, so the file is complete up
///   to the last event even if the process is killed. Writes never wait on a pipe's reader: a
///   full pipe is a write failure.
/// - Times are seconds from `seconds()` (the demo passes seconds since it started).
/// - A failed write (disk full, a pipe whose reader left or fell behind) stops the log for good
///   and is kept in `writeFailure`; the demo keeps running and reports it when it ends. The
///   file is closed on `deinit`.
/// - Holds no controller; controllers hold their observers weakly, so keep the writer alive.
@MainActor
public final class LifecycleLogWriter: LifecycleObserver {
    /// Why the log file could not be opened.
    public struct OpenError: Error, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path.pathForMessage()): cannot write the log file: \(reason)" }
    }

    /// Why writing the log stopped, and how far it got.
    public struct WriteError: Error, Equatable, CustomStringConvertible {
        public var path: String
        /// The system's reason, lowercased ("no space left on device").
        public var reason: String
        /// The lines written in full before the failure.
        public var linesWritten: Int
        public var description: String {
            "\(path.pathForMessage()): could not write the log file: \(reason); it ends after \(linesWritten) "
                + (linesWritten == 1 ? "line" : "lines")
        }
    }

    /// The file, as given.
    public let path: String
    /// Why writing stopped, if it did.
    public private(set) var writeFailure: WriteError?
    /// Lines written so far.
    public private(set) var linesWritten = 0

    private var descriptor: Int32
    private let seconds: @MainActor () -> Double

    /// Creates (or truncates) the file at `path`; `seconds()` stamps each line.
    public init(path: String, seconds: @escaping @MainActor () -> Double) throws(OpenError) {
        self.path = path
        self.seconds = seconds
        // Non-blocking: opening a FIFO for writing waits for a reader otherwise, maybe forever.
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            var status = stat()
            if code == ENXIO, stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFIFO {
                throw OpenError(path: path, reason: "it is a FIFO (named pipe) that no process is reading")
            }
            throw OpenError(path: path, reason: BoundedFileReader.reason(code))
        }
        if isatty(descriptor) == 1 {
            close(descriptor)
            throw OpenError(path: path, reason: "it is a terminal; the log would be drawn over the demo")
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Starts writing events. Does nothing if already started.
    public func start() { ViewController.addLifecycleObserver(self) }

    /// Stops writing events. Does nothing if not started.
    public func stop() { ViewController.removeLifecycleObserver(self) }

    public func lifecycleEvent(_ event: LifecycleEvent) {
        guard !event.method.isLayout, descriptor >= 0, writeFailure == nil else { return }
        let line = LifecycleLogFormat.tabSeparated.line(for: event, at: seconds()) + "\n"
        let bytes = Array(line.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                let reason =
                    errno == EAGAIN
                    ? "the pipe is full (its reader is not keeping up)" : BoundedFileReader.reason(errno)
                writeFailure = WriteError(path: path, reason: reason, linesWritten: linesWritten)
                stop()
                return
            }
            written += count
        }
        linesWritten += 1
    }
}
