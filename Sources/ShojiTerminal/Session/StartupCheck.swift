import Glibc

/// The checks that must pass before Shoji touches the terminal, so that a bad environment gives
/// one clear line and exit status 2 instead of an abort inside a C library (`termkey_new`
/// aborts when TERM is unset; `initscr` exits on an unknown TERM).
enum StartupCheck {
    /// Returns the terminal type to use. Also makes sure the C locale is UTF-8, falling back to
    /// C.UTF-8 (with a non-UTF-8 locale ncursesw draws no non-ASCII text at all).
    static func run(environment: [String: String]) throws(TerminalError) -> String {
        guard isatty(STDIN_FILENO) == 1 else { throw .notATerminal(stream: "standard input") }
        guard isatty(STDOUT_FILENO) == 1 else { throw .notATerminal(stream: "standard output") }
        guard let term = environment["TERM"], !term.isEmpty else { throw .termNotSet }
        // Only characters terminfo names can have: a hostile TERM must not reach a file path.
        // Whether terminfo knows it is settled by `newterm`, which returns NULL instead of exiting.
        guard term.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "/") }) else {
            throw .unknownTerminal(sanitized(term))
        }
        try ensureUTF8Locale()
        return term
    }

    static func ensureUTF8Locale() throws(TerminalError) {
        setlocale(LC_ALL, "")
        if isUTF8() { return }
        guard setlocale(LC_CTYPE, "C.UTF-8") != nil, isUTF8() else { throw .noUTF8Locale }
    }

    private static func isUTF8() -> Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).lowercased()
        return name == "utf-8" || name == "utf8"
    }

    /// A value safe to print in a one-line message: controls become `?`, at most 64 characters.
    static func sanitized(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.prefix(64).map {
            $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) ? "?" : $0
        }))
    }
}
