/// What a click on a row of a `SelectableRowsView` does beyond selecting it: the one
/// activation rule of `ListView` and `TableView` (Enter always activates the selected row).
public enum RowActivation: Hashable, Sendable {
    /// A click (a press and its release on the same row) activates it, as a menu's row: a
    /// `ListView`'s default.
    case click
    /// A second press on the same row within `SelectableRowsView.doubleClickInterval`
    /// activates it, as a file browser's: a `TableView`'s default.
    case doubleClick
    /// Only Enter activates.
    case keyOnly
}
