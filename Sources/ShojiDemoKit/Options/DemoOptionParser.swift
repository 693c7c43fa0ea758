import Shoji

/// The demo's command-line parser: a table of long options, each with its value's name, its help
/// and how it sets `DemoOptions`; the usage line and the help text are made from the same table,
/// so they cannot disagree with what is parsed.
///
/// Rules (swift-argument-parser's, which the demo used before; DECISIONS.md): `--name value` or
/// `--name=value`; an option that takes any value (`takesAnyValue`) also takes one that starts
/// with `-` (`--exposed-width -3` reaches validation and its range message), the others report a
/// missing value instead; a repeated option's last value wins; `-h` or `--help` anywhere asks for
/// the help; after `--` every argument is positional, and the demo takes none.
struct DemoOptionParser: Sendable {
    /// One long option.
    struct Option: Sendable {
        /// The name without dashes, such as `exposed-width`.
        let name: String
        /// The value's name in the usage and the help, such as `columns`; nil for a flag.
        let valueName: String?
        /// Whether a value that starts with `-` is still this option's value.
        let takesAnyValue: Bool
        /// The help, one paragraph.
        let help: String
        /// Sets the option: the value, or nil for a flag. Returns false for a value it cannot read.
        let apply: @Sendable (inout DemoOptions, String?) -> Bool

        /// `--name <value>` or `--name`.
        var synopsis: String { valueName.map { "--\(name) <\($0)>" } ?? "--\(name)" }

        /// A number (read as Swift reads `Value` from text), which may start with `-` so the
        /// range check can name it; the help ends with the default.
        static func number<Value: LosslessStringConvertible & SendableMetatype>(
            _ name: String, valueName: String, help: String,
            _ property: WritableKeyPath<DemoOptions, Value> & Sendable
        ) -> Option {
            Option(
                name: name, valueName: valueName, takesAnyValue: true,
                help: "\(help) (default: \(DemoOptions()[keyPath: property]))",
                apply: { options, value in
                    guard let number = value.flatMap({ Value($0) }) else { return false }
                    options[keyPath: property] = number
                    return true
                })
        }

        /// An optional number (read as Swift reads `Value` from text), which may start with `-`
        /// so the range check can name it; absent by default.
        static func optionalNumber<Value: LosslessStringConvertible & SendableMetatype>(
            _ name: String, valueName: String, help: String,
            _ property: WritableKeyPath<DemoOptions, Value?> & Sendable
        ) -> Option {
            Option(
                name: name, valueName: valueName, takesAnyValue: true, help: help,
                apply: { options, value in
                    guard let number = value.flatMap({ Value($0) }) else { return false }
                    options[keyPath: property] = number
                    return true
                })
        }

        /// A file name.
        static func file(_ name: String, help: String, _ property: WritableKeyPath<DemoOptions, String?> & Sendable)
            -> Option
        {
            Option(
                name: name, valueName: "file", takesAnyValue: false, help: help,
                apply: { options, value in
                    options[keyPath: property] = value
                    return true
                })
        }

        /// A flag that sets `property` when given.
        static func flag(_ name: String, help: String, _ property: WritableKeyPath<DemoOptions, Bool> & Sendable)
            -> Option
        {
            Option(
                name: name, valueName: nil, takesAnyValue: false, help: help,
                apply: { options, _ in
                    options[keyPath: property] = true
                    return true
                })
        }
    }

    /// The program's name in the usage and in error messages.
    let commandName: String
    /// The help's first paragraph.
    let abstract: String
    /// The help's paragraphs between the abstract and the usage.
    let discussion: String
    /// The options, in the order the usage and the help list them.
    let options: [Option]

    /// The help's width: an 80-column terminal shows every line without wrapping.
    static let helpWidth = 79

    /// The usage line: the command and every option in brackets.
    var usage: String {
        ([commandName] + options.map { "[\($0.synopsis)]" }).joined(separator: " ")
    }

    /// The help text: overview, discussion, usage and the options with their help, wrapped to
    /// `helpWidth` columns (the option help in a column of its own); only the usage line may be
    /// longer.
    var help: String {
        let width = Self.helpWidth
        var lines = TextWrapper.lines(of: "OVERVIEW: " + abstract, width: width)
        lines.append("")
        for paragraph in discussion.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += paragraph.isEmpty ? [""] : TextWrapper.lines(of: String(paragraph), width: width)
        }
        lines += ["", "USAGE: \(usage)", "", "OPTIONS:"]
        let rows = options.map { ($0.synopsis, $0.help) } + [("-h, --help", "Show help information.")]
        let column = 26
        for (synopsis, help) in rows {
            let wrapped = TextWrapper.lines(of: help, width: width - column)
            let indentation = String(repeating: " ", count: column)
            if synopsis.count + 2 < column - 1 {
                let padding = String(repeating: " ", count: column - 2 - synopsis.count)
                lines.append("  " + synopsis + padding + (wrapped.first ?? ""))
                lines += wrapped.dropFirst().map { indentation + $0 }
            } else {
                lines.append("  " + synopsis)
                lines += wrapped.map { indentation + $0 }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The options `arguments` (without the program name) give, or nil when they ask for the
    /// help. Values are read, not checked: `DemoOptions.validate()` checks ranges.
    func parse(_ arguments: [String]) throws(DemoOptionError) -> DemoOptions? {
        if arguments.prefix(while: { $0 != "--" }).contains(where: { $0 == "-h" || $0 == "--help" }) { return nil }
        var result = DemoOptions()
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                if index < arguments.endIndex { throw DemoOptionError("Unexpected argument '\(arguments[index])'") }
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                throw DemoOptionError("Unexpected argument '\(argument)'")
            }
            let body = argument.hasPrefix("--") ? argument.dropFirst(2) : argument.dropFirst()
            let name = body.prefix { $0 != "=" }
            let inlineValue = name.endIndex < body.endIndex ? String(body[body.index(after: name.endIndex)...]) : nil
            guard argument.hasPrefix("--"), let option = options.first(where: { $0.name == name }) else {
                throw DemoOptionError("Unknown option '\(argument.prefix { $0 != "=" })'")
            }
            var value = inlineValue
            if option.valueName == nil {
                if let inlineValue {
                    throw DemoOptionError(
                        "The option '--\(option.name)' does not take any value, but '\(inlineValue)' was specified.")
                }
            } else if value == nil {
                let next = index < arguments.endIndex ? arguments[index] : nil
                guard let next, option.takesAnyValue || !next.hasPrefix("-") || next == "-" else {
                    throw DemoOptionError("Missing value for '\(option.synopsis)'")
                }
                value = next
                index += 1
            }
            guard option.apply(&result, value) else {
                throw DemoOptionError("The value '\(value ?? "")' is invalid for '\(option.synopsis)'")
            }
        }
        return result
    }
}

extension DemoOptionParser {
    /// `shoji-demo`'s command line.
    static let demo = DemoOptionParser(
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
            "color", "color": "red", "text": "..."}, ...]}. Kinds: text (needs "text", "lines": \
            1 to 1000000 numbered lines, or both), color \
            (needs "color": one of \(MenuColor.nameList)), navigation, lifecycle, tabs (needs \
            "tabs": a list of items of the other kinds, each with an optional "symbol", one \
            character, and "badge"; optional "tab-position": bottom or top, and \
            "tab-transition": \(TabsOptions.transitions.map(\.name).joined(separator: ", "))), \
            clock (the time of day, updated once a second by an async task), overlay-menu \
            (optional "children": 1-26 of {"title", "color", "symbol", "text"}, a symbol one \
            character, and "transition": one of \(MenuTransition.nameList)), two-pane (optional \
            "children": exactly 2 of {"title", "color", "text"}), placeholder (a split view \
            whose right column is a PlaceholderViewController; \
            optional "transitions": 4 to 26 of none, fade, slide-from-EDGE, slide-out-to-EDGE, \
            push-from-EDGE, cover-from-EDGE, uncover-to-EDGE, wipe-from-EDGE, unwipe-to-EDGE, \
            EDGE one of left, right, top, \
            bottom), stack (optional "capacity": the views kept loaded, 1 to 99), form (text \
            fields, a secure field and an editable text view, and buttons that present an alert, \
            an action sheet and a sheet; in a field or text view, typed keys are text and \
            Ctrl-A/E/K/U/W, Alt-B/F edit as in a shell; in a dialog, arrows or Tab move, Enter \
            chooses, Escape cancels), log (a line every 100 ms; follows the end unless scrolled \
            up, End follows again), widgets (a switch, a segmented control, a stepper, a \
            progress bar, a spinner, a search field and a table of 100,000 rows; Tab moves, \
            Space or Enter flips the switch, Left and Right choose a segment, + and - step, \
            typing in the search field filters the table, s and S on the table sort). Without --menu \
            the built-in Resources/menu.json is shown.

            A menu file may also have "right-items": 1 to \(MenuFile.maximumRightItemCount) entries \
            {"title": "...", "setting": one of \(MenuSetting.nameList)}, a settings menu on the \
            right that F3 or M (or a drag of the pane's bar to the left) opens and Escape closes. \
            Enter or a click on an entry changes its setting at once: theme cycles the theme \
            (\(SettingsPane.themeNames.joined(separator: ", "))), motion turns animations off and \
            on, about shows a sheet.

            In a placeholder pane, Enter shows a row's pane with its transition and f forwards \
            its title to the bar. In a stack pane, 1-8 push with a style each, t pushes a \
            transparent card, p pops, r pops to the root, w sends a memory warning.

            With --log FILE every view controller lifecycle event is written as one \
            tab-separated line: seconds since start, controller id (such as ColorPane#2), \
            method, arguments.

            With --inline N the demo draws in N rows below the shell prompt (at most the \
            terminal's height) instead of the whole screen, with no alternate screen: the lines \
            above stay as they are, and on exit (or Ctrl-Z) the last frame stays in the \
            scrollback with the prompt below it.

            With --dock-width N the side menu docks on a terminal at least N columns wide: \
            the list stays beside the content and the Menu button goes; narrower, it slides \
            again (resizing across N animates between the two).

            With --ssh [ADDRESS:]PORT the demo serves itself over SSH: \
            ssh -p PORT localhost shows each client its own demo, q ends that session. SIGTERM \
            or Ctrl-C ends the server, giving every client its terminal back.
            """,
        options: [
            .file("menu", help: "The menu file to show (default: the built-in menu).", \.menu),
            .number(
                "exposed-width", valueName: "columns",
                help:
                    "Columns of the menu the content uncovers when the menu opens (1-\(DemoOptions.exposedWidthRange.upperBound)).",
                \.exposedWidth),
            .number(
                "duration", valueName: "seconds",
                help:
                    "Seconds a transition takes (menu, push, pop, tab switch) (0-\(Int(DemoOptions.durationRange.upperBound))).",
                \.duration),
            .number(
                "fps", valueName: "n", help: "Frames per second at most (1-\(DemoOptions.fpsRange.upperBound)).", \.fps),
            .flag("no-animation", help: "Change the screen at once, without animations.", \.noAnimation),
            .file("log", help: "Write every lifecycle event to this file, one tab-separated line each.", \.log),
            .optionalNumber(
                "inline", valueName: "rows",
                help:
                    "Draw in this many rows below the prompt instead of the whole screen, leaving the last frame in the scrollback (\(DemoOptions.inlineRange.lowerBound)-\(DemoOptions.inlineRange.upperBound); default: the whole screen).",
                \.inline),
            .optionalNumber(
                "dock-width", valueName: "columns",
                help:
                    "Dock the side menu beside the content on a terminal at least this wide (\(DemoOptions.dockWidthRange.lowerBound)-\(DemoOptions.dockWidthRange.upperBound); default: never).",
                \.dockWidth),
            .flag(
                "print-selection",
                help:
                    "Print the title of the menu entry selected when the demo quits; its output may be piped (x=$(shoji-demo --print-selection)): it then draws on the controlling terminal.",
                \.printSelection),
            Option(
                name: "ssh", valueName: "[address:]port", takesAnyValue: false,
                help:
                    "Serve the demo over SSH instead of running it here: every client gets its own side menu (address default: 127.0.0.1). Needs --host-key and --authorized-keys.",
                apply: { options, value in
                    options.ssh = value
                    return true
                }),
            .file(
                "host-key",
                help: "With --ssh: the server's Ed25519 host key, OpenSSH's format (made with mode 0600 if missing).",
                \.hostKey),
            .file(
                "authorized-keys",
                help: "With --ssh: an OpenSSH authorized_keys file; only these keys (Ed25519 or ECDSA) log in.",
                \.authorizedKeys)
        ])
}
