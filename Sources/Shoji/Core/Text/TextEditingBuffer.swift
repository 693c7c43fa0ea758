/// The text and insertion point behind `TextField` and `TextView`, and what their editing
/// commands do to them.
///
/// Guarantees:
/// - The insertion point (`cursor`, a UTF-8 offset) is always on a grapheme boundary: no
///   command stops inside a `Character`, so a wide character, a letter with combining marks, an
///   emoji ZWJ sequence or a flag is moved over, deleted and killed whole. An insertion that
///   joins the grapheme before or after it (a combining mark typed after its letter, a ZWJ and
///   the next emoji, two regional indicators) leaves the point after the joined grapheme.
/// - Changes are proposed (`change(for:)`) before they are applied, so a view can refuse them
///   (a validating delegate, a maximum length) and nothing changes.
/// - Kills fill the kill buffer as readline's do: consecutive kills join into one (a backward
///   kill before, a forward kill after), and `yank` inserts it. `keepsKills` false (secure
///   entry) keeps nothing.
/// - A change costs what it changes, not the length of the text: the point is found again from
///   the grapheme before the edit, and `characterCount`, `lineBreakCount` and `columnCount` are
///   updated from the graphemes around it (only a run of regional indicators or joined emoji
///   that the edit re-pairs for longer than `recountHorizon` graphemes makes them count the
///   whole text). The text's bytes after an edit move in memory (one `String`).
/// - A selection is the text between the `selectionAnchor` and the point, both grapheme
///   boundaries: a move that extends the selection keeps (or sets) the anchor, every other change
///   drops it. While text is selected, inserting (typing, pasting, yanking) replaces it and
///   deleting a grapheme (Backspace, Delete) deletes it instead.
struct TextEditingBuffer {
    /// The whole text.
    private(set) var text: String
    /// The insertion point: a UTF-8 offset into `text`, always on a grapheme boundary.
    private(set) var cursor: Int
    /// `text.count`, kept up to date by each change (while `keepsCounts`).
    private(set) var characterCount: Int
    /// How many graphemes of `text` are line breaks (`Character.isNewline`), kept up to date by
    /// each change (while `keepsCounts`).
    private(set) var lineBreakCount: Int
    /// The columns `text` takes as drawn (`DisplayWidth.of(text)`: widths add up grapheme by
    /// grapheme), kept up to date by each change while `countsColumns` is true; 0 otherwise.
    private(set) var columnCount: Int
    /// Whether `columnCount` is kept: a text field's content is as wide as its text. Off (a text
    /// view, which wraps instead), changes measure no widths.
    let countsColumns: Bool
    /// Whether the counts are kept at all (`characterCount`, `lineBreakCount`, `columnCount`):
    /// a text field's are; a text view keeps none (counting a text's graphemes costs a pass over
    /// it, which setting a long text must not), so its counts stay 0.
    let keepsCounts: Bool
    /// What `yank` inserts.
    private(set) var killBuffer = ""
    /// The last applied change was a kill, so the next kill joins it.
    private var lastChangeWasKill = false
    /// When true, word motions and word kills take the whole line as one word (secure entry:
    /// the text's words must not show through the motions).
    var treatsLinesAsOneWord = false
    /// When false, kills keep nothing (secure entry).
    var keepsKills = true
    /// Whether the view was the first responder at its last focus change (editing).
    private(set) var isEditing = false
    /// Where the selection started (a UTF-8 offset on a boundary); the selection runs from it to
    /// the point. `nil` when nothing is selected.
    private(set) var selectionAnchor: Int?

    /// The selected range (UTF-8 offsets on boundaries), `nil` when nothing (or an empty range)
    /// is selected.
    var selectedRange: Range<Int>? {
        guard let selectionAnchor, selectionAnchor != cursor else { return nil }
        return min(selectionAnchor, cursor)..<max(selectionAnchor, cursor)
    }

    /// The selected range in graphemes (`Character` counts from the start), as the views' public
    /// `selectedRange` says it; `nil` when nothing is selected.
    var selectedCharacterRange: Range<Int>? {
        guard let range = selectedRange else { return nil }
        let start = characters(before: range.lowerBound)
        return start..<(start + text[index(range.lowerBound)..<index(range.upperBound)].count)
    }

    /// How many graphemes come before UTF-8 offset `offset` (a boundary).
    func characters(before offset: Int) -> Int { text[..<index(offset)].count }

    /// The UTF-8 offset of the boundary after `count` graphemes, `count` clamped to the text.
    func offset(afterCharacters count: Int) -> Int {
        offset(text.index(text.startIndex, offsetBy: max(0, count), limitedBy: text.endIndex) ?? text.endIndex)
    }

    /// The selected text, `nil` when nothing is selected.
    var selectedText: String? {
        selectedRange.map { String(text[index($0.lowerBound)..<index($0.upperBound)]) }
    }

    /// Drops the selection (the point stays); returns whether there was one.
    @discardableResult
    mutating func clearSelection() -> Bool {
        defer { selectionAnchor = nil }
        return selectedRange != nil
    }

    /// Selects from `anchor` to `target` (boundaries, clamped to the text), the point at `target`.
    mutating func select(from anchor: Int, to target: Int) {
        apply(.move(to: target))
        selectionAnchor = min(max(0, anchor), text.utf8.count)
    }

    /// `text` with the insertion point at its end; `countsColumns` keeps `columnCount`.
    init(text: String = "", countsColumns: Bool = false, keepsCounts: Bool = true) {
        self.text = text
        self.countsColumns = countsColumns
        self.keepsCounts = keepsCounts
        cursor = text.utf8.count
        let counts = keepsCounts ? Self.counts(of: text[...], columns: countsColumns) : Counts()
        (characterCount, lineBreakCount, columnCount) = (counts.characters, counts.lineBreaks, counts.columns)
    }

    /// What the counts count, for a stretch of text.
    private struct Counts {
        var characters = 0, lineBreaks = 0, columns = 0

        mutating func add(_ character: Character, columns counted: Bool) {
            characters += 1
            if character.isNewline { lineBreaks += 1 }
            if counted { columns += DisplayWidth.of(character) }
        }
    }

    /// The graphemes of `text`, how many of them are line breaks and (when `columns`) their width.
    private static func counts(of text: Substring, columns: Bool) -> Counts {
        var counts = Counts()
        for character in text { counts.add(character, columns: columns) }
        return counts
    }

    /// Makes `counts` (of the whole text) the buffer's.
    private mutating func setCounts(_ counts: Counts) {
        (characterCount, lineBreakCount, columnCount) = (counts.characters, counts.lineBreaks, counts.columns)
    }

    /// What a command does: move the insertion point, or replace a range (UTF-8 offsets on
    /// grapheme boundaries) of the text and put the point after the replacement.
    enum Change: Equatable {
        case move(to: Int)
        case replace(Range<Int>, with: String, kill: KillDirection?)
    }

    /// Which end of the kill buffer a kill joins.
    enum KillDirection: Equatable { case backward, forward }

    // MARK: Positions

    /// The `String.Index` of a UTF-8 offset (O(1) for native strings).
    func index(_ offset: Int) -> String.Index { text.utf8.index(text.startIndex, offsetBy: offset) }

    /// The UTF-8 offset of an index.
    func offset(_ index: String.Index) -> Int { text.utf8.distance(from: text.utf8.startIndex, to: index) }

    /// The insertion point as an index of `text`.
    var cursorIndex: String.Index { index(cursor) }

    /// The boundary one grapheme before `offset` (0 stays 0).
    func offset(before offset: Int) -> Int {
        offset == 0 ? 0 : self.offset(text.index(before: index(offset)))
    }

    /// The boundary one grapheme after `offset` (the end stays the end).
    func offset(after offset: Int) -> Int {
        offset == text.utf8.count ? offset : self.offset(text.index(after: index(offset)))
    }

    /// The start of the logical line holding `offset`: just after the previous line break.
    func lineStart(of offset: Int) -> Int {
        var position = index(offset)
        while position > text.startIndex {
            let previous = text.index(before: position)
            if text[previous].isNewline { break }
            position = previous
        }
        return self.offset(position)
    }

    /// The end of the logical line holding `offset`: at its line break, or the end of the text.
    func lineEnd(of offset: Int) -> Int {
        var position = index(offset)
        while position < text.endIndex, !text[position].isNewline { position = text.index(after: position) }
        return self.offset(position)
    }

    private static func isWordCharacter(_ character: Character) -> Bool { character.isLetter || character.isNumber }

    /// readline's `backward-word`: back over non-word graphemes, then over word graphemes.
    func wordStart(before offset: Int) -> Int {
        if treatsLinesAsOneWord { return lineStart(of: offset) }
        return scanBackward(from: offset, skipping: { !Self.isWordCharacter($0) }, then: Self.isWordCharacter)
    }

    /// readline's `forward-word`: forward over non-word graphemes, then over word graphemes.
    func wordEnd(after offset: Int) -> Int {
        if treatsLinesAsOneWord { return lineEnd(of: offset) }
        var position = index(offset)
        while position < text.endIndex, !Self.isWordCharacter(text[position]) { position = text.index(after: position) }
        while position < text.endIndex, Self.isWordCharacter(text[position]) { position = text.index(after: position) }
        return self.offset(position)
    }

    /// readline's `unix-word-rubout` start: back over whitespace, then over the rest.
    func whitespaceWordStart(before offset: Int) -> Int {
        if treatsLinesAsOneWord { return lineStart(of: offset) }
        return scanBackward(from: offset, skipping: \.isWhitespace, then: { !$0.isWhitespace })
    }

    private func scanBackward(from offset: Int, skipping first: (Character) -> Bool, then second: (Character) -> Bool)
        -> Int
    {
        var position = index(offset)
        while position > text.startIndex, first(text[text.index(before: position)]) {
            position = text.index(before: position)
        }
        while position > text.startIndex, second(text[text.index(before: position)]) {
            position = text.index(before: position)
        }
        return self.offset(position)
    }

    // MARK: Commands

    /// What `command` would do now, or `nil` when it does nothing (Backspace at the start, a
    /// yank with an empty kill buffer…).
    func change(for command: TextEditingCommand) -> Change? {
        if let selected = selectedRange {
            // A selection is replaced by what is inserted and deleted by a grapheme deletion.
            switch command {
            case .insert(let inserted) where !inserted.isEmpty: return .replace(selected, with: inserted, kill: nil)
            case .yank where !killBuffer.isEmpty: return .replace(selected, with: killBuffer, kill: nil)
            case .deleteBackward, .deleteForward: return .replace(selected, with: "", kill: nil)
            default: break
            }
        }
        let change: Change
        switch command {
        case .insert(let inserted):
            guard !inserted.isEmpty else { return nil }
            change = .replace(cursor..<cursor, with: inserted, kill: nil)
        case .deleteBackward: change = .replace(offset(before: cursor)..<cursor, with: "", kill: nil)
        case .deleteForward: change = .replace(cursor..<offset(after: cursor), with: "", kill: nil)
        case .moveBackward: change = .move(to: offset(before: cursor))
        case .moveForward: change = .move(to: offset(after: cursor))
        case .moveWordBackward: change = .move(to: wordStart(before: cursor))
        case .moveWordForward: change = .move(to: wordEnd(after: cursor))
        case .moveToLineStart: change = .move(to: lineStart(of: cursor))
        case .moveToLineEnd: change = .move(to: lineEnd(of: cursor))
        case .killToLineEnd:
            let end = lineEnd(of: cursor)
            // At the end of a line, Ctrl-K joins the next line to it (Emacs' kill-line).
            change = .replace(cursor..<(end == cursor ? offset(after: cursor) : end), with: "", kill: .forward)
        case .killToLineStart: change = .replace(lineStart(of: cursor)..<cursor, with: "", kill: .backward)
        case .killWhitespaceWordBackward:
            change = .replace(whitespaceWordStart(before: cursor)..<cursor, with: "", kill: .backward)
        case .killWordBackward: change = .replace(wordStart(before: cursor)..<cursor, with: "", kill: .backward)
        case .killWordForward: change = .replace(cursor..<wordEnd(after: cursor), with: "", kill: .forward)
        case .yank:
            guard !killBuffer.isEmpty else { return nil }
            change = .replace(cursor..<cursor, with: killBuffer, kill: nil)
        }
        switch change {
        case .move(let target) where target == cursor: return nil
        case .replace(let range, let replacement, _) where range.isEmpty && replacement.isEmpty: return nil
        default: return change
        }
    }

    /// Applies `change` (see the type's guarantees for where the point ends). A move with
    /// `extendingSelection` keeps the selection's anchor (or anchors one at the old point); every
    /// other change drops the selection.
    mutating func apply(_ change: Change, extendingSelection: Bool = false) {
        selectionAnchor = extendingSelection ? (selectionAnchor ?? cursor) : nil
        switch change {
        case .move(let target):
            cursor = min(max(0, target), text.utf8.count)
            lastChangeWasKill = false
        case .replace(let range, let replacement, let kill):
            selectionAnchor = nil
            let removed = String(text[index(range.lowerBound)..<index(range.upperBound)])
            if let kill, keepsKills {
                let joined = lastChangeWasKill ? killBuffer : ""
                killBuffer = kill == .backward ? removed + joined : joined + removed
            }
            lastChangeWasKill = kill != nil
            // Boundaries before the edit do not depend on what follows them, so the start of
            // the grapheme before it stays one and the walk to the new point can start there.
            let anchor = offset(before: range.lowerBound)
            let before = keepsCounts ? boundaries(from: anchor, past: range.upperBound) : []
            text.replaceSubrange(index(range.lowerBound)..<index(range.upperBound), with: replacement)
            cursor = boundary(atOrAfter: range.lowerBound + replacement.utf8.count, from: anchor)
            guard keepsCounts else { return }
            updateCounts(
                from: anchor, before: before, after: range.lowerBound + replacement.utf8.count,
                delta: replacement.utf8.count - range.count)
        }
    }

    /// How many graphemes past an edit `characterCount` and `lineBreakCount` follow the old and
    /// the new text, looking for where they split the same way again, before counting all.
    static let recountHorizon = 16

    /// The grapheme boundaries of `text` from `start` (a boundary) on, as UTF-8 offsets with the
    /// counts from `start` to each, up to `recountHorizon` graphemes past `limit` (a boundary)
    /// or the end.
    private func boundaries(from start: Int, past limit: Int) -> [(offset: Int, counts: Counts)] {
        var result: [(offset: Int, counts: Counts)] = []
        var position = index(start)
        var counts = Counts()
        var past = 0
        while true {
            let here = offset(position)
            if here >= limit {
                result.append((here, counts))
                past += 1
            }
            guard position < text.endIndex, past <= Self.recountHorizon else { return result }
            counts.add(text[position], columns: countsColumns)
            position = text.index(after: position)
        }
    }

    /// Updates the counts after an edit: `before` are the old text's boundaries from `anchor` (a
    /// boundary of both texts, with the same text before it) past the edit; the new text is the
    /// same as the old one `delta` bytes later from `changedEnd` on. Where both texts have a
    /// boundary at the same place in that same text, they split the rest the same way (graphemes
    /// onward depend only on the text from a boundary), so only what lies before it is compared.
    private mutating func updateCounts(
        from anchor: Int, before: [(offset: Int, counts: Counts)], after changedEnd: Int, delta: Int
    ) {
        var position = index(anchor)
        var counts = Counts()
        var oldIndex = 0
        while true {
            let here = offset(position)
            if here >= changedEnd {
                let old = here - delta
                while oldIndex < before.count, before[oldIndex].offset < old { oldIndex += 1 }
                guard oldIndex < before.count else { break }
                if before[oldIndex].offset == old {
                    let replaced = before[oldIndex].counts
                    characterCount += counts.characters - replaced.characters
                    lineBreakCount += counts.lineBreaks - replaced.lineBreaks
                    columnCount += counts.columns - replaced.columns
                    return
                }
            }
            guard position < text.endIndex else { break }
            counts.add(text[position], columns: countsColumns)
            position = text.index(after: position)
        }
        // The texts did not split the same way again within the horizon: count it all.
        setCounts(Self.counts(of: text[...], columns: countsColumns))
    }

    /// Replaces the whole text and puts the point at its end; the kill buffer stays.
    mutating func setText(_ newText: String) {
        selectionAnchor = nil
        text = newText
        cursor = newText.utf8.count
        if keepsCounts { setCounts(Self.counts(of: newText[...], columns: countsColumns)) }
        lastChangeWasKill = false
    }

    /// Moves the point to the boundary at or after `offset` (clamped to the text).
    mutating func moveCursor(toBoundaryAtOrAfter offset: Int) {
        apply(.move(to: boundary(atOrAfter: min(max(0, offset), text.utf8.count), from: 0)))
    }

    /// The first grapheme boundary at or after `target`, walking from the boundary `anchor`.
    private func boundary(atOrAfter target: Int, from anchor: Int) -> Int {
        var position = index(anchor)
        while offset(position) < target { position = text.index(after: position) }
        return offset(position)
    }

    /// Records whether the view is being edited (is the first responder); returns whether that
    /// changed, so the view tells its begin- or end-editing callback once per change.
    mutating func setEditing(_ editing: Bool) -> Bool {
        guard editing != isEditing else { return false }
        isEditing = editing
        return true
    }

    // MARK: Inert text

    /// `text` made safe to insert: line breaks (any `Character.isNewline`: CR LF, CR, LF,
    /// VT, FF, NEL, U+2028, U+2029) become `newline`, a tab becomes `tab`, and every other
    /// control character (C0, DEL, C1) and bidirectional embedding, override and isolate
    /// control (U+202A–U+202E, U+2066–U+2069: they could make text read otherwise than it is
    /// stored) is dropped. Everything else, combining marks and ZWJ included, is kept.
    static func inert(_ text: String, newline: String, tab: String) -> String {
        // Built as UTF-8 bytes and made a string once: appending to a `String` through its
        // scalar view copied it each time (a 1 MiB paste took 8 s). A line break is always a
        // grapheme of its own (CR LF, or one scalar), so the rule reads scalar by scalar.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            let wasAfterCarriageReturn = afterCarriageReturn
            afterCarriageReturn = scalar == "\r"
            if isLineBreak(scalar) {
                if scalar == "\n", wasAfterCarriageReturn { continue }  // CR LF is one break
                bytes.append(contentsOf: newline.utf8)
            } else if scalar == "\t" {
                bytes.append(contentsOf: tab.utf8)
            } else if !isDropped(scalar) {
                UTF8.encode(scalar) { bytes.append($0) }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The scalars `Character.isNewline` is true for: LF, VT, FF, CR, NEL, U+2028, U+2029.
    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    private static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value)
    }
}
