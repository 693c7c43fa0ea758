import Testing
@testable import ShojiDemoKit

/// The command line: defaults, help, and a clear message with exit status 2 for every bad value.
struct DemoOptionsTests {
    private func options(_ arguments: [String]) -> DemoOptions? {
        if case .run(let options) = DemoOptions.outcome(for: arguments) { return options }
        return nil
    }

    /// The status and message `arguments` exit with, or nil when they would run the demo.
    private func exit(_ arguments: [String]) -> (status: Int32, message: String, toStandardError: Bool)? {
        if case .exit(let status, let message, let toStandardError) = DemoOptions.outcome(for: arguments) {
            return (status, message, toStandardError)
        }
        return nil
    }

    @Test func defaults() throws {
        let parsed = try #require(options([]))
        #expect(parsed.menu == nil)
        #expect(parsed.log == nil)
        #expect(parsed.exposedWidth == 24)
        #expect(parsed.duration == 0.3)
        #expect(parsed.fps == 60)
        #expect(!parsed.noAnimation)
        #expect(parsed.animationDuration == 0.3)
        #expect(parsed.inline == nil && parsed.presentation == .fullScreen)
        #expect(parsed.dockWidth == nil)
    }

    @Test func everyOptionIsRead() throws {
        let parsed = try #require(
            options([
                "--menu", "m.json", "--exposed-width", "30", "--duration", "0.5", "--fps", "30",
                "--no-animation", "--log", "log.tsv", "--inline", "12", "--dock-width", "100"
            ]))
        #expect(parsed.dockWidth == 100)
        #expect(parsed.menu == "m.json")
        #expect(parsed.exposedWidth == 30)
        #expect(parsed.duration == 0.5)
        #expect(parsed.fps == 30)
        #expect(parsed.log == "log.tsv")
        #expect(parsed.inline == 12 && parsed.presentation == .inline(height: 12))
        #expect(parsed.noAnimation && parsed.animationDuration == 0, "--no-animation wins over --duration")
        #expect(try #require(options(["--duration", "0"])).animationDuration == 0)
    }

    @Test func sshTakesAPortOrAnAddressAndNeedsItsKeys() throws {
        let keys = ["--host-key", "h", "--authorized-keys", "a"]
        let port = try #require(options(["--ssh", "2222"] + keys))
        #expect(port.sshEndpoint?.host == "127.0.0.1" && port.sshEndpoint?.port == 2222)
        #expect(port.hostKey == "h" && port.authorizedKeys == "a")
        let address = try #require(options(["--ssh", "0.0.0.0:22"] + keys))
        #expect(address.sshEndpoint?.host == "0.0.0.0" && address.sshEndpoint?.port == 22)
        let v6 = try #require(options(["--ssh", "[::1]:2200"] + keys))
        #expect(v6.sshEndpoint?.host == "::1" && v6.sshEndpoint?.port == 2200)
        for (arguments, message) in [
            (["--ssh", "0"] + keys, "--ssh must be a port"),
            (["--ssh", "host:"] + keys, "--ssh must be a port"),
            (["--ssh", "70000"] + keys, "--ssh must be a port"),
            (["--ssh", "2222", "--host-key", "h"], "--ssh needs --host-key FILE and --authorized-keys FILE"),
            (["--ssh", "2222", "--inline", "5"] + keys, "--inline and --print-selection do not apply"),
            (["--host-key", "h"], "only apply with --ssh")
        ] {
            let failure = try #require(exit(arguments), "\(arguments)")
            #expect(failure.status == 2 && failure.message.contains(message), "\(failure.message)")
        }
    }

    @Test func helpGoesToStandardOutputWithStatus0() throws {
        for flag in ["--help", "-h"] {
            let result = try #require(exit([flag]))
            #expect(result.status == 0)
            #expect(!result.toStandardError)
            for option in [
                "--menu <file>", "--exposed-width <columns>", "--duration <seconds>", "--fps <n>", "--no-animation",
                "--log <file>", "--inline <rows>", "--dock-width <columns>"
            ] {
                #expect(result.message.contains(option), "help lists \(option)")
            }
            #expect(result.message.contains("USAGE: shoji-demo"))
        }
    }

    @Test func helpDescribesTheTabsKindAndItsKeys() throws {
        let help = try #require(exit(["--help"])).message.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for text in [
            "Ctrl-PageDown and Ctrl-PageUp", "Alt-1 to Alt-9", "tabs (needs \"tabs\"",
            "\"tab-position\": bottom or top",
            "\"tab-transition\": none, push, slide, cover, fade"
        ] {
            #expect(help.contains(text), "help mentions \(text)")
        }
    }

    @Test(arguments: [
        (["--exposed-width", "-3"], "--exposed-width must be a number of columns from 1 to 1000 (got -3)"),
        (["--exposed-width=-3"], "--exposed-width must be a number of columns from 1 to 1000 (got -3)"),
        (["--exposed-width", "0"], "--exposed-width must be a number of columns from 1 to 1000 (got 0)"),
        (["--exposed-width", "1001"], "--exposed-width must be a number of columns from 1 to 1000 (got 1001)"),
        (["--exposed-width", "wide"], "The value 'wide' is invalid for '--exposed-width <columns>'"),
        (["--fps", "0"], "--fps must be a number of frames per second from 1 to 240 (got 0)"),
        (["--fps", "-1"], "--fps must be a number of frames per second from 1 to 240 (got -1)"),
        (["--fps", "241"], "--fps must be a number of frames per second from 1 to 240 (got 241)"),
        (["--fps", "12.5"], "The value '12.5' is invalid for '--fps <n>'"),
        (["--duration", "-0.1"], "--duration must be a number of seconds from 0 to 10 (got -0.1)"),
        (["--duration", "nan"], "--duration must be a number of seconds from 0 to 10 (got nan)"),
        (["--duration", "inf"], "--duration must be a number of seconds from 0 to 10 (got inf)"),
        (["--duration", "11"], "--duration must be a number of seconds from 0 to 10 (got 11.0)"),
        (["--duration", "soon"], "The value 'soon' is invalid for '--duration <seconds>'"),
        (["--menu", ""], "--menu needs a file name (got an empty one)"),
        (["--log", ""], "--log needs a file name (got an empty one)"),
        (["--inline", "0"], "--inline must be a number of rows from 1 to 1000 (got 0)"),
        (["--dock-width", "0"], "--dock-width must be a number of columns from 1 to 1000 (got 0)"),
        (["--dock-width", "wide"], "The value 'wide' is invalid for '--dock-width <columns>'"),
        (["--inline", "-2"], "--inline must be a number of rows from 1 to 1000 (got -2)"),
        (["--inline", "1001"], "--inline must be a number of rows from 1 to 1000 (got 1001)"),
        (["--inline", "tall"], "The value 'tall' is invalid for '--inline <rows>'"),
        (["--inline"], "Missing value for '--inline <rows>'"),
        (["--fps"], "Missing value for '--fps <n>'"),
        (["--colour"], "Unknown option '--colour'"),
        (["extra"], "Unexpected argument 'extra'")
    ])
    func badValuesExitWithStatus2AndAMessage(arguments: [String], expected: String) throws {
        let result = try #require(exit(arguments), "\(arguments) must not run the demo")
        #expect(result.status == 2)
        #expect(result.toStandardError)
        let lines = result.message.split(separator: "\n")
        #expect(lines.first.map { $0.hasPrefix("shoji-demo: error: \(expected)") } == true, "\(result.message)")
        #expect(lines.count == 3 && lines[1].hasPrefix("Usage: shoji-demo") && lines[2].contains("shoji-demo --help"))
    }

    @Test func theLastOfARepeatedOptionWinsAndValuesMayBeJoinedWithEquals() throws {
        let parsed = try #require(options(["--fps", "30", "--fps=50", "--menu=-odd.json"]))
        #expect(parsed.fps == 50)
        #expect(parsed.menu == "-odd.json", "a value joined with = is taken as it is")
        #expect(options(["--exposed-width", "-0"]) == nil, "-0 is read as 0 and refused by the range")
    }

    @Test(arguments: [
        (["--no-animation=yes"], "The option '--no-animation' does not take any value, but 'yes' was specified."),
        (["-x"], "Unknown option '-x'"),
        (["--fps=12=3"], "The value '12=3' is invalid for '--fps <n>'"),
        (["--menu", "--fps", "3"], "Missing value for '--menu <file>'"),
        (["--", "--help"], "Unexpected argument '--help'"),
        (["-"], "Unexpected argument '-'")
    ])
    func conventionsOfTheCommandLine(arguments: [String], expected: String) throws {
        let result = try #require(exit(arguments), "\(arguments) must not run the demo")
        #expect(result.status == 2)
        #expect(result.message.hasPrefix("shoji-demo: error: \(expected)\n"), "\(result.message)")
    }

    @Test func helpFitsAnEightyColumnTerminalAndListsWhatIsParsed() throws {
        let help = try #require(exit(["--fps", "oops", "-h"])).message
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines where !line.hasPrefix("USAGE:") {
            #expect(line.count <= 79, "too wide: \(line)")
        }
        let usage = try #require(lines.first { $0.hasPrefix("USAGE: ") })
        #expect(
            usage
                == "USAGE: shoji-demo [--menu <file>] [--exposed-width <columns>] [--duration <seconds>] [--fps <n>] [--no-animation] [--log <file>] [--inline <rows>] [--dock-width <columns>] [--print-selection] [--ssh <[address:]port>] [--host-key <file>] [--authorized-keys <file>]"
        )
        #expect(help.contains("--inline <rows>") && help.contains("below the prompt"))
        #expect(help.hasPrefix("OVERVIEW: UIKit-style view controllers in the terminal"))
        #expect(help.hasSuffix("  -h, --help              Show help information."))
    }
}
