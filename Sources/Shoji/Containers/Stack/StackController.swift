/// A stack of children shown on top of each other, as CoconutKit's `HLSStackController`: push a
/// child with a transition style, pop it with the exact inverse; insert and remove anywhere;
/// children whose views are not opaque let the ones below show; only the top few keep their
/// views loaded.
///
/// Guarantees:
/// - The stack (`viewControllers`, bottom first) is `children` in order (while a change is under
///   way, or waits, the stack as last asked for) and never empty: the root stays; popping it
///   returns `nil`, removing it throws `StackControllerError.cannotRemoveRoot`.
/// - Errors (the containers' one policy): a controller in the wrong place (pushed twice, popped
///   to while not on the stack) stops with a precondition failure; an index from data (insert,
///   remove) is thrown (`StackControllerError`); nothing to do (a pop at the root) returns `nil`
///   or `[]`, as UIKit's `popViewController(animated:)`.
/// - Every change runs through the container's `ChildChangeQueue` (`.inOrder`): requests made
///   while one runs (from a hook, during an animation) wait and then run in the order asked,
///   each with the calls in UIKit's order: removals' `willMove(toParent: nil)` and additions'
///   `addChild` first, then the transition, then additions' `didMove(toParent: self)` and
///   removals' `removeFromParent()`. Meanwhile the container `isTransitioning`: the window holds
///   back its events.
/// - Transitions: a child pushed (or inserted) with a style keeps it (`transitionStyle`); when it
///   leaves the top (pop, pop to, remove), the inverse is played (`transitionBack`), rebuilt from
///   the frames the views have then (a resize in between is fine). Animated exactly when
///   `animated` is true, the container is on screen and animations play; the appearance calls
///   say so.
/// - Shown children (the rule for transparent stacking): the top child, and below it each child
///   for as long as the child above it has a view that is not opaque (`View.isOpaque` false),
///   read when the stack changes. Shown children's views are in the container's view, in stack
///   order, filling it, and they appear with the container; the others' views are out of the
///   tree (they have disappeared). Only the top child is interactive: the focus scope is the
///   top child's, and its view, filling the container, takes every click.
/// - Capacity: after every change only the top `capacity` children (default 2) and the shown
///   ones keep their views loaded: deeper views are released (`viewDidUnload`), and a child
///   that comes back among the top `capacity` loads its view again (`viewDidLoad`) at once.
///   `capacity` ≥ 1. A memory warning releases every view not shown.
/// - A child taken away by someone else mid-transition (moved to another container) is let go:
///   when the change ends, the container shows what its stack then says.
/// - Property forwarding (opt-in): with `forwardsNavigationItem`, a navigation controller shows
///   the top child's title and bar items.
/// - Ownership: the container owns its children; a removed child and its view are released.
/// - Main actor only.
///
/// Differs from UIKit (which has no such container) and from CoconutKit: no delegate; styles are
/// Shoji's `TransitionStyle`s; no keys of its own (an app binds its own).
@MainActor
open class StackController: ViewController {
    /// The capacity of a new stack: the top two children keep their views.
    nonisolated public static let defaultCapacity = 2

    /// How many children from the top keep their views loaded (at least 1; default 2). Applied
    /// at once when no change runs, else when it ends.
    public var capacity = StackController.defaultCapacity {
        didSet {
            capacity = max(1, capacity)
            if !changes.isBusy { applyCapacity() }
        }
    }

    /// The style of a push or insertion that names none (default `.cover(from: .bottom)`: the
    /// new child rises from below over the dimming one; its pop uncovers).
    public var pushStyle: TransitionStyle = .cover(from: .bottom)

    /// How long an animated push or pop takes, in seconds; `nil` (the default): the window's
    /// `transitionDuration`, the app's one motion setting.
    public var transitionDuration: Double?

    /// Property forwarding: when true, a navigation controller shows the top child's title and
    /// navigation item in place of this container's (default false).
    public var forwardsNavigationItem = false {
        didSet { if forwardsNavigationItem != oldValue { forwardedNavigationItemDidChange() } }
    }

    /// A stack asked for: the children bottom first, the style of each one added, and whether
    /// the change animates.
    private struct StackRequest: ChildStackRequest {
        var stack: [ViewController]
        var styles: [ObjectIdentifier: TransitionStyle]
        var animated: Bool
    }

    private lazy var changes = ChildChangeQueue<StackRequest>(
        owner: self, policy: .inOrder, without: { $0.without($1) }
    ) { [unowned self] request, change in
        self.apply(request, in: change)
    }

    /// A stack holding `rootViewController`, which becomes its child at once (`willMove` and
    /// `didMove(toParent:)`); no view is loaded.
    public init(rootViewController: ViewController) {
        super.init()
        changes.submit(StackRequest(stack: [rootViewController], styles: [:], animated: false))
    }

    // MARK: The stack

    /// The children, bottom (the root) first, as asked for: requests still waiting count as
    /// done. Never empty.
    public var viewControllers: [ViewController] {
        changes.waiting.last?.stack ?? changes.running?.stack ?? children
    }

    /// The child on top, as asked for.
    public var topViewController: ViewController? { viewControllers.last }

    /// The root, as asked for.
    public var rootViewController: ViewController? { viewControllers.first }

    /// The children whose views are in the container's view now, bottom first: the top and
    /// those it lets show (see the type's notes), or during a transition the ones it moves.
    public var visibleViewControllers: [ViewController] {
        guard let view = viewIfLoaded else { return [] }
        return children.filter { $0.viewIfLoaded?.superview === view }
    }

    /// Pushes `viewController` on top with `style` (`pushStyle` when nil), animated when
    /// `animated` and on screen. A controller that is another container's child leaves it first.
    /// Pushing a controller that is on the stack already stops with a precondition failure.
    public func pushViewController(
        _ viewController: ViewController, transition style: TransitionStyle? = nil, animated: Bool
    ) {
        let stack = viewControllers
        precondition(
            !stack.contains { $0 === viewController },
            "StackController.pushViewController: \(viewController.debugIdentifier) is already on the stack")
        submit(stack + [viewController], adding: viewController, style: style, animated: animated)
    }

    /// Inserts `viewController` at `index` (0 is the bottom; `count` is a push). It keeps `style`
    /// (`pushStyle` when nil) for its pop; it is shown with it only when it becomes the top.
    /// Throws for an index outside `0...count`; a controller on the stack already stops with a
    /// precondition failure.
    public func insertViewController(
        _ viewController: ViewController, at index: Int, transition style: TransitionStyle? = nil,
        animated: Bool
    ) throws(StackControllerError) {
        var stack = viewControllers
        guard (0...stack.count).contains(index) else { throw .indexOutOfRange(index: index, count: stack.count) }
        precondition(
            !stack.contains { $0 === viewController },
            "StackController.insertViewController: \(viewController.debugIdentifier) is already on the stack")
        stack.insert(viewController, at: index)
        submit(stack, adding: viewController, style: style, animated: animated)
    }

    private func submit(
        _ stack: [ViewController], adding viewController: ViewController, style: TransitionStyle?, animated: Bool
    ) {
        changes.submit(
            StackRequest(
                stack: stack, styles: [ObjectIdentifier(viewController): style ?? pushStyle],
                animated: animated))
    }

    /// Pops the top child with the inverse of the style it was pushed with, and returns it;
    /// `nil` (and changes nothing) when only the root is left, as the navigation controller.
    @discardableResult
    public func popViewController(animated: Bool) -> ViewController? {
        let stack = viewControllers
        guard stack.count > 1 else { return nil }
        changes.submit(StackRequest(stack: Array(stack.dropLast()), styles: [:], animated: animated))
        return stack[stack.count - 1]
    }

    /// Pops every child above `viewController`, in one transition (the top leaves with its
    /// inverse; the others go with it), and returns them bottom first (`[]` when it is the top).
    /// A controller that is not on the stack stops with a precondition failure.
    @discardableResult
    public func popToViewController(_ viewController: ViewController, animated: Bool) -> [ViewController] {
        let stack = viewControllers
        guard let index = stack.firstIndex(where: { $0 === viewController }) else {
            preconditionFailure(
                "StackController.popToViewController: \(viewController.debugIdentifier) is not on the stack")
        }
        let popped = Array(stack[(index + 1)...])
        guard !popped.isEmpty else { return [] }
        changes.submit(StackRequest(stack: Array(stack[...index]), styles: [:], animated: animated))
        return popped
    }

    /// Pops every child above the root (see `popToViewController`); `[]` at the root.
    @discardableResult
    public func popToRootViewController(animated: Bool) -> [ViewController] {
        let stack = viewControllers
        guard stack.count > 1 else { return [] }
        changes.submit(StackRequest(stack: [stack[0]], styles: [:], animated: animated))
        return Array(stack.dropFirst())
    }

    /// Removes the child at `index` and returns it: the top leaves as a pop would; a shown child
    /// below it disappears; a hidden one just goes. Throws for an index outside `0..<count`, or
    /// `cannotRemoveRoot` for the last child left.
    @discardableResult
    public func removeViewController(at index: Int, animated: Bool) throws(StackControllerError)
        -> ViewController
    {
        var stack = viewControllers
        guard stack.indices.contains(index) else { throw .indexOutOfRange(index: index, count: stack.count) }
        guard stack.count > 1 else { throw .cannotRemoveRoot }
        let removed = stack.remove(at: index)
        changes.submit(StackRequest(stack: stack, styles: [:], animated: animated))
        return removed
    }

    // MARK: Changing the children

    /// Changes the children to `request.stack`: containment in `change`, then one transition
    /// for the top (the pushed style, or the inverse of the leaving top's), while the other
    /// children that start or stop being shown join or leave beneath it, all ending together.
    private func apply(_ request: StackRequest, in change: ChildChange) {
        let oldTop = children.last
        let shownBefore = visibleViewControllers
        let (stack, currentIDs) = changeChildStack(to: request.stack, in: change) { child in
            if let style = request.styles[ObjectIdentifier(child)] { child.transitionStyle = style }
        }
        let stackIDs = Set(stack.map(ObjectIdentifier.init))
        let newTop = stack.last
        if oldTop !== newTop, forwardsNavigationItem { forwardedNavigationItemDidChange() }
        guard isViewLoaded, let newTop else {
            change.complete { [weak self] in self?.settle() }
            return
        }

        let shownAfter = shown(in: stack)
        let leaving = shownBefore.filter { old in !shownAfter.contains { $0 === old } }
        let joining = shownAfter.filter { new in !shownBefore.contains { $0 === new } }
        let duration = request.animated && isAppearing ? transitionDuration ?? defaultTransitionDuration : 0
        let animated = window?.animator.plays(duration: duration) ?? false

        // The top's move: back (the inverse of its style) when the old top left and the new one
        // was there before, else forward with the new top's style.
        var top: (from: ViewController?, to: ViewController?, back: Bool)?
        if let oldTop, oldTop !== newTop {
            let wasBelow = currentIDs.contains(ObjectIdentifier(newTop))
            let oldTopLeft = !stackIDs.contains(ObjectIdentifier(oldTop))
            let from = leaving.contains { $0 === oldTop } ? oldTop : nil
            let to = joining.contains { $0 === newTop } ? newTop : nil
            if from != nil || to != nil { top = (from, to, wasBelow && oldTopLeft && from != nil) }
        }

        // The top moves first; the others join (in place, now) or leave (at the end) beneath
        // it. Everything ends when the top's move does (at once when it is not animated).
        let ending = ChangeEnd(change: change) { [weak self] in self?.settle() }
        if let top {
            if let incoming = top.to, incoming.viewIfLoaded?.superview !== view { place(incoming) }
            if top.back, let from = top.from {
                transitionBack(from: from, to: top.to, in: view, duration: duration) { _ in ending.topDidEnd() }
            } else {
                transition(
                    from: top.from, to: top.to, in: view, style: top.to?.transitionStyle ?? .none,
                    duration: duration
                ) { _ in ending.topDidEnd() }
            }
        } else {
            ending.topDidEnd()
        }
        for child in leaving where child !== top?.from {
            ending.others.append(beginTransition(from: child, to: nil, animated: animated))
        }
        for child in joining where child !== top?.to {
            place(child)
            let join = beginTransition(from: nil, to: child, animated: animated)
            join.insertIncoming(in: view, at: insertionIndex(for: child, in: stack))
            ending.others.append(join)
        }
        ending.othersDidBegin()
    }

    /// The children shown for `stack` (bottom first; see the type's notes). Loads their views.
    private func shown(in stack: [ViewController]) -> [ViewController] {
        var result: [ViewController] = []
        for child in stack.reversed() {
            result.insert(child, at: 0)
            if child.view.isOpaque { break }
        }
        return result
    }

    /// Gives `child`'s view the container's bounds, following its size.
    private func place(_ child: ViewController) {
        child.view.fill(view)
    }

    /// Where `child`'s view goes among the container's subviews: above the shown children below
    /// it in `stack`.
    private func insertionIndex(for child: ViewController, in stack: [ViewController]) -> Int {
        let position = stack.firstIndex { $0 === child } ?? stack.count
        let below = stack.prefix(position)
        let last = view.subviews.lastIndex { subview in below.contains { $0.viewIfLoaded === subview } }
        return last.map { $0 + 1 } ?? 0
    }

    /// After a change: the views shown are exactly those the stack says (someone may have taken
    /// a child away meanwhile), then the capacity rule.
    private func settle() {
        reconcile()
        applyCapacity()
    }

    /// Puts the shown children's views in the container's view, in stack order, and takes the
    /// other children's out; appearance follows the view tree.
    private func reconcile() {
        guard isViewLoaded else { return }
        let stack = children
        let shownNow = shown(in: stack)
        for subview in view.subviews {
            guard let owner = subview.viewController, !shownNow.contains(where: { $0 === owner }) else { continue }
            subview.removeFromSuperview()
        }
        for child in shownNow where child.viewIfLoaded?.superview !== view {
            place(child)
            view.insertSubview(child.view, at: insertionIndex(for: child, in: stack))
        }
    }

    /// Releases the views of children below the top `capacity` that are not shown, and loads
    /// those of the top `capacity` that were released.
    private func applyCapacity() {
        guard isViewLoaded else { return }
        let stack = children
        let shownNow = visibleViewControllers
        for child in stack.dropLast(capacity) where !shownNow.contains(where: { $0 === child }) {
            child.unloadViewIfPossible()
        }
        for child in stack.suffix(capacity) { child.loadViewIfNeeded() }
    }

    /// A child taken away between changes (another container adopted it): the stack shows what
    /// it now says. During a change the change itself settles the view when it ends.
    open override func childDidLeave(_ child: ViewController) {
        super.childDidLeave(child)
        guard !changes.isBusy else { return }
        if forwardsNavigationItem { forwardedNavigationItemDidChange() }
        settle()
    }

    // MARK: View

    /// Shows the children the stack says, filling the view.
    open override func viewDidLoad() {
        super.viewDidLoad()
        settle()
    }

    /// The top child's: only the top is interactive.
    open override var focusScope: View { children.last?.focusScope ?? view }

    /// The top child, when forwarding (see `forwardsNavigationItem`).
    open override var childForNavigationItem: ViewController? { forwardsNavigationItem ? children.last : nil }
}

/// The end of one stack change: the top's move and the other children's transitions beneath
/// it end together, once the top's move has ended and the others have begun (a move that is
/// not animated ends before they begin), then the change completes and `settle` runs.
@MainActor
private final class ChangeEnd {
    let change: ChildChange
    let settle: @MainActor () -> Void
    var others: [ChildTransition] = []
    private var topEnded = false
    private var othersBegun = false

    init(change: ChildChange, settle: @escaping @MainActor () -> Void) {
        self.change = change
        self.settle = settle
    }

    func topDidEnd() {
        topEnded = true
        endIfReady()
    }

    func othersDidBegin() {
        othersBegun = true
        endIfReady()
    }

    private func endIfReady() {
        guard topEnded, othersBegun, !change.isComplete else { return }
        for transition in others { transition.end() }
        change.complete(finally: settle)
    }
}
