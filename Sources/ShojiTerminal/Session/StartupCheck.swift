import CNcursesw
import Glibc

/// The checks that must pass before Shoji touches the terminal, so that a bad environment gives
/// one clear line and exit status 2 instead of an abort inside a C library (`termkey_new`
/// aborts when TERM is unset; `initscr` exits on an unknown TERM).
package enum StartupCheck {
    /// Returns the terminal type to use, whether the user's locale was UTF-8, and the terminal's
    /// file descriptors: standard input and output, or, with `controllingTerminalWhenPiped`
    /// and one of them not a terminal (a picker in `x=$(app)`), the process's controlling
    /// terminal (`/dev/tty`, opened close-on-exec; `opened` is that descriptor, the caller's to
    /// close) in its place. Also makes sure the C locale is UTF-8, falling back to C.UTF-8
    /// (with a non-UTF-8 locale ncursesw draws no non-ASCII text at all).
    @MainActor static func run(
        environment: [String: String], controllingTerminalWhenPiped: Bool = false
    ) throws(TerminalError) -> (
        term: String, localeIsUTF8: Bool, input: Int32, output: Int32, opened: Int32?
    ) {
        var input = STDIN_FILENO, output = STDOUT_FILENO, opened: Int32?
        if controllingTerminalWhenPiped, isatty(input) != 1 || isatty(output) != 1 {
            let tty = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
            if tty >= 0, isatty(tty) == 1 {
                opened = tty
                if isatty(input) != 1 { input = tty }
                if isatty(output) != 1 { output = tty }
            } else if tty >= 0 {
                Glibc.close(tty)
            }
        }
        do {
            let (term, localeIsUTF8) = try checks(environment: environment, input: input, output: output)
            return (term, localeIsUTF8, input, output, opened)
        } catch {
            if let opened { Glibc.close(opened) }
            throw error
        }
    }

    /// The checks of `run` on the terminal at `input` and `output`.
    @MainActor private static func checks(
        environment: [String: String], input: Int32, output: Int32
    ) throws(TerminalError) -> (term: String, localeIsUTF8: Bool) {
        guard isatty(input) == 1 else { throw .notATerminal(stream: "standard input") }
        guard isatty(output) == 1 else { throw .notATerminal(stream: "standard output") }
        guard let term = environment["TERM"], !term.isEmpty else { throw .termNotSet }
        // Only characters terminfo names can have: a hostile TERM must not reach a file path.
        guard term.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "/") }) else {
            throw .unknownTerminal(sanitized(term))
        }
        try checkCapabilities(of: term, fileDescriptor: output)
        let localeIsUTF8 = try ensureUTF8Locale()
        return (term, localeIsUTF8)
    }

    /// What full-screen mode needs from a terminal type, each with the terminfo string
    /// capabilities that provide it (any one will do): ncurses draws every frame with cursor
    /// addressing and starts by clearing the screen. Without them (`TERM=dumb`) it writes rows
    /// one after another and the app shows as garbage.
    static let requiredCapabilities: [(need: String, names: [String])] = [
        ("cursor addressing", ["cup"]),
        ("way to clear the screen", ["clear", "ed"])
    ]

    /// Throws `.insufficientTerminal` naming every need of `requiredCapabilities` that `term`'s
    /// terminfo entry does not meet (or that it is a hardcopy terminal), `.unknownTerminal` when
    /// there is no usable entry. Reads terminfo only: writes nothing to the terminal, and leaves
    /// ncurses' current terminal as it was. Main thread only, like all of ncurses.
    @MainActor static func checkCapabilities(of term: String, fileDescriptor: Int32 = -1) throws(TerminalError) {
        let names = requiredCapabilities.flatMap(\.names)
        var has = [Int32](repeating: 0, count: names.count)
        let cStrings = names.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        let found = cStrings.map { UnsafePointer($0) }.withUnsafeBufferPointer { pointers in
            shoji_terminfo_has(term, fileDescriptor, pointers.baseAddress, Int32(names.count), &has)
        }
        switch found {
        case 0: throw .unknownTerminal(sanitized(term))
        case -1: throw .insufficientTerminal(sanitized(term), reason: "it is a hardcopy terminal (hc)")
        default: break
        }
        let present = Set(zip(names, has).filter { $0.1 != 0 }.map(\.0))
        let missing = requiredCapabilities.filter { !$0.names.contains(where: present.contains) }.map { requirement in
            "no \(requirement.need) (\(requirement.names.joined(separator: " or ")))"
        }
        guard missing.isEmpty else {
            throw .insufficientTerminal(sanitized(term), reason: "it has " + missing.joined(separator: " and "))
        }
    }

    /// Makes the C locale UTF-8; returns whether the user's own locale already was (false: the
    /// C.UTF-8 fallback was needed, and the terminal itself may not be UTF-8).
    @discardableResult
    package static func ensureUTF8Locale() throws(TerminalError) -> Bool {
        setlocale(LC_ALL, "")
        if isUTF8() { return true }
        guard setlocale(LC_CTYPE, "C.UTF-8") != nil, isUTF8() else { throw .noUTF8Locale }
        return false
    }

    private static func isUTF8() -> Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).lowercased()
        return name == "utf-8" || name == "utf8"
    }

    /// A value safe to print in a one-line message: controls become `?`, at most 64 characters.
    static func sanitized(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.prefix(64).map {
                    $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) ? "?" : $0
                }))
    }
}
