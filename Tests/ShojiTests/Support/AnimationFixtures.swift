@testable import Shoji
import ShojiTesting

/// A view that draws one glyph at its top-left cell, so a test reads its position off the
/// screen as a user would.
@MainActor
final class Marker: View {
    let glyph: String

    init(_ glyph: String = "#", frame: Rect) {
        self.glyph = glyph
        super.init(frame: frame)
    }

    override func draw(in canvas: inout Canvas) { canvas.write(glyph, at: .zero) }
}

/// The letters of row `y` of the last frame.
@MainActor
func row(_ y: Int, of pilot: Pilot) -> String { pilot.line(y) }

/// The column of the first `glyph` in row `y` of the last frame, or nil.
@MainActor
func column(of glyph: Character, row y: Int, in pilot: Pilot) -> Int? {
    pilot.line(y).firstIndex(of: glyph).map { pilot.line(y).distance(from: pilot.line(y).startIndex, to: $0) }
}

/// Advances frame by frame until nothing is due, calling `sample` after each pass.
@MainActor
func stepFrames(_ pilot: Pilot, limit: Double = 5, _ sample: () -> Void) {
    let end = pilot.clock.now + limit
    while let next = pilot.loop.nextDeadline, next <= end {
        pilot.advance(to: next)
        sample()
    }
}
