import Testing
@testable import Shoji
import ShojiTesting

/// Nothing Shoji keeps holds a controller or a view longer than the tree does.
@MainActor
struct DeallocationTests {
    @Test func aRemovedChildAndItsViewAreFreed() {
        let parent = TestContainer()
        let window = Window(rootViewController: parent)
        window.show()
        weak var weakChild: TestLeaf?
        weak var weakView: View?
        weak var weakSubview: View?
        do {
            let child = TestLeaf()
            parent.add(child)
            weakChild = child
            weakView = child.view
            weakSubview = child.view.subviews.first
            _ = child.navigationItem  // created lazily; must not keep its owner
            parent.remove(child)
        }
        #expect(weakChild == nil)
        #expect(weakView == nil)
        #expect(weakSubview == nil)
    }

    @Test func aSwappedOutChildIsFreed() {
        let parent = TestContainer()
        let window = Window(rootViewController: parent)
        window.show()
        weak var weakOld: TestLeaf?
        do {
            let old = TestLeaf()
            parent.add(old)
            weakOld = old
            parent.swap(old, for: TestLeaf())
        }
        #expect(weakOld == nil)
        #expect(parent.children.count == 1)
    }

    @Test func theWindowsOldRootIsFreed() {
        let window = Window(rootViewController: TestContainer())
        window.show()
        weak var weakOld: ViewController?
        weak var weakOldView: View?
        do {
            let old = window.rootViewController!
            (old as? TestContainer)?.add(TestLeaf())
            weakOld = old
            weakOldView = old.view
        }
        window.rootViewController = TestLeaf()
        #expect(weakOld == nil)
        #expect(weakOldView == nil)
    }

    @Test func aWindowAndItsWholeTreeAreFreed() {
        weak var weakWindow: Window?
        weak var weakRoot: TestContainer?
        weak var weakLeaf: TestLeaf?
        do {
            let root = TestContainer()
            let leaf = TestLeaf()
            root.add(leaf)
            let window = Window(rootViewController: root)
            window.show()
            (weakWindow, weakRoot, weakLeaf) = (window, root, leaf)
        }
        #expect(weakWindow == nil && weakRoot == nil && weakLeaf == nil)
    }

    @Test func barButtonActionsThatCaptureWeaklyMakeNoCycle() {
        weak var weakController: TestLeaf?
        weak var weakItem: BarButtonItem?
        do {
            let controller = TestLeaf()
            let item = BarButtonItem(title: "Done") { [weak controller] in controller?.title = "done" }
            controller.navigationItem.rightBarButtonItems = [item]
            controller.navigationItem.backBarButtonItem = BarButtonItem(title: "Back")
            item.activate()
            #expect(controller.title == "done")
            (weakController, weakItem) = (controller, item)
        }
        #expect(weakController == nil)
        #expect(weakItem == nil)
    }

    /// The documented cycle, so the test above is known to be able to fail: an action that
    /// captures its controller strongly keeps it alive until the action is dropped.
    @Test func aStrongCaptureInAnActionKeepsTheControllerAlive() {
        weak var weakController: TestLeaf?
        var item: BarButtonItem?
        do {
            let controller = TestLeaf()
            let strongItem = BarButtonItem(title: "Done") { controller.title = "done" }
            controller.navigationItem.leftBarButtonItems = [strongItem]
            (weakController, item) = (controller, strongItem)
        }
        #expect(weakController != nil, "the cycle controller → item → action → controller")
        item?.action = nil
        item = nil
        #expect(weakController == nil)
    }

    @Test func theRecorderKeepsNoController() {
        let recorder = LifecycleRecorder()
        weak var weakController: TestLeaf?
        do {
            let controller = TestLeaf()
            controller.beginAppearanceTransition(true, animated: false)
            controller.endAppearanceTransition()
            weakController = controller
        }
        #expect(weakController == nil)
        #expect(recorder.events.count == 3)
    }
}
