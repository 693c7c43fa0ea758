import Testing
@testable import Shoji
import ShojiTesting

/// A container can forward its child's title and navigation item to the navigation
/// controller it sits in (opt-in), recursively through nested containers.
@MainActor
struct PropertyForwardingTests {
    /// A container showing one child over its whole view, forwarding when asked.
    private final class Wrapper: ViewController {
        var forwards: Bool
        let child: ViewController
        init(_ child: ViewController, title: String, forwards: Bool) {
            self.child = child
            self.forwards = forwards
            super.init()
            self.title = title
            addChild(child)
            child.didMove(toParent: self)
        }
        override var childForNavigationItem: ViewController? { forwards ? child : nil }
        override func viewDidLoad() {
            child.view.frame = view.bounds
            child.view.autoresizingMask = .flexibleSize
            view.addSubview(child.view)
        }
    }

    @Test func theSourceFollowsForwardingRecursivelyAndOnlyToChildren() {
        let leaf = TestLeaf()
        let inner = Wrapper(leaf, title: "Inner", forwards: true)
        let outer = Wrapper(inner, title: "Outer", forwards: true)
        #expect(outer.navigationItemSource === leaf)
        inner.forwards = false
        #expect(outer.navigationItemSource === inner)
        outer.forwards = false
        #expect(outer.navigationItemSource === outer)
        #expect(outer.effectiveNavigationItem === outer.navigationItem)
    }

    @Test func aNestedChildShowsItsTitleAndButtonsInTheBar() throws {
        let leaf = TestLeaf()
        leaf.title = "Leaf"
        let right = BarButtonItem(title: "Edit")
        leaf.navigationItem.rightBarButtonItems = [right]
        let inner = Wrapper(leaf, title: "Inner", forwards: true)
        let outer = Wrapper(inner, title: "Outer", forwards: true)
        let nav = NavigationController(rootViewController: outer)
        let pilot = Pilot(Window(rootViewController: nav), size: Size(width: 30, height: 5))
        #expect(pilot.line(0).contains("Leaf") && pilot.line(0).contains("Edit"))
        leaf.title = "Renamed"
        pilot.settle()
        #expect(pilot.line(0).contains("Renamed"), "a change shows at once")
        leaf.navigationItem.leftBarButtonItems = [BarButtonItem(title: "Add")]
        pilot.settle()
        #expect(pilot.line(0).hasPrefix(" [Add]"))
        inner.forwards = false
        inner.forwardedNavigationItemDidChange()
        pilot.settle()
        #expect(
            pilot.line(0).contains("Inner") && !pilot.line(0).contains("Edit"), "forwarding off: the container's own")
        // The controller pushed above shows the forwarded title on its back button.
        inner.forwards = true
        nav.pushViewController(TestLeaf(), animated: false)
        pilot.settle()
        #expect(pilot.line(0).hasPrefix(" [< Renamed]"))
    }

    @Test func withoutForwardingTheBarShowsTheContainer() {
        let leaf = TestLeaf()
        leaf.title = "Leaf"
        let outer = Wrapper(leaf, title: "Outer", forwards: false)
        let pilot = Pilot(
            Window(rootViewController: NavigationController(rootViewController: outer)),
            size: Size(width: 30, height: 5))
        #expect(pilot.line(0).contains("Outer") && !pilot.line(0).contains("Leaf"))
    }
}
