/// Whose controllers a transition swaps: a container's children (the container runs the
/// animation, so it `isTransitioning`), or a window's presented controllers (the window's
/// queue of presentations holds events back meanwhile; no controller owns the animation).
@MainActor
enum TransitionHost {
    case container(ViewController)
    case window(Window)

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
