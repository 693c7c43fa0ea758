import Shoji

/// A list data source of `count` computed rows (nothing stored per row).
@MainActor
public final class CountedRows: ListViewDataSource {
    let count: Int

    public init(_ count: Int) { self.count = count }

    public func numberOfRows(in listView: ListView) -> Int { count }

    public func listView(_ listView: ListView, titleForRow row: Int) -> String { "row \(row + 1) of \(count)" }
}
