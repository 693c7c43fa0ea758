/// One column of a `TableView`: what identifies it, its header title, how wide it is, how its
/// text sits in that width and whether a click on its header sorts by it.
///
/// A plain value: change a table's columns by setting `TableView.columns` again (the table
/// measures and lays them out anew).
public struct TableColumn: Hashable, Sendable, Identifiable {
    /// How a column's width is decided, each time the table lays its columns out (see
    /// `TableView` for the order and for a table too narrow for its columns).
    public enum Width: Hashable, Sendable {
        /// Exactly this many columns of text (negative counts as 0).
        case fixed(Int)
        /// A share of the width the other columns and the separators leave: the flexible
        /// columns split it equally (spare columns go to the leftmost ones), each never
        /// narrower than `minimum` (negative counts as 0).
        case flexible(minimum: Int = 1)
        /// As wide as the widest of its header title (with room for the sort indicator when the
        /// column is sortable) and its texts in the rows that show when the table measures,
        /// within `minimum` and `maximum` (`nil`: no limit). Only the rows that show are read,
        /// so measuring costs a screenful of rows however many the table has. The table
        /// measures at `reloadData()` (so after a sort or a filter too, from the rows then on
        /// screen, which may make the column narrower), when `columns` change and when its size
        /// changes; never while it scrolls (a column that changed width under the user's eyes
        /// would make the rows jump). A longer text scrolled into view later is truncated with
        /// "…" until the next measure.
        case fitToContent(minimum: Int = 1, maximum: Int? = nil)
    }

    /// What the data source and the delegate are told the column is; unique within a table.
    public var identifier: String
    /// The header's text.
    public var title: String
    /// How wide the column is (default `.flexible()`).
    public var width: Width
    /// Where the header's and the cells' text sits in the column's width (default `.left`).
    /// Text wider than the column is truncated with "…" and starts at the column's left edge.
    public var alignment: TextAlignment
    /// Whether a click on the header (and the table's sort keys) can sort by this column
    /// (default true).
    public var isSortable: Bool

    /// `identifier`, as `Identifiable` asks.
    public var id: String { identifier }

    /// A column identified by `identifier`, titled `title` (the identifier when `nil`).
    public init(
        _ identifier: String, title: String? = nil, width: Width = .flexible(), alignment: TextAlignment = .left,
        isSortable: Bool = true
    ) {
        self.identifier = identifier
        self.title = title ?? identifier
        self.width = width
        self.alignment = alignment
        self.isSortable = isSortable
    }
}
