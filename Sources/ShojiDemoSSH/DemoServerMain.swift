import Glibc
import Shoji
import ShojiDemoKit
import ShojiSSH

/// `shoji-demo --ssh [ADDRESS:]PORT --host-key FILE --authorized-keys FILE [demo options]`:
/// serves the demo over SSH, a `DemoApp` per session, until SIGTERM or SIGINT. The options and
/// the menu file are checked as the demo checks them (a problem: one line on stderr, exit 2)
/// before anything listens. Each session's app is made from the same menu and options.
@MainActor
enum DemoServerMain {
    static func run() -> Never {
        let clock = SystemClock()
        let options: DemoOptions
        switch DemoOptions.outcome(for: Array(CommandLine.arguments.dropFirst())) {
        case .run(let parsed):
            options = parsed
        case .exit(let status, let message, let toStandardError):
            write(message, to: toStandardError ? STDERR_FILENO : STDOUT_FILENO)
            exit(status)
        }
        guard let endpoint = options.sshEndpoint else {
            write("shoji-demo: error: shoji-demo-ssh serves the demo: give --ssh [ADDRESS:]PORT", to: STDERR_FILENO)
            exit(2)
        }
        let menu: MenuFile
        do {
            menu = try MenuFile.load(path: options.menu)
            _ = try DemoApp(menu: menu, options: options, seconds: { clock.seconds }, logWriter: nil)
        } catch {
            write("shoji-demo: error: \(error)", to: STDERR_FILENO)
            exit(2)
        }
        var configuration = SSHAppServerConfiguration(
            host: endpoint.host, port: endpoint.port, hostKeyPath: options.hostKey ?? "")
        configuration.authorizedKeysPath = options.authorizedKeys
        configuration.framesPerSecond = options.fps
        configuration.logger.logLevel = .info
        // On loopback every client has the same address: the per-address limit would be the
        // limit in all, lower.
        if ["127.0.0.1", "::1", "localhost"].contains(endpoint.host) {
            configuration.maximumSessionsPerAddress = configuration.maximumSessions
        }
        SSHAppServer.main(configuration: configuration) { _ in
            // Made once above from the same menu and options, so this cannot throw.
            (try? DemoApp(menu: menu, options: options, seconds: { clock.seconds }, logWriter: nil))
                ?? Application(rootViewController: ViewController())
        }
    }

    /// Writes `text` and a newline to `descriptor` in full.
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
