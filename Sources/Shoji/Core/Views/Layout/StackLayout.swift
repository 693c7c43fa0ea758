/// The arithmetic of a stack view along its axis, apart from views: given what each visible
/// arranged view wants, the gaps after each and the room, where each view starts and how long
/// it is. Pure and deterministic; `StackView` documents the rules it implements.
///
/// Guarantees: every length is at least 0, every span lies within `0...room` (a span that would
/// start past the end starts at the end, 0 long), and the spans are in order and do not overlap.
/// Cost: linear in the number of views.
struct StackLayout {
    /// One view's place along the axis.
    struct Span: Equatable {
        var origin: Int
        var length: Int
    }

    /// What each view wants along the axis (`nil`: no intrinsic length, it stretches).
    var wanted: [Int?]
    /// The minimum gap after each view but the last (`wanted.count - 1` of them, each ≥ 0).
    var gaps: [Int]
    /// The length to fill.
    var room: Int

    /// The spans of the views under `distribution`.
    func spans(_ distribution: StackView.Distribution) -> [Span] {
        guard !wanted.isEmpty else { return [] }
        switch distribution {
        case .fill: return fill()
        case .fillEqually: return place(Self.share(available, among: wanted.count), gaps: gaps)
        case .fillProportionally: return place(proportionalLengths(), gaps: gaps)
        case .equalSpacing: return equalSpacing()
        case .equalCentering: return equalCentering() ?? equalSpacing()
        }
    }

    /// What the views want in all, with the gaps (views with no intrinsic length count 0).
    var naturalLength: Int { wanted.reduce(0) { $0 + ($1 ?? 0) } + gaps.reduce(0, +) }

    /// The room left for the views once all the gaps are kept (for the shares of
    /// `.fillEqually` and `.fillProportionally`).
    private var available: Int { max(0, room - gaps.reduce(0, +)) }

    /// `.fill`: the wanted lengths, and the extra room shared by the views with no intrinsic
    /// length (else given to the last view); too little room: see `shrunk()`.
    private func fill() -> [Span] {
        var (lengths, shown) = shrunk()
        let extra = room - occupied(lengths, shown)
        // Room left over after views gave way (a gap freed with them) stays at the end.
        if extra > 0 && !shown.contains(false) {
            let flexible = wanted.indices.filter { wanted[$0] == nil }
            if flexible.isEmpty {
                lengths[lengths.count - 1] += extra
            } else {
                for (index, share) in zip(flexible, Self.share(extra, among: flexible.count)) { lengths[index] = share }
            }
        }
        return place(lengths, shown: shown, gaps: gaps)
    }

    /// The wanted lengths (0 for views with no intrinsic length), cut to the room when they do
    /// not fit: the views with no intrinsic length give way first, then the others from the last
    /// one back, each shrinking to 0 before the one before it shrinks. A view cut to nothing
    /// gives way entirely, as if hidden: it takes no gap either (`shown` is false).
    private func shrunk() -> (lengths: [Int], shown: [Bool]) {
        var lengths = wanted.map { $0 ?? 0 }
        var shown = Array(repeating: true, count: lengths.count)
        let flexible = wanted.indices.filter { wanted[$0] == nil }
        let order = flexible.reversed() + wanted.indices.reversed().filter { wanted[$0] != nil }
        let count = lengths.count
        var needed = occupied(lengths, shown)
        // The shown views as a linked list, so a view giving way costs the same anywhere.
        var previousShown = Array(-1..<(count - 1)), nextShown = Array(1...count)
        for index in order {
            let excess = needed - room
            guard excess > 0 else { break }
            guard lengths[index] <= excess else {
                lengths[index] -= excess
                needed -= excess
                break
            }
            let previous = previousShown[index], next = nextShown[index]
            // The gap between this view and the next shown one goes, or if it is the last shown,
            // the gap before it.
            needed -= lengths[index] + (next < count ? gaps[index] : (previous >= 0 ? gaps[previous] : 0))
            if previous >= 0 { nextShown[previous] = next }
            if next < count { previousShown[next] = previous }
            lengths[index] = 0
            shown[index] = false
        }
        return (lengths, shown)
    }

    /// The cells the shown views and the gaps between them take.
    private func occupied(_ lengths: [Int], _ shown: [Bool]) -> Int {
        var total = 0
        var previous: Int?
        for index in lengths.indices where shown[index] {
            if let previous { total += gaps[previous] }
            total += lengths[index]
            previous = index
        }
        return total
    }

    /// `.fillProportionally`: the room shared in proportion to the wanted lengths (rounded
    /// down, the cells left over going one each to the first views that want any); equal
    /// shares when no view wants any length.
    private func proportionalLengths() -> [Int] {
        let weights = wanted.map { $0 ?? 0 }
        let total = weights.reduce(0, +)
        guard total > 0 else { return Self.share(available, among: wanted.count) }
        var lengths = weights.map { available * $0 / total }
        var left = available - lengths.reduce(0, +)
        for index in lengths.indices where left > 0 && weights[index] > 0 {
            lengths[index] += 1
            left -= 1
        }
        return lengths
    }

    /// `.equalSpacing`: with a view that has no intrinsic length, as `.fill` (it takes the extra
    /// room, the gaps stay minimal); otherwise the wanted lengths (cut as `.fill` cuts them)
    /// and the extra room shared equally by the gaps (the first gaps get the cells left over).
    /// One view keeps its length at the start.
    private func equalSpacing() -> [Span] {
        guard wanted.allSatisfy({ $0 != nil }) else { return fill() }
        let (lengths, shown) = shrunk()
        let extra = room - occupied(lengths, shown)
        guard extra > 0, lengths.count > 1, !shown.contains(false) else {
            return place(lengths, shown: shown, gaps: gaps)
        }
        let widened = zip(gaps, Self.share(extra, among: gaps.count)).map { $0 + $1 }
        return place(lengths, gaps: widened)
    }

    /// `.equalCentering`: every view at its wanted length, their centres equally spaced, the
    /// first view at the start and the last at the end (positions rounded down); `nil` when
    /// that is not possible (a view with no intrinsic length, one view, or a gap that would be
    /// below its minimum): then `.equalSpacing` applies.
    private func equalCentering() -> [Span]? {
        let lengths = wanted.compactMap { $0 }
        let count = lengths.count
        guard count == wanted.count, count > 1 else { return nil }
        // In half cells: the first centre is at lengths[0], the last at 2 room - lengths[last].
        let first = lengths[0], last = lengths[count - 1]
        let step = 2 * room - last - first
        guard step >= 0 else { return nil }
        let divisor = 2 * (count - 1)
        let origins = (0..<count).map { index in
            Self.floorDivision(first * (count - 1) + index * step - lengths[index] * (count - 1), divisor)
        }
        for index in 0..<(count - 1) where origins[index + 1] - origins[index] - lengths[index] < gaps[index] {
            return nil
        }
        guard origins[0] >= 0 else { return nil }
        return zip(origins, lengths).map { Span(origin: $0, length: $1) }
    }

    /// Spans laid end to end from 0 with `gaps` between the shown views (the gap after a view
    /// leads to the next shown one), kept within the room; a view not shown is 0 long just after
    /// the shown view before it.
    private func place(_ lengths: [Int], shown: [Bool]? = nil, gaps: [Int]) -> [Span] {
        let shown = shown ?? Array(repeating: true, count: lengths.count)
        var spans: [Span] = []
        var position = 0
        var previous: Int?
        for (index, length) in lengths.enumerated() {
            guard shown[index] else {
                spans.append(Span(origin: min(position, room), length: 0))
                continue
            }
            if let previous { position += gaps[previous] }
            let origin = min(position, room)
            spans.append(Span(origin: origin, length: max(0, min(length, room - origin))))
            position += length
            previous = index
        }
        return spans
    }

    /// `total` cells (0 when negative) cut into `count` shares as equal as cells allow, the first
    /// shares one cell longer when it does not divide.
    static func share(_ total: Int, among count: Int) -> [Int] {
        guard count > 0 else { return [] }
        let total = max(0, total)
        return (0..<count).map { total / count + ($0 < total % count ? 1 : 0) }
    }

    /// `value / divisor` rounded down (towards minus infinity), for a positive divisor.
    private static func floorDivision(_ value: Int, _ divisor: Int) -> Int {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }
}
