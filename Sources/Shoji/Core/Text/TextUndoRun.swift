/// A run of typing or of deleting in a text input that later keys of the same kind join, so one
/// undo step reverts a word: typed characters join while they go on where the last one went and
/// no word starts after a space or punctuation (letters and digits make words, as the word
/// motions say); Backspace, and Delete, join likewise going back, or forward, over the text. A
/// move, a click, any other change, an undo or a change of focus ends the run (the view drops
/// it).
struct TextUndoRun {
    /// What the run does.
    enum Kind: Equatable {
        case typing, deletingBackward, deletingForward
    }

    let kind: Kind
    /// The step on the undo stack that the run grows.
    let step: TextUndoStep

    /// Whether `character` is part of a word (a letter or a digit).
    static func isWordCharacter(_ character: Character?) -> Bool {
        character.map { $0.isLetter || $0.isNumber } ?? false
    }

    /// Whether the change of `kind` replacing `range` (of the text before it) with `inserted`
    /// joins the run: it goes on where the run's last change ended and starts no new word.
    /// `previous` is the grapheme before `range` (the last one typed, while typing).
    func joins(_ kind: Kind, range: Range<Int>, removed: String, inserted: String, previous: Character?) -> Bool {
        guard kind == self.kind else { return false }
        switch kind {
        case .typing:
            return range.isEmpty && range.lowerBound == step.range.upperBound
                && (Self.isWordCharacter(previous) || !Self.isWordCharacter(inserted.first))
        case .deletingBackward:
            return inserted.isEmpty && range.upperBound == step.range.lowerBound
                && (Self.isWordCharacter(step.replacement.first) || !Self.isWordCharacter(removed.last))
        case .deletingForward:
            return inserted.isEmpty && range.lowerBound == step.range.lowerBound
                && (Self.isWordCharacter(step.replacement.last) || !Self.isWordCharacter(removed.first))
        }
    }

    /// Grows the step by a change that `joins` the run, which left the insertion point at `cursor`.
    func join(range: Range<Int>, removed: String, inserted: String, cursor: Int) {
        switch kind {
        case .typing: step.range = step.range.lowerBound..<(range.lowerBound + inserted.utf8.count)
        case .deletingBackward:
            step.replacement = removed + step.replacement
            step.range = range.lowerBound..<range.lowerBound
        case .deletingForward: step.replacement += removed
        }
        step.inverseSelection = TextUndoStep.Selection(anchor: nil, cursor: cursor)
    }
}
