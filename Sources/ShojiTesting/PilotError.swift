/// Why a `Pilot` could not do what a test asked (click on text that is not on screen, click a
/// view that is not shown). Its description includes the screen, so a failing test shows it.
public struct PilotError: Error, CustomStringConvertible {
    /// What went wrong, in one line.
    public let reason: String
    /// The last frame as plain text when it happened.
    public let screen: String

    /// An error saying `reason`, with the `screen` (plain text) at that moment.
    public init(reason: String, screen: String) {
        self.reason = reason
        self.screen = screen
    }

    public var description: String { "\(reason); the screen was:\n\(screen)" }
}
