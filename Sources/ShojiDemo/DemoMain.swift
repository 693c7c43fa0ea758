import Glibc
import Shoji
import ShojiDemoKit
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

        let options = DemoProcess.options()

        if options.ssh != nil { serve() }
        let menu = DemoProcess.orFail { try MenuFile.load(path: options.menu) }
        let logWriter: LifecycleLogWriter? = options.log.map { path in
            DemoProcess.orFail { try LifecycleLogWriter(path: path) { clock.seconds } }
        }
        let app = DemoProcess.orFail {
            try DemoApp(menu: menu, options: options, seconds: { clock.seconds }, logWriter: logWriter)
        }
        // A log pipe whose reader left is a write error to report, not a reason to die.
        signal(SIGPIPE, SIG_IGN)
        app.run {
            guard let failure = logWriter?.writeFailure else { return 0 }
            DemoProcess.writeLine("shoji-demo: error: \(failure)", to: STDERR_FILENO)
            return 1
        }
    }

    /// `--ssh`: runs `shoji-demo-ssh`, built beside this binary, with the same arguments (as
    /// git runs git-NAME), so the demo itself carries no SSH stack; reports a missing one.
    private static func serve() -> Never {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let own = length > 0 ? String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        let server = String(own[..<(own.lastIndex(of: "/") ?? own.startIndex)]) + "/shoji-demo-ssh"
        let arguments = [server] + CommandLine.arguments.dropFirst()
        var pointers = arguments.map { strdup($0) } + [nil]
        execv(server, &pointers)
        DemoProcess.writeLine(
            "shoji-demo: error: --ssh runs \(server), which could not be started (\(String(cString: strerror(errno)))): build it with swift build -c release --product shoji-demo-ssh",
            to: STDERR_FILENO)
        exit(2)
    }

}
