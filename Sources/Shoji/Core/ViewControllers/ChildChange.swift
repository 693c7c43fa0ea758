/// One change of a container's children, from the request that started it to its end: the
/// containment calls in UIKit's order around whatever transition the container plays.
///
/// A `ChildChangeQueue` hands one to the container for each request it runs. The container
/// calls `add(_:)` for each child that joins and `remove(_:)` for each that leaves (the
/// will-calls happen now), swaps the views (`transition(from:to:…)`, or a `ChildTransition` of
/// its own), and calls `complete()` when that has ended (the did-calls happen then, and the
/// queue runs the next request).
///
/// Guarantees:
/// - UIKit's order: `add` calls `addChild` (the child's `willMove(toParent:)`) at once, and
///   `didMove(toParent:)` at `complete()`; `remove` calls `willMove(toParent: nil)` at once,
///   and `removeFromParent()` (which takes the view out if it is still in the container's tree)
///   at `complete()`. At `complete()` the added children move in first, then the removed ones
///   leave, each in the order given.
/// - A child that someone else took away meanwhile (re-parenting, a window's root) is left
///   alone at `complete()`.
/// - `complete()` acts once; later calls do nothing. Until it is called the container
///   `isTransitioning` (the window holds back events for it) and later requests wait.
/// - A window's change of presentations (see `ChildChangeQueue`) has no container: `add` and
///   `remove` do nothing, `complete()` runs `finally` and the next request.
/// - A change keeps its container alive until it completes (as UIKit's transitions keep
///   theirs), so a container whose last owner lets go mid-animation (a tab removed during its
///   push) still makes its did-calls when the animation ends; a window that goes away cancels
///   its animations, so every change completes.
@MainActor
public final class ChildChange {
    /// The container whose children change.
    public private(set) weak var container: ViewController?
    /// The children added by this change, in order.
    public private(set) var added: [ViewController] = []
    /// The children removed by this change, in order.
    public private(set) var removed: [ViewController] = []
    /// True once `complete()` ran.
    public private(set) var isComplete = false
    private let didComplete: @MainActor (ChildChange) -> Void
    /// The container, held until `complete()` (see the type's notes).
    private var retainedContainer: ViewController?

    init(container: ViewController?, didComplete: @escaping @MainActor (ChildChange) -> Void) {
        self.container = container
        retainedContainer = container
        self.didComplete = didComplete
    }

    /// Makes `child` a child of the container now (`addChild`, so `willMove(toParent:)`);
    /// `didMove(toParent:)` follows at `complete()`. The caller puts its view in place.
    public func add(_ child: ViewController) {
        guard let container, !isComplete else { return }
        container.addChild(child)
        added.append(child)
    }

    /// Starts removing `child` (`willMove(toParent: nil)` now); it leaves the container
    /// (`removeFromParent()`) at `complete()`. Not a child of the container: nothing happens.
    public func remove(_ child: ViewController) {
        guard let container, !isComplete, child.parent === container else { return }
        child.willMove(toParent: nil)
        removed.append(child)
    }

    /// Ends the change: each added child that is still the container's gets
    /// `didMove(toParent:)`, then each removed one still there is removed from the container,
    /// then `finally` runs (the container's own wrap-up: focus, its delegate), and then the
    /// queue that started the change runs the next request, if any.
    public func complete(finally: (() -> Void)? = nil) {
        guard !isComplete else { return }
        isComplete = true
        if let container {
            for child in added where child.parent === container { child.didMove(toParent: container) }
            for child in removed where child.parent === container { child.removeFromParent() }
        }
        finally?()
        didComplete(self)
        retainedContainer = nil
    }
}
