/// The appearance state a controller keeps: its phase and the `animated` flag of the
/// transition in progress.
struct AppearanceState {
    var phase: AppearancePhase = .initialized
    var animated = false
}

extension ViewController {
    /// The last lifecycle step the controller went through.
    public var appearancePhase: AppearancePhase { appearanceState.phase }

    /// Whether `viewWillAppear` was called without a later `viewWillDisappear`: the view is
    /// on screen or about to be.
    public var isAppearing: Bool { appearanceState.phase.isAppearing }

    // MARK: Driving appearance

    /// Starts an appearance (`isAppearing` true) or disappearance transition, as UIKit's method
    /// of the same name, but made safe:
    /// - appearing when already appearing, or disappearing when not appearing, does nothing
    ///   (UIKit would log "Unbalanced calls" and call the method twice);
    /// - appearing loads the view first;
    /// - a disappearance that interrupts an appearance (or the reverse) is legal: `viewWillAppear`
    ///   then `viewWillDisappear` with no `viewDidAppear` between, as in a cancelled transition;
    /// - the call is forwarded, after the controller's own, to every controller whose root view
    ///   lies in this controller's view tree (children, nested containers), when
    ///   `shouldAutomaticallyForwardAppearanceMethods` is true.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        if isAppearing {
            guard !appearanceState.phase.isAppearing else { return }
            loadViewIfNeeded()
            appearanceState = AppearanceState(phase: .willAppear, animated: animated)
            emit(.viewWillAppear, animated: animated)
            viewWillAppear(animated)
        } else {
            guard appearanceState.phase.isAppearing else { return }
            appearanceState = AppearanceState(phase: .willDisappear, animated: animated)
            emit(.viewWillDisappear, animated: animated)
            viewWillDisappear(animated)
        }
        // A container sizes the children it shows in its own layout (a navigation controller's
        // content area under its bar): run it now, so each child has its final size by its
        // `viewWillAppear`. Only this view's own pass: the children lay out at the frame, after
        // their appearance calls, in UIKit's order.
        if isAppearing, let view = viewIfLoaded { view.layoutOwnSubviewsIfNeeded() }
        forward(during: isAppearing ? .willAppear : .willDisappear) {
            $0.beginAppearanceTransition(isAppearing, animated: animated)
        }
    }

    /// Passes a call on to the controllers shown in the view tree, while this controller stays
    /// in `phase`.
    ///
    /// Hooks may re-enter (a `viewWillDisappear` that shows the window again, one that removes
    /// a sibling), so a list taken before the first call can go stale: forwarding stops once
    /// this controller has left `phase` (whoever changed it has forwarded the new state), and
    /// skips controllers whose views left the tree.
    private func forward(during phase: AppearancePhase, _ call: (ViewController) -> Void) {
        guard shouldAutomaticallyForwardAppearanceMethods, let view = viewIfLoaded else { return }
        for controller in ViewController.controllers(shownIn: view, excluding: self) {
            guard appearanceState.phase == phase else { return }
            guard let shown = controller.viewIfLoaded, shown.isDescendant(of: view) else { continue }
            call(controller)
        }
    }

    /// Completes the transition begun with `beginAppearanceTransition`: `viewDidAppear` after a
    /// `viewWillAppear`, `viewDidDisappear` after a `viewWillDisappear`; nothing otherwise. Then
    /// forwarded, like `beginAppearanceTransition`, to the controllers shown in the view tree
    /// that are in the same transition.
    public func endAppearanceTransition() {
        let animated = appearanceState.animated
        switch appearanceState.phase {
        case .willAppear:
            appearanceState.phase = .didAppear
            emit(.viewDidAppear, animated: animated)
            viewDidAppear(animated)
        case .willDisappear:
            appearanceState.phase = .didDisappear
            emit(.viewDidDisappear, animated: animated)
            viewDidDisappear(animated)
        default:
            return
        }
        // Not only the controllers in the matching will-state: a hook may have cut the begin's
        // forwarding short (see `forward`), and those it did not reach must not keep their old
        // state. Every shown controller is brought in line with this one.
        forward(during: appearanceState.phase) { bringAppearanceInLine($0) }
    }

    /// Brings `controller` (shown in this controller's view, or about to be) in line with this
    /// controller's phase: after `viewDidAppear` it has appeared, after `viewDidDisappear` (or
    /// before any appearance) it has disappeared, during a `viewWill…` it has begun the same
    /// transition (this controller's end will end it). Calls only what is missing, each legal,
    /// with this controller's `animated` flag.
    ///
    /// Automatic forwarding uses it. A container that forwards by hand
    /// (`shouldAutomaticallyForwardAppearanceMethods` false) calls it for each child it shows
    /// from its `viewDidAppear` / `viewDidDisappear` overrides and after adding a child's view:
    /// hooks can re-enter (a child's `viewWillAppear` that hides the window), and this call
    /// repairs whatever a cut-short loop missed, so no child is left in a will-state.
    public func bringAppearanceInLine(_ controller: ViewController) {
        Self.bringAppearance(of: controller, inLineWith: appearanceState.phase, animated: appearanceState.animated)
    }

    /// The one rule behind `bringAppearanceInLine`, for any host: brings `controller` in line
    /// with a host in `phase` (a window that shows it is `.didAppear`, one that does not is
    /// `.didDisappear`; a controller that left every tree is `.didDisappear`), calling only
    /// what is missing, each with `animated`.
    static func bringAppearance(of controller: ViewController, inLineWith phase: AppearancePhase, animated: Bool) {
        switch phase {
        case .willAppear:
            if !controller.isAppearing { controller.beginAppearanceTransition(true, animated: animated) }
        case .didAppear:
            if !controller.isAppearing { controller.beginAppearanceTransition(true, animated: animated) }
            if controller.appearanceState.phase == .willAppear { controller.endAppearanceTransition() }
        case .willDisappear:
            if controller.isAppearing { controller.beginAppearanceTransition(false, animated: animated) }
        case .didDisappear, .initialized, .viewDidLoad, .viewDidUnload:
            if controller.isAppearing { controller.beginAppearanceTransition(false, animated: animated) }
            if controller.appearanceState.phase == .willDisappear { controller.endAppearanceTransition() }
        }
    }

    /// The controllers whose root views are the topmost controller views inside `view`'s tree
    /// (not descending into them: each forwards to its own), in view order.
    static func controllers(shownIn view: View, excluding owner: ViewController?) -> [ViewController] {
        var result: [ViewController] = []
        func visit(_ node: View) {
            for subview in node.subviews {
                if let controller = subview.viewController, controller !== owner {
                    result.append(controller)
                } else {
                    visit(subview)
                }
            }
        }
        visit(view)
        return result
    }

    /// The nearest controller whose root view contains `view` (the view's own controller if it
    /// is a root view).
    static func owningController(of view: View) -> ViewController? {
        var current: View? = view
        while let node = current {
            if let controller = node.viewController { return controller }
            current = node.superview
        }
        return nil
    }

    // MARK: Views entering and leaving a shown tree

    /// Called by `View` after `view` was attached under a new superview. Controllers shown in
    /// the attached subtree appear if the tree they joined is appearing: a UIKit container
    /// that adds a child's view with `addSubview` gets the child's appearance calls for free.
    static func viewDidAttach(_ view: View) {
        guard let superview = view.superview, let host = owningController(of: superview),
            host.appearanceState.phase.isAppearing
        else { return }
        let shown = view.viewController.map { [$0] } ?? controllers(shownIn: view, excluding: nil)
        for controller in shown where !controller.appearanceState.phase.isAppearing {
            // A hook may have hidden the host or moved the view meanwhile (see `forward`).
            guard host.appearanceState.phase.isAppearing, let hostView = host.viewIfLoaded,
                controller.viewIfLoaded?.isDescendant(of: hostView) == true
            else { return }
            controller.beginAppearanceTransition(true, animated: false)
            // If the host is itself still appearing, its `endAppearanceTransition` ends ours.
            if host.appearanceState.phase == .didAppear, controller.appearanceState.phase == .willAppear {
                controller.endAppearanceTransition()
            }
        }
    }

    /// Called by `View` before `view` leaves its superview: controllers shown in the subtree
    /// that are appearing disappear (will before the removal, did after it). Those already
    /// disappearing complete their disappearance after the removal too.
    ///
    /// Controllers already in `willDisappear` are included: a driver forwarding through the
    /// view tree can no longer reach a view that left it (a hook may remove such a child, say
    /// from a sibling's `viewDidDisappear` while the window hides). A container driving the
    /// child by hand (`begin`, remove, `end`) still balances: its own end finds nothing left.
    static func viewWillDetach(_ view: View) -> [ViewController] {
        let shown = view.viewController.map { [$0] } ?? controllers(shownIn: view, excluding: nil)
        let leaving = shown.filter {
            $0.appearanceState.phase.isAppearing || $0.appearanceState.phase == .willDisappear
        }
        for controller in leaving where controller.appearanceState.phase.isAppearing {
            controller.beginAppearanceTransition(false, animated: false)
        }
        return leaving
    }

    /// Completes what `viewWillDetach` began, after the view left: each leaving controller is
    /// settled against where its view is now. In no tree, or under a host that is not
    /// appearing, it has disappeared; under an appearing host (a hook moved it there) it is in
    /// line with that host.
    ///
    /// Every leaving controller is ended, not only those still in `willDisappear`: a
    /// `viewWillDisappear` hook that shows the window again makes the controller appear (its
    /// view is still in the tree then), and the removal that follows must still end it.
    static func viewDidDetach(_ leaving: [ViewController]) {
        for controller in leaving {
            if let superview = controller.viewIfLoaded?.superview, let host = owningController(of: superview),
                host.appearanceState.phase.isAppearing
            {
                host.bringAppearanceInLine(controller)
                continue
            }
            bringAppearance(of: controller, inLineWith: .didDisappear, animated: false)
        }
    }
}
