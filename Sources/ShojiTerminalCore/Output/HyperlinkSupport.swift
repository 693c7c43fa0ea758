import Shoji

/// Whether a terminal takes links (OSC 8, `ESC ] 8 ; ; URL ESC \`), decided from its
/// environment: there is no terminfo capability or query for them, and a terminal that does not
/// know the sequence may show its bytes, so Shoji sends links only where it knows they work.
///
/// Guarantees (`isSupported(environment:)`):
/// - `SHOJI_HYPERLINKS` decides when set to an on word (`EnvironmentSwitch`, or `osc8`) or an
///   off word.
/// - Otherwise no inside a multiplexer (`TMUX` or `STY` set, or a `TERM` of `screen*`/`tmux*`:
///   tmux before 3.4 and screen drop or mangle the sequence), on the Linux console and on a dumb
///   terminal; yes for terminals known to support links: kitty (`KITTY_WINDOW_ID`,
///   `TERM=xterm-kitty`), Windows Terminal (`WT_SESSION`), VTE-based terminals from 0.50.1
///   (`VTE_VERSION` 5001 and up: GNOME Terminal, Tilix…), iTerm2 3.1 and later, WezTerm,
///   VS Code's terminal from 1.72, Ghostty (`TERM_PROGRAM`), foot, Alacritty, WezTerm and
///   Ghostty by `TERM`; no for anything else.
/// Over a connection it is the client's environment (as far as the transport passed it on)
/// that counts: a client names its terminal type, and may send `SHOJI_HYPERLINKS`.
package enum HyperlinkSupport {
    /// The environment variables the decision reads.
    package static let environmentNames = [
        "SHOJI_HYPERLINKS", "TERM", "TMUX", "STY", "KITTY_WINDOW_ID", "WT_SESSION", "VTE_VERSION", "TERM_PROGRAM",
        "TERM_PROGRAM_VERSION"
    ]

    /// Closes any link (OSC 8 with an empty URL): part of the restore bytes where links are sent.
    package static let closeLink = Array("\u{1B}]8;;\u{1B}\\".utf8)

    /// Whether links should be sent to the terminal `environment` describes.
    package static func isSupported(environment: [String: String]) -> Bool {
        if let setting = EnvironmentSwitch.value(environment["SHOJI_HYPERLINKS"], on: ["osc8"]) { return setting }
        let term = environment["TERM"] ?? ""
        if environment["TMUX"] != nil || environment["STY"] != nil || term.hasPrefix("screen")
            || term.hasPrefix("tmux") || term == "linux" || term == "dumb" || term.isEmpty
        {
            return false
        }
        if environment["KITTY_WINDOW_ID"] != nil || environment["WT_SESSION"] != nil { return true }
        if let vte = environment["VTE_VERSION"].flatMap(Int.init), vte >= 5001 { return true }
        let version = (environment["TERM_PROGRAM_VERSION"] ?? "").split(separator: ".").map { Int($0) ?? 0 }
        func atLeast(_ major: Int, _ minor: Int) -> Bool {
            let have = (version.first ?? 0, version.count > 1 ? version[1] : 0)
            return have.0 > major || (have.0 == major && have.1 >= minor)
        }
        switch environment["TERM_PROGRAM"] ?? "" {
        case "iTerm.app": if atLeast(3, 1) { return true }
        case "vscode": if atLeast(1, 72) { return true }
        case "WezTerm", "ghostty": return true
        default: break
        }
        return ["xterm-kitty", "foot", "foot-extra", "alacritty", "wezterm", "xterm-ghostty"].contains(term)
    }
}
