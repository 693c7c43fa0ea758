import ArgumentParser

/// The demo's command line, parsed and checked by swift-argument-parser.
///
/// Guarantees: a `DemoOptions` that `parse` returns has every value in range (see `validate`).
/// `outcome(for:)` never exits and never prints: it says what `main` must print and with which
/// status it must exit, so a bad option is reported (exit status 2) before the terminal is
/// touched, and `--help` prints the help (exit status 0).
public struct DemoOptions: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "shoji-demo",
        abstract: "UIKit-style view controllers in the terminal: a side menu over the panes of a menu file.",
        discussion: """
            Keys: F2 or m opens and closes the side menu, Escape closes it or goes back; \
            Up/Down, Page Up/Down, Home/End and the mouse wheel scroll; Tab moves the focus; \
            Enter activates; q or Ctrl-C quits; Ctrl-Z suspends; Ctrl-L repaints. In a tabs pane: \
            Ctrl-PageDown and Ctrl-PageUp go to the next and previous tab, Alt-1 to Alt-9 to a \
            tab by number, a click on the tab bar chooses one, Left and Right move along the \
            focused bar. In an overlay-menu pane F4 or a right click shows the overlay menu \
            (arrows and Enter or a click choose, Escape or a click elsewhere closes it); in a \
            two-pane pane Show / Hide and Swap work by click or by Tab and Enter.

            A menu file is JSON: {"title": "Menu", "items": [{"title": "Red", "kind": \
            "color", "color": "red", "text": "..."}, ...]}. Kinds: text (needs "text"), color \
            (needs "color": one of \(MenuColor.nameList)), navigation, lifecycle, tabs (needs \
            "tabs": a list of items of the other kinds, each with an optional "symbol", one \
            character, and "badge"; optional "tab-position": bottom or top, and \
            "tab-transition": \(TabsOptions.transitions.map(\.name).joined(separator: ", "))), \
            clock (the time of day, updated once a second by an async task), overlay-menu \
            (optional "children": 1-26 of {"title", "color", "symbol", "text"}, a symbol one \
            character, and "transition": one of \(MenuTransition.nameList)), two-pane (optional \
            "children": exactly 2 of {"title", "color", "text"}), placeholder (a split view; \
            optional "transitions": 4 to 26 of none, fade, slide-from-EDGE, slide-out-to-EDGE, \
            push-from-EDGE, cover-from-EDGE, uncover-to-EDGE, wipe-from-EDGE, unwipe-to-EDGE, \
            EDGE one of left, right, top, \
            bottom), stack (optional "capacity": the views kept loaded, 1 to 99), form (text \
            fields, a secure field and an editable text view, and buttons that present an alert, \
            an action sheet and a sheet; in a field or text view, typed keys are text and \
            Ctrl-A/E/K/U/W, Alt-B/F edit as in a shell; in a dialog, arrows or Tab move, Enter \
            chooses, Escape cancels). Without --menu \
            the built-in Resources/menu.json is shown.

            In a placeholder pane, Enter shows a row's pane with its transition and f forwards \
            its title to the bar. In a stack pane, 1-8 push with a style each, t pushes a \
            transparent card, p pops, r pops to the root, w sends a memory warning.

            With --log FILE every view controller lifecycle event is written as one \
            tab-separated line: seconds since start, controller id (such as ColorPane#2), \
            method, arguments.
            """
    )

    @Option(help: ArgumentHelp("The menu file to show (default: the built-in menu).", valueName: "file"))
    public var menu: String?

    @Option(
        name: .customLong("exposed-width"), parsing: .unconditional,
        help: ArgumentHelp(
            "Columns of the menu the content uncovers when the menu opens (1-\(Self.exposedWidthRange.upperBound)).",
            valueName: "columns"))
    public var exposedWidth = 24

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Seconds a transition takes (menu, push, pop, tab switch) (0-\(Int(Self.durationRange.upperBound))).",
            valueName: "seconds"))
    public var duration = 0.3

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Frames per second at most (1-\(Self.fpsRange.upperBound)).", valueName: "n"))
    public var fps = 60

    @Flag(name: .customLong("no-animation"), help: "Change the screen at once, without animations.")
    public var noAnimation = false

    @Option(
        help: ArgumentHelp("Write every lifecycle event to this file, one tab-separated line each.", valueName: "file"))
    public var log: String?

    /// Accepted values of `--exposed-width`: wider than any terminal is pointless.
    public static let exposedWidthRange = 1...1_000
    /// Accepted values of `--duration`, in seconds.
    public static let durationRange = 0.0...10.0
    /// Accepted values of `--fps`.
    public static let fpsRange = 1...240

    public init() {}

    /// The animation duration to use: `duration`, or 0 with `--no-animation`. The app's one
    /// motion setting (`Window.transitionDuration`): every transition takes it.
    public var animationDuration: Double { noAnimation ? 0 : duration }

    /// Rejects values out of range, each with a message that names the option, the accepted
    /// range and the value given.
    public func validate() throws {
        guard Self.exposedWidthRange.contains(exposedWidth) else {
            throw ValidationError(
                "--exposed-width must be a number of columns from \(Self.exposedWidthRange.lowerBound) to \(Self.exposedWidthRange.upperBound) (got \(exposedWidth))"
            )
        }
        guard duration.isFinite, Self.durationRange.contains(duration) else {
            throw ValidationError(
                "--duration must be a number of seconds from 0 to \(Int(Self.durationRange.upperBound)) (got \(duration))"
            )
        }
        guard Self.fpsRange.contains(fps) else {
            throw ValidationError(
                "--fps must be a number of frames per second from \(Self.fpsRange.lowerBound) to \(Self.fpsRange.upperBound) (got \(fps))"
            )
        }
        if let menu, menu.isEmpty { throw ValidationError("--menu needs a file name (got an empty one)") }
        if let log, log.isEmpty { throw ValidationError("--log needs a file name (got an empty one)") }
    }

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
        do {
            return .run(try parse(arguments))
        } catch {
            if exitCode(for: error) == .success {
                return .exit(status: 0, message: fullMessage(for: error), toStandardError: false)
            }
            let name = configuration.commandName ?? "shoji-demo"
            let text =
                "\(name): error: \(message(for: error))\nUsage: \(usageString())\n  See '\(name) --help' for more information."
            return .exit(status: 2, message: text, toStandardError: true)
        }
    }
}
