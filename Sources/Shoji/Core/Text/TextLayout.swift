/// The rows of an edited text wrapped to one width (`TextWrapper.rows`, as UTF-8 offsets), kept
/// up to date edit by edit at the cost of what the edit changed, for `TextView`.
///
/// Guarantees:
/// - `rows` is always exactly what `TextWrapper.rows(of:width:)` gives for the text (as UTF-8
///   offset ranges), whatever the edits.
/// - An edit (`replace`) rewraps from the row where its effects can start (the row holding the
///   edit, or a row or so before it) until the new rows meet the old ones again (a row starting
///   at the same text past the edit, or the end of a paragraph past it), and moves the offsets
///   of the rows after it: typing costs a row or two, whatever the length of the text or of
///   the paragraph. An edit that changes how a whole paragraph wraps (a line break inserted in
///   it) rewraps that paragraph. Only the offsets of the rows after the edit are moved, a pass
///   over one pair of integers a row.
/// - A new width is a new layout (`init`): one pass over the text.
struct TextLayout {
    /// The width the rows are wrapped to.
    let width: Int
    /// The columns between tab stops.
    let tabWidth: Int

    /// The rows, as UTF-8 offset ranges of the text; their starts strictly increase.
    private(set) var rows: [Range<Int>]

    /// The rows of `text` at `width` (none for `width <= 0`), tab stops every `tabWidth` columns.
    init(text: String, width: Int, tabWidth: Int = TextWrapper.defaultTabWidth) {
        self.width = width
        self.tabWidth = tabWidth
        rows = TextWrapper.rows(of: text, width: width, tabWidth: tabWidth).map {
            Self.offset($0.lowerBound, in: text)..<Self.offset($0.upperBound, in: text)
        }
    }

    /// The UTF-8 offset of `index` (O(1) for a native string).
    private static func offset(_ index: String.Index, in text: String) -> Int {
        text.utf8.distance(from: text.startIndex, to: index)
    }

    /// The row showing UTF-8 offset `offset`: the last row starting at or before it (`nil` when
    /// there are no rows).
    func row(containing offset: Int) -> Int? {
        guard !rows.isEmpty else { return nil }
        var low = 0, high = rows.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if rows[middle].lowerBound <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The first row starting after `offset` (`rows.count` when none does).
    private func firstRow(startingAfter offset: Int) -> Int {
        var low = 0, high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if rows[middle].lowerBound <= offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether row `index` goes on its paragraph (starts where the row before it ends).
    private func continuesParagraph(_ index: Int) -> Bool {
        index > 0 && rows[index - 1].upperBound == rows[index].lowerBound
    }

    /// Follows an edit of the text: `range` (UTF-8 offsets of the text before it, on grapheme
    /// boundaries) was replaced by `count` UTF-8 bytes, giving `text`. `anchor` is the start of
    /// the grapheme before `range` in the text before the edit (`range.lowerBound` when none is):
    /// graphemes before it are the same after the edit, while that one may have joined what was
    /// inserted (a combining mark, a ZWJ, a line feed after a carriage return).
    mutating func replace(_ range: Range<Int>, anchor: Int, withCount count: Int, in text: String) {
        guard width > 0, let editedRow = row(containing: range.lowerBound) else { return }
        let delta = count - range.count
        let editEnd = range.lowerBound + count  // where the unchanged rest starts in `text`
        var first = editedRow
        while !isUnchanged(first, before: anchor, in: text) { first -= 1 }

        // Rewrap from there until the new rows meet the old ones again.
        var newRows: [Range<Int>] = []
        var resume = rows.count  // the first old row kept
        var start = text.utf8.index(text.startIndex, offsetBy: rows[first].lowerBound)
        var atParagraphStart = !continuesParagraph(first)
        while true {
            var met: Int?
            let end = TextWrapper.wrapParagraph(
                of: text, from: start, atParagraphStart: atParagraphStart, width: width, tabWidth: tabWidth
            ) { row in
                let lower = Self.offset(row.lowerBound, in: text), upper = Self.offset(row.upperBound, in: text)
                newRows.append(lower..<upper)
                // A row starting past the edit where an old row of a paragraph went on from the
                // same text: the rows from there are the old ones moved (a row's rows onward
                // depend only on the text from its start). A paragraph's end never matches, as
                // no row going on a paragraph starts at a line break or at the end.
                guard upper >= editEnd else { return true }
                let old = firstRow(startingAfter: upper - delta) - 1
                guard old > first, rows[old].lowerBound == upper - delta, continuesParagraph(old) else { return true }
                met = old
                return false
            }
            guard let end else {
                resume = met ?? rows.count
                break
            }
            guard end < text.endIndex else { break }
            let endOffset = Self.offset(end, in: text)
            if endOffset >= editEnd {
                // A line break past the edit: the paragraphs after it are the old ones, moved.
                resume = firstRow(startingAfter: endOffset - delta)
                break
            }
            start = text.index(after: end)
            atParagraphStart = true
        }

        rows.replaceSubrange(first..<resume, with: newRows)
        if delta != 0 {
            for index in (first + newRows.count)..<rows.count {
                rows[index] = (rows[index].lowerBound + delta)..<(rows[index].upperBound + delta)
            }
        }
    }

    /// Whether the edit leaves row `index` where it is, starting the same way, so rewrapping can
    /// start there: the text's first row; a paragraph's first row at or before `anchor`; a row
    /// cut inside a word before `anchor` (where a word is cut depends only on what comes before
    /// the cut and the grapheme after it, and the word was already too wide); a row starting with
    /// a word that ends before `anchor` or is already `width` wide before it (so it still does not
    /// fit on the row before). Offsets before `anchor` are the same in the old and the new text.
    private func isUnchanged(_ index: Int, before anchor: Int, in text: String) -> Bool {
        let start = rows[index].lowerBound
        guard index > 0 else { return true }
        guard continuesParagraph(index) else { return start <= anchor }
        guard start < anchor else { return false }
        let position = text.utf8.index(text.startIndex, offsetBy: start)
        guard TextWrapper.isBlank(text[text.index(before: position)]) else { return true }
        let limit = text.utf8.index(text.startIndex, offsetBy: anchor)
        var next = position
        var wordWidth = 0
        while next < limit {
            let character = text[next]
            if TextWrapper.isBlank(character) || character.isNewline { return true }
            wordWidth += DisplayWidth.of(character)
            if wordWidth >= width { return true }
            next = text.index(after: next)
        }
        return false
    }
}
