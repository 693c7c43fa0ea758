/// Where finished frames go: a real terminal (`ShojiTerminal.TerminalScreen`) or a headless
/// screen in tests (`ShojiTesting.HeadlessScreen`).
@MainActor
public protocol Screen: AnyObject {
    /// The current size in cells. It changes only when the input source delivers `.resize`.
    var size: Size { get }

    /// Shows `surface`, whose size equals `size`. Implementations send only what differs from the
    /// previous frame, unless `invalidate()` was called since.
    func present(_ surface: Surface)

    /// Forgets what the screen shows, so the next `present` redraws every cell.
    func invalidate()

    /// The clipboard this screen offers, if any: a terminal's hands copied text to the terminal
    /// (OSC 52). `nil` (the default) leaves the window with its in-app pasteboard. The screen is
    /// the only way text reaches the terminal's clipboard, so the core writes no bytes itself.
    var pasteboard: (any Pasteboard)? { get }
}

extension Screen {
    /// No clipboard of the screen's own: the window keeps copies in the app.
    public var pasteboard: (any Pasteboard)? { nil }
}
