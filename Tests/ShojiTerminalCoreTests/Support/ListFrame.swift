import Shoji

extension Surface {
    /// A list scene the frame writer's and planner's tests share: a bar on row 0, the lines
    /// `texts` on rows 1-6, a footer on the last row of `size`; `dy` is the hint that rows 1-6
    /// moved (0: none).
    static func listFrame(_ texts: [String], size: Size = Size(width: 40, height: 8), dy: Int = 0) -> Surface {
        var surface = Surface(size: size)
        _ = surface.write("bar", at: Point(x: 1, y: 0), style: Style(attributes: .bold))
        for (index, text) in texts.enumerated() { _ = surface.write(text, at: Point(x: 0, y: 1 + index)) }
        _ = surface.write("footer", at: Point(x: 0, y: size.height - 1))
        if dy != 0 {
            surface.moves = [SurfaceMove(rows: 1..<(size.height - 1), columns: 0..<size.width, dx: 0, dy: dy)]
        }
        return surface
    }
}
