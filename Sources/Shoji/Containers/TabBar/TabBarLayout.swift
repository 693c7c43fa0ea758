/// Where a tab bar draws its items in a given width: the pure geometry behind `TabBar`, so the
/// fitting rules are tested without a screen.
///
/// Each item is drawn as a label with one column of padding on either side: the symbol and a
/// space (when the item has a symbol), the title, and a space and the badge in parentheses
/// (`✉ Inbox (3)`). When the labels do not fit the width, in this order:
/// 1. `.truncated`: titles are cut to a common number of columns (the largest that fits, at
///    least `minimumTitleWidth`), measured by display width and ended with "…"; titles
///    narrower than that keep their full length.
/// 2. `.symbols`: items with a symbol show it alone (with their badge, `✉(3)`); the others
///    keep a title cut to `minimumTitleWidth`.
/// 3. `.scrolling`: the collapsed items are shown in a window that always holds the selected
///   item; "‹" in the first column and "›" in the last say that more items lie beyond. The
///   window moves as little as needed (it starts at `firstVisible` when it can) and never
///   leaves blank columns at the end while items are hidden at the start.
/// When even the selected item alone does not fit, it is shown alone, cut to the width.
///
/// Guarantees: slots are left to right, never overlap, lie within `0..<width`, and never cut a
/// wide character (labels are cut by `DisplayWidth`); the selected item (when there is one and
/// the width is not zero) always has a slot.
struct TabBarLayout: Equatable {
    /// One item's content, as the bar reads it from a `TabBarItem`.
    struct Entry: Equatable {
        var title: String
        var symbol: Character?
        var badge: String?
    }

    /// How far the items had to be compacted to fit (see the type's notes).
    enum Fit: Equatable {
        case full, truncated, symbols, scrolling
    }

    /// Where one item is drawn, in bar columns.
    struct Slot: Equatable {
        /// The item's index among all items.
        var index: Int
        /// The columns the item takes, padding included (clicks land here).
        var columns: Range<Int>
        /// The text drawn, from `labelX`.
        var label: String
        var labelX: Int
        /// The columns of the badge within the label, when it is shown whole.
        var badgeColumns: Range<Int>?
    }

    var fit: Fit
    var slots: [Slot]
    /// The first item shown (0 unless scrolling).
    var firstVisible: Int
    /// Whether "‹" (column 0) and "›" (the last column) are shown.
    var showsLeadingMore: Bool
    var showsTrailingMore: Bool

    /// The narrowest a title is cut to before items collapse to their symbols.
    static let minimumTitleWidth = 4
    /// The widest a badge is shown (longer badges are cut with "…").
    static let maximumBadgeWidth = 4
    static let leadingMore = "‹"
    static let trailingMore = "›"

    /// The slot of item `index`, if shown.
    func slot(for index: Int) -> Slot? { slots.first { $0.index == index } }

    /// The item shown at column `x`, if any.
    func index(at x: Int) -> Int? { slots.first { $0.columns.contains(x) }?.index }

    // MARK: Measuring

    /// An entry measured once, so fitting never measures a long title twice.
    private struct Measured {
        var title: String
        var titleWidth: Int
        var symbol: String?
        var symbolWidth: Int
        /// "(badge)", cut to `maximumBadgeWidth` inside the parentheses.
        var badge: String?
        var badgeWidth: Int

        init(_ entry: Entry) {
            title = entry.title
            titleWidth = DisplayWidth.of(entry.title)
            symbol = entry.symbol.map(String.init)
            symbolWidth = symbol.map(DisplayWidth.of) ?? 0
            if let text = entry.badge, !text.isEmpty {
                let shown = "(" + DisplayWidth.truncate(text, toWidth: TabBarLayout.maximumBadgeWidth) + ")"
                badge = shown
                badgeWidth = DisplayWidth.of(shown)
            } else {
                badge = nil
                badgeWidth = 0
            }
        }

        /// The title cut to `columns` (nil: whole), with its width.
        func title(within columns: Int?) -> (String, Int) {
            guard let columns, titleWidth > columns else { return (title, titleWidth) }
            let prefix = DisplayWidth.prefix(of: title, fittingWidth: max(0, columns - 1))
            return (String(prefix.text) + DisplayWidth.ellipsis, prefix.width + 1)
        }

        /// The label and its width, the badge's offset in it; `columns` cuts the title (nil:
        /// whole); `collapsed` shows the symbol alone when there is one.
        func label(titleColumns columns: Int?, collapsed: Bool) -> (text: String, width: Int, badgeOffset: Int?) {
            var text: String
            var width: Int
            if let symbol, collapsed || title.isEmpty {
                (text, width) = (symbol, symbolWidth)
            } else {
                let (shown, shownWidth) = title(within: collapsed ? TabBarLayout.minimumTitleWidth : columns)
                if let symbol {
                    (text, width) = (symbol + " " + shown, symbolWidth + 1 + shownWidth)
                } else {
                    (text, width) = (shown, shownWidth)
                }
            }
            guard let badge else { return (text, width, nil) }
            let separator = collapsed ? "" : " "
            let offset = width + separator.count
            return (text + separator + badge, offset + badgeWidth, offset)
        }
    }

    // MARK: Fitting

    /// The layout of `entries` in `width` columns with item `selected` selected, scrolled to
    /// `firstVisible` if it must scroll and that keeps the selected item visible.
    static func make(entries: [Entry], width: Int, selected: Int?, firstVisible: Int = 0) -> TabBarLayout {
        let empty = TabBarLayout(
            fit: .full, slots: [], firstVisible: 0, showsLeadingMore: false, showsTrailingMore: false)
        guard !entries.isEmpty, width > 0 else { return empty }
        let measured = entries.map(Measured.init)
        let selected = selected.map { min(max(0, $0), entries.count - 1) }

        func labels(titleColumns: Int?, collapsed: Bool) -> [(text: String, width: Int, badgeOffset: Int?)] {
            measured.map { $0.label(titleColumns: titleColumns, collapsed: collapsed) }
        }
        func total(_ labels: [(text: String, width: Int, badgeOffset: Int?)]) -> Int {
            labels.reduce(0) { $0 + $1.width + 2 }
        }

        let full = labels(titleColumns: nil, collapsed: false)
        if total(full) <= width { return placed(full, fit: .full) }

        // The widest common title cut that fits: totals only grow with the cut.
        let longest = measured.map(\.titleWidth).max() ?? 0
        var low = minimumTitleWidth, high = longest - 1
        var best: [(text: String, width: Int, badgeOffset: Int?)]?
        while low <= high {
            let middle = (low + high) / 2
            let candidate = labels(titleColumns: middle, collapsed: false)
            if total(candidate) <= width {
                best = candidate
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        if let best { return placed(best, fit: .truncated) }

        let collapsed = labels(titleColumns: nil, collapsed: true)
        if total(collapsed) <= width { return placed(collapsed, fit: .symbols) }
        return scrolled(collapsed, width: width, selected: selected ?? 0, firstVisible: firstVisible)
    }

    /// Every label side by side from column 0.
    private static func placed(_ labels: [(text: String, width: Int, badgeOffset: Int?)], fit: Fit) -> TabBarLayout {
        var slots: [Slot] = []
        var x = 0
        for (index, label) in labels.enumerated() {
            slots.append(slot(index: index, label: label, x: x))
            x += label.width + 2
        }
        return TabBarLayout(fit: fit, slots: slots, firstVisible: 0, showsLeadingMore: false, showsTrailingMore: false)
    }

    private static func slot(index: Int, label: (text: String, width: Int, badgeOffset: Int?), x: Int) -> Slot {
        Slot(
            index: index, columns: x..<(x + label.width + 2), label: label.text, labelX: x + 1,
            badgeColumns: label.badgeOffset.map { (x + 1 + $0)..<(x + 1 + label.width) })
    }

    /// A window of labels holding `selected`, with the "more" marks (see the type's notes).
    private static func scrolled(
        _ labels: [(text: String, width: Int, badgeOffset: Int?)], width: Int,
        selected: Int, firstVisible: Int
    ) -> TabBarLayout {
        let count = labels.count
        let widths = labels.map { $0.width + 2 }
        func fits(_ first: Int, _ last: Int) -> Bool {
            let marks = (first > 0 ? 1 : 0) + (last < count - 1 ? 1 : 0)
            return widths[first...last].reduce(marks, +) <= width
        }
        func lastFitting(from first: Int) -> Int {
            var last = first
            while last + 1 < count, fits(first, last + 1) { last += 1 }
            return last
        }

        guard fits(selected, selected) else {
            // Not even the selected item fits beside the marks: it alone, cut to the width.
            let label = labels[selected]
            let padded = width >= 3
            let text = DisplayWidth.truncate(label.text, toWidth: padded ? width - 2 : width)
            let shown = DisplayWidth.of(text)
            let whole = text == label.text
            let slot = Slot(
                index: selected, columns: 0..<width, label: text, labelX: padded ? 1 : 0,
                badgeColumns: whole
                    ? label.badgeOffset.map { ((padded ? 1 : 0) + $0)..<((padded ? 1 : 0) + shown) } : nil)
            return TabBarLayout(
                fit: .scrolling, slots: [slot], firstVisible: selected, showsLeadingMore: false,
                showsTrailingMore: false)
        }

        var first = min(max(0, firstVisible), count - 1)
        if selected < first { first = selected }
        while first < selected, !fits(first, selected) { first += 1 }
        // Scrolled to the end: show as many items before as fit, not blank columns.
        while first > 0, lastFitting(from: first) == count - 1, fits(first - 1, count - 1) { first -= 1 }
        let last = lastFitting(from: first)

        var slots: [Slot] = []
        var x = first > 0 ? 1 : 0
        for index in first...last {
            slots.append(slot(index: index, label: labels[index], x: x))
            x += widths[index]
        }
        return TabBarLayout(
            fit: .scrolling, slots: slots, firstVisible: first, showsLeadingMore: first > 0,
            showsTrailingMore: last < count - 1)
    }
}
