@testable import Shoji

/// A tiny app: counts renders, draws a counter, records events.
@MainActor
final class CounterApp: MainLoopDelegate {
    var count = 0
    var renders = 0
    var events: [InputEvent] = []
    var sizes: [Size] = []

    func mainLoop(_ loop: MainLoop, handle event: InputEvent) -> Bool {
        events.append(event)
        if case .key(let key) = event {
            if key.key == .character("+") { count += 1; loop.setNeedsDisplay(); return true }
        }
        return false
    }
    func mainLoop(_ loop: MainLoop, didResizeTo size: Size) { sizes.append(size) }
    func mainLoop(_ loop: MainLoop, render surface: inout Surface) {
        renders += 1
        surface.write("count \(count)", at: .zero)
    }
}
