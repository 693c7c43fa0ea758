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
