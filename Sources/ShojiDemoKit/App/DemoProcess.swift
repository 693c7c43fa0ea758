import Glibc

/// What the demo's two executables (`shoji-demo`, and `shoji-demo-ssh`, which `--ssh` runs) do
/// alike before anything is shown: read the command line, and report a problem as one line on
/// standard error with exit status 2.
public enum DemoProcess {
    /// The options this process's command line gives; for `--help` or a bad option, writes the
    /// message where `DemoOptions.outcome(for:)` says and exits with its status.
    public static func options() -> DemoOptions {
        switch DemoOptions.outcome(for: Array(CommandLine.arguments.dropFirst())) {
        case .run(let options):
            return options
        case .exit(let status, let message, let toStandardError):
            writeLine(message, to: toStandardError ? STDERR_FILENO : STDOUT_FILENO)
            exit(status)
        }
    }

    /// The value `body` returns, or, if it throws, `shoji-demo: error: …` and exit 2.
    public static func orFail<T>(_ body: () throws -> T) -> T {
        do {
            return try body()
        } catch {
            writeLine("shoji-demo: error: \(error)", to: STDERR_FILENO)
            exit(2)
        }
    }

    /// Writes `text` and a newline to `descriptor` in full (no stdio buffering).
    public static func writeLine(_ text: String, to descriptor: Int32) {
        let bytes = Array((text + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }
}
