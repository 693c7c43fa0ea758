/// The content of a scroll view that draws rows itself (a text view, the key help): a view the
/// size of the content whose drawing is its owner's, which draws only the rows that show (the
/// canvas' clip), however tall the content is.
@MainActor
final class ScrollDocumentView: View {
    private let drawContent: @MainActor (inout Canvas) -> Void

    /// A document drawn by `draw` (capture the owner unowned: the owner holds this view).
    init(draw: @escaping @MainActor (inout Canvas) -> Void) {
        drawContent = draw
        super.init()
    }

    override func draw(in canvas: inout Canvas) { drawContent(&canvas) }
}
