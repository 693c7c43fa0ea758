import ShojiTesting

/// Passes everything to the app and records the most events its window held back at once (the
/// back-pressure and flood tests check that bound).
@MainActor
public final class HeldBackRecorder: MainLoopDelegate {
    /// The app the main loop really drives.
    public let app: Application
    /// The most events held back after any event was handled.
    public private(set) var largest = 0

    /// A recorder in front of `app`.
    public init(_ app: Application) { self.app = app }

    public var heldBackEventCount: Int { app.heldBackEventCount }

    public func mainLoop(_ loop: MainLoop, handle event: InputEvent) -> Bool {
        defer { largest = max(largest, app.heldBackEventCount) }
        return app.mainLoop(loop, handle: event)
    }

    public func mainLoop(_ loop: MainLoop, didResizeTo size: Size) { app.mainLoop(loop, didResizeTo: size) }

    public func mainLoop(_ loop: MainLoop, render surface: inout Surface) { app.mainLoop(loop, render: &surface) }
}
