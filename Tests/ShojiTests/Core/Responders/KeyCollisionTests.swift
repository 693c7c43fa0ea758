import Testing

@testable import Shoji
@testable import ShojiTesting

/// Every built-in container nested in every other (and in itself), around a leaf with a focused
/// list, button, scroll view, switch, segmented control or stepper: along the route a key
/// takes, no two active bindings share a key unless the outer one announced it
/// (`KeyBinding.yieldsToInner`, Escape's "innermost first"). Replaces
/// the prose lists of which container uses which key.
@MainActor
struct KeyCollisionTests {
    /// A container, in the state that gives its keys (a menu open or closed, a stack two deep).
    enum Kind: CaseIterable, CustomStringConvertible {
        case sideMenuClosed, sideMenuOpen, navigation, tabBar, overlayMenuHidden, overlayMenuShown, stack
        case placeholder, presentation

        var description: String {
            switch self {
            case .sideMenuClosed: "a closed side menu"
            case .sideMenuOpen: "an open side menu"
            case .navigation: "a navigation controller two deep"
            case .tabBar: "a tab bar controller"
            case .overlayMenuHidden: "an overlay menu, hidden"
            case .overlayMenuShown: "an overlay menu, shown"
            case .stack: "a stack two deep"
            case .placeholder: "a placeholder"
            case .presentation: "a presented sheet"
            }
        }
    }

    /// The leaf's focused view.
    enum Leaf: CaseIterable { case list, button, scrollView, toggle, segmentedControl, stepper, table }

    /// A controller whose only focusable view is a list with a selection, a button, a scroll
    /// view, one of the value controls, or a table wider than its view (so Left/Right and the
    /// sort keys are active).
    final class FocusLeaf: ViewController, ListViewDataSource, TableViewDataSource {
        let leaf: Leaf
        init(_ leaf: Leaf) {
            self.leaf = leaf
            super.init()
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            switch leaf {
            case .list:
                let list = ListView(frame: Rect(x: 0, y: 0, width: 10, height: 3))
                list.dataSource = self
                list.selectedRow = 0
                view.addSubview(list)
            case .button:
                view.addSubview(Button(title: "OK", frame: Rect(x: 0, y: 0, width: 6, height: 1)))
            case .scrollView:
                let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 10, height: 3))
                scrollView.contentSize = Size(width: 40, height: 40)
                view.addSubview(scrollView)
            case .toggle:
                view.addSubview(Switch(frame: Rect(x: 0, y: 0, width: 7, height: 1)))
            case .segmentedControl:
                let control = SegmentedControl(items: ["a", "b"], frame: Rect(x: 0, y: 0, width: 9, height: 1))
                control.selectedSegmentIndex = 0
                view.addSubview(control)
            case .stepper:
                view.addSubview(Stepper(frame: Rect(x: 0, y: 0, width: 9, height: 1)))
            case .table:
                let table = TableView(frame: Rect(x: 0, y: 0, width: 10, height: 3))
                table.columns = [TableColumn("a", width: .fixed(8)), TableColumn("b", width: .fixed(8))]
                table.dataSource = self
                table.selectedRow = 0
                table.sortDescriptor = TableSortDescriptor(column: "a")
                view.addSubview(table)
            }
        }

        func numberOfRows(in listView: ListView) -> Int { 2 }
        func listView(_ listView: ListView, titleForRow row: Int) -> String { ["a", "b"][row] }
        func numberOfRows(in tableView: TableView) -> Int { 5 }
        func tableView(_ tableView: TableView, textFor column: TableColumn, row: Int) -> String { "\(row)" }
    }

    /// `inner` inside a container of `kind`; `after` runs once the tree is in a window (to open
    /// a menu or present).
    func wrap(_ inner: ViewController, in kind: Kind) throws -> (ViewController, after: (@MainActor () -> Void)?) {
        switch kind {
        case .sideMenuClosed, .sideMenuOpen:
            let menu = try SideMenuController(viewControllers: [inner], menuTitles: ["Inner"])
            guard kind == .sideMenuOpen else { return (menu, nil) }
            return (menu, { menu.setMenuVisible(true, animated: false) })
        case .navigation:
            let navigation = NavigationController(rootViewController: TestLeaf())
            navigation.pushViewController(inner, animated: false)
            return (navigation, nil)
        case .tabBar:
            return (TabBarController(viewControllers: [inner, TestLeaf()]), nil)
        case .overlayMenuHidden, .overlayMenuShown:
            let overlay = OverlayMenuController(viewControllers: [inner, TestLeaf()])
            guard kind == .overlayMenuShown else { return (overlay, nil) }
            return (overlay, { overlay.setMenuVisible(true, animated: false) })
        case .stack:
            let stack = StackController(rootViewController: TestLeaf())
            stack.pushViewController(inner, animated: false)
            return (stack, nil)
        case .placeholder:
            let split = SplitContainer()
            try split.setInsetViewController(inner, at: 0, animated: false)
            return (split, nil)
        case .presentation:
            let root = TestLeaf()
            return (root, { root.present(inner, animated: false) })
        }
    }

    /// The keys bound twice along the route without the outer binding yielding, as
    /// "key: inner title (responder) / outer title (responder)".
    func collisions(in window: Window) -> [String] {
        var seen: [KeyEvent: (binding: KeyBinding, owner: String)] = [:]
        var found: [String] = []
        for responder in window.keyRoute {
            let owner = responder.keyBindings.title.isEmpty ? "\(type(of: responder))" : responder.keyBindings.title
            var own = Set<KeyEvent>()
            for binding in responder.keyBindings.bindings where responder.canPerform(binding.command) {
                for key in binding.keys {
                    if !own.insert(key).inserted { found.append("\(key.displayName): twice in \(owner)") }
                    if let inner = seen[key] {
                        if !binding.yieldsToInner {
                            found.append(
                                "\(key.displayName): \(inner.binding.title) (\(inner.owner)) / \(binding.title) (\(owner))"
                            )
                        }
                    } else {
                        seen[key] = (binding, owner)
                    }
                }
            }
        }
        return found
    }

    /// The kinds whose keys a container of the same kind around them shadows (a second side
    /// menu's F2, a second tab bar's Ctrl-PageDown).
    func family(_ kind: Kind) -> Int? {
        switch kind {
        case .sideMenuClosed, .sideMenuOpen: 0
        case .overlayMenuHidden, .overlayMenuShown: 1
        case .tabBar: 2
        default: nil
        }
    }

    /// What an app that nests a container in one of its own kind does: gives the inner one
    /// other keys.
    func rebindInner(_ container: ViewController) {
        switch container {
        case let menu as SideMenuController:
            menu.keyBindings.setKeys([KeyEvent(.function(3))], for: .toggleMenu)
        case let overlay as OverlayMenuController:
            overlay.keyBindings.setKeys([KeyEvent(.function(5))], for: .toggleMenu)
        case let tabs as TabBarController:
            tabs.keyBindings.setKeys([KeyEvent(.pageDown, modifiers: .alt)], for: .nextTab)
            tabs.keyBindings.setKeys([KeyEvent(.pageUp, modifiers: .alt)], for: .previousTab)
            tabs.keyBindings.setKeys([], for: .selectTab)
        default:
            Issue.record("no other keys for \(type(of: container))")
        }
    }

    @Test(arguments: Kind.allCases, Kind.allCases)
    func noTwoActiveBindingsCollideUnannounced(outer: Kind, inner: Kind) throws {
        for leaf in Leaf.allCases {
            let (innerContainer, innerAfter) = try wrap(FocusLeaf(leaf), in: inner)
            let (outerContainer, outerAfter) = try wrap(innerContainer, in: outer)
            let app = Application(rootViewController: outerContainer)
            let pilot = Pilot(app, size: Size(width: 80, height: 24))
            outerAfter?()
            pilot.settle()
            innerAfter?()
            pilot.settle()
            let route = app.window.keyRoute.map { "\(type(of: $0))" }
            let context = "\(inner) in \(outer), focus on a \(leaf); route \(route)"
            #expect(route.last == "Application", "the route ends at the application: \(route)")
            let innerOnRoute = app.window.keyRoute.contains { $0 === innerContainer }
            if innerOnRoute, let family = family(inner), family == self.family(outer) {
                // The inner container takes its keys first: the outer's are out of reach until
                // the app gives one of them other keys.
                #expect(!collisions(in: app.window).isEmpty, "\(context): the shadowing is reported")
                rebindInner(innerContainer)
            }
            #expect(collisions(in: app.window) == [], "\(context)")
        }
    }

    /// A scroll view announces every key it binds as yielding to the views inside it, as its
    /// documentation says: a list (which binds the same arrows and page keys) focused inside
    /// one collides with nothing.
    @Test func everyScrollViewBindingYieldsToViewsInside() {
        let scene = ListInScrollView()
        let list = scene.list, scrollView = scene.scrollView
        let pilot = pilot(showing: scrollView, size: Size(width: 40, height: 10))
        pilot.window.makeFirstResponder(list)
        pilot.settle()
        #expect(pilot.window.keyRoute.contains { $0 === scrollView })
        #expect(collisions(in: pilot.window) == [])
        let bindings = scrollView.keyBindings.bindings
        #expect(!bindings.isEmpty && bindings.allSatisfy(\.yieldsToInner), "\(bindings.filter { !$0.yieldsToInner })")
        withExtendedLifetime(scene) {}
    }

    @Test func theCheckFindsACollision() throws {
        // A side menu whose toggle is the navigation controller's back key, announced by neither.
        let inner = FocusLeaf(.button)
        let navigation = NavigationController(rootViewController: TestLeaf())
        navigation.pushViewController(inner, animated: false)
        let menu = try SideMenuController(viewControllers: [navigation], menuTitles: ["A"])
        menu.keyBindings.setKeys([KeyEvent(.left, modifiers: .alt)], for: .toggleMenu)
        let app = Application(rootViewController: menu)
        let pilot = Pilot(app, size: Size(width: 80, height: 24))
        pilot.settle()
        #expect(collisions(in: app.window) == ["Alt-Left: Back (Navigation) / Show or hide the menu (Side menu)"])
    }
}
