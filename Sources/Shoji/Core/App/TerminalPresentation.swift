/// Where an app draws on the terminal: the whole screen, or a block of lines below the shell
/// prompt (an inline app, as bubbletea, Textual and ratatui offer). UIKit has no equivalent: an
/// iOS app always owns its window's whole screen.
///
/// Guarantees, when `Application.run()` starts the app on a terminal (see the Terminal behaviour
/// article):
/// - `.fullScreen`: the alternate screen; on exit the shell's screen comes back as it was.
/// - `.inline(height:)`: the normal screen, no alternate screen. The app's window is the
///   terminal's width and `height` rows (fewer when the terminal is shorter), starting on the
///   cursor's line (the next one when the cursor is not at the start of a line); the terminal
///   scrolls first when the block would not fit below, so the lines above it are never
///   written over. Mouse reports and bracketed paste work as in full screen, with positions
///   in the block's own coordinates. After a resize the block is drawn again, whole, at the
///   new width. On exit and on Ctrl-Z the last frame stays where it is, attributes off and the
///   cursor shown on the line below the block, so the frame goes into the scrollback as a
///   command's output does.
public enum TerminalPresentation: Hashable, Sendable {
    /// The whole screen, on the terminal's alternate screen (the default).
    case fullScreen
    /// A block of `height` rows (at least 1) below the prompt, in the normal screen.
    case inline(height: Int)

    /// The rows the block takes on a terminal `terminalRows` high: `height` (at least 1), at most
    /// the terminal's height; the terminal's height in full screen.
    public func rows(onTerminalOf terminalRows: Int) -> Int {
        switch self {
        case .fullScreen: return terminalRows
        case .inline(let height): return max(1, min(height, terminalRows))
        }
    }

    /// True for `.inline`.
    public var isInline: Bool {
        if case .inline = self { return true }
        return false
    }
}
