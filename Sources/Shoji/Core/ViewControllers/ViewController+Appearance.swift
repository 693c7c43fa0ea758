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
        guard shouldAutomaticallyForwardAppearanceMethods, let view = viewIfLoaded else { return }
        for controller in ViewController.controllers(shownIn: view, excluding: self) {
            controller.beginAppearanceTransition(isAppearing, animated: animated)
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
        guard shouldAutomaticallyForwardAppearanceMethods, let view = viewIfLoaded else { return }
        let ending: AppearancePhase = appearanceState.phase == .didAppear ? .willAppear : .willDisappear
        for controller in ViewController.controllers(shownIn: view, excluding: self)
        where controller.appearanceState.phase == ending {
            controller.endAppearanceTransition()
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
              host.appearanceState.phase.isAppearing else { return }
        let shown = view.viewController.map { [$0] } ?? controllers(shownIn: view, excluding: nil)
        for controller in shown where !controller.appearanceState.phase.isAppearing {
            controller.beginAppearanceTransition(true, animated: false)
            // If the host is itself still appearing, its `endAppearanceTransition` ends ours.
            if host.appearanceState.phase == .didAppear { controller.endAppearanceTransition() }
        }
    }

    /// Called by `View` before `view` leaves its superview: controllers shown in the subtree
    /// that are appearing disappear (will before the removal, did after it). Controllers
    /// already disappearing are left to whoever drives that transition.
    static func viewWillDetach(_ view: View) -> [ViewController] {
        let shown = view.viewController.map { [$0] } ?? controllers(shownIn: view, excluding: nil)
        let leaving = shown.filter { $0.appearanceState.phase.isAppearing }
        for controller in leaving { controller.beginAppearanceTransition(false, animated: false) }
        return leaving
    }

    /// Completes what `viewWillDetach` began, after the view left.
    static func viewDidDetach(_ leaving: [ViewController]) {
        for controller in leaving { controller.endAppearanceTransition() }
    }
}
