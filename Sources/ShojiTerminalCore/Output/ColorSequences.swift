/// The sequences that set the terminal's colours, from its capability table: `setaf`/`setab`,
/// or `setf`/`setb` (whose first eight numbers run blue-green-red, so they are swapped for
/// them), and `op`, both colours back to the terminal's defaults.
///
/// Shoji sends colours itself rather than through ncurses' colour pairs: ncurses 6.4's
/// `vid_puts` writes `op` into ncurses' own output buffer instead of the `outc` it is given,
/// and that buffer reached the terminal between frames (DECISIONS.md, Output). Without pairs
/// there is also no pair table to run out of.
package struct ColorSequences: Sendable {
    private let foreground: TerminalCapability
    private let background: TerminalCapability
    private let blueGreenRed: Bool
    /// `op`; nil when the terminal has none (then default colours are not used, see
    /// `StyleWriter`).
    package let reset: TerminalCapability?

    /// The terminal's colour sequences, or nil when it can set no colours.
    package init?(_ capabilities: TerminalCapabilities) {
        if let foreground = capabilities.setForeground, let background = capabilities.setBackground {
            self.foreground = foreground
            self.background = background
            blueGreenRed = false
        } else if let foreground = capabilities.setForegroundBGR, let background = capabilities.setBackgroundBGR {
            self.foreground = foreground
            self.background = background
            blueGreenRed = true
        } else {
            return nil
        }
        reset = capabilities.originalPair
    }

    /// Appends the sequence that makes `number` (0 or more) the foreground colour.
    package func appendForeground(_ number: Int32, to buffer: ByteBuffer) {
        foreground.append(to: buffer, terminalNumber(number))
    }

    /// Appends the sequence that makes `number` (0 or more) the background colour.
    package func appendBackground(_ number: Int32, to buffer: ByteBuffer) {
        background.append(to: buffer, terminalNumber(number))
    }

    private func terminalNumber(_ number: Int32) -> Int {
        let value = Int(number)
        guard blueGreenRed, value < 8 else { return value }
        return (value & 2) | (value & 1) << 2 | (value & 4) >> 2
    }
}
