import Shoji

/// The placeholder container's picture: a `PlaceholderViewController` subclass with a list of
/// funds at the left and its one placeholder over the rest, as the README's split view.
@MainActor
final class PictureSplit: PlaceholderViewController, ListViewDataSource {
    private let funds = ["Growth", "Income", "Balanced", "Index"]
    private let list = ListView()

    override func viewDidLoad() {
        super.viewDidLoad()  // puts the placeholder over the view
        list.frame = Rect(x: 0, y: 0, width: 12, height: view.bounds.height)
        list.autoresizingMask = .flexibleHeight
        list.headerTitle = "Funds"
        list.dataSource = self
        list.selectedRow = 0
        view.addSubview(list)
        placeholderViews[0].frame = Rect(x: 13, y: 0, width: view.bounds.width - 13, height: view.bounds.height)
        placeholderViews[0].autoresizingMask = .flexibleSize
    }

    func numberOfRows(in listView: ListView) -> Int { funds.count }
    func listView(_ listView: ListView, titleForRow row: Int) -> String { funds[row] }
}
