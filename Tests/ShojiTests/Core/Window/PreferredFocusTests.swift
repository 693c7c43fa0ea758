import Testing

@testable import Shoji
import ShojiTesting

/// A controller's `preferredFocusedView` is asked through every container above it, as UIKit's
/// preferred focus environments are (issue 31: under a navigation controller the first
/// focusable view, a search field, took the focus instead, so `q` typed into it instead of
/// quitting).
@MainActor
struct PreferredFocusTests {
    /// A search field first in view order, and a button it prefers to focus.
    final class Monitor: ViewController {
        let search = TextField(placeholder: "Search", frame: Rect(x: 0, y: 0, width: 20, height: 1))
        let kill = Button(title: "Kill", frame: Rect(x: 0, y: 2, width: 8, height: 1))
        override func viewDidLoad() {
            title = "Monitor"
            view.addSubview(search)
            view.addSubview(kill)
        }
        override var preferredFocusedView: View? { kill }
    }

    @Test func asTheRootThePreferredViewTakesTheFocus() {
        let monitor = Monitor()
        let pilot = Pilot(Application(rootViewController: monitor), size: Size(width: 40, height: 8))
        pilot.settle()
        #expect(pilot.window.firstResponder === monitor.kill)
    }

    @Test func underANavigationControllerThePreferredViewTakesTheFocus() {
        let monitor = Monitor()
        let app = Application(rootViewController: NavigationController(rootViewController: monitor))
        let pilot = Pilot(app, size: Size(width: 40, height: 8))
        pilot.settle()
        #expect(pilot.window.firstResponder === monitor.kill, "not the search field")
        pilot.type("q")
        #expect(!pilot.isRunning, "q quits: the field does not take it as a letter")
    }

    @Test func aPushedControllersPreferredViewTakesTheFocus() {
        let first = Monitor()
        let navigation = NavigationController(rootViewController: first)
        let pilot = Pilot(Window(rootViewController: navigation), size: Size(width: 40, height: 8))
        pilot.settle()
        let second = Monitor()
        navigation.pushViewController(second, animated: true)
        pilot.settle()
        #expect(pilot.window.firstResponder === second.kill)
        _ = navigation.popViewController(animated: true)
        pilot.settle()
        #expect(pilot.window.firstResponder === first.kill)
    }

    @Test func inASideMenuAndInATabThroughEveryContainer() throws {
        let monitor = Monitor()
        let menu = try SideMenuController(viewControllers: [monitor], menuTitles: ["Monitor"])
        let pilot = Pilot(Window(rootViewController: menu), size: Size(width: 60, height: 8))
        pilot.settle()
        #expect(pilot.window.firstResponder === monitor.kill, "side menu, navigation controller, monitor")
        // Opened and closed, the focus goes back into the content where it was.
        pilot.press(.function(2))
        pilot.settle()
        #expect(pilot.window.firstResponder === menu.listView)
        pilot.press(.escape)
        pilot.settle()
        #expect(pilot.window.firstResponder === monitor.kill)

        let tabbed = Monitor()
        let tabs = TabBarController(viewControllers: [NavigationController(rootViewController: tabbed)])
        let tabPilot = Pilot(Window(rootViewController: tabs), size: Size(width: 60, height: 8))
        tabPilot.settle()
        #expect(tabPilot.window.firstResponder === tabbed.kill, "tab bar, navigation controller, monitor")
    }

    @Test func aContainerThatNamesAViewOfItsOwnWins() {
        final class Host: ViewController {
            let own = Button(title: "Own", frame: Rect(x: 20, y: 0, width: 8, height: 1))
            let child = Monitor()
            override func viewDidLoad() {
                addChild(child)
                child.view.frame = Rect(x: 0, y: 0, width: 20, height: 6)
                view.addSubview(child.view)
                child.didMove(toParent: self)
                view.addSubview(own)
            }
            override var preferredFocusedView: View? { own }
        }
        let host = Host()
        let pilot = Pilot(Window(rootViewController: host), size: Size(width: 40, height: 8))
        pilot.settle()
        #expect(pilot.window.firstResponder === host.own)
    }
}
