/// The subviews of one view indexed by their vertical extent, to find those that meet a band of
/// rows in time set by how many meet it (plus a binary search), not by how many there are.
///
/// Views are grouped by height class (class `c` holds heights below `2^c`), each group sorted
/// by top row: in a group, a view meeting rows `top..<bottom` starts after `top` less the
/// group's tallest height and before `bottom`, so one binary search bounds the candidates and
/// a tall view (a background) never widens the search for the short ones. Views with an empty
/// frame are left out: they draw nothing and are hit nowhere.
@MainActor
struct SubviewIndex {
    /// One height class: its views' tops (sorted), their positions among the subviews, their
    /// bottoms, and the tallest height in it.
    private struct Group {
        var tops: [Int] = []
        var positions: [Int] = []
        var bottoms: [Int] = []
        var tallest = 0
    }

    private var groups: [Group] = []

    /// Indexes `subviews` by their frames now.
    init(_ subviews: [View]) {
        var entries: [[(top: Int, bottom: Int, position: Int)]] = []
        for (position, view) in subviews.enumerated() {
            let frame = view.storedFrame
            guard frame.size.width > 0, frame.size.height > 0 else { continue }
            let heightClass = Int.bitWidth - frame.size.height.leadingZeroBitCount
            while entries.count <= heightClass { entries.append([]) }
            entries[heightClass].append((frame.minY, frame.maxY, position))
        }
        groups = entries.map { entries in
            var group = Group()
            for entry in entries.sorted(by: { ($0.top, $0.position) < ($1.top, $1.position) }) {
                group.tops.append(entry.top)
                group.positions.append(entry.position)
                group.bottoms.append(entry.bottom)
                group.tallest = max(group.tallest, entry.bottom - entry.top)
            }
            return group
        }
    }

    /// The positions (in the subviews, ascending: back to front) of the views whose frame has a
    /// row in `rows`.
    func positions(meeting rows: Range<Int>) -> [Int] {
        var result: [Int] = []
        for group in groups where !group.tops.isEmpty {
            var index = Self.firstIndex(in: group.tops, atLeast: rows.lowerBound - group.tallest + 1)
            while index < group.tops.count, group.tops[index] < rows.upperBound {
                if group.bottoms[index] > rows.lowerBound { result.append(group.positions[index]) }
                index += 1
            }
        }
        result.sort()
        return result
    }

    /// The first index of `sorted` whose value is at least `value` (`sorted.count` if none).
    private static func firstIndex(in sorted: [Int], atLeast value: Int) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
