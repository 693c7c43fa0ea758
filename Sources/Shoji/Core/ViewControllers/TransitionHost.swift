/// Whose controllers a transition or a `ChildChangeQueue` changes: a container's children (the
/// container runs the animation, so it `isTransitioning`), or a window's presented controllers
/// (the window's queue of presentations holds events back meanwhile; no controller owns the
/// animation). The one way both say whom they serve.
@MainActor
enum TransitionHost {
    case container(ViewController)
    case window(Window)

    /// The host `object` is (a container or a window), or `nil` for anything else or `nil`:
    /// how a holder that keeps its host weakly gets it back.
    init?(_ object: AnyObject?) {
        if let container = object as? ViewController {
            self = .container(container)
        } else if let window = object as? Window {
            self = .window(window)
        } else {
            return nil
        }
    }

    /// The window whose events wait while the host changes: the container's, or the window.
    var window: Window? {
        switch self {
        case .container(let container): return container.window
        case .window(let window): return window
        }
    }

    /// Begins the `ChildTransition` between `from` and `to` for this host.
    func beginTransition(from: ViewController?, to: ViewController?, animated: Bool) -> ChildTransition {
        switch self {
        case .container(let container): return container.beginTransition(from: from, to: to, animated: animated)
        case .window(let window): return ChildTransition(window: window, from: from, to: to, animated: animated)
        }
    }

    /// The controller that runs the animation as its transition, if any.
    var animationOwner: ViewController? {
        if case .container(let container) = self { return container }
        return nil
    }
}
