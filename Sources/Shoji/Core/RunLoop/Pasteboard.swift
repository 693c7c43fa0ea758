/// Where copied text goes and pasted text comes from, as UIKit's `UIPasteboard` (its `string`
/// only): text views copy and cut their selection into the window's (`Window.pasteboard`) and
/// paste from it.
///
/// Implementations: `InAppPasteboard` (kept in the process: the headless default) and the
/// terminal's (`ShojiTerminal`), which also hands copied text to the terminal's clipboard with
/// OSC 52 where the terminal accepts it. Main actor only.
@MainActor
public protocol Pasteboard: AnyObject {
    /// The text last copied, exactly as copied (`nil` before any copy). Setting it copies; a
    /// terminal's clipboard cannot be read back, so reading gives what this app copied last.
    var string: String? { get set }
}
