extension Rect {
    /// The rect `progress` of the way from this one to `target`, in whole cells.
    ///
    /// Each edge (left, right, top, bottom) moves on its own: the start plus the distance times
    /// `progress` computed in `Double` and rounded half up (see `interpolate`); the size is what
    /// lies between the edges. So for a monotonic curve every edge moves monotonically (a pane
    /// never steps back), two edges that travel the same distance land on the same offset (a
    /// move keeps its size on every frame, also across column 0), and progress 0 and 1 give the
    /// two ends exactly. Progress outside 0...1 (an overshooting custom curve) extrapolates;
    /// edges that cross give an empty size.
    public func interpolated(to target: Rect, progress: Double) -> Rect {
        let left = Self.interpolate(minX, target.minX, progress)
        let right = Self.interpolate(maxX, target.maxX, progress)
        let top = Self.interpolate(minY, target.minY, progress)
        let bottom = Self.interpolate(maxY, target.maxY, progress)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// How far the farthest edge moves from this rect to `target`, in cells: the distance a
    /// speed (cells per second) is measured against.
    public func edgeDistance(to target: Rect) -> Int {
        max(
            abs(target.minX - minX), abs(target.maxX - maxX), abs(target.minY - minY), abs(target.maxY - maxY))
    }

    /// This rect (in a view of `old` size) with each edge at the same fraction of the view's
    /// width or height in a view of `new` size, rounded half up; along an axis that was empty
    /// the edges stay. The rule `View.mask` follows when its view resizes.
    func scaled(from old: Size, to new: Size) -> Rect {
        func scale(_ edge: Int, _ from: Int, _ to: Int) -> Int {
            guard from > 0, from != to else { return edge }
            return Int((Double(edge) * Double(to) / Double(from) + 0.5).rounded(.down))
        }
        let left = scale(minX, old.width, new.width), right = scale(maxX, old.width, new.width)
        let top = scale(minY, old.height, new.height), bottom = scale(maxY, old.height, new.height)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The one rounding rule of animated cells: `from` plus `(to - from) * progress` rounded
    /// half up (`⌊d·p + ½⌋`). Monotonic in `progress`. The offset depends only on the distance,
    /// never on where the edge starts, so it cannot differ between the two edges of a moving
    /// pane (rounding half away from zero would, where one edge is left of column 0).
    static func interpolate(_ from: Int, _ to: Int, _ progress: Double) -> Int {
        if from == to { return from }
        return from + Int((Double(to - from) * progress + 0.5).rounded(.down))
    }
}
