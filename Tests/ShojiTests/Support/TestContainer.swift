@testable import Shoji

/// A generic container for lifecycle tests, written the way an app would write one with the
/// public API, in UIKit's containment order.
///
/// - `.stacked` shows every child's view, stacked over the whole container (the last added on
///   top); `.selected` shows only the selected child (the first added, until `select`), like
///   a tab container; the others are children whose views are not in the tree.
/// - With `forwardsAutomatically` (the default) the base class forwards appearance through
///   the view tree; without it the container drives its shown children itself, as a UIKit
///   container that returns false from `shouldAutomaticallyForwardAppearanceMethods`.
@MainActor
final class TestContainer: ViewController {
    enum Mode { case stacked, selected }

    let mode: Mode
    let forwardsAutomatically: Bool
    /// In `.selected` mode, the child whose view is shown (derived from the view tree, so it
    /// stays right when a child is taken away by re-parenting).
    var selectedChild: ViewController? { mode == .selected ? shownChildren.last : nil }

    init(_ mode: Mode = .stacked, forwardsAutomatically: Bool = true) {
        self.mode = mode
        self.forwardsAutomatically = forwardsAutomatically
        super.init()
    }

    override var shouldAutomaticallyForwardAppearanceMethods: Bool { forwardsAutomatically }

    override func loadView() {
        view = View(frame: Rect(x: 0, y: 0, width: 20, height: 10))
    }

    /// The children whose views are in this container's view.
    var shownChildren: [ViewController] {
        guard let view = viewIfLoaded else { return [] }
        return children.filter { $0.viewIfLoaded?.superview === view }
    }

    /// UIKit's order: `addChild`, add the view (if shown), `didMove(toParent:)`.
    func add(_ child: ViewController) {
        addChild(child)
        if mode == .stacked || selectedChild == nil { show(child) }
        child.didMove(toParent: self)
    }

    /// UIKit's order: `willMove(toParent: nil)`, remove the view, `removeFromParent()`. In
    /// `.selected` mode, removing the selected child shows the first remaining one.
    func remove(_ child: ViewController) {
        precondition(child.parent === self)
        child.willMove(toParent: nil)
        hide(child)
        child.removeFromParent()
        if mode == .selected, selectedChild == nil, let next = children.first { show(next) }
    }

    /// Which transition method a swap or selection uses.
    enum Motion: CustomStringConvertible {
        /// UIKit's `transition(from:to:duration:options:animations:completion:)`, no block (it
        /// still lasts its duration).
        case uikit
        /// The styled `transition(from:to:in:style:...)`.
        case styled(TransitionStyle)
        /// `transitionBack(from:to:...)`: the inverse of the outgoing child's style.
        case back

        var description: String {
            switch self {
            case .uikit: return "uikit"
            case .styled(let style): return "styled(\(style))"
            case .back: return "back"
            }
        }
    }

    /// Runs a transition from `old` to `new` with `motion`.
    private func run(
        _ motion: Motion, from old: ViewController, to new: ViewController, duration: Double,
        completion: ((Bool) -> Void)?
    ) {
        switch motion {
        case .uikit: transition(from: old, to: new, duration: duration, animations: nil, completion: completion)
        case .styled(let style):
            transition(from: old, to: new, style: style, duration: duration, completion: completion)
        case .back: transitionBack(from: old, to: new, duration: duration, completion: completion)
        }
    }

    /// Replaces the shown child `old` with the new child `new`, in UIKit's order around a
    /// transition (see `Motion`). `completion` runs when the containment calls are done (at
    /// once, or when the animation ends).
    func swap(
        _ old: ViewController, for new: ViewController, motion: Motion = .uikit, duration: Double = 0,
        completion: (() -> Void)? = nil
    ) {
        precondition(old.parent === self && old.viewIfLoaded?.superview === view)
        old.willMove(toParent: nil)
        addChild(new)
        new.view.frame = view.bounds
        new.view.autoresizingMask = .flexibleSize
        let done: (Bool) -> Void = { [weak self] _ in
            guard let self else { return }
            new.didMove(toParent: self)
            old.removeFromParent()
            completion?()
        }
        // Setting the frame above ends an animation of `new.view` (direct set), which may end
        // an earlier transition whose end removes `old.view`: it was leaving anyway, so the
        // swap completes without a transition.
        guard old.viewIfLoaded?.superview === view else {
            show(new)
            done(false)
            return
        }
        run(motion, from: old, to: new, duration: duration, completion: done)
    }

    /// `.selected` mode: shows `child` (already a child) instead of the selected one, with a
    /// transition as in `swap`. During a transition the selected child is the front-most shown.
    func select(_ child: ViewController, motion: Motion = .uikit, duration: Double = 0) {
        precondition(mode == .selected && child.parent === self)
        guard selectedChild != nil, selectedChild !== child else { return }
        if child.viewIfLoaded?.superview !== view {
            child.view.frame = view.bounds
            child.view.autoresizingMask = .flexibleSize
        }
        // Taken after the frame set above, which may end a transition and so change it.
        guard let current = selectedChild, current !== child else { return }
        run(motion, from: current, to: child, duration: duration, completion: nil)
    }

    private func show(_ child: ViewController) {
        child.view.frame = view.bounds
        child.view.autoresizingMask = .flexibleSize
        let manual = !forwardsAutomatically && isAppearing
        if manual { child.beginAppearanceTransition(true, animated: false) }
        view.addSubview(child.view)
        // Not simply `end`: the child's hook may have hidden this container meanwhile.
        if manual { bringAppearanceInLine(child) }
    }

    private func hide(_ child: ViewController) {
        guard let childView = child.viewIfLoaded, childView.superview != nil else { return }
        let manual = !forwardsAutomatically && child.isAppearing
        if manual { child.beginAppearanceTransition(false, animated: false) }
        childView.removeFromSuperview()
        if manual { child.endAppearanceTransition() }
    }

    // Manual forwarding (only when not forwarding automatically). As the base class does, the
    // loop stops once this container left the phase it forwards: a child's hook may have
    // re-entered (shown or hidden the window), and whoever did has forwarded the new state.
    private func forward(during phase: AppearancePhase, _ call: (ViewController) -> Void) {
        guard !forwardsAutomatically else { return }
        for child in shownChildren {
            guard appearancePhase == phase else { return }
            guard child.viewIfLoaded?.superview === viewIfLoaded else { continue }
            call(child)
        }
    }

    override func viewWillAppear(_ animated: Bool) {
        forward(during: .willAppear) { $0.beginAppearanceTransition(true, animated: animated) }
    }

    override func viewDidAppear(_ animated: Bool) {
        // Brings every shown child in line, also one a cut-short will-loop never reached.
        forward(during: .didAppear) { bringAppearanceInLine($0) }
    }

    override func viewWillDisappear(_ animated: Bool) {
        forward(during: .willDisappear) { $0.beginAppearanceTransition(false, animated: animated) }
    }

    override func viewDidDisappear(_ animated: Bool) {
        forward(during: .didDisappear) { bringAppearanceInLine($0) }
    }
}
