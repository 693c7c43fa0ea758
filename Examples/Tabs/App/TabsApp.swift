import ShojiTerminal

/// Three tabs under a tab bar: a counter, a to-do list whose badge counts what is left, and a
/// navigation stack. Ctrl-PageDown / Ctrl-PageUp, Alt-1…3 or a click switch tabs.
@main
struct TabsApp: App {
    func makeRootViewController() -> ViewController {
        TabsApp.makeTabs()
    }

    /// The tab bar controller over the three tabs; switches slide with `push`.
    static func makeTabs() -> TabBarController {
        let settings = NavigationController(rootViewController: SettingsController())
        let tabs = TabBarController(viewControllers: [CounterController(), TodoController(), settings])
        tabs.switchStyle = .push(from: .right)
        return tabs
    }
}

/// A number and a button that adds one to it.
final class CounterController: ViewController {
    let label = Label(text: "Count: 0", frame: Rect(x: 2, y: 1, width: 20, height: 1))
    private(set) var count = 0

    override init() {
        super.init()
        title = "Counter"
        tabBarItem.symbol = "+"
    }

    override func viewDidLoad() {
        view.addSubview(label)
        view.addSubview(
            Button(title: "Add one", frame: Rect(x: 2, y: 3, width: 11, height: 1)) { [weak self] in
                self?.increment()
            })
    }

    func increment() {
        count += 1
        label.text = "Count: \(count)"
    }
}

/// A to-do list: Enter or a click ticks an item off (and back); the tab's badge shows how
/// many are left.
final class TodoController: ViewController, ListViewDataSource {
    private(set) var items = [("Water the plants", false), ("Write the report", false), ("Call home", false)]
    let list = ListView()

    override init() {
        super.init()
        title = "To do"
        tabBarItem.symbol = "✓"
        updateBadge()
    }

    override func viewDidLoad() {
        list.frame = view.bounds
        list.autoresizingMask = .flexibleSize
        list.dataSource = self
        list.selectedRow = 0
        list.onActivate = { [weak self] row in self?.toggle(row) }
        view.addSubview(list)
    }

    func numberOfRows(in listView: ListView) -> Int { items.count }

    func listView(_ listView: ListView, titleForRow row: Int) -> String {
        (items[row].1 ? "[x] " : "[ ] ") + items[row].0
    }

    func toggle(_ row: Int) {
        items[row].1.toggle()
        updateBadge()
    }

    /// The badge is derived from the items: the number not done, none when all are.
    private func updateBadge() {
        let left = items.filter { !$0.1 }.count
        tabBarItem.badgeValue = left == 0 ? nil : "\(left)"
    }
}

/// The root of the third tab's navigation stack: Enter opens the "About" screen.
final class SettingsController: ViewController {
    override init() {
        super.init()
        title = "Settings"
        tabBarItem.symbol = "⚙"
    }

    override func viewDidLoad() {
        view.addSubview(
            Button(title: "About", frame: Rect(x: 2, y: 1, width: 9, height: 1)) { [weak self] in
                self?.navigationController?.pushViewController(AboutController(), animated: true)
            })
    }
}

/// A pushed screen; Escape or the back button returns.
final class AboutController: ViewController {
    override func viewDidLoad() {
        title = "About"
        view.addSubview(Label(text: "Made with Shoji.", frame: Rect(x: 2, y: 1, width: 30, height: 1)))
    }
}
