import Testing
@testable import Shoji
import ShojiTesting

/// Observers of one controller tree (`addLifecycleObserver(_:)` on a controller): an app's own
/// journal in a process that runs several windows.
@MainActor
struct TreeLifecycleObserverTests {
    final class Collector: LifecycleObserver {
        var calls: [String] = []
        func lifecycleEvent(_ event: LifecycleEvent) {}
        func lifecycleEvent(_ event: LifecycleEvent, of controller: ViewController) {
            guard !event.method.isLayout else { return }
            calls.append("\(controller.title ?? "?").\(event.call)")
        }
    }

    func titled(_ title: String) -> ViewController {
        let controller = ViewController()
        controller.title = title
        return controller
    }

    @Test func anObserverOfOneTreeHearsItsControllersAndNothingOfAnother() throws {
        let rootA = titled("A"), rootB = titled("B")
        let collector = Collector()
        rootA.addLifecycleObserver(collector)
        let child = titled("a1")
        rootA.addChild(child)
        child.didMove(toParent: rootA)
        let other = titled("b1")
        rootB.addChild(other)
        other.didMove(toParent: rootB)
        let pilotA = Pilot(Window(rootViewController: rootA), size: Size(width: 20, height: 5))
        let pilotB = Pilot(Window(rootViewController: rootB), size: Size(width: 20, height: 5))
        pilotA.settle()
        pilotB.settle()
        #expect(
            collector.calls.first?.hasPrefix("a1.willMove(toParent: ") == true, "a child's move in: \(collector.calls)")
        #expect(collector.calls.contains("A.viewDidLoad") && collector.calls.contains("A.viewDidAppear(false)"))
        #expect(!collector.calls.contains { $0.hasPrefix("B.") || $0.hasPrefix("b1.") }, "\(collector.calls)")
        #expect(!ViewController.isLifecycleObserver(collector), "not a process-wide observer")
    }

    @Test func anObserverOnSeveralControllersOfAChainHearsEachEventOnce() throws {
        let root = titled("R"), child = titled("c")
        let collector = Collector()
        root.addLifecycleObserver(collector)
        child.addLifecycleObserver(collector)
        ViewController.addLifecycleObserver(collector)
        defer { ViewController.removeLifecycleObserver(collector) }
        root.addChild(child)
        child.didMove(toParent: root)
        #expect(collector.calls.map { $0.prefix(12) } == ["c.willMove(t", "c.didMove(to"], "\(collector.calls)")
        child.willMove(toParent: nil)
        child.removeFromParent()
        collector.calls = []
        _ = child.view
        root.removeLifecycleObserver(collector)
        #expect(collector.calls == ["c.viewDidLoad"], "its own observer still hears it once out of the tree")
    }
}
