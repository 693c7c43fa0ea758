/// One undo (or redo) step of a text input: replacing `range` of its text (UTF-8 offsets) with
/// `replacement` and then selecting `selection` reverts the change it was made for. A typing or
/// deleting run (`TextUndoRun`) keeps growing its step while the step is on top of the stack,
/// so the step is a reference the registered closure shares.
final class TextUndoStep {
    /// An insertion point with the selection's other end (`anchor`, `nil`: nothing selected), as
    /// UTF-8 offsets on grapheme boundaries.
    struct Selection: Equatable {
        var anchor: Int?
        var cursor: Int
    }

    /// What the change left in the text, which the step replaces.
    var range: Range<Int>
    /// What the change replaced, which the step puts back.
    var replacement: String
    /// The selection before the change, which the step restores.
    var selection: Selection
    /// The selection the change left, which the step's inverse (its redo) restores.
    var inverseSelection: Selection

    /// The step that replaces `range` with `replacement` and selects `selection`; its inverse
    /// selects `inverseSelection`.
    init(range: Range<Int>, replacement: String, selection: Selection, inverseSelection: Selection) {
        self.range = range
        self.replacement = replacement
        self.selection = selection
        self.inverseSelection = inverseSelection
    }
}
