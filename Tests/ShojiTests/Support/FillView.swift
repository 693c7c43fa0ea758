@testable import Shoji

/// A view that fills itself with one character, to see exactly where it draws.
@MainActor
final class FillView: View {
    let mark: String
    init(_ mark: String, frame: Rect) {
        self.mark = mark
        super.init(frame: frame)
    }
    override func draw(in canvas: inout Canvas) {
        // Deliberately draws beyond its bounds: clipping must stop it.
        for y in -2..<(canvas.size.height + 2) {
            canvas.write(String(repeating: mark, count: canvas.size.width + 4), at: Point(x: -2, y: y))
        }
    }
}
