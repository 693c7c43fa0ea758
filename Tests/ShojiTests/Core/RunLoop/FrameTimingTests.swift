import Testing
import ShojiTesting

/// Records its view's size at each appearance call.
@MainActor
private final class SizeRecorder: ViewController {
    var sizeAtWillAppear: [Size] = []
    var sizeAtDidAppear: [Size] = []

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        sizeAtWillAppear.append(view.frame.size)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        sizeAtDidAppear.append(view.frame.size)
    }
}

/// A controller's view has the size its container gives it by `viewWillAppear` (UIKit's
/// promise for a shown child), for the window's root and for each container, on first show and
/// when shown later, animated or not. `viewDidLoad` comes too early: the size is not final
/// until the view is in its container.
@MainActor
struct FrameTimingTests {
    private let size = Size(width: 40, height: 10)

    @Test func theWindowsRootHasTheScreensSizeByViewWillAppear() {
        let first = SizeRecorder()
        let pilot = Pilot(Window(rootViewController: first), size: size)
        #expect(first.sizeAtWillAppear == [size])
        let second = SizeRecorder()
        pilot.window.rootViewController = second
        #expect(second.sizeAtWillAppear == [size], "a root set later too")
        pilot.resize(to: Size(width: 30, height: 6))
        #expect(second.view.frame.size == Size(width: 30, height: 6))
    }

    @Test(arguments: [false, true])
    func aNavigationControllersChildrenHaveTheContentSizeByViewWillAppear(_ animated: Bool) {
        let root = SizeRecorder()
        let navigation = NavigationController(rootViewController: root)
        let pilot = Pilot(Window(rootViewController: navigation), size: size)
        let content = Size(width: 40, height: 9)  // under the one-row bar
        #expect(root.sizeAtWillAppear == [content])
        let pushed = SizeRecorder()
        navigation.pushViewController(pushed, animated: animated)
        pilot.settle()
        #expect(pushed.sizeAtWillAppear == [content])
        #expect(pushed.sizeAtDidAppear == [content])
        navigation.popViewController(animated: animated)
        pilot.settle()
        #expect(root.sizeAtWillAppear == [content, content])
    }

    @Test(arguments: [false, true])
    func aSideMenusChildrenHaveTheirPanesSizeByViewWillAppear(_ animated: Bool) throws {
        let first = SizeRecorder(), second = SizeRecorder()
        first.title = "First"
        second.title = "Second"
        let menu = try SideMenuController(viewControllers: [first, second])
        let pilot = Pilot(Window(rootViewController: menu), size: size)
        pilot.settle()
        let shown = try #require(first.sizeAtDidAppear.last)
        #expect(shown.width > 0 && shown.height > 0)
        #expect(first.sizeAtWillAppear == [shown], "the first child, shown with the menu")
        try menu.setSelectedIndex(1, animated: animated)
        pilot.settle()
        #expect(second.sizeAtWillAppear == [second.view.frame.size])
        #expect(second.sizeAtWillAppear == [shown], "the same pane size for the replacement")
    }
}
