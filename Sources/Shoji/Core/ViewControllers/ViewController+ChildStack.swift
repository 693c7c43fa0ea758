extension ViewController {
    /// Makes this controller's children the stack `target`, bottom first, inside `change`: the
    /// stack logic every stack-shaped container shares (the navigation controller, the stack
    /// controller).
    ///
    /// - Children not in `target` leave (`change.remove`: `willMove(toParent: nil)` now,
    ///   `removeFromParent()` when the change completes); controllers new to it join
    ///   (`change.add`, then `joined` is called for each, in stack order).
    /// - The children's order becomes the leaving ones first, then the stack, so the last child
    ///   is the new top throughout the change. A hook may have taken a controller away
    ///   meanwhile: only those still children are listed.
    /// - Linear in the stack's depth (sets of identities): a deep stack does not cost its depth
    ///   squared per change.
    ///
    /// Returns the stack as it now is (`target` less what hooks took away) and the identities
    /// of the children before the change (to tell a pop from a push).
    func changeChildStack(
        to target: [ViewController], in change: ChildChange, joined: (ViewController) -> Void = { _ in }
    ) -> (stack: [ViewController], previous: Set<ObjectIdentifier>) {
        let current = children
        let targetIDs = Set(target.map(ObjectIdentifier.init))
        let previous = Set(current.map(ObjectIdentifier.init))
        for child in current where !targetIDs.contains(ObjectIdentifier(child)) { change.remove(child) }
        for child in target where !previous.contains(ObjectIdentifier(child)) {
            change.add(child)
            joined(child)
        }
        let stack = target.filter { $0.parent === self }
        let stackIDs = Set(stack.map(ObjectIdentifier.init))
        childControllers = childControllers.filter { !stackIDs.contains(ObjectIdentifier($0)) } + stack
        return (stack, previous)
    }
}

/// A request for a whole stack of children, bottom first (the navigation controller's, the
/// stack controller's): what their queues share.
protocol ChildStackRequest {
    var stack: [ViewController] { get set }
}

extension ChildStackRequest {
    /// This request without `taken`, a child someone else took while it waited (see
    /// `ChildChangeQueue.init`'s `without`); `nil` when nothing would be left: a stack is never
    /// empty, so the request is dropped.
    func without(_ taken: ViewController) -> Self? {
        var revised = self
        revised.stack.removeAll { $0 === taken }
        return revised.stack.isEmpty ? nil : revised
    }
}
