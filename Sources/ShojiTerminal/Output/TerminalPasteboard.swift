import Shoji
import ShojiTerminalCore

/// The terminal's pasteboard (`TerminalScreen.pasteboard`): it keeps what the app copies, for
/// pasting in the app, and, where the terminal takes OSC 52, also hands it to the terminal's
/// clipboard, so other programs can paste it.
///
/// Guarantees:
/// - `string` reads back exactly what was last set (a terminal's clipboard cannot be read).
/// - With `sendsToTerminal`, each copy writes one OSC 52 sequence of the text's UTF-8 bytes in
///   base64 (`ClipboardSequence`): the text reaches the clipboard unchanged and cannot escape
///   the sequence. Without it (the terminal's terminfo has no `Ms` and `SHOJI_CLIPBOARD` does
///   not ask for it), nothing is written: it is an in-app pasteboard.
/// - Only the backend writes to the terminal; the core just sets `string`. Main actor only.
@MainActor
public final class TerminalPasteboard: Pasteboard {
    /// Whether copies go to the terminal's clipboard too.
    public let sendsToTerminal: Bool

    /// Where the sequence goes (the screen's terminal).
    private let write: ([UInt8]) -> Void

    /// The text last copied.
    public var string: String? {
        didSet {
            guard sendsToTerminal, let string else { return }
            write(ClipboardSequence.setClipboard(string))
        }
    }

    /// A pasteboard that hands copies to `write` as OSC 52 when `sendsToTerminal`.
    public init(sendsToTerminal: Bool, write: @escaping ([UInt8]) -> Void) {
        self.sendsToTerminal = sendsToTerminal
        self.write = write
    }

    /// Whether copies should go to the terminal: `SHOJI_CLIPBOARD` set to `osc52` (or any on
    /// word, `EnvironmentSwitch`) says yes and `app` (or any off word) says no, whatever terminfo
    /// says; unset or another value leaves it to terminfo's `Ms`.
    public nonisolated static func sendsToTerminal(environmentValue value: String?, terminalHasMs: Bool) -> Bool {
        EnvironmentSwitch.value(value, on: ["osc52"], off: ["app"]) ?? terminalHasMs
    }
}
