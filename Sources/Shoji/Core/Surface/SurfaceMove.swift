/// Content that moved sideways between the previous frame and this one: what was drawn in
/// `columns` of `rows` (screen coordinates, as clipped in the previous frame) is drawn `offset`
/// columns further right (left when negative) in this frame, as far as it still shows.
///
/// A hint, never the truth: the window records one for every view whose place on screen moved
/// horizontally (the outermost one of a subtree that moved together), and a screen that can
/// shift part of a row on the terminal (insert or delete character) may use it to send the
/// shift and only the cells that are really new. The surface's cells decide what is shown: a
/// screen may ignore moves, and a move that does not match the cells costs bytes, never a
/// wrong picture.
public struct SurfaceMove: Hashable, Sendable {
    /// The rows the moved content occupied (and still occupies).
    public var rows: Range<Int>
    /// The columns the moved content occupied in the previous frame.
    public var columns: Range<Int>
    /// How far it moved: positive to the right, negative to the left, never 0.
    public var offset: Int

    /// A move of `columns` x `rows` by `offset` columns.
    public init(rows: Range<Int>, columns: Range<Int>, offset: Int) {
        self.rows = rows
        self.columns = columns
        self.offset = offset
    }
}
