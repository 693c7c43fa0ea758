/// One area of a `PlaceholderViewController` where a child's view is drawn. Its controller
/// hears of every size change where it is made, to swap a child for its size-class clone.
@MainActor
final class PlaceholderView: View {
    /// Told after each size change of this view.
    weak var owner: PlaceholderViewController?

    override func didResize(from oldSize: Size) {
        super.didResize(from: oldSize)
        owner?.placeholderViewDidResize(self)
    }
}
