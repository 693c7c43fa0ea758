import Testing
@testable import Shoji
import ShojiTesting

@MainActor
struct LifecycleRecorderTests {
    @Test func aTreeRecorderKeepsMembersOnlyWithWholeHistories() {
        let root = TestContainer()
        let window = Window(rootViewController: root)
        window.show()
        let recorder = LifecycleRecorder(.tree(root))
        let outsider = TestLeaf()
        outsider.loadViewIfNeeded()
        let child = TestLeaf()
        child.loadViewIfNeeded()  // before it joins: kept, as part of its history
        root.add(child)
        root.remove(child)  // didMove(toParent: nil) comes after the parent is gone: kept
        #expect(recorder.log(for: outsider).isEmpty)
        #expect(
            recorder.log(for: child) == [
                "viewDidLoad", "willMove(toParent: \(root.debugIdentifier))", "viewWillAppear(false)",
                "viewDidAppear(false)", "didMove(toParent: \(root.debugIdentifier))",
                "willMove(toParent: nil)", "viewWillDisappear(false)", "viewDidDisappear(false)",
                "didMove(toParent: nil)"
            ])
        let all = LifecycleRecorder()
        outsider.beginAppearanceTransition(true, animated: true)
        #expect(all.lines == ["\(outsider.debugIdentifier) viewWillAppear(true)"])
        #expect(recorder.log(for: outsider).isEmpty)
        #expect(Set(recorder.events.map(\.controllerID)) == [child.debugIdentifier])
    }

    @Test func aViewEmbeddedControllerJoinsTheTree() {
        let root = TestContainer()
        let window = Window(rootViewController: root)
        window.show()
        let recorder = LifecycleRecorder(.tree(root))
        let embedded = TestLeaf()
        root.view.addSubview(embedded.view)
        #expect(recorder.log(for: embedded) == ["viewDidLoad", "viewWillAppear(false)", "viewDidAppear(false)"])
    }

    @Test func clearTakeAndStop() {
        let controller = TestLeaf()
        let recorder = LifecycleRecorder()
        controller.loadViewIfNeeded()
        #expect(recorder.takeEvents().map(\.call) == ["viewDidLoad"])
        #expect(recorder.events.isEmpty)
        controller.beginAppearanceTransition(true, animated: false)
        recorder.clear()
        #expect(recorder.events.isEmpty)
        recorder.stop()
        #expect(!recorder.isRecording)
        controller.endAppearanceTransition()
        #expect(recorder.events.isEmpty)
        recorder.start()
        recorder.start()
        #expect(recorder.isRecording)
        controller.beginAppearanceTransition(false, animated: false)
        #expect(
            recorder.log(forID: controller.debugIdentifier) == ["viewWillDisappear(false)"],
            "started twice, told each event once")
        recorder.stop()
        #expect(!recorder.isRecording, "one stop ends what two starts began")
    }

    @Test func callsAreWrittenCompactly() {
        let parent = TestContainer()
        parent.title = "Main"
        let recorder = LifecycleRecorder()
        let child = TestLeaf()
        parent.addChild(child)
        child.didMove(toParent: parent)
        child.willMove(toParent: nil)
        child.removeFromParent()
        let p = parent.debugIdentifier
        #expect(
            recorder.log(for: child) == [
                "willMove(toParent: \(p))", "didMove(toParent: \(p))", "willMove(toParent: nil)",
                "didMove(toParent: nil)"
            ])
        #expect(recorder.events.first?.description == "\(child.debugIdentifier) willMove(toParent: \(p))")
        #expect(child.debugIdentifier.hasPrefix("TestLeaf#"))
    }
}
