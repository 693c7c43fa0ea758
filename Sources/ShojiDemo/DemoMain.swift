import Glibc
import Shoji
import ShojiDemoKit
import ShojiSSH
import ShojiTerminal

/// The demo's entry point. Everything that can be wrong with the command line, the menu file,
/// the log file or the app built from them is found and reported (exit status 2) before the
/// terminal session starts, so an error never touches the screen. Everything about the
/// terminal is `Application.run()`'s job. A write error during the run (the `--log` file's disk
/// filled up, its pipe's reader left) is reported once the terminal is restored, with exit
/// status 1.
///
/// A plain type rather than code in a top-level closure: Swift 6.3.1's optimizer crashed
/// (CopyPropagation, SIL ownership verification) on the closure form in release builds.
@MainActor
enum DemoMain {
    static func run() -> Never {
        let clock = SystemClock()  // "seconds since start" for the journal and the log

        let options: DemoOptions
        switch DemoOptions.outcome(for: Array(CommandLine.arguments.dropFirst())) {
        case .run(let parsed):
            options = parsed
        case .exit(let status, let message, let toStandardError):
            write(message, to: toStandardError ? STDERR_FILENO : STDOUT_FILENO)
            exit(status)
        }

        let menu = orFail { try MenuFile.load(path: options.menu) }
        let logWriter: LifecycleLogWriter? = options.log.map { path in
            orFail { try LifecycleLogWriter(path: path) { clock.seconds } }
        }
        if let endpoint = options.sshEndpoint {
            serve(menu: menu, options: options, host: endpoint.host, port: endpoint.port, clock: clock)
        }
        let app = orFail { try DemoApp(menu: menu, options: options, seconds: { clock.seconds }, logWriter: logWriter) }
        // A log pipe whose reader left is a write error to report, not a reason to die.
        signal(SIGPIPE, SIG_IGN)
        app.run {
            guard let failure = logWriter?.writeFailure else { return 0 }
            write("shoji-demo: error: \(failure)", to: STDERR_FILENO)
            return 1
        }
    }

    /// `--ssh`: serves the demo, a `DemoApp` per session, until SIGTERM or SIGINT. The menu
    /// file was read once; each session's app is made from it (an app that cannot be made, which
    /// the check below rules out, would end that session only).
    private static func serve(menu: MenuFile, options: DemoOptions, host: String, port: Int, clock: SystemClock) -> Never
    {
        _ = orFail { try DemoApp(menu: menu, options: options, seconds: { clock.seconds }, logWriter: nil) }
        var configuration = SSHAppServerConfiguration(host: host, port: port, hostKeyPath: options.hostKey ?? "")
        configuration.authorizedKeysPath = options.authorizedKeys
        configuration.framesPerSecond = options.fps
        // On loopback every client has the same address: the per-address limit would be the
        // limit in all, lower.
        if ["127.0.0.1", "::1", "localhost"].contains(host) {
            configuration.maximumSessionsPerAddress = configuration.maximumSessions
        }
        configuration.logger.logLevel = .info
        SSHAppServer.main(configuration: configuration) { _ in
            // Checked above: the same menu and options make an app.
            try! DemoApp(menu: menu, options: options, seconds: { clock.seconds }, logWriter: nil)
        }
    }

    /// The value `body` returns, or, if it throws, the error's one-line message and exit 2.
    private static func orFail<T>(_ body: () throws -> T) -> T {
        do {
            return try body()
        } catch {
            write("shoji-demo: error: \(error)", to: STDERR_FILENO)
            exit(2)
        }
    }

    /// Writes `text` and a newline to `descriptor` in full (no stdio buffering).
    private static func write(_ text: String, to descriptor: Int32) {
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
