/// Content that moved between the previous frame and this one: what was drawn in `columns` of
/// `rows` (screen coordinates, as clipped in the previous frame) is drawn `dx` columns further
/// right (left when negative) and `dy` rows further down (up when negative) in this frame, as
/// far as it still shows.
///
/// A hint, never the truth: the window records one for every view whose place on screen moved
/// (the outermost one of a subtree that moved together), which covers scrolled content: a
/// `ScrollView` scrolls by moving its content view inside its viewport (what moved out of the
/// viewport is gone, what moved in is new). A screen that can shift part of a row (insert or delete character)
/// or scroll rows (a scroll region) may use it to send the shift or the scroll and only the
/// cells that are really new. The surface's cells decide what is shown: a screen may ignore
/// moves, and a move that does not match the cells costs bytes, never a wrong picture.
public struct SurfaceMove: Hashable, Sendable {
    /// The rows the moved content occupied in the previous frame.
    public var rows: Range<Int>
    /// The columns the moved content occupied in the previous frame.
    public var columns: Range<Int>
    /// How far it moved sideways: positive to the right, negative to the left.
    public var dx: Int
    /// How far it moved vertically: positive down, negative up.
    public var dy: Int

    /// A move of `columns` x `rows` by `dx` columns and `dy` rows (not both 0).
    public init(rows: Range<Int>, columns: Range<Int>, dx: Int, dy: Int = 0) {
        self.rows = rows
        self.columns = columns
        self.dx = dx
        self.dy = dy
    }
}
