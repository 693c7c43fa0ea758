import Shoji

/// The demo's command line, parsed and checked by `outcome(for:)`.
///
/// Guarantees: a `DemoOptions` that `outcome(for:)` returns in `.run` has every value in range
/// (see `validate`). `outcome(for:)` never exits and never prints: it says what `main` must print
/// and with which status it must exit, so a bad option is reported (exit status 2) before the
/// terminal is touched, and `--help` prints the help (exit status 0).
///
/// The parser is the demo's own (`DemoOptionParser`), not swift-argument-parser: a few options did
/// not pay for the start-up time and memory that package costs a terminal program (DECISIONS.md,
/// "Our own code or a package"). Its conventions are that package's: `--name value` or
/// `--name=value`, the last of a repeated option wins, `-h`/`--help`, `--` ends the options, and
/// the same error messages.
public struct DemoOptions: Equatable, Sendable {
    /// The menu file to show; nil shows the built-in menu.
    public var menu: String?
    /// Columns of the menu the content uncovers when the menu opens.
    public var exposedWidth = 24
    /// Seconds a transition takes, unless `noAnimation`.
    public var duration = 0.3
    /// Frames per second at most.
    public var fps = 60
    /// Whether the screen changes at once, without animations.
    public var noAnimation = false
    /// The file every lifecycle event is written to, one tab-separated line each; nil writes none.
    public var log: String?
    /// `--print-selection`: a picker for pipelines (`x=$(shoji-demo --print-selection)`): the
    /// demo may run with its output piped (it draws on the controlling terminal) and prints the
    /// title of the menu entry selected when it quits.
    public var printSelection = false
    /// Rows of an inline block below the prompt to draw in (`--inline N`); nil takes the whole
    /// screen.
    public var inline: Int?
    /// The terminal width from which the side menu docks beside the content (`--dock-width N`);
    /// nil never docks.
    public var dockWidth: Int?
    /// `--ssh [ADDRESS:]PORT`: serve the demo over SSH on that address (see `sshEndpoint`).
    public var ssh: String?
    /// `--host-key FILE`: the SSH server's host key file.
    public var hostKey: String?
    /// `--authorized-keys FILE`: the keys that may log in over SSH.
    public var authorizedKeys: String?

    /// Where `--ssh` listens: its address (127.0.0.1 when only a port is given; `[::1]:22` for
    /// IPv6) and port; nil without `--ssh` or when the value does not read as one.
    public var sshEndpoint: (host: String, port: Int)? {
        guard let ssh else { return nil }
        var host = "127.0.0.1"
        var portText = Substring(ssh)
        if let colon = ssh.lastIndex(of: ":") {
            host = String(ssh[..<colon].filter { $0 != "[" && $0 != "]" })
            portText = ssh[ssh.index(after: colon)...]
        }
        guard !host.isEmpty, let port = Int(portText), (1...65_535).contains(port) else { return nil }
        return (host, port)
    }

    /// Accepted values of `--exposed-width`: wider than any terminal is pointless.
    public static let exposedWidthRange = 1...1_000
    /// Accepted values of `--duration`, in seconds.
    public static let durationRange = 0.0...10.0
    /// Accepted values of `--fps`.
    public static let fpsRange = 1...240
    /// Accepted values of `--inline`, in rows (a taller block is as tall as the terminal).
    public static let inlineRange = 1...1_000
    /// Accepted values of `--dock-width`, in columns.
    public static let dockWidthRange = 1...1_000

    /// The defaults: the built-in menu, 24 columns exposed, 0.3 s transitions, 60 fps, no log,
    /// the whole screen.
    public init() {}

    /// Where the demo draws: a block of `inline` rows below the prompt, or the whole screen.
    public var presentation: TerminalPresentation { inline.map { .inline(height: $0) } ?? .fullScreen }

    /// The animation duration to use: `duration`, or 0 with `--no-animation`. The app's one
    /// motion setting (`Window.transitionDuration`): every transition takes it.
    public var animationDuration: Double { noAnimation ? 0 : duration }

    /// Rejects values out of range, each with a message that names the option, the accepted
    /// range and the value given.
    public func validate() throws(DemoOptionError) {
        guard Self.exposedWidthRange.contains(exposedWidth) else {
            throw DemoOptionError(
                "--exposed-width must be a number of columns from \(Self.exposedWidthRange.lowerBound) to \(Self.exposedWidthRange.upperBound) (got \(exposedWidth))"
            )
        }
        guard duration.isFinite, Self.durationRange.contains(duration) else {
            throw DemoOptionError(
                "--duration must be a number of seconds from 0 to \(Int(Self.durationRange.upperBound)) (got \(duration))"
            )
        }
        guard Self.fpsRange.contains(fps) else {
            throw DemoOptionError(
                "--fps must be a number of frames per second from \(Self.fpsRange.lowerBound) to \(Self.fpsRange.upperBound) (got \(fps))"
            )
        }
        if let inline, !Self.inlineRange.contains(inline) {
            throw DemoOptionError(
                "--inline must be a number of rows from \(Self.inlineRange.lowerBound) to \(Self.inlineRange.upperBound) (got \(inline))"
            )
        }
        if let dockWidth, !Self.dockWidthRange.contains(dockWidth) {
            throw DemoOptionError(
                "--dock-width must be a number of columns from \(Self.dockWidthRange.lowerBound) to \(Self.dockWidthRange.upperBound) (got \(dockWidth))"
            )
        }
        if let ssh {
            guard sshEndpoint != nil else {
                throw DemoOptionError("--ssh must be a port from 1 to 65535, or ADDRESS:PORT (got \(ssh))")
            }
            guard hostKey != nil, authorizedKeys != nil else {
                throw DemoOptionError("--ssh needs --host-key FILE and --authorized-keys FILE")
            }
            guard inline == nil, !printSelection else {
                throw DemoOptionError("--ssh serves full-screen sessions: --inline and --print-selection do not apply")
            }
        } else if hostKey != nil || authorizedKeys != nil {
            throw DemoOptionError("--host-key and --authorized-keys only apply with --ssh")
        }
        if let menu, menu.isEmpty { throw DemoOptionError("--menu needs a file name (got an empty one)") }
        if let log, log.isEmpty { throw DemoOptionError("--log needs a file name (got an empty one)") }
    }

    /// The options `arguments` (without the program name) give, checked as `outcome(for:)`
    /// checks them. Throws what `outcome(for:)` would report, and for `-h`/`--help`, which asks
    /// for no run.
    public static func parse(_ arguments: [String]) throws(DemoOptionError) -> DemoOptions {
        guard let options = try checked(arguments) else {
            throw DemoOptionError("--help asks for the help, not for a run")
        }
        return options
    }

    /// The options `arguments` give, validated; nil when they ask for the help.
    private static func checked(_ arguments: [String]) throws(DemoOptionError) -> DemoOptions? {
        let options = try DemoOptionParser.demo.parse(arguments)
        try options?.validate()
        return options
    }

    /// The text `--help` prints.
    public static func helpMessage() -> String { DemoOptionParser.demo.help }

    /// What the command line asks for.
    public enum Outcome {
        /// Run the demo with these options.
        case run(DemoOptions)
        /// Print `message` (to standard error when `toStandardError`) and exit with `status`.
        case exit(status: Int32, message: String, toStandardError: Bool)
    }

    /// Parses `arguments` (without the program name). Help gives status 0 and the help text on
    /// standard output; any problem gives status 2 and, on standard error,
    /// `shoji-demo: error: MESSAGE`, the usage line and a pointer to `--help`.
    public static func outcome(for arguments: [String]) -> Outcome {
        let parser = DemoOptionParser.demo
        do {
            guard let options = try checked(arguments) else {
                return .exit(status: 0, message: parser.help, toStandardError: false)
            }
            return .run(options)
        } catch {
            let name = parser.commandName
            let text =
                "\(name): error: \(error.message)\nUsage: \(parser.usage)\n  See '\(name) --help' for more information."
            return .exit(status: 2, message: text, toStandardError: true)
        }
    }
}

/// Why a command line was refused: one line, without the program name or the usage.
public struct DemoOptionError: Error, Equatable, CustomStringConvertible {
    /// The message, such as `Unknown option '--colour'`.
    public let message: String

    /// An error with `message`.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
