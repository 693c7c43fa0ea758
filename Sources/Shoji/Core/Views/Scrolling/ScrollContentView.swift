/// A scroll view's `contentView`: a plain view, except that a frame visits only the subviews
/// that matter to it, so a long form of thousands of views costs a frame what shows of it.
///
/// - Drawing and hit-testing visit only the subviews whose frame meets the rows being drawn or
///   hit (a `SubviewIndex`, rebuilt when a subview is added, removed, reordered or changes
///   frame). What is drawn and hit is the same as with a plain view: a subview outside those
///   rows would draw nothing there and take no point in them.
/// - A layout pass visits the subviews that show (the rows the superview, the viewport, shows)
///   and those that asked for layout, or hold a view that did, or were added since they were
///   last visited; a subview asking later in the pass is laid out in it, or the window is asked
///   for another frame once the pass has gone by, as for any view. What differs from a plain
///   view: `layoutIfNeeded()` of a subview that is out of view and has nothing pending is not
///   called (an override that polls state runs again once the subview shows).
/// - Below `indexedCount` subviews it behaves exactly as a plain view.
@MainActor
final class ScrollContentView: View {
    /// The index of the subviews' frames; `nil` until asked for after a change.
    private var index: SubviewIndex?
    /// Each subview's position among the subviews; `nil` until asked for after a change.
    private var positions: [ObjectIdentifier: Int]?
    /// The subviews with layout pending in their subtree.
    private var pendingLayout: Set<ObjectIdentifier> = []
    /// The window's layout pass whose visit of the subviews is over.
    private var finishedLayoutPass: Int?

    /// Below this many subviews, visiting them all costs less than keeping the index.
    static let indexedCount = 32

    private func currentIndex() -> SubviewIndex {
        let index = self.index ?? SubviewIndex(subviews)
        self.index = index
        return index
    }

    private func position(of id: ObjectIdentifier) -> Int? {
        let positions =
            self.positions
            ?? Dictionary(uniqueKeysWithValues: subviews.enumerated().map { (ObjectIdentifier($1), $0) })
        self.positions = positions
        return positions[id]
    }

    override func subviews(meeting rect: Rect) -> [View] {
        let all = subviews
        guard all.count >= Self.indexedCount else { return all }
        return currentIndex().positions(meeting: rect.minY..<rect.maxY).map { all[$0] }
    }

    override func subviewsDidChange() {
        index = nil
        positions = nil
    }

    override func subviewNeedsLayout(_ subview: View) {
        pendingLayout.insert(ObjectIdentifier(subview))
        // The pass has gone by the subviews: as a view the pass reached, it waits for the next.
        if let window, window.isLayingOut, finishedLayoutPass == window.layoutPassNumber {
            window.needsAnotherFrame()
        }
    }

    override func layoutSubviewsIfNeeded() {
        let all = subviews
        guard all.count >= Self.indexedCount, let window, window.isLayingOut else {
            pendingLayout.removeAll()  // before: a request during the visit is kept
            super.layoutSubviewsIfNeeded()
            return
        }
        var chosen = Set<Int>()
        if let viewport = superview {
            let top = -frame.minY
            chosen.formUnion(currentIndex().positions(meeting: top..<(top + viewport.bounds.height)))
        } else {
            chosen.formUnion(all.indices)
        }
        if pendingLayout.count > 64 {
            for (position, view) in all.enumerated() where pendingLayout.contains(ObjectIdentifier(view)) {
                chosen.insert(position)
            }
        } else {
            for id in pendingLayout { if let position = position(of: id) { chosen.insert(position) } }
        }
        var visited = Set<ObjectIdentifier>()
        for position in chosen.sorted() { visit(all[position], &visited) }
        // Subviews that asked while the others were visited: laid out in this pass, as they would
        // be by a plain view's walk.
        while let id = pendingLayout.first(where: { !visited.contains($0) }) {
            guard let position = position(of: id) else {
                pendingLayout.remove(id)  // no longer a subview
                continue
            }
            visit(subviews[position], &visited)
        }
        finishedLayoutPass = window.layoutPassNumber
    }

    private func visit(_ view: View, _ visited: inout Set<ObjectIdentifier>) {
        let id = ObjectIdentifier(view)
        pendingLayout.remove(id)
        visited.insert(id)
        view.layoutIfNeeded()
    }
}
