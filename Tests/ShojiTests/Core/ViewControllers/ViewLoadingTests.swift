import Testing
@testable import Shoji
import ShojiTesting

/// Views load lazily, once, and `isViewLoaded` / `viewIfLoaded` never load them.
@MainActor
struct ViewLoadingTests {
    @Test func queriesDoNotLoadAndViewLoadsOnce() {
        let controller = TestLeaf()
        let recorder = LifecycleRecorder()
        #expect(!controller.isViewLoaded)
        #expect(controller.viewIfLoaded == nil)
        #expect(controller.appearancePhase == .initialized)
        #expect(recorder.events.isEmpty)
        let view = controller.view
        #expect(controller.isViewLoaded && controller.viewIfLoaded === view)
        #expect(controller.view === view)
        controller.loadViewIfNeeded()
        #expect(controller.loadViewCount == 1)
        #expect(recorder.log(for: controller) == ["viewDidLoad"])
        #expect(controller.appearancePhase == .viewDidLoad)
        #expect(view.viewController === controller)
    }

    @Test func addingAChildDoesNotLoadItsView() {
        let parent = TestContainer(.selected)
        parent.add(TestLeaf())
        let hidden = TestLeaf()
        parent.add(hidden)
        #expect(!hidden.isViewLoaded, "a child that is not shown keeps its view unloaded")
        #expect(parent.isViewLoaded)
    }

    @Test func appearingLoadsTheViewFirst() {
        let controller = TestLeaf()
        let recorder = LifecycleRecorder()
        controller.beginAppearanceTransition(true, animated: false)
        controller.endAppearanceTransition()
        #expect(recorder.log(for: controller) == ["viewDidLoad", "viewWillAppear(false)", "viewDidAppear(false)"])
    }

    @Test func aDefaultControllerGetsAnEmptyView() {
        let controller = ViewController()
        #expect(controller.view.subviews.isEmpty)
        #expect(controller.view.viewController === controller)
    }
}
