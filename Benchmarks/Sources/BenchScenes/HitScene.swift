import Shoji
import ShojiTesting

/// A window showing a long form (`LongForm`) scrolled to its middle, for hit-testing: `hit()`
/// finds the view under one of the visible cells, moving down a row each time.
@MainActor
public final class HitScene {
    let window: Window
    let pilot: Pilot
    var row = 0

    public init(subviews: Int) {
        let scrollView = LongForm.scrollView(subviews: subviews)
        window = Window(rootViewController: TypingScene.Host(scrollView))
        pilot = Pilot(window, size: FrameDriver.size)
        pilot.screen.maximumStoredFrames = 1
        pilot.advance(by: 0.1)
        scrollView.contentOffset = Point(x: 0, y: scrollView.maximumContentOffset.y / 2)
        pilot.advance(by: 0.1)
    }

    /// The view under a cell of a field on the next row.
    public func hit() -> View? {
        row = (row + 1) % FrameDriver.size.height
        return window.contentView.hitTest(Point(x: 10, y: row))
    }
}
