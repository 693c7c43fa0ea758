/// Supplies a `ListView`'s rows, as UIKit's `UITableViewDataSource`: text rows, optionally in
/// sections with headers, with a second line (subtitle) and an accessory.
///
/// Rows are numbered through the whole list (`0..<numberOfRows(in:)`): a section's rows follow
/// the previous section's, and `ListView.rows(inSection:)` / `section(containingRow:)` convert.
/// The list holds its data source weakly. It asks the counts (`numberOfRows(in:)`,
/// `numberOfSections(in:)`, `listView(_:numberOfRowsInSection:)`, and whether each section has a
/// header) only in `reloadData()` (setting the data source reloads): that costs one call per
/// section, never one per row. While drawing it asks, every frame, only for what is on screen:
/// the visible rows' titles (and subtitles when `showsSubtitles`, accessories when
/// `accessoryWidth > 0`) and the visible headers' titles. So changed text shows on the next
/// frame without a reload, but changed counts need `reloadData()`. Called on the main actor.
///
/// Only the first two methods are required; the others default to one section without a
/// header, and rows without subtitle or accessory, which is what a plain list is.
@MainActor
public protocol ListViewDataSource: AnyObject {
    /// How many rows the list has in all sections (negative counts as 0).
    func numberOfRows(in listView: ListView) -> Int
    /// The text of `row`, in `0..<numberOfRows(in:)`; drawn on one line, truncated with "…".
    func listView(_ listView: ListView, titleForRow row: Int) -> String

    /// How many sections the rows are grouped in (default 1; less than 1 counts as 1).
    func numberOfSections(in listView: ListView) -> Int
    /// How many rows `section` has (default: all rows in section 0). Sections take the rows in
    /// order; rows the counts leave over belong to the last section, and counts past the total
    /// are cut.
    func listView(_ listView: ListView, numberOfRowsInSection section: Int) -> Int
    /// The header shown above `section`'s rows, or `nil` for none (default). Whether a section
    /// has one is read at reload; the text, each frame it shows.
    func listView(_ listView: ListView, titleForHeaderInSection section: Int) -> String?
    /// The second line of `row`, shown when the list `showsSubtitles` (default `nil`: blank).
    func listView(_ listView: ListView, subtitleForRow row: Int) -> String?
    /// Short text for the accessory column at the right of `row` (a mark, a count, "›"),
    /// shown when the list's `accessoryWidth` is above 0 (default `nil`: blank).
    func listView(_ listView: ListView, accessoryForRow row: Int) -> String?
    /// Which characters of `row`'s title to set apart (`ListView.emphasisAttributes`), as
    /// `Character` offsets in the title: the letters a search matched (default none). Asked
    /// with the title, each frame the row shows.
    func listView(_ listView: ListView, emphasizedCharactersInTitleForRow row: Int) -> [Int]
    /// What `row` is, whatever its place, or `nil` (default: rows are known by their number).
    /// Named, the selection follows its row across `reloadData()` (see `SelectableRowsView`).
    func listView(_ listView: ListView, identityForRow row: Int) -> AnyHashable?
}

extension ListViewDataSource {
    /// One section.
    public func numberOfSections(in listView: ListView) -> Int { 1 }

    /// Every row in section 0.
    public func listView(_ listView: ListView, numberOfRowsInSection section: Int) -> Int {
        section == 0 ? numberOfRows(in: listView) : 0
    }

    /// No header.
    public func listView(_ listView: ListView, titleForHeaderInSection section: Int) -> String? { nil }

    /// No identities: rows are known by their number.
    public func listView(_ listView: ListView, identityForRow row: Int) -> AnyHashable? { nil }

    /// No subtitle.
    public func listView(_ listView: ListView, subtitleForRow row: Int) -> String? { nil }

    /// Nothing set apart.
    public func listView(_ listView: ListView, emphasizedCharactersInTitleForRow row: Int) -> [Int] { [] }

    /// No accessory.
    public func listView(_ listView: ListView, accessoryForRow row: Int) -> String? { nil }
}
