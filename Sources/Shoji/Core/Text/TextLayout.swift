/// The rows of a text wrapped to one width (`TextWrapper.rows`, as UTF-8 offsets), made as they
/// are asked for, for `TextView`: a text costs a scan for its line breaks, a new width costs a
/// step per block of paragraphs, and each paragraph is wrapped when one of its rows is first
/// needed (it shows, the insertion point is in it).
///
/// Guarantees:
/// - Every row it gives (`row(_:in:)`, `row(containing:in:)`, `allRows(in:)`) is exactly a row
///   of `TextWrapper.rows(of:width:tabWidth:)` for the text, whatever the edits and widths.
/// - Making a layout wraps nothing: one pass over the text's bytes for its line breaks. The
///   paragraphs are kept in blocks (`blockSize`); a block's rows are estimated from its bytes
///   (a row per `width` bytes, at least one a paragraph) until one of its rows is asked for,
///   when its paragraphs get estimates of their own, each corrected when it is wrapped. A new
///   width (`setWidth`) estimates every block again: a step per block, not per paragraph.
///   `rowCount` adds up what is exact and what is estimated, so wrapping a paragraph moves the
///   numbers of the rows after it (`isExact` says when nothing is left to correct).
/// - Finding a row by number or by offset costs O(log n) steps in the blocks, a pass over one
///   block's counts, and wrapping the one paragraph it is in the first time (the row starts of
///   the last few thousand paragraphs of several rows asked for are kept).
/// - An edit (`replace`) splits again only the paragraphs it touched and moves the offsets of
///   those after it (a pass over one integer a paragraph; one that adds or removes line breaks
///   also adds up the blocks from there again). Inside one paragraph whose rows were kept (it
///   showed), it rewraps from the first row the edit can move until a new row starts where an
///   old one did (D46): typing costs a row or two however long the paragraph. Otherwise what it
///   leaves is wrapped again at once when it is small (a short paste), else estimated (a large
///   paste, an appended log).
/// - Memory: 12 bytes a paragraph (its start and its count), 16 a block, plus the row starts
///   kept.
///
/// Not thread-safe: one owner (its text view).
final class TextLayout {
    /// The width the rows are wrapped to.
    private(set) var width: Int
    /// The columns between tab stops.
    private(set) var tabWidth: Int

    /// The UTF-8 offset where each paragraph starts (the first at 0); a paragraph's text runs to
    /// its line break (`end(of:)`).
    private var starts: [Int]
    /// Each paragraph's rows, while its block is open: exact once it was wrapped (positive), else
    /// an estimate (negative). Meaningless in a block that is not open.
    private var counts: [Int32]
    /// Whether each block's paragraphs have counts at this width.
    private var isOpen: [Bool]
    /// Each block's rows (the sum of its counts' sizes when open, else an estimate) and their
    /// running totals.
    private var blockSums: PrefixSums
    /// How many paragraphs have an exact count at this width.
    private(set) var wrappedParagraphCount = 0
    /// The text's length in UTF-8 bytes.
    private var length: Int
    /// The row starts (UTF-8 offsets) of paragraphs of several rows asked for recently.
    private var rowStarts: [Int: [Int]] = [:]
    /// A paragraph in an open block and its first row, as last found: valid until a count
    /// changes, so the rows of a screenful, found one after another, walk on from the last one
    /// instead of from their block's start.
    private var lastFound: (paragraph: Int, row: Int)?

    /// How many paragraphs a block holds.
    let blockSize: Int

    /// How many paragraphs' row starts are kept before they are all forgotten (a screenful needs
    /// a few dozen; a text scrolled end to end would otherwise keep them all).
    static let keptParagraphs = 4_096

    /// How many bytes of paragraphs an edit wraps at once; past that they are estimated.
    static let bytesWrappedPerEdit = 64 * 1_024

    /// The layout of `text` at `width` (no rows for `width <= 0`), tab stops every `tabWidth`,
    /// its paragraphs in blocks of `blockSize` (tests use small ones).
    init(text: String, width: Int, tabWidth: Int = TextWrapper.defaultTabWidth, blockSize: Int = 1_024) {
        self.blockSize = max(1, blockSize)
        self.width = width
        self.tabWidth = tabWidth
        length = text.utf8.count
        var starts = [0]
        Self.appendParagraphStarts(of: text, in: 0..<length, to: &starts)
        self.starts = starts
        counts = Array(repeating: 0, count: starts.count)
        isOpen = []
        blockSums = PrefixSums([])
        estimateBlocks()
    }

    /// The same text at another width or tab width: every block estimated again.
    func setWidth(_ width: Int, tabWidth: Int) {
        guard width != self.width || tabWidth != self.tabWidth else { return }
        self.width = width
        self.tabWidth = tabWidth
        estimateBlocks()
    }

    /// Every block closed and estimated from its bytes, no paragraph exact, no row starts kept.
    private func estimateBlocks() {
        let blocks = (starts.count + blockSize - 1) / blockSize
        isOpen = Array(repeating: false, count: blocks)
        blockSums = PrefixSums((0..<blocks).map(estimate(ofBlock:)))
        wrappedParagraphCount = 0
        rowStarts.removeAll()
        lastFound = nil
    }

    /// The paragraphs of block `block`.
    private func paragraphs(ofBlock block: Int) -> Range<Int> {
        (block * blockSize)..<min(starts.count, (block + 1) * blockSize)
    }

    /// The bytes from paragraph `first`'s start to the end of paragraph `last - 1`'s line break
    /// (the text's end for the last).
    private func bytes(_ paragraphs: Range<Int>) -> Int {
        (paragraphs.upperBound < starts.count ? starts[paragraphs.upperBound] : length + 1)
            - starts[paragraphs.lowerBound]
    }

    /// A guess at block `block`'s rows from its bytes: a row per `width` bytes, at least one a
    /// paragraph; 0 without a width.
    private func estimate(ofBlock block: Int) -> Int {
        guard width > 0 else { return 0 }
        let paragraphs = paragraphs(ofBlock: block)
        return max(paragraphs.count, (bytes(paragraphs) - paragraphs.count + width - 1) / width)
    }

    /// A guess at paragraph `index`'s rows from its bytes: one per `width` bytes, at least one;
    /// 0 without a width.
    private func estimate(ofParagraph index: Int) -> Int32 {
        guard width > 0 else { return 0 }
        return Int32(clamping: max(1, (bytes(index..<(index + 1)) - 1 + width - 1) / width))
    }

    /// Gives block `block`'s paragraphs counts of their own (estimates) if it has none at this
    /// width; its rows become their sum.
    private func open(_ block: Int) {
        guard !isOpen[block] else { return }
        isOpen[block] = true
        lastFound = nil
        var total = 0
        for index in paragraphs(ofBlock: block) {
            let estimate = estimate(ofParagraph: index)
            counts[index] = -estimate
            total += Int(estimate)
        }
        blockSums.set(total, at: block)
    }

    // MARK: Rows

    /// How many rows the text has: exact for wrapped paragraphs, estimated for the others.
    var rowCount: Int { blockSums.total }

    /// Whether every paragraph is wrapped (`rowCount` is exact).
    var isExact: Bool { width <= 0 || wrappedParagraphCount == starts.count }

    /// How many paragraphs the text has (its line breaks plus one).
    var paragraphCount: Int { starts.count }

    /// The first row of paragraph `index` (its block open).
    private func firstRow(ofParagraph index: Int) -> Int {
        let block = index / blockSize
        var (paragraph, row) = (block * blockSize, -1)
        if let last = lastFound, last.paragraph / blockSize == block, last.paragraph <= index {
            (paragraph, row) = last
        } else {
            row = blockSums.prefix(block)
        }
        while paragraph < index {
            row += Int(abs(counts[paragraph]))
            paragraph += 1
        }
        lastFound = (index, row)
        return row
    }

    /// The paragraph of open block `block` that holds row `position`, and its first row: a walk
    /// through the block's counts, from the last paragraph found when it is in the block and not
    /// past `position`.
    private func paragraph(holding position: Int, inOpenBlock block: Int) -> (paragraph: Int, row: Int) {
        var (paragraph, row) = (block * blockSize, -1)
        if let last = lastFound, last.paragraph / blockSize == block, last.row <= position {
            (paragraph, row) = last
        } else {
            row = blockSums.prefix(block)
        }
        let end = paragraphs(ofBlock: block).upperBound - 1
        while paragraph < end, row + Int(abs(counts[paragraph])) <= position {
            row += Int(abs(counts[paragraph]))
            paragraph += 1
        }
        lastFound = (paragraph, row)
        return (paragraph, row)
    }

    /// Row `index` (0 ≤ index < rowCount) as UTF-8 offsets, its paragraph wrapped if it was not.
    /// Wrapping it may change `rowCount` and which row is `index`: the row returned is the one
    /// that has that number once it is wrapped (the last row when there are fewer).
    func row(_ index: Int, in text: String) -> Range<Int> {
        let (paragraph, local) = locate(index, in: text)
        return row(local, ofParagraph: paragraph, in: text)
    }

    /// The paragraph and its row of row number `index` (clamped to the rows), opening the block
    /// and wrapping the paragraph it lands in until both are exact.
    private func locate(_ index: Int, in text: String) -> (paragraph: Int, row: Int) {
        while true {
            let position = min(max(0, index), rowCount - 1)
            let block = blockSums.index(containing: position)
            guard isOpen[block] else {
                open(block)
                continue
            }
            let (paragraph, row) = paragraph(holding: position, inOpenBlock: block)
            guard counts[paragraph] > 0 else {
                wrap(paragraph, in: text)
                continue
            }
            return (paragraph, position - row)
        }
    }

    /// The row showing UTF-8 offset `offset`: the last row starting at or before it (`nil` when
    /// there are no rows); its paragraph is wrapped if it was not.
    func row(containing offset: Int, in text: String) -> Int? {
        guard rowCount > 0 else { return nil }
        let paragraph = Self.lastIndex(in: starts, atOrBefore: offset)
        let rows = rowStarts(ofParagraph: paragraph, in: text)
        return firstRow(ofParagraph: paragraph) + Self.lastIndex(in: rows, atOrBefore: offset)
    }

    /// Every row, every paragraph wrapped (a pass over the whole text, for tests and
    /// `TextView.wrappedLines`).
    func allRows(in text: String) -> [Range<Int>] {
        guard width > 0 else { return [] }
        var result: [Range<Int>] = []
        for paragraph in starts.indices {
            let rows = rowStarts(ofParagraph: paragraph, in: text)
            for local in rows.indices { result.append(row(local, ofParagraph: paragraph, rows: rows, in: text)) }
        }
        return result
    }

    /// Wraps the paragraphs that rows `top..<top + height` fall in, so they show exact rows, and
    /// returns where `top` is then: when the paragraph at `top` starts above it and its count
    /// changed, `top` moves with it, so the rows from that paragraph's end on stay on the same
    /// screen rows (they showed before, and a paragraph coming in at the top only adds its own).
    func prepare(top: Int, height: Int, in text: String) -> Int {
        guard rowCount > 0, height > 0 else { return top }
        var top = min(max(0, top), rowCount - 1)
        // The paragraph at `top` as the counts are now (its block opened first).
        var (paragraph, first) = (0, 0)
        while true {
            let block = blockSums.index(containing: top)
            if !isOpen[block] {
                open(block)
                top = min(top, rowCount - 1)
                continue
            }
            (paragraph, first) = self.paragraph(holding: top, inOpenBlock: block)
            break
        }
        if counts[paragraph] < 0 {
            let before = Int(-counts[paragraph])
            wrap(paragraph, in: text)
            if top > first { top = max(first, top + Int(counts[paragraph]) - before) }
        }
        var row = top
        while row < min(rowCount, top + height) {
            let (paragraph, local) = locate(row, in: text)
            row += Int(counts[paragraph]) - local
        }
        return top
    }

    /// Wraps paragraphs from the last one back until their rows fill `height` rows (or the text
    /// starts), so the last screenful is exact and `rowCount - height` shows the true end.
    func prepareEnd(height: Int, in text: String) {
        guard rowCount > 0 else { return }
        var covered = 0
        var paragraph = starts.count - 1
        while paragraph >= 0, covered < height {
            if counts[paragraph] <= 0 || !isOpen[paragraph / blockSize] { wrap(paragraph, in: text) }
            covered += Int(counts[paragraph])
            paragraph -= 1
        }
    }

    // MARK: Paragraphs

    /// The index of the last of `starts` (increasing, the first at or before `offset`) that is
    /// at or before `offset`: the paragraph, or a paragraph's row, holding it.
    private static func lastIndex(in starts: [Int], atOrBefore offset: Int) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Row `local` of paragraph `paragraph` (exact) as UTF-8 offsets.
    private func row(_ local: Int, ofParagraph paragraph: Int, in text: String) -> Range<Int> {
        if counts[paragraph] == 1 { return starts[paragraph]..<end(of: paragraph, in: text) }
        return row(local, ofParagraph: paragraph, rows: rowStarts(ofParagraph: paragraph, in: text), in: text)
    }

    /// Row `local` of a paragraph whose row starts are `rows`: to the next row's start, the last
    /// to the paragraph's end.
    private func row(_ local: Int, ofParagraph paragraph: Int, rows: [Int], in text: String) -> Range<Int> {
        let local = min(local, rows.count - 1)
        return rows[local]..<(local + 1 < rows.count ? rows[local + 1] : end(of: paragraph, in: text))
    }

    /// Where paragraph `index`'s text ends: at its line break, or the text's end for the last.
    private func end(of index: Int, in text: String) -> Int {
        guard index + 1 < starts.count else { return length }
        let next = starts[index + 1]
        let utf8 = text.utf8
        func byte(_ offset: Int) -> UInt8 { utf8[utf8.index(utf8.startIndex, offsetBy: offset)] }
        switch byte(next - 1) {
        case 0x0A: return next >= 2 && byte(next - 2) == 0x0D ? next - 2 : next - 1
        case 0x85: return next - 2  // NEL, C2 85
        case 0xA8, 0xA9: return next - 3  // LS, PS: E2 80 A8, E2 80 A9
        default: return next - 1  // VT, FF, CR
        }
    }

    /// The row starts of paragraph `index`, wrapping it if it was not (and keeping them while it
    /// is among the last `keptParagraphs` asked for).
    private func rowStarts(ofParagraph index: Int, in text: String) -> [Int] {
        if isOpen[index / blockSize] {
            if counts[index] == 1 { return [starts[index]] }
            if counts[index] > 1, let rows = rowStarts[index] { return rows }
        }
        return wrap(index, in: text)
    }

    /// Wraps paragraph `index` (its block opened first): its count becomes exact (the totals
    /// follow) and its row starts are returned, and kept when there are several.
    @discardableResult
    private func wrap(_ index: Int, in text: String) -> [Int] {
        guard width > 0 else { return [starts[index]] }
        let block = index / blockSize
        open(block)
        var rows: [Int] = []
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: starts[index])
        _ = TextWrapper.wrapParagraph(
            of: text, from: start, atParagraphStart: true, width: width, tabWidth: tabWidth
        ) { row in
            rows.append(utf8.distance(from: utf8.startIndex, to: row.lowerBound))
            return true
        }
        take(rows, forParagraph: index)
        return rows
    }

    /// Makes `rows` (its row starts) paragraph `index`'s: its count exact, the totals following,
    /// the starts kept when there are several.
    private func take(_ rows: [Int], forParagraph index: Int) {
        let block = index / blockSize
        let old = counts[index]
        if old < 0 { wrappedParagraphCount += 1 }
        if rows.count != Int(abs(old)) { lastFound = nil }
        counts[index] = Int32(clamping: rows.count)
        blockSums.add(rows.count - Int(abs(old)), at: block)
        if rows.count > 1 {
            if rowStarts.count >= Self.keptParagraphs { rowStarts.removeAll(keepingCapacity: true) }
            rowStarts[index] = rows
        }
    }

    /// The row starts of paragraph `index` after an edit inside it that added or removed no line
    /// break, from its row starts before (`old`, offsets of the old text): rewrapped from the
    /// first row the edit can move until a new row starts where an old one did on the same text
    /// past the edit (the rows from a row start depend only on the text from there), the old
    /// ones after that moved by `delta` (D46). `anchor` and `editEnd` as in `replace`.
    private func rewrap(
        _ index: Int, rows old: [Int], anchor: Int, editStart: Int, editEnd: Int, delta: Int, in text: String
    ) -> [Int] {
        var first = Self.lastIndex(in: old, atOrBefore: editStart)
        while first > 0, !rowStaysPut(startingAt: old[first], before: anchor, in: text) { first -= 1 }
        var rows = Array(old[0..<first])
        var resume: Int?
        let utf8 = text.utf8
        _ = TextWrapper.wrapParagraph(
            of: text, from: utf8.index(utf8.startIndex, offsetBy: old[first]), atParagraphStart: first == 0,
            width: width, tabWidth: tabWidth
        ) { row in
            let lower = utf8.distance(from: utf8.startIndex, to: row.lowerBound)
            if lower >= editEnd {
                let match = Self.lastIndex(in: old, atOrBefore: lower - delta)
                if match > first, old[match] + delta == lower {
                    resume = match
                    return false
                }
            }
            rows.append(lower)
            return true
        }
        if let resume { rows.append(contentsOf: old[resume...].lazy.map { $0 + delta }) }
        return rows
    }

    /// Whether a row of a paragraph starting at `start` (a row after its first) starts there
    /// again after an edit whose grapheme before it starts at `anchor`, so rewrapping can start
    /// there: a row cut inside a word before `anchor` (where a word is cut depends only on what
    /// comes before the cut and the grapheme after it); a row starting with a word that ends
    /// before `anchor` or is already `width` wide before it (so it still does not fit on the row
    /// before). Offsets before `anchor` are the same in the old and the new text.
    private func rowStaysPut(startingAt start: Int, before anchor: Int, in text: String) -> Bool {
        guard start < anchor else { return false }
        let utf8 = text.utf8
        let position = utf8.index(utf8.startIndex, offsetBy: start)
        guard TextWrapper.isBlank(text[text.index(before: position)]) else { return true }
        let limit = utf8.index(utf8.startIndex, offsetBy: anchor)
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

    // MARK: Edits

    /// Follows an edit of the text: `range` (UTF-8 offsets of the text before it, on grapheme
    /// boundaries) was replaced by `count` UTF-8 bytes, giving `text`. `anchor` is the start of
    /// the grapheme before `range` in the text before the edit (`range.lowerBound` when none is):
    /// that grapheme may have joined what was inserted (a line feed after a carriage return).
    func replace(_ range: Range<Int>, anchor: Int, withCount count: Int, in text: String) {
        lastFound = nil
        let delta = count - range.count
        let first = Self.lastIndex(in: starts, atOrBefore: min(anchor, range.lowerBound))
        let last = Self.lastIndex(in: starts, atOrBefore: range.upperBound)
        // The rows of the one paragraph an edit inside it touches, to rewrap from the edit.
        let keptRows = first == last && isOpen[first / blockSize] && counts[first] > 1 ? rowStarts[first] : nil
        // The touched paragraphs, from the first's start to the last's line break, split again.
        let regionEnd = last + 1 < starts.count ? starts[last + 1] + delta : length + delta
        var found: [Int] = []
        Self.appendParagraphStarts(of: text, in: starts[first]..<regionEnd, to: &found)
        if found.last == regionEnd, last + 1 < starts.count { found.removeLast() }
        let newParagraphs = 1 + found.count, oldParagraphs = last - first + 1
        let firstBlock = first / blockSize
        if newParagraphs != oldParagraphs {
            // The paragraphs from the edit on move between blocks: those blocks get counts of
            // their own first (once after each new width), and are added up again after.
            for block in firstBlock..<isOpen.count { open(block) }
        } else {
            for block in (first / blockSize)...(last / blockSize) { open(block) }
        }
        length += delta
        if delta != 0 {
            for index in (last + 1)..<starts.count { starts[index] += delta }
        }
        starts.replaceSubrange((first + 1)..<(last + 1), with: found)
        // The new paragraphs start as estimates; what is small is wrapped below.
        let old = Array(counts[first...last])
        wrappedParagraphCount -= old.lazy.filter { $0 > 0 }.count
        let fresh = (first..<(first + newParagraphs)).map { -estimate(ofParagraph: $0) }
        counts.replaceSubrange(first...last, with: fresh)
        if newParagraphs == oldParagraphs {
            for (offset, count) in fresh.enumerated() {
                let index = first + offset
                blockSums.add(Int(abs(count)) - Int(abs(old[offset])), at: index / blockSize)
            }
        } else {
            let blocks = (starts.count + blockSize - 1) / blockSize
            isOpen.replaceSubrange(firstBlock..., with: repeatElement(true, count: blocks - firstBlock))
            var blockRows = blockSums.values
            blockRows.replaceSubrange(
                firstBlock...,
                with: (firstBlock..<blocks).map { block in
                    paragraphs(ofBlock: block).reduce(0) { $0 + Int(abs(counts[$1])) }
                })
            blockSums = PrefixSums(blockRows)
        }
        // The kept row starts: the edited paragraphs' go, those after move (numbers and offsets).
        let shift = newParagraphs - oldParagraphs
        var kept: [Int: [Int]] = [:]
        for (paragraph, rows) in rowStarts where paragraph < first || paragraph > last {
            kept[paragraph > last ? paragraph + shift : paragraph] = paragraph > last ? rows.map { $0 + delta } : rows
        }
        rowStarts = kept
        if newParagraphs == 1, let keptRows {
            let rows = rewrap(
                first, rows: keptRows, anchor: anchor, editStart: range.lowerBound, editEnd: range.lowerBound + count,
                delta: delta, in: text)
            take(rows, forParagraph: first)
            return
        }
        // What the edit left is wrapped at once when it is small (typing, a short paste).
        if width > 0, regionEnd - starts[first] <= Self.bytesWrappedPerEdit {
            for index in first..<(first + newParagraphs) { wrap(index, in: text) }
        }
    }

    // MARK: Line breaks

    /// Appends to `starts` the offset after every line break (`Character.isNewline`: LF, VT,
    /// FF, CR, CR LF, NEL, LS, PS) that starts inside `range` of `text`'s UTF-8 bytes: where the
    /// paragraphs after them start. A line break is always a grapheme of its own (CR LF one),
    /// so its bytes tell it.
    static func appendParagraphStarts(of text: String, in range: Range<Int>, to starts: inout [Int]) {
        let scanned = text.utf8.withContiguousStorageIfAvailable { bytes in
            appendParagraphStarts(of: bytes, in: range, to: &starts)
        }
        if scanned == nil {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { appendParagraphStarts(of: $0, in: range, to: &starts) }
        }
    }

    /// `appendParagraphStarts(of:in:to:)` on the bytes themselves.
    private static func appendParagraphStarts(
        of bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>, to starts: inout [Int]
    ) {
        var index = range.lowerBound
        let end = range.upperBound, count = bytes.count
        // Eight bytes at a time while none can start a line break: most words of most texts.
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let c2 = ones &* 0xC2, e2 = ones &* 0xE2
        while index < end {
            if index + 8 <= end, let base = bytes.baseAddress {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                // Each is nonzero exactly when some byte is below 0x0E, is C2, is E2.
                let small = (word &- ones &* 0x0E) & ~word & highs
                let isC2 = ((word ^ c2) &- ones) & ~(word ^ c2) & highs
                let isE2 = ((word ^ e2) &- ones) & ~(word ^ e2) & highs
                if small | isC2 | isE2 == 0 {
                    index += 8
                    continue
                }
                // Something in these eight: byte by byte through them.
                let wordEnd = index + 8
                while index < min(wordEnd, end) { index = step(bytes, at: index, count: count, to: &starts) }
                continue
            }
            index = step(bytes, at: index, count: count, to: &starts)
        }
    }

    /// Looks at the byte at `index`: appends the offset after the line break it starts, if it
    /// starts one, and returns where to look next.
    @inline(__always)
    private static func step(
        _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, count: Int, to starts: inout [Int]
    ) -> Int {
        let byte = bytes[index]
        var next = index + 1
        // Every line break starts with one of these bytes; most bytes are none of them.
        guard byte <= 0x0D || byte == 0xC2 || byte == 0xE2 else { return next }
        switch byte {
        case 0x0A, 0x0B, 0x0C:
            starts.append(next)
        case 0x0D:
            if next < count, bytes[next] == 0x0A { next += 1 }
            starts.append(next)
        case 0xC2:
            if next < count, bytes[next] == 0x85 {
                next += 1
                starts.append(next)
            }
        case 0xE2:
            if next + 1 < count, bytes[next] == 0x80, bytes[next + 1] == 0xA8 || bytes[next + 1] == 0xA9 {
                next += 2
                starts.append(next)
            }
        default:
            break
        }
        return next
    }
}
