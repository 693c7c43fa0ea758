/// A way to have the terminal send keys that its legacy encoding loses (Shift+Enter, Ctrl+Enter,
/// Escape without a wait), switched on while the terminal is the app's and off on every way out.
/// The start-up query says which one a terminal has (`init(answer:)`); each is sent only to a
/// terminal that has it, since others may show or misread the bytes.
///
/// Guarantees:
/// - `enable(reportingReleases:)` and `disable` are each other's inverse: what the restore bytes
///   send (`disable`) undoes what was sent at start and at each resume, and nothing else.
/// - The kitty protocol wins over modifyOtherKeys where a terminal has both.
public enum KeyboardProtocol: Sendable, Equatable {
    /// The kitty keyboard protocol, progressive enhancement: "disambiguate" (flag 1), plus
    /// "report event types" (flag 2) while key releases are reported, pushed as an entry of its
    /// own (`ESC [ > flags u`) and popped (`ESC [ < u`), so the terminal's own flags come back.
    case kitty
    /// xterm's modifyOtherKeys at level 1 (`ESC [ > 4 ; 1 m`, back to the terminal's default
    /// with `ESC [ > 4 m`): keys with modifiers that legacy encodings lose arrive as
    /// `ESC [ 27 ; modifiers ; code ~` (xterm) or `ESC [ code ; modifiers u` (tmux), which the
    /// key decoder reads. No key releases.
    case modifyOtherKeys

    /// The protocol for a terminal that gave `answer` to the start-up query, if any: the kitty
    /// protocol where it answered the flags query (`ESC [ ? u`), else modifyOtherKeys where its
    /// XTVERSION names tmux, which has it (with `extended-keys` on) but answers no query about it
    /// (see DECISIONS.md, Input); else none.
    init?(answer: SynchronizedOutputProbe.Answer) {
        if answer.keyboardFlags != nil {
            self = .kitty
        } else if let version = answer.terminalVersion, version.hasPrefix("tmux ") {
            self = .modifyOtherKeys
        } else {
            return nil
        }
    }

    /// The kitty flags Shoji uses: "disambiguate" (1), plus "report event types" (2) while key
    /// releases are wanted. Never "report all keys as escape codes" (8), which would change how
    /// every text key arrives (see DECISIONS.md, Input).
    static func kittyFlags(reportingReleases: Bool) -> Int { reportingReleases ? 0b11 : 0b1 }

    /// What switches it on: the kitty flags' push (`ESC [ > 1 u`, or `ESC [ > 3 u` while releases
    /// are reported), or modifyOtherKeys level 1 (`ESC [ > 4 ; 1 m`).
    func enable(reportingReleases: Bool) -> [UInt8] {
        switch self {
        case .kitty: Array("\u{1B}[>\(Self.kittyFlags(reportingReleases: reportingReleases))u".utf8)
        case .modifyOtherKeys: Array("\u{1B}[>4;1m".utf8)
        }
    }

    /// What switches it off, first in the restore bytes: the kitty flags' pop (`ESC [ < u`), or
    /// modifyOtherKeys reset (`ESC [ > 4 m`).
    var disable: [UInt8] {
        switch self {
        case .kitty: Array("\u{1B}[<u".utf8)
        case .modifyOtherKeys: Array("\u{1B}[>4m".utf8)
        }
    }

    /// What has the terminal report key releases or stop, while it is on: the kitty entry's
    /// flags set in place (`ESC [ = flags ; 1 u`: set bits on, the rest off), so `disable` still
    /// leaves the terminal's own flags. Nothing for modifyOtherKeys, which has no releases.
    func reportKeyReleases(_ report: Bool) -> [UInt8] {
        switch self {
        case .kitty: Array("\u{1B}[=\(Self.kittyFlags(reportingReleases: report));1u".utf8)
        case .modifyOtherKeys: []
        }
    }

    /// Whether the terminal reports key releases under it: only the kitty protocol can.
    var canReportKeyReleases: Bool { self == .kitty }
}
