import Shoji
import ShojiTesting

/// A scene to measure: a window and what keeps it busy. `keepGoing` runs before every frame,
/// outside the measurement, to start more work when the last ended (an app that keeps moving).
@MainActor
public struct BenchScene {
    public let window: Window
    public let keepGoing: () -> Void

    /// 100 tiles, each always on its way to another random place (the same places on every
    /// run): many small views moving at once.
    public static func tiles() -> BenchScene {
        var generator = SeededGenerator(seed: 7)
        let views = (0..<100).map { Tile($0) }
        for view in views {
            view.frame.origin = Point(
                x: Int.random(in: 0..<186, using: &generator), y: Int.random(in: 0..<56, using: &generator))
        }
        func wander(_ view: View) {
            let target = Point(
                x: Int.random(in: -4..<190, using: &generator), y: Int.random(in: -2..<58, using: &generator))
            view.animateFrame(
                to: Rect(origin: target, size: view.frame.size),
                duration: Double.random(in: 0.4...1.2, using: &generator),
                curve: .easeInOut
            ) { finished in if finished { wander(view) } }
        }
        var started = false
        return BenchScene(window: Window(rootViewController: TileScene(views))) {
            guard !started else { return }
            started = true
            views.forEach(wander)
        }
    }

    /// The same tiles standing still, redrawn every frame: what composing and presenting cost alone.
    public static func stillTiles() -> BenchScene {
        let window = tiles().window
        return BenchScene(window: window) { window.setNeedsDisplay() }
    }

    /// A full-screen pane of text sliding in and back out, again and again.
    public static func slider() -> BenchScene {
        let slider = Slider()
        return BenchScene(window: Window(rootViewController: slider)) { slider.slide() }
    }
}
