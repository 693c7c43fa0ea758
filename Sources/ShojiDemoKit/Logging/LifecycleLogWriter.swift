import Glibc
import Shoji
import ShojiLogging

/// Writes every view controller lifecycle event to a file, one line each in
/// `LifecycleLogFormat.tabSeparated` (`0.250<TAB>ColorPane#2<TAB>viewWillAppear<TAB>true`),
/// for the demo's `--log FILE`.
///
/// Guarantees:
/// - `init` creates or truncates the file and throws a `LifecycleLogWriter.OpenError` saying
///   why when it cannot (so `main` can report it before the terminal is touched).
/// - Once `start()`ed, every non-layout event is written as one line ending in a newline, in
///   call order, with one `write(2)` per line: nothing is buffered, so the file is complete up
///   to the last event even if the process is killed.
/// - Times are seconds from `seconds()` (the demo passes seconds since it started).
/// - A failed write (disk full, say) stops the log for good and is kept in `writeFailure`;
///   the demo keeps running. The file is closed on `deinit`.
/// - Holds no controller; controllers hold their observers weakly, so keep the writer alive.
@MainActor
public final class LifecycleLogWriter: LifecycleObserver {
    /// Why the log file could not be opened.
    public struct OpenError: Error, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path.pathForMessage()): cannot write the log file: \(reason)" }
    }

    /// The file, as given.
    public let path: String
    /// Why writing stopped, if it did.
    public private(set) var writeFailure: String?
    /// Lines written so far.
    public private(set) var linesWritten = 0

    private var descriptor: Int32
    private let seconds: @MainActor () -> Double
    private var isStarted = false

    /// Creates (or truncates) the file at `path`; `seconds()` stamps each line.
    public init(path: String, seconds: @escaping @MainActor () -> Double) throws(OpenError) {
        self.path = path
        self.seconds = seconds
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let message = String(cString: strerror(errno))
            throw OpenError(path: path, reason: message.prefix(1).lowercased() + message.dropFirst())
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Starts writing events. Does nothing if already started.
    public func start() {
        guard !isStarted else { return }
        isStarted = true
        ViewController.addLifecycleObserver(self)
    }

    /// Stops writing events. Does nothing if not started.
    public func stop() {
        guard isStarted else { return }
        isStarted = false
        ViewController.removeLifecycleObserver(self)
    }

    public func lifecycleEvent(_ event: LifecycleEvent) {
        guard !event.method.isLayout, descriptor >= 0, writeFailure == nil else { return }
        let line = LifecycleLogFormat.tabSeparated.line(for: event, at: seconds()) + "\n"
        let bytes = Array(line.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                writeFailure = String(cString: strerror(errno))
                stop()
                return
            }
            written += count
        }
        linesWritten += 1
    }
}
