import Testing
@testable import Shoji
import ShojiTesting

/// A container that swaps one shown child through a `ChildChangeQueue`, the way the built-in
/// containers do: each request is "show this child" with a style and a duration.
@MainActor
private final class QueueHost: ViewController {
    struct Show {
        var child: ViewController
        var style: TransitionStyle
        var duration: Double
    }

    var log: [String] = []
    private(set) var shown: ViewController?
    let policy: ChildChangeQueue<Show>.Policy
    lazy var changes = ChildChangeQueue<Show>(owner: self, policy: policy) { [unowned self] request, change in
        self.perform(request, change)
    }

    init(policy: ChildChangeQueue<Show>.Policy) {
        self.policy = policy
        super.init()
    }

    func show(_ child: ViewController, style: TransitionStyle = .push(from: .right), duration: Double = 0.3) {
        changes.submit(Show(child: child, style: style, duration: duration))
    }

    private func perform(_ request: Show, _ change: ChildChange) {
        log.append("start \(request.child.title ?? "?")")
        let old = shown
        if let old { change.remove(old) }
        change.add(request.child)
        shown = request.child
        request.child.view.frame = view.bounds
        transition(from: old, to: request.child, in: view, style: request.style, duration: request.duration) {
            [weak self] _ in
            change.complete { self?.log.append("end \(request.child.title ?? "?")") }
        }
    }

    override func keyPressed(_ event: KeyEvent) -> Bool {
        log.append("key \(event)")
        return true
    }
}

/// A host whose requests are whole stacks of its children, as the navigation and stack
/// controllers' are (`ChildStackRequest`); its changes end when the test says, and it records
/// every stack it is asked to show.
@MainActor
private final class StackRequestHost: ViewController {
    struct Stack: ChildStackRequest {
        var stack: [ViewController]
    }

    var pending: ChildChange?
    var performed: [[ViewController]] = []
    lazy var changes = ChildChangeQueue<Stack>(owner: self, without: { $0.without($1) }) {
        [unowned self] request, change in
        self.performed.append(request.stack)
        self.pending = change
    }
}

/// A host whose changes end when the test says, with no animation (only the queue holds keys
/// back); it records the keys that reach it.
@MainActor
private final class ManualHost: ViewController {
    var pending: ChildChange?
    var keys: [KeyEvent] = []
    lazy var changes = ChildChangeQueue<Int>(owner: self) { [unowned self] _, change in self.pending = change }
    override func keyPressed(_ event: KeyEvent) -> Bool {
        keys.append(event)
        return true
    }
}

@MainActor
private func leaf(_ title: String) -> ViewController {
    let controller = ViewController()
    controller.title = title
    return controller
}

@MainActor
struct ChildChangeQueueTests {
    private func host(_ policy: ChildChangeQueue<QueueHost.Show>.Policy = .inOrder) -> (Pilot, QueueHost) {
        let host = QueueHost(policy: policy)
        let pilot = Pilot(Window(rootViewController: host), size: Size(width: 40, height: 6))
        pilot.advance(by: 1)
        return (pilot, host)
    }

    @Test func requestsMadeDuringAChangeWaitAndRunInOrder() throws {
        let (pilot, host) = host()
        let a = leaf("A"), b = leaf("B"), c = leaf("C")
        host.show(a, duration: 0)
        host.show(b)
        #expect(host.changes.isBusy && host.isTransitioning)
        host.show(c)
        host.show(a)
        #expect(host.changes.waiting.count == 2, "C and A wait behind B")
        #expect(host.log == ["start A", "end A", "start B"])
        pilot.settle()
        #expect(host.log == ["start A", "end A", "start B", "end B", "start C", "end C", "start A", "end A"])
        #expect(host.children.map(\.title) == ["A"], "exactly the last child shown is a child")
        #expect(!host.changes.isBusy && !host.isTransitioning)
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window))
    }

    @Test func latestWinsKeepsOnlyTheLastRequestMadeMeanwhile() {
        let (pilot, host) = host(.latestWins)
        let a = leaf("A"), b = leaf("B"), c = leaf("C"), d = leaf("D")
        host.show(a, duration: 0)
        host.show(b)
        host.show(c)
        host.show(d)
        #expect(host.changes.waiting.map(\.child.title) == ["D"])
        pilot.settle()
        #expect(host.log == ["start A", "end A", "start B", "end B", "start D", "end D"])
        #expect(c.parent == nil && !c.isViewLoaded, "C was never added")
    }

    @Test func containmentFollowsUIKitsOrderAroundTheTransition() {
        let (pilot, host) = host()
        let a = leaf("A"), b = leaf("B")
        host.show(a, duration: 0)
        let recorder = LifecycleRecorder()
        host.show(b)
        pilot.settle()
        let h = host.debugIdentifier
        let moves = recorder.lines.filter { $0.contains("Move") || $0.contains("ppear") }
        #expect(
            moves == [
                "\(a.debugIdentifier) willMove(toParent: nil)",
                "\(b.debugIdentifier) willMove(toParent: \(h))",
                "\(a.debugIdentifier) viewWillDisappear(true)",
                "\(b.debugIdentifier) viewWillAppear(true)",
                "\(a.debugIdentifier) viewDidDisappear(true)",
                "\(b.debugIdentifier) viewDidAppear(true)",
                "\(b.debugIdentifier) didMove(toParent: \(h))",
                "\(a.debugIdentifier) didMove(toParent: nil)"
            ])
    }

    @Test func changesThatCompleteAtOnceRunBeforeSubmitReturnsWithoutRecursion() {
        let (_, host) = host()
        let children = (0..<2_000).map { leaf("L\($0)") }
        // Each request completes inside `perform`; a recursive drain would nest 2,000 deep.
        host.show(children[0], style: .none, duration: 0)
        for child in children.dropFirst() { host.show(child, style: .none, duration: 0) }
        #expect(host.children.count == 1 && host.children.first === children.last)
        #expect(!host.changes.isBusy)
    }

    @Test func aRequestFromAHookOfTheRunningChangeWaitsForIt() {
        final class Reentrant: ViewController {
            var onAppear: (() -> Void)?
            override func viewWillAppear(_ animated: Bool) { onAppear?(); onAppear = nil }
        }
        let (pilot, host) = host()
        let a = leaf("A"), b = Reentrant(), c = leaf("C")
        b.title = "B"
        host.show(a, duration: 0)
        b.onAppear = { host.show(c, duration: 0) }
        host.show(b, duration: 0)
        #expect(
            host.log == ["start A", "end A", "start B", "end B", "start C", "end C"],
            "C starts only after B's change completed")
        pilot.settle()
        #expect(host.children.map(\.title) == ["C"])
    }

    @Test func keysWaitWhileTheQueueIsBusyAndArriveWhenItIsIdle() {
        let host = ManualHost()
        let pilot = Pilot(Window(rootViewController: host), size: Size(width: 20, height: 4))
        host.changes.submit(1)
        #expect(host.isTransitioning && !pilot.window.animator.isAnimating)
        pilot.press(.character("x"))
        pilot.press(.character("y"))
        #expect(host.keys.isEmpty)
        #expect(pilot.window.queuedEvents == [.key(KeyEvent(.character("x"))), .key(KeyEvent(.character("y")))])
        host.pending?.complete()
        #expect(!host.isTransitioning)
        pilot.advance(by: 0.02)
        #expect(host.keys == [KeyEvent(.character("x")), KeyEvent(.character("y"))], "delivered in order once idle")
        #expect(pilot.window.queuedEvents.isEmpty)
    }

    /// The queue going idle is what tells the window to deliver the events it held back: no
    /// animation runs here, and the events wait through every queued change, not just the first.
    @Test func theQueueGoingIdleIsWhatReleasesTheHeldEvents() {
        let host = ManualHost()
        let pilot = Pilot(Window(rootViewController: host), size: Size(width: 20, height: 4))
        host.changes.submit(1)
        host.changes.submit(2)
        pilot.press(.character("x"))
        pilot.press(.character("y"))
        host.pending?.complete()  // the second change starts
        pilot.advance(by: 0.1)
        #expect(host.keys.isEmpty && pilot.window.heldBackEventCount == 2, "still busy: the keys wait")
        host.pending?.complete()
        #expect(!host.changes.isBusy && !pilot.window.animator.isAnimating)
        #expect(host.keys.isEmpty, "delivered at the next pass, not inside the change's completion")
        pilot.advance(by: 0)
        #expect(host.keys == [KeyEvent(.character("x")), KeyEvent(.character("y"))])
        #expect(pilot.window.heldBackEventCount == 0)
    }

    @Test func aChildTakenAwayDuringTheChangeIsLeftToItsNewParent() throws {
        let (pilot, host) = host()
        let a = leaf("A"), b = leaf("B")
        host.show(a, duration: 0)
        host.show(b)
        pilot.advance(by: 0.1)
        let other = ViewController()
        pilot.window.rootViewController = other
        other.addChild(b)  // b leaves the host mid-change, with its own balanced calls
        other.view.addSubview(b.view)
        b.didMove(toParent: other)
        let recorder = LifecycleRecorder()
        pilot.settle()
        #expect(
            !recorder.lines.contains { $0.hasPrefix(b.debugIdentifier + " didMove") },
            "no stray didMove: \(recorder.lines)")
        #expect(b.parent === other)
    }

    /// A waiting stack request whose only controller someone else takes would be a request
    /// for an empty stack: it is dropped (a stack is never empty), and so is the running one,
    /// which the container reports as the state asked for.
    @Test func aStackRequestLeftEmptyByATakenChildIsDropped() {
        let host = StackRequestHost()
        let child = leaf("A")
        host.addChild(child)
        child.didMove(toParent: host)
        host.changes.submit(StackRequestHost.Stack(stack: [child]))
        host.changes.submit(StackRequestHost.Stack(stack: [child]))  // waits
        #expect(host.performed.count == 1 && host.changes.waiting.count == 1)
        child.removeFromParent()  // taken by the app meanwhile
        #expect(host.changes.waiting.isEmpty && host.changes.running == nil, "nothing left to ask for")
        host.pending?.complete()
        #expect(host.performed.count == 1 && !host.changes.isBusy, "no change to an empty stack")
    }

    @Test func completeActsOnce() {
        let (_, host) = host()
        let a = leaf("A")
        var completions = 0
        let change = ChildChange(container: host) { _ in completions += 1 }
        change.add(a)
        let recorder = LifecycleRecorder()
        change.complete()
        change.complete()
        #expect(completions == 1)
        #expect(recorder.log(for: a) == ["didMove(toParent: \(host.debugIdentifier))"], "one didMove")
        change.add(leaf("late"))
        #expect(host.children.count == 1, "a completed change adds nothing more")
    }

    @Test func aContainerLetGoMidChangeCompletesItWhenTheAnimationEndsAndIsThenFreed() throws {
        let recorder = LifecycleRecorder()
        let parent = TestContainer()
        let pilot = Pilot(Window(rootViewController: parent), size: Size(width: 40, height: 6))
        pilot.advance(by: 1)
        weak var weakNavigation: NavigationController?
        weak var weakPushed: ViewController?
        do {
            let navigation = NavigationController(rootViewController: leaf("Root"))
            parent.add(navigation)
            let pushed = leaf("Pushed")
            navigation.pushViewController(pushed, animated: true)
            (weakNavigation, weakPushed) = (navigation, pushed)
        }
        pilot.advance(by: 0.1)
        parent.remove(parent.children[0])
        #expect(weakNavigation != nil, "the change in flight keeps its container")
        pilot.settle()
        #expect(weakNavigation == nil && weakPushed == nil, "freed once the change completed")
        let pushedMoves = recorder.events.filter { $0.controllerID.hasPrefix("ViewController") && $0.title == "Pushed" }
            .map(\.call).filter { $0.contains("Move") }
        #expect(
            pushedMoves.count == 2 && pushedMoves[1].hasPrefix("didMove(toParent: NavigationController"),
            "the pushed controller's move completed: \(pushedMoves)")
        try LifecycleChecker.verify(recorder.events, historyIsComplete: false)
    }

    @Test func aWindowsQueueRunsInOrderAndItsChangesHaveNoContainer() {
        let (pilot, host) = host()
        var log: [String] = []
        var pending: ChildChange?
        let queue = ChildChangeQueue<String>(window: pilot.window) { request, change in
            log.append("start \(request)")
            change.add(leaf("never"))  // no container: nothing is added
            #expect(change.container == nil && change.added.isEmpty)
            if request == "slow" { pending = change } else { change.complete { log.append("end \(request)") } }
        }
        #expect(queue.owner == nil && queue.window === pilot.window)
        queue.submit("slow")
        queue.submit("quick")
        #expect(log == ["start slow"] && queue.isBusy && queue.waiting == ["quick"])
        pending?.complete { log.append("end slow") }
        #expect(log == ["start slow", "end slow", "start quick", "end quick"] && !queue.isBusy)
        #expect(host.children.isEmpty)
    }
}
