/// Why a terminal session could not start. `description` is the one line shown to the user.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    case notATerminal(stream: String)
    case termNotSet
    case unknownTerminal(String)
    case noUTF8Locale
    /// The terminal type cannot do what full-screen mode needs; `reason` says what it lacks,
    /// for example "it has no cursor addressing (cup)".
    case insufficientTerminal(String, reason: String)
    case setupFailed(String)

    public var description: String {
        switch self {
        case .notATerminal(let stream):
            return "\(stream) is not a terminal; run this program in an interactive terminal"
        case .termNotSet:
            return "TERM is not set; set it to your terminal's type (for example TERM=xterm-256color)"
        case .unknownTerminal(let term):
            return "unknown terminal type \"\(term)\" (TERM); no terminfo entry was found for it"
        case .noUTF8Locale:
            return "no UTF-8 locale is available; set LANG to a UTF-8 locale such as C.UTF-8"
        case .insufficientTerminal(let term, let reason):
            return "the terminal type \"\(term)\" (TERM) cannot show full-screen programs: \(reason)"
        case .setupFailed(let reason):
            return "could not set up the terminal: \(reason)"
        }
    }

    /// The exit status for start-up failures: 2, the usual one for a usage or environment error.
    public static let exitStatus: Int32 = 2
}
