import Shoji

/// The split view's primary child: a list of rows with a heading, filling its view.
@MainActor
final class SplitListPane: ViewController {
    let listView = ListView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundStyle = .plain
        listView.headerTitle = "Transitions"
        listView.selectedRow = 0
        listView.frame = view.bounds
        listView.autoresizingMask = .flexibleSize
        view.addSubview(listView)
    }
}
