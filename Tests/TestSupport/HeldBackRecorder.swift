import ShojiTesting

/// Passes everything to the app and records the most events its window held back at once (the
/// back-pressure and flood tests check that bound).
@MainActor
public final class HeldBackRecorder: MainLoopDelegate {
    /// The app whose window the main loop really drives.
    public let app: Application
    private var window: Window { app.window }
    /// The most events held back after any event was handled.
    public private(set) var largest = 0

    /// A recorder in front of `app`.
    public init(_ app: Application) { self.app = app }

    public var heldBackEventCount: Int { window.heldBackEventCount }

    public func mainLoop(_ loop: MainLoop, handle event: InputEvent) -> Bool {
        defer { largest = max(largest, window.heldBackEventCount) }
        return window.mainLoop(loop, handle: event)
    }

    public func mainLoop(_ loop: MainLoop, didResizeTo size: Size) { window.mainLoop(loop, didResizeTo: size) }

    public func mainLoop(_ loop: MainLoop, render surface: inout Surface) { window.mainLoop(loop, render: &surface) }
}
