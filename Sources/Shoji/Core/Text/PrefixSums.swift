/// Running totals of a list of non-negative counts (a Fenwick tree): a count changed, a total up
/// to an index and the index a running total falls in, each in O(log n); made from a list in
/// O(n). `TextLayout` keeps its paragraphs' row counts in one, so that the row at a scroll
/// position is found without adding up a million paragraphs, and a paragraph wrapped as it comes
/// into view updates the rest in a few steps.
///
/// Not thread-safe; a value.
struct PrefixSums {
    /// The tree, 1-based: entry `i` holds the sum of the `i & -i` counts ending at count `i - 1`.
    private var tree: [Int]
    /// The counts themselves.
    private(set) var values: [Int]
    /// The sum of every count.
    private(set) var total = 0

    /// How many counts it holds.
    var count: Int { values.count }

    /// The totals of `counts` (each 0 or more).
    init(_ counts: some Sequence<Int>) {
        values = Array(counts)
        tree = [0]
        tree.append(contentsOf: values)
        let n = tree.count - 1
        total = tree.reduce(0, +)
        for index in stride(from: 1, through: n, by: 1) {
            let parent = index + (index & -index)
            if parent <= n { tree[parent] += tree[index] }
        }
    }

    /// Adds `delta` to count `index` (the count stays 0 or more).
    mutating func add(_ delta: Int, at index: Int) {
        guard delta != 0 else { return }
        values[index] += delta
        total += delta
        var position = index + 1
        while position < tree.count {
            tree[position] += delta
            position += position & -position
        }
    }

    /// Makes count `index` `value` (0 or more).
    mutating func set(_ value: Int, at index: Int) { add(value - values[index], at: index) }

    /// The sum of the counts before `index` (0 for 0, `total` for `count`).
    func prefix(_ index: Int) -> Int {
        var sum = 0
        var position = min(index, count)
        while position > 0 {
            sum += tree[position]
            position -= position & -position
        }
        return sum
    }

    /// The index whose counts hold `position` (0 ≤ position < total): the one where
    /// `prefix(index) <= position < prefix(index + 1)`. Counts of 0 are skipped.
    func index(containing position: Int) -> Int {
        var index = 0
        var remaining = position
        var step = 1
        while step * 2 <= count { step *= 2 }
        while step > 0 {
            let next = index + step
            if next <= count, tree[next] <= remaining {
                index = next
                remaining -= tree[next]
            }
            step /= 2
        }
        return index
    }
}
