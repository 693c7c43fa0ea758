/// Where the three parts of a split go in a container of a given size: the primary column at
/// the leading edge, a one-cell divider after it, the secondary column over the rest. A value
/// with no state of its own: `SplitViewController` lays itself out with it, and any container
/// that shows two areas side by side (or one above the other) can use the same rules.
///
/// Guarantees:
/// - Everything follows from the primary column's frame: the divider is the line of cells just
///   after its trailing edge, the secondary column runs from just after the divider to the
///   trailing edge of the container. A primary column that slides out (its frame moved before
///   the leading edge) takes the divider with it and the secondary column grows by as much, so
///   a slide animates one frame and the rest follows cell by cell.
/// - Nothing is negative: at any size, down to 0x0, every frame has a size of at least 0.
/// - Hidden, the primary column and the divider lie wholly before the leading edge.
public struct SplitLayout: Hashable, Sendable {
    /// Which way the columns are laid out.
    public enum Axis: Hashable, Sendable {
        /// The primary column at the left, the secondary at the right, a vertical divider.
        case horizontal
        /// The primary area on top, the secondary below, a horizontal divider.
        case vertical
    }

    /// Which way the columns are laid out.
    public var axis: Axis
    /// The container's size, in cells.
    public var size: Size

    /// A layout of a container of `size`, along `axis`.
    public init(axis: Axis, size: Size) {
        self.axis = axis
        self.size = size
    }

    /// The container's cells along the axis: its width when horizontal, its height when vertical.
    public var extent: Int { max(0, axis == .horizontal ? size.width : size.height) }

    /// The primary column's length in use for a wanted `length`: at least `minimum`, at most
    /// `maximum` (which wins if the two cross), and never more than leaves room for the divider
    /// (`extent - 1`); never negative.
    public func primaryLength(_ length: Int, minimum: Int = 0, maximum: Int = .max) -> Int {
        let wanted = min(max(length, minimum), maximum)
        return max(0, min(wanted, extent - 1))
    }

    /// The primary column at rest, `length` cells long: from the leading edge when shown;
    /// when hidden, moved back by its length and the divider, so both lie before the edge.
    public func primaryFrame(length: Int, isShown: Bool) -> Rect {
        let length = max(0, length)
        let start = isShown ? 0 : -(length + 1)
        return rect(start: start, length: length)
    }

    /// The divider: the line of cells after `primary`'s trailing edge, across the container.
    public func dividerFrame(primary: Rect) -> Rect {
        rect(start: trailingEdge(of: primary), length: 1)
    }

    /// The secondary column: from after the divider (never before the leading edge nor after
    /// the trailing one) to the container's trailing edge.
    public func secondaryFrame(primary: Rect) -> Rect {
        let start = min(max(0, trailingEdge(of: primary) + 1), extent)
        return rect(start: start, length: max(0, extent - start))
    }

    /// The position along the axis of a point in the container.
    public func coordinate(of point: Point) -> Int { axis == .horizontal ? point.x : point.y }

    private func trailingEdge(of primary: Rect) -> Int { axis == .horizontal ? primary.maxX : primary.maxY }

    /// A rectangle from `start` for `length` cells along the axis, across the whole container.
    private func rect(start: Int, length: Int) -> Rect {
        switch axis {
        case .horizontal: Rect(x: start, y: 0, width: max(0, length), height: max(0, size.height))
        case .vertical: Rect(x: 0, y: start, width: max(0, size.width), height: max(0, length))
        }
    }
}
