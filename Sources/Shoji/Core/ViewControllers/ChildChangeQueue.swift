/// The one way a container changes its children over time: requests (push, pop, select,
/// show, hide…) run one at a time, each as a `ChildChange`; a request made while one runs
/// waits (from a lifecycle hook of the running change, or during its animation), and runs
/// when the change before it completes.
///
/// A container owns one queue (made with itself as `owner`) and a `perform` closure that
/// starts the change a request asks for and completes it, at once or when its transition ends.
/// While the queue is busy the owner `isTransitioning`: the window holds back the key and mouse
/// events addressed to it, and delivers them once the queue is idle again.
///
/// A window has one queue of its own, for its modal presentations (`present` and `dismiss`,
/// made with `init(window:policy:perform:)`): its changes have no container (they add and
/// remove no children), and while it is busy the window holds back every key and mouse event.
/// Whose queue it is, is the `TransitionHost` its transitions have (a container, or a window),
/// held weakly.
///
/// Guarantees:
/// - At most one change runs at a time; requests run in the order submitted (`.inOrder`), or
///   only the last request submitted while a change ran is kept (`.latestWins`: the container
///   goes once towards the last state asked for, as a navigation stack does).
/// - A request submitted while the queue is idle runs before `submit` returns; so does every
///   request that follows it while changes complete at once (no recursion: one loop runs them).
/// - `running` and `waiting` show what is under way and what will be, so a container can report
///   the state asked for (its `viewControllers`) at once.
/// - A container's backlog catches up: a change that starts with more requests waiting behind
///   it runs as the window's backlog does (`Window.isCatchingUp`), its transition completing
///   at once, so only the last of a burst plays (keys that start changes need not wait in the
///   window for this: a pane whose child container changes still takes keys). A window's
///   presentations each play: they are few, and each is a step the user is meant to see.
/// - Main actor only. The queue holds its owner weakly and its `perform` closure strongly: the
///   closure must not capture the owner strongly.
@MainActor
public final class ChildChangeQueue<Request> {
    /// What happens to requests made while a change runs.
    public enum Policy: Sendable {
        /// Each waits its turn, in order.
        case inOrder
        /// A new request replaces those waiting: the last one asked for wins.
        case latestWins
    }

    /// The container whose children the requests change (`nil` for a window's queue, or once
    /// the container went away).
    public var owner: ViewController? { host?.animationOwner }
    /// The window whose presentations the requests change, for a queue made with
    /// `init(window:policy:perform:)`; `nil` for a container's queue.
    public var window: Window? {
        if case .window(let window)? = host { return window }
        return nil
    }
    /// The container or the window, held weakly: it owns the queue.
    private weak var hostObject: AnyObject?
    /// Whose children or presentations the requests change; `nil` once it went away.
    private var host: TransitionHost? { TransitionHost(hostObject) }
    /// How requests made while a change runs are kept.
    public let policy: Policy
    /// The request whose change is under way, if any.
    public private(set) var running: Request?
    /// The requests waiting for the running change to complete, oldest first.
    public private(set) var waiting: [Request] = []

    /// True while a change is under way.
    public var isBusy: Bool { change != nil }

    private let perform: @MainActor (Request, ChildChange) -> Void
    /// A request without a child someone else took (`nil`: drop it); `nil` when the
    /// container's requests list no current children.
    private let without: (@MainActor (Request, ViewController) -> Request?)?
    private var change: ChildChange?
    private var isDraining = false

    /// A queue for `owner`'s children. `perform` starts the change `request` asks for and calls
    /// `change.complete()` when it has ended (possibly before returning). `owner` counts as
    /// transitioning while a change runs; a controller has at most one queue (precondition).
    ///
    /// `without`, for requests that list the current children (a whole stack, the tabs),
    /// rewrites a request without a child that someone else took meanwhile (or returns `nil`
    /// to drop it): the later move wins, and no request takes the child back.
    public init(
        owner: ViewController, policy: Policy = .inOrder,
        without: (@MainActor (_ request: Request, _ taken: ViewController) -> Request?)? = nil,
        perform: @escaping @MainActor (_ request: Request, _ change: ChildChange) -> Void
    ) {
        precondition(
            owner.transitionState.changes == nil,
            "ChildChangeQueue: \(owner.debugIdentifier) already has a queue of child changes")
        hostObject = owner
        self.policy = policy
        self.without = without
        self.perform = perform
        owner.transitionState.changes = self
    }

    /// A queue for `window`'s modal presentations: `perform` starts the change and completes it
    /// as for a container's queue; the changes have no container (`ChildChange.add` and
    /// `remove` do nothing). While it is busy the window holds back every key and mouse event
    /// (see `Window.isPresentationTransitioning`).
    init(
        window: Window, policy: Policy = .inOrder,
        perform: @escaping @MainActor (_ request: Request, _ change: ChildChange) -> Void
    ) {
        hostObject = window
        self.policy = policy
        without = nil
        self.perform = perform
    }

    /// Runs `request` now if no change is under way, else keeps it for later (see `Policy`).
    public func submit(_ request: Request) {
        switch policy {
        case .inOrder: waiting.append(request)
        case .latestWins: waiting = [request]
        }
        drain()
    }

    /// Called by `removeFromParent()` on the former parent's queue when `child` left it: unless
    /// the running change is removing it as planned (its own `remove`, now completing),
    /// someone else took it (another parent's `addChild`, a window's root, the app's own
    /// `removeFromParent()`), and the requests that list it are rewritten without it (see
    /// `init`'s `without`): the waiting ones, so they do not take it back from its new parent,
    /// and the running one, which the container reports as the state asked for (a push made
    /// now starts from it). The running change itself goes on with the request it was given.
    func childDidLeave(_ child: ViewController) {
        guard let without else { return }
        if let change, change.isComplete, change.removed.contains(where: { $0 === child }) { return }
        waiting = waiting.compactMap { without($0, child) }
        running = running.flatMap { without($0, child) }
    }

    /// Runs waiting requests until one is still under way or none is left; when the queue goes
    /// idle, the owner's window delivers the events it held back.
    private func drain() {
        guard !isDraining else { return }
        isDraining = true
        defer { isDraining = false }
        while change == nil, !waiting.isEmpty, let host {
            let request = waiting.removeFirst()
            let owner = host.animationOwner
            let next = ChildChange(container: owner) { [weak self] finished in self?.changeDidComplete(finished) }
            change = next
            running = request
            // A container's backlog catches up; a window's presentations each play.
            if !waiting.isEmpty, let owner, let window = owner.window {
                window.eventGate.catchingUp { perform(request, next) }
                // It did not play: what it started ends at the next frame; end it now, so a
                // burst does not take a frame per change.
                if change === next { window.finishAnimationsEndingAtNextFrame(ownedBy: owner) }
            } else {
                perform(request, next)
            }
        }
        if change == nil { host?.window?.transitionDidEnd() }
    }

    private func changeDidComplete(_ finished: ChildChange) {
        guard change === finished else { return }
        change = nil
        running = nil
        drain()
    }
}

/// What the base controller needs of its queue, whatever its request type.
@MainActor
protocol ChildChangeTracking: AnyObject {
    var isBusy: Bool { get }
    func childDidLeave(_ child: ViewController)
}

extension ChildChangeQueue: ChildChangeTracking {}
