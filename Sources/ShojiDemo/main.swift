import Glibc
import Shoji
import ShojiDemoKit
import ShojiTerminal

// Everything that can be wrong with the command line, the menu file, the log file or the app
// built from them is found and reported (exit status 2) before the terminal session starts, so an error never touches
// the screen. Everything about the terminal is the session's job.
MainActor.assumeIsolated {
    let clock = SystemClock()  // "seconds since start" for the journal and the log

    func print(_ text: String, to descriptor: Int32) {
        let bytes = Array((text + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }

    func fail(_ message: String) -> Never {
        print("shoji-demo: error: \(message)", to: STDERR_FILENO)
        exit(2)
    }

    let options: DemoOptions
    switch DemoOptions.outcome(for: Array(CommandLine.arguments.dropFirst())) {
    case .run(let parsed):
        options = parsed
    case .exit(let status, let message, let toStandardError):
        print(message, to: toStandardError ? STDERR_FILENO : STDOUT_FILENO)
        exit(status)
    }

    let menu: MenuFile
    do {
        menu = try MenuFile.load(path: options.menu)
    } catch {
        fail(String(describing: error))
    }

    var logWriter: LifecycleLogWriter?
    if let path = options.log {
        do {
            logWriter = try LifecycleLogWriter(path: path) { clock.now }
        } catch {
            fail(String(describing: error))
        }
    }

    let app: DemoApp
    do {
        app = try DemoApp(menu: menu, options: options, seconds: { clock.now }, logWriter: logWriter)
    } catch {
        fail(String(describing: error))
    }

    TerminalSession.main(framesPerSecond: options.fps) { _ in app }
}
