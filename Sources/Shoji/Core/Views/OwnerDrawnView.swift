/// A view whose drawing is its owner's: the rows of a text view, a list or the key help (drawn
/// from the canvas' clip, so only what shows, however tall the content), a list's title row.
/// Lets a view that draws itself sit in a scroll view's content or header.
@MainActor
final class OwnerDrawnView: View {
    private let drawContent: @MainActor (inout Canvas) -> Void

    /// A view drawn by `draw` (capture the owner unowned: the owner holds this view).
    init(draw: @escaping @MainActor (inout Canvas) -> Void) {
        drawContent = draw
        super.init()
    }

    override func draw(in canvas: inout Canvas) { drawContent(&canvas) }
}
