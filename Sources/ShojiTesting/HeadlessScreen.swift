import Shoji

/// A screen with no terminal: it keeps every presented frame, so a test can read what the user
/// would have seen, as plain text or as text with styles (`StyledText`).
@MainActor
public final class HeadlessScreen: Screen {
    /// The screen size; change it with `Pilot.resize(to:)` so the app hears about it.
    public var size: Size

    /// Every presented frame, oldest first (at most `maximumStoredFrames`, oldest dropped first).
    public private(set) var frames: [Surface] = []
    /// How many frames were presented in all, including dropped ones.
    public private(set) var presentCount = 0
    /// How many times the app asked for a full redraw (`invalidate()`).
    public private(set) var invalidationCount = 0
    /// Bounds memory in long tests; `Int.max` keeps everything.
    public var maximumStoredFrames: Int

    /// An empty screen of `size` keeping at most `maximumStoredFrames` frames.
    public init(size: Size, maximumStoredFrames: Int = 10_000) {
        self.size = size
        self.maximumStoredFrames = max(1, maximumStoredFrames)
    }

    public func present(_ surface: Surface) {
        presentCount += 1
        frames.append(surface)
        if frames.count > maximumStoredFrames { frames.removeFirst(frames.count - maximumStoredFrames) }
    }

    public func invalidate() { invalidationCount += 1 }

    /// The last presented frame, or `nil` before the first.
    public var lastFrame: Surface? { frames.last }

    /// Where the terminal's cursor shows with the last frame (`Surface.cursor`), or `nil` while
    /// it is hidden (and before the first frame).
    public var cursor: Point? { lastFrame?.cursor }

    /// The last frame as plain text, rows joined by newlines; empty before the first frame.
    public var text: String { lastFrame?.plainText ?? "" }

    /// The last frame's rows as plain text.
    public var lines: [String] {
        guard let frame = lastFrame else { return [] }
        return (0..<frame.size.height).map { frame.text(row: $0) }
    }

    /// The last frame as text with style runs (see `StyledText`).
    public var styledText: String { lastFrame.map(StyledText.render) ?? "" }

    /// Forgets stored frames (not the counters), e.g. before measuring an animation.
    public func clearFrames() { frames.removeAll() }
}
