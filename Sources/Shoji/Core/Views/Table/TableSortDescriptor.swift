/// Which column a `TableView`'s rows are sorted by, and which way: what the header's sort
/// indicator shows (`TableView.sortDescriptor`), as AppKit's `NSSortDescriptor` for a table.
public struct TableSortDescriptor: Hashable, Sendable {
    /// The sorted column's `TableColumn.identifier`.
    public var column: String
    /// Smallest first (▲) when true, largest first (▼) when false.
    public var ascending: Bool

    /// Sorted by the column identified by `column`, `ascending` or not.
    public init(column: String, ascending: Bool = true) {
        self.column = column
        self.ascending = ascending
    }
}
