import Shoji

/// TEMPORARY stand-in for `SideMenuController` (issue 5), which is being built in parallel:
/// shows one child under a navigation bar that displays the child's navigation item, so the
/// demo runs and shows its first pane. `DemoApp.makeRootController` is the one place that
/// creates it; it goes away when the side menu lands.
///
/// Guarantees: the child is contained the UIKit way (`addChild`, view added,
/// `didMove(toParent:)`) when the view loads and gets its appearance calls through automatic
/// forwarding; the bar fills the top row and the child's view the rest, at every size; Tab
/// moves through the child's focusable views and then the bar's items.
@MainActor
final class PlaceholderRootController: ViewController {
    let content: ViewController
    let bar = NavigationBar()

    init(content: ViewController) {
        self.content = content
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        addChild(content)
        view.addSubview(content.view)
        content.didMove(toParent: self)
        bar.navigationItem = content.navigationItem
        view.addSubview(bar)
        layoutContent()
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        layoutContent()
    }

    private func layoutContent() {
        let size = view.bounds.size
        bar.frame = Rect(x: 0, y: 0, width: size.width, height: min(1, size.height))
        content.view.frame = Rect(x: 0, y: min(1, size.height), width: size.width, height: max(0, size.height - 1))
    }

    /// The whole view, so Tab reaches the bar's items too (the child's views come first).
    override var focusScope: View { view }
}
