/// One area of a `PlaceholderViewController` where a child's view is drawn. Its controller
/// hears of every size change (at the layout pass that follows it), to swap a child for its
/// size-class clone.
@MainActor
final class PlaceholderView: View {
    /// Told after each layout pass of this view (a size change or a first layout).
    weak var owner: PlaceholderViewController?

    override func layoutSubviews() {
        super.layoutSubviews()
        owner?.placeholderViewDidLayout(self)
    }
}
