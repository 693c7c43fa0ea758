/// A scroll view's `contentView`: a plain view, except that drawing and hit-testing visit only
/// the subviews whose frame meets the rows being drawn or hit (a `SubviewIndex`, rebuilt when a
/// subview is added, removed, reordered or changes frame), so a long form of thousands of views
/// costs a frame what shows of it. What is drawn and hit is the same as with a plain view: a
/// subview outside those rows would draw nothing there and take no point in them.
@MainActor
final class ScrollContentView: View {
    /// The index of the subviews' frames; `nil` until asked for after a change.
    private var index: SubviewIndex?

    /// Below this many subviews, visiting them all costs less than keeping the index.
    private static let indexedCount = 32

    override func subviews(meeting rect: Rect) -> [View] {
        let all = subviews
        guard all.count >= Self.indexedCount else { return all }
        let index = self.index ?? SubviewIndex(all)
        self.index = index
        return index.positions(meeting: rect.minY..<rect.maxY).map { all[$0] }
    }

    override func subviewsDidChange() { index = nil }
}
