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
        let options = DemoProcess.options()
        guard let endpoint = options.sshEndpoint else {
            DemoProcess.writeLine(
                "shoji-demo: error: shoji-demo-ssh serves the demo: give --ssh [ADDRESS:]PORT", to: STDERR_FILENO)
            exit(2)
        }
        let menu = DemoProcess.orFail { try MenuFile.load(path: options.menu) }
        _ = DemoProcess.orFail { try DemoApp(menu: menu, options: options, seconds: { clock.seconds }, logWriter: nil) }
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
}
