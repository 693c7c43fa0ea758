/// Which of a number of rows is selected, as a value (ratatui's `TableState`): the selection
/// model of `ListView` and `TableView` (`SelectableRowsView`), testable apart from any view.
///
/// Guarantees:
/// - `row` is `nil` or in `0..<count`, whatever is asked: a row set out of range is clamped
///   (to `nil` when there are no rows), and a new count keeps the selection on its row if it
///   still exists, else on the last row.
/// - The moves (`target(of:page:visible:)`) stop at the ends (no wrap-around); from no
///   selection, down and page down go to the first row shown, up and page up to the last.
public struct RowSelection: Hashable, Sendable {
    /// How many rows there are (at least 0).
    public private(set) var count: Int
    /// The selected row, `nil` for none; always in `0..<count`.
    public var row: Int? {
        get { storedRow }
        set { storedRow = Self.clamped(newValue, count: count) }
    }
    private var storedRow: Int?

    /// `count` rows (at least 0), `row` selected (clamped).
    public init(count: Int = 0, row: Int? = nil) {
        self.count = max(0, count)
        storedRow = Self.clamped(row, count: self.count)
    }

    /// Takes a new number of rows, keeping the selection on its row if it still exists, else
    /// on the last row (none when there are none).
    public mutating func setCount(_ newCount: Int) {
        count = max(0, newCount)
        storedRow = Self.clamped(storedRow, count: count)
    }

    /// `row` clamped to `0..<count` (`nil` when there are no rows).
    public static func clamped(_ row: Int?, count: Int) -> Int? {
        guard let row, count > 0 else { return nil }
        return min(max(0, row), count - 1)
    }

    /// The row a move command takes the selection to (clamped), or `nil` when `command` is no
    /// move (`.moveUp`, `.moveDown`, `.pageUp`, `.pageDown`, `.moveToStart`, `.moveToEnd`):
    /// one row, `page` rows, or an end; from no selection the first or last row of `visible`.
    public func target(of command: KeyCommand, page: Int, visible: Range<Int>) -> Int?? {
        let page = max(1, page)
        let first = visible.isEmpty ? nil : visible.lowerBound
        let last = visible.isEmpty ? nil : visible.upperBound - 1
        let target: Int?
        switch command {
        case .moveUp: target = row.map { $0 - 1 } ?? last
        case .moveDown: target = row.map { $0 + 1 } ?? first
        case .pageUp: target = row.map { $0 - page } ?? last
        case .pageDown: target = row.map { $0 + page } ?? first
        case .moveToStart: target = 0
        case .moveToEnd: target = count - 1
        default: return nil
        }
        return .some(Self.clamped(target, count: count))
    }
}
