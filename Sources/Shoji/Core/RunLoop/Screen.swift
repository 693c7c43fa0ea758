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
}
