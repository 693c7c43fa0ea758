/// Where a view draws: the frame's surface seen through the view's own coordinates and clip.
///
/// Coordinates given to a canvas are in the view's bounds (0, 0 is the view's top-left cell);
/// nothing is drawn outside `clip`, which is the view's frame intersected with every ancestor's.
/// The window owns the surface; a canvas only lends it to one view at a time.
public struct Canvas {
    /// The frame being composed, in screen coordinates.
    public internal(set) var surface: Surface
    /// The view's top-left cell in screen coordinates.
    public internal(set) var origin: Point
    /// The drawable area in screen coordinates (may be empty).
    public internal(set) var clip: Rect
    /// The view's size: the area its bounds cover.
    public internal(set) var size: Size

    /// The window's frame number while it composes a frame (1, 2, …), 0 for any other drawing:
    /// views remember where they were drawn in each frame, to tell the screen what moved.
    var frameNumber = 0
    /// How far the nearest drawn ancestor that moved moved since the previous frame (zero when
    /// none did): a view that moved with it adds no move of its own.
    var ancestorOffset = Point.zero

    /// A canvas over the whole of `surface`, with the origin at its top-left cell.
    public init(surface: Surface) {
        self.surface = surface
        origin = .zero
        clip = surface.bounds
        size = surface.size
    }

    /// The view's bounds: (0, 0) and its size.
    public var bounds: Rect { Rect(origin: .zero, size: size) }

    /// Writes `text` at a point in view coordinates, clipped; returns the column (in view
    /// coordinates) after the text, like `Surface.write`.
    @discardableResult
    public mutating func write(_ text: String, at point: Point, style: Style = .plain) -> Int {
        surface.write(text, at: point + origin, style: style, clip: clip) - origin.x
    }

    /// Writes `text` at a point in view coordinates, clipped, every cell it covers carrying
    /// `link` (see `Surface.write(_:at:style:link:clip:)`); returns the column after the text.
    @discardableResult
    public mutating func write(_ text: String, at point: Point, style: Style = .plain, link: Hyperlink?) -> Int {
        surface.write(text, at: point + origin, style: style, link: link, clip: clip) - origin.x
    }

    /// Sets the link of the cells already drawn in `rect` (view coordinates, clipped) to `link`,
    /// keeping their text and style (`Surface.setLink(_:in:)`): for text whose columns a view
    /// maps itself, as it does for a highlight.
    public mutating func setLink(_ link: Hyperlink?, in rect: Rect) {
        surface.setLink(link, in: rect.offsetBy(dx: origin.x, dy: origin.y).intersection(clip))
    }

    /// Writes `text` at a point in view coordinates, clipped also to `limit` (view coordinates).
    @discardableResult
    public mutating func write(_ text: String, at point: Point, style: Style = .plain, within limit: Rect) -> Int {
        let area = clip.intersection(limit.offsetBy(dx: origin.x, dy: origin.y))
        return surface.write(text, at: point + origin, style: style, clip: area) - origin.x
    }

    /// Fills a rect in view coordinates with blanks in `style`, clipped.
    public mutating func fill(_ rect: Rect, style: Style) {
        surface.fill(rect.offsetBy(dx: origin.x, dy: origin.y).intersection(clip), style: style)
    }

    /// Fills the whole view.
    public mutating func fill(style: Style) { fill(bounds, style: style) }

    /// Changes the style of cells already drawn in `rect` (view coordinates), keeping their
    /// text: for highlights such as a selected row or a focus mark.
    public mutating func restyle(_ rect: Rect, _ transform: (Style) -> Style) {
        surface.restyle(rect.offsetBy(dx: origin.x, dy: origin.y).intersection(clip), transform)
    }

    /// Records that `view` is drawn at the canvas' origin and clip in this frame and, when it was
    /// drawn in the previous frame and moved (not just with an ancestor), adds a `SurfaceMove`
    /// of what it covered then. Content scrolled in a `ScrollView` is such a move: its content
    /// view moves inside the viewport. The view must keep its size across the move, except
    /// along it: a view that moved up or down and grew or shrank at the bottom (a log that got
    /// a line and followed its end) still holds what it held above. Returns the ancestor offset
    /// to restore once the view's subtree is drawn.
    @MainActor
    mutating func noteDrawing(of view: View) -> Point {
        let saved = ancestorOffset
        guard frameNumber > 0 else { return saved }
        if let last = view.lastDrawing, last.frame == frameNumber - 1 {
            let offset = origin - last.origin
            let keptShape =
                last.size == size || (offset.x == 0 && last.size.width == size.width)
                || (offset.y == 0 && last.size.height == size.height)
            if offset != .zero && keptShape {
                // A move inside an ancestor that moved up or down by another amount (content
                // scrolled in a scroll view that moved) would name rows the ancestor's move
                // already took: left to the cells.
                let nestedVertically = ancestorOffset != .zero && offset.y != ancestorOffset.y
                if offset != ancestorOffset && !nestedVertically && !last.clip.isEmpty {
                    surface.moves.append(
                        SurfaceMove(
                            rows: last.clip.minY..<last.clip.maxY, columns: last.clip.minX..<last.clip.maxX,
                            dx: offset.x, dy: offset.y))
                }
                ancestorOffset = offset
            }
        }
        view.lastDrawing = View.Drawing(frame: frameNumber, origin: origin, size: size, clip: clip)
        return saved
    }

    /// Runs `body` with the canvas narrowed to `frame` (in this view's coordinates), then
    /// restores it. Used by the compositor to draw a subview.
    mutating func narrowed(to frame: Rect, _ body: (inout Canvas) -> Void) {
        let saved = (origin, clip, size)
        let newOrigin = origin + frame.origin
        clip = clip.intersection(Rect(origin: newOrigin, size: frame.size))
        origin = newOrigin
        size = frame.size
        body(&self)
        (origin, clip, size) = saved
    }
}
