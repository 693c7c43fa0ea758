/// Supplies an `OutlineView`'s tree, as AppKit's `NSOutlineViewDataSource`: how many children
/// an item has, each child, whether an item can be expanded, and the text (and optionally the
/// style) of an item's cell in each column.
///
/// Items are whatever the app names them by, as `AnyHashable` (a path, a database key, an
/// index path): the outline keeps the expanded ones and the selected one, compares them with
/// `==` to find them again after `reloadData()`, and asks for nothing else about them. `nil`
/// stands for the invisible root, whose children are the top-level rows.
///
/// The outline holds its data source weakly and asks lazily (AppKit's names, adapted):
/// - `numberOfChildrenOfItem`: once when an item is expanded (the root at a reload), and again
///   for each expanded item at `reloadData()`; never for a collapsed item.
/// - `child:ofItem:`: only for the rows it draws, looks up or steps through (a key, a click),
///   and when `*` expands a subtree (at most `OutlineView.expansionLimit` children). Expanding
///   an item of a million children asks for the screenful that shows.
/// - `isItemExpandable`, the cell texts and styles: for the rows on screen, every frame, and
///   for the row a key or click acts on.
/// Called on the main actor.
@MainActor
public protocol OutlineViewDataSource: AnyObject {
    /// How many children `item` has (`nil`: the top-level rows); negative counts as 0.
    func outlineView(_ outlineView: OutlineView, numberOfChildrenOfItem item: AnyHashable?) -> Int
    /// The child at `index` (in `0..<numberOfChildren`) of `item` (`nil`: the top level). The
    /// same child must come back for the same index until the next `reloadData()`.
    func outlineView(_ outlineView: OutlineView, child index: Int, ofItem item: AnyHashable?) -> AnyHashable
    /// Whether `item` can be expanded (shows a disclosure glyph). An expandable item with no
    /// children expands to nothing.
    func outlineView(_ outlineView: OutlineView, isItemExpandable item: AnyHashable) -> Bool
    /// The text of `item`'s cell in `column`, drawn on one line and truncated with "…"; in the
    /// first column it follows the item's indentation and disclosure glyph.
    func outlineView(_ outlineView: OutlineView, textFor column: TableColumn, item: AnyHashable) -> String
    /// The style of that cell, or `nil` (the default) for the outline's `rowStyle`; the selected
    /// row adds the selection's look to it, as a table's.
    func outlineView(_ outlineView: OutlineView, styleFor column: TableColumn, item: AnyHashable) -> Style?
}

extension OutlineViewDataSource {
    /// No style of its own: the outline's `rowStyle`.
    public func outlineView(_ outlineView: OutlineView, styleFor column: TableColumn, item: AnyHashable) -> Style? {
        nil
    }
}
