import Shoji

/// Records view controller lifecycle events, in call order, for tests to read back.
///
/// Starts recording when created and stops with `stop()` or when it is freed (controllers hold
/// their observers weakly). Layout events (`viewWillLayoutSubviews`, `viewDidLayoutSubviews`)
/// are left out unless `includesLayout` is true, so logs state only the lifecycle.
///
/// Scope:
/// - `.all` records every controller.
/// - `.tree(root)` keeps the events of the controllers that belong, or once belonged, to
///   `root`'s tree: `root` itself, its descendants (through `parent`), controllers moving into
///   the tree (`willMove(toParent:)` with a member), and controllers whose root view lies in a
///   member's view tree. Membership is decided at each event and never lost, so a removal is
///   logged in full (its `didMove(toParent: nil)` comes when the parent is already gone). A
///   member's events from before it joined (its `viewDidLoad`, say) are kept too: every
///   member's history is complete from the moment the recorder started, which is what
///   `LifecycleChecker` needs.
///
/// Controllers are told apart by `debugIdentifier` (unique per process), never by address:
/// a freed controller's address can be reused.
@MainActor
public final class LifecycleRecorder: LifecycleObserver {
    /// Which controllers' events are kept.
    public enum Scope {
        /// Every controller.
        case all
        /// The controllers in, or once in, this controller's tree (see the type's notes).
        /// Held weakly.
        case tree(ViewController)
    }

    /// Whether layout events are kept.
    public let includesLayout: Bool

    private let treeRoot: WeakController?
    private var all: [LifecycleEvent] = []
    private var members: Set<String> = []
    private var firstKept = 0
    /// True between `start()` (or creation) and `stop()`.
    public var isRecording: Bool { ViewController.isLifecycleObserver(self) }

    /// Starts recording at once.
    public init(_ scope: Scope = .all, includesLayout: Bool = false) {
        self.includesLayout = includesLayout
        switch scope {
        case .all: treeRoot = nil
        case .tree(let root):
            treeRoot = WeakController(controller: root)
            members.insert(root.debugIdentifier)
        }
        start()
    }

    /// Resumes recording after `stop()`. Does nothing while recording.
    public func start() { ViewController.addLifecycleObserver(self) }

    /// Stops recording; what was recorded stays readable.
    public func stop() { ViewController.removeLifecycleObserver(self) }

    // MARK: Reading

    /// The events recorded since the start or the last `clear()`, in call order, limited to
    /// the scope.
    public var events: [LifecycleEvent] {
        let recent = all[firstKept...]
        guard treeRoot != nil else { return Array(recent) }
        return recent.filter { members.contains($0.controllerID) }
    }

    /// Every event as `Controller#n call`, e.g. `["Stack#1 viewWillAppear(false)", ...]`.
    public var lines: [String] { events.map(\.description) }

    /// One controller's calls in order, compact: `["viewDidLoad", "viewWillAppear(false)",
    /// "viewDidAppear(false)", "willMove(toParent: nil)", ...]` (see `LifecycleEvent.call`).
    public func log(for controller: ViewController) -> [String] { log(forID: controller.debugIdentifier) }

    /// Like `log(for:)`, by `debugIdentifier`; for controllers already freed.
    public func log(forID controllerID: String) -> [String] {
        events.filter { $0.controllerID == controllerID }.map(\.call)
    }

    /// The calls of several controllers, interleaved in call order, each prefixed with its
    /// controller's `debugIdentifier`: to check the order across controllers.
    public func log(for controllers: [ViewController]) -> [String] {
        let ids = Set(controllers.map(\.debugIdentifier))
        return events.filter { ids.contains($0.controllerID) }.map(\.description)
    }

    /// Forgets what was recorded so far (tree membership is kept). Note that a checker fed only
    /// the events after a `clear()` sees partial histories; feed a `LifecycleChecker`
    /// incrementally instead (`takeEvents()`).
    public func clear() { firstKept = all.count; compactIfLarge() }

    /// Returns the events recorded since the last call (or the start or `clear()`) and
    /// forgets them: the way to feed a `LifecycleChecker` step by step.
    public func takeEvents() -> [LifecycleEvent] {
        defer { clear() }
        return events
    }

    // MARK: LifecycleObserver

    /// Records `event` (see the type's notes on scope).
    public func lifecycleEvent(_ event: LifecycleEvent) {
        guard includesLayout || !event.method.isLayout else { return }
        all.append(event)
    }

    /// Updates tree membership with `controller`, then records `event`.
    public func lifecycleEvent(_ event: LifecycleEvent, of controller: ViewController) {
        if let treeRoot, !members.contains(event.controllerID), belongs(controller, event, to: treeRoot.controller) {
            members.insert(event.controllerID)
        }
        lifecycleEvent(event)
    }

    private func belongs(_ controller: ViewController, _ event: LifecycleEvent, to root: ViewController?) -> Bool {
        guard let root else { return false }
        if controller.isDescendant(of: root) { return true }
        if let parentID = event.parentID, members.contains(parentID) { return true }
        if let rootView = root.viewIfLoaded, let view = controller.viewIfLoaded, view.isDescendant(of: rootView) {
            return true
        }
        return false
    }

    /// Drops events nobody can read any more (before a `clear()`), once they pile up.
    private func compactIfLarge() {
        guard firstKept > 4096, firstKept * 2 > all.count else { return }
        all.removeFirst(firstKept)
        firstKept = 0
    }

    private struct WeakController {
        weak var controller: ViewController?
    }
}
