/// One expanded item of an `OutlineView` (or the invisible root): how many children it has,
/// which of them are expanded too, and so how many rows its subtree takes. Collapsed items have
/// no node, so the structure grows with what the user expanded, never with the data: an item of
/// a million children is one node holding one number.
///
/// The rows below a node are its children in order, each followed by its own subtree when it
/// is expanded. `rowCount` is kept up to date on every change (the outline adds the difference
/// up the chain of parents); the offsets of the expanded children are recomputed lazily, once
/// after a change, when a row is next looked up.
@MainActor
final class OutlineNode {
    /// The item, `nil` for the root.
    let item: AnyHashable?
    /// The node's place among its parent's children (0 for the root).
    var index: Int
    /// The expanded parent; `nil` for the root.
    weak var parent: OutlineNode?
    /// How many children the data source said the item has (at least 0).
    var childCount: Int
    /// The expanded children, by increasing `index`.
    private(set) var expanded: [OutlineNode] = []
    /// The rows the subtree takes below the item: its children and their expanded subtrees.
    private(set) var rowCount: Int
    /// `offsets[j]`: the rows the subtrees of `expanded[0..<j]` take (children not counted).
    private var offsets: [Int] = []
    /// Whether `offsets` needs recomputing.
    private var offsetsAreStale = false

    init(item: AnyHashable?, index: Int, parent: OutlineNode?, childCount: Int) {
        self.item = item
        self.index = index
        self.parent = parent
        self.childCount = max(0, childCount)
        rowCount = self.childCount
    }

    /// How many levels deep the item is: 0 for the root's children.
    var level: Int {
        var level = -1
        var node = parent
        while let current = node {
            level += 1
            node = current.parent
        }
        return level
    }

    /// Adds `delta` rows to this node and to every ancestor's count.
    private func propagate(_ delta: Int) {
        var node: OutlineNode? = self
        while let current = node {
            current.rowCount += delta
            current.offsetsAreStale = true
            node = current.parent
        }
    }

    /// The place in `expanded` of the child at `index`, or where it would go.
    private func position(ofChild index: Int) -> (at: Int, found: Bool) {
        var low = 0, high = expanded.count
        while low < high {
            let middle = (low + high) / 2
            if expanded[middle].index < index { low = middle + 1 } else { high = middle }
        }
        return (low, low < expanded.count && expanded[low].index == index)
    }

    /// The expanded child at `index`, if it is expanded.
    func expandedChild(at index: Int) -> OutlineNode? {
        let place = position(ofChild: index)
        return place.found ? expanded[place.at] : nil
    }

    /// Records `child` (at its `index`, not yet expanded here) as expanded.
    func insert(_ child: OutlineNode) {
        let place = position(ofChild: child.index)
        guard !place.found else { return }
        expanded.insert(child, at: place.at)
        propagate(child.rowCount)
    }

    /// Forgets the expanded child `child`: its subtree's rows go.
    func remove(_ child: OutlineNode) {
        let place = position(ofChild: child.index)
        guard place.found, expanded[place.at] === child else { return }
        expanded.remove(at: place.at)
        propagate(-child.rowCount)
    }

    /// Takes a new child count and new expanded children (after a reload), recounting up the chain.
    func reset(childCount: Int, expanded children: [OutlineNode]) {
        let old = rowCount
        self.childCount = max(0, childCount)
        expanded = children.sorted { $0.index < $1.index }
        rowCount = self.childCount + expanded.reduce(0) { $0 + $1.rowCount }
        offsetsAreStale = true
        parent?.propagate(rowCount - old)
    }

    private func refreshOffsets() {
        guard offsetsAreStale || offsets.count != expanded.count else { return }
        offsets.removeAll(keepingCapacity: true)
        var total = 0
        for child in expanded {
            offsets.append(total)
            total += child.rowCount
        }
        offsetsAreStale = false
    }

    /// Where row `row` of this subtree (0: the first child) is: the parent node, the child's
    /// index in it, its level below this node, and its node when it is expanded. `row` must be
    /// in `0..<rowCount`. Costs a binary search per level.
    func locate(_ row: Int) -> (parent: OutlineNode, index: Int, depth: Int, node: OutlineNode?) {
        var node = self, row = row, depth = 0
        while true {
            node.refreshOffsets()
            // The last expanded child whose row is at or above `row`.
            var low = 0, high = node.expanded.count
            while low < high {
                let middle = (low + high) / 2
                if node.expanded[middle].index + node.offsets[middle] <= row { low = middle + 1 } else { high = middle }
            }
            guard low > 0 else { return (node, row, depth, nil) }
            let child = node.expanded[low - 1], start = child.index + node.offsets[low - 1]
            if row == start { return (node, child.index, depth, child) }
            if row <= start + child.rowCount {
                row -= start + 1
                node = child
                depth += 1
                continue
            }
            return (node, row - node.offsets[low - 1] - child.rowCount, depth, nil)
        }
    }

    /// The row (within this subtree, 0: the first child) of the child at `index`.
    func row(ofChild index: Int) -> Int {
        refreshOffsets()
        let place = position(ofChild: index)
        return index + (place.at < offsets.count ? offsets[place.at] : rowCount - childCount)
    }

    /// This node's row in the whole outline (the root's is -1).
    var row: Int {
        guard let parent else { return -1 }
        return parent.row + 1 + parent.row(ofChild: index)
    }

    /// Each expanded child, by increasing index.
    func forEachChild(_ body: (OutlineNode) -> Void) {
        for child in expanded { body(child) }
    }

    /// Every expanded node below this one, depth first.
    func forEachDescendant(_ body: (OutlineNode) -> Void) {
        for child in expanded {
            body(child)
            child.forEachDescendant(body)
        }
    }
}
