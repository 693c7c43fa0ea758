/// The window's side of modal presentation (see `ViewController+Presentation` for the
/// guarantees): a stack of `Presentation`s, each a layer above the root controller's view,
/// changed one request at a time by the window's `ChildChangeQueue`, with the views swapped by
/// the shared transition engine (`ChildTransition`, the styled transitions).
extension Window {
    /// The presented controllers, bottom first (also those being presented or dismissed).
    public var presentedViewControllers: [ViewController] { presentations.map(\.controller) }

    /// The controller a new presentation goes over: the last of the root view controller's
    /// chain of presented controllers (one may be leaving), or the root itself when nothing is
    /// presented; nil without a root. Only the topmost layer presents (see `present`).
    public var topmostViewController: ViewController? {
        guard var top = rootViewController else { return nil }
        while let presented = top.presentedViewController { top = presented }
        return top
    }

    /// True while a presentation or dismissal runs or waits: the window holds back every key
    /// and mouse event meanwhile, and delivers them once it is over.
    public var isPresentationTransitioning: Bool { presentationChanges.isBusy }

    /// The style `controller` is presented with in this window (its `modalPresentationStyle`
    /// when its presentation started), or `nil` when it is not presented here.
    public func presentationStyle(of controller: ViewController) -> ModalPresentationStyle? {
        presentations.first { $0.controller === controller }?.style
    }

    /// Whether the root controller's view is out of the window, under a full-screen
    /// presentation.
    public var isRootCovered: Bool { presentations.contains { $0.coversBelow } }

    func submitPresentation(_ request: PresentationRequest) {
        presentationChanges.submit(request)
    }

    /// The controllers whose root views are shown in the window, bottom first: the root's (if
    /// not covered) and each presented controller's that is not covered.
    var shownControllers: [ViewController] { ViewController.controllers(shownIn: contentView, excluding: nil) }

    /// Brings a controller shown directly in the window (the root, a presented one) in line
    /// with the window: appeared when it is visible, disappeared when not.
    func bringAppearanceInLine(_ controller: ViewController) {
        ViewController.bringAppearance(
            of: controller, inLineWith: isVisible ? .didAppear : .didDisappear, animated: false)
    }

    /// Which layer `controller` belongs to: 0 for the root's tree, `n` for the tree of the
    /// `n`th presented controller; `nil` for a controller in neither.
    func layer(of controller: ViewController) -> Int? {
        var top = controller
        while let parent = top.parent { top = parent }
        if top === rootViewController { return 0 }
        if let presentation = top.presentationState.presentation,
            let index = presentations.firstIndex(where: { $0 === presentation })
        {
            return index + 1
        }
        return nil
    }

    /// How long a presentation transition takes and whether it animates.
    private func motion(animated: Bool, style: TransitionStyle) -> (duration: Double, animated: Bool) {
        let duration = animated && isVisible && style != .none ? transitionDuration : 0
        return (duration, animator.plays(duration: duration))
    }

    // MARK: Running requests

    func perform(_ request: PresentationRequest, in change: ChildChange) {
        switch request {
        case let .present(controller, presenter, animated, completion):
            if controller.presentationState.pendingWindow === self { controller.presentationState.pendingWindow = nil }
            guard canPresent(controller, from: presenter) else {
                change.complete()
                return
            }
            present(controller, from: presenter, animated: animated) { change.complete(finally: completion) }
        case let .dismiss(requester, animated, completion):
            guard let index = dismissalIndex(for: requester) else {
                change.complete(finally: completion)
                return
            }
            dismiss(from: index, animated: animated) { change.complete(finally: completion) }
        }
    }

    /// Whether `presenter` may present `controller` now (see the guarantees).
    private func canPresent(_ controller: ViewController, from presenter: ViewController) -> Bool {
        guard layer(of: presenter) == presentations.count, presenter.presentationState.presenting == nil,
            controller !== rootViewController,
            controller.presentationState.presentation == nil, !presenter.isDescendant(of: controller)
        else { return false }
        func presents(_ node: ViewController) -> Bool {
            node.presentationState.presenting != nil || node.children.contains(where: presents)
        }
        return !presents(controller)
    }

    /// The index of the lowest presentation `requester.dismiss` takes away, if any.
    private func dismissalIndex(for requester: ViewController) -> Int? {
        if let presenting = requester.presentationState.presenting,
            let index = presentations.firstIndex(where: { $0 === presenting })
        {
            return index
        }
        var top = requester
        while let parent = top.parent { top = parent }
        guard let presentation = top.presentationState.presentation else { return nil }
        return presentations.firstIndex { $0 === presentation }
    }

    // MARK: Presenting

    private func present(
        _ controller: ViewController, from presenter: ViewController, animated: Bool,
        done: @escaping @MainActor () -> Void
    ) {
        controller.parent?.detachChild(controller)
        let presentation = Presentation(
            controller: controller, presenter: presenter, window: self,
            focusToRestore: firstResponder)
        controller.presentationState.presentation = presentation
        presenter.presentationState.presenting = presentation
        controller.transitionStyle = controller.modalTransitionStyle
        let (duration, animates) = motion(animated: animated, style: controller.transitionStyle)

        let layer = presentation.layer
        layer.fill(contentView)
        layer.layoutIfNeeded()
        contentView.addSubview(layer)
        // What a full-screen presentation covers leaves the window when it is shown.
        let covered = presentation.style == .fullScreen ? shownControllers : []
        presentations.append(presentation)
        let covering = covered.map { ChildTransition(window: self, from: $0, to: nil, animated: animates) }

        let view = controller.view
        view.frame = layer.restingFrame(for: controller)
        view.autoresizingMask = Self.restingMask(for: presentation.style)
        let animation = ViewController.runStyledTransition(
            host: .window(self), from: nil, to: controller, in: layer, style: controller.transitionStyle,
            duration: duration, curve: .easeInOut,
            alongside: { layer.dimmingView.alpha = layer.dimmedAlpha }
        ) { [weak self, weak presentation] _ in
            for swap in covering { swap.end() }
            if let self, let presentation, self.presentations.contains(where: { $0 === presentation }) {
                presentation.phase = .presented
                if presentation.style == .fullScreen {
                    presentation.coversBelow = true
                    // What came in under it meanwhile (a new root) leaves too.
                    for controller in self.shownControllers where controller !== presentation.controller {
                        ChildTransition(window: self, from: controller, to: nil, animated: false).end()
                    }
                    for below in self.presentations.prefix(while: { $0 !== presentation }) {
                        below.layer.isHidden = true
                    }
                }
                presentation.layer.setNeedsLayout()
            }
            done()
        }
        track(animation)
        validateFocus()
    }

    /// Keeps `animation` as the running presentation transition's (see `presentationAnimation`),
    /// unless it already ended (and another may have started from its completion).
    private func track(_ animation: Animation) {
        if animation.isRunning { presentationAnimation = animation }
    }

    /// How a presented view follows resizes while a transition moves it: a sheet keeps its
    /// place (margins flexible; the layer's layout places it exactly once the transition ends).
    private static func restingMask(for style: ModalPresentationStyle) -> AutoresizingMask {
        switch style {
        case .fullScreen: return .flexibleSize
        case .formSheet: return [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin]
        case .bottomSheet: return [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin]
        // Anchored to a fixed point: it stays there, and the layer clamps it once it can.
        case .popover: return []
        }
    }

    // MARK: Dismissing

    private func dismiss(from index: Int, animated: Bool, done: @escaping @MainActor () -> Void) {
        let leaving = Array(presentations[index...])
        let top = leaving[leaving.count - 1]
        let (duration, animates) = motion(animated: animated, style: top.controller.transitionStyle.inverse)
        for presentation in leaving {
            presentation.phase = .dismissing
            presentation.coversBelow = false
        }
        // UIKit's rule: only the topmost leaves with an animation; those between go at once.
        for presentation in leaving.dropLast().reversed() {
            ChildTransition(window: self, from: presentation.controller, to: nil, animated: false).end()
            presentation.layer.removeFromSuperview()
        }
        // What the leaving presentations covered comes back under the topmost as it leaves.
        let revealing = reveal(below: index, animated: animates)

        let layer = top.layer
        let topView = top.controller.viewIfLoaded
        let outgoing = topView?.superview === layer ? top.controller : nil
        let animation = ViewController.runStyledTransition(
            host: .window(self), from: outgoing, to: nil, in: layer, style: top.controller.transitionStyle.inverse,
            duration: duration, curve: .easeInOut, alongside: { layer.dimmingView.alpha = 0 }
        ) { [weak self] _ in
            for swap in revealing { swap.end() }
            self?.finishDismissal(of: leaving)
            done()
        }
        track(animation)
    }

    /// Puts back in the window what the presentations from `index` up covered: the root's
    /// view and the presentations under them down to the nearest full-screen one, each
    /// appearing (its transition ends when the dismissal does).
    private func reveal(below index: Int, animated: Bool) -> [ChildTransition] {
        let remaining = presentations[..<index]
        let lowestShown = remaining.lastIndex { $0.style == .fullScreen }
        var revealing: [ChildTransition] = []
        if lowestShown == nil, let root = rootViewController, root.viewIfLoaded?.superview !== contentView {
            // Sized before it begins to appear: it missed the resizes while out of the window.
            root.view.fill(contentView)
            let swap = ChildTransition(window: self, from: nil, to: root, animated: animated)
            // A hook of its `viewWillAppear` may have replaced the root (whose view then came in).
            if root === rootViewController { swap.insertIncoming(in: contentView, at: 0) }
            revealing.append(swap)
        }
        for presentation in remaining[(lowestShown ?? remaining.startIndex)...] {
            let layer = presentation.layer
            layer.isHidden = false
            let controller = presentation.controller
            guard controller.viewIfLoaded?.superview !== layer else { continue }
            controller.view.frame = layer.restingFrame(for: controller)
            controller.view.autoresizingMask = Self.restingMask(for: presentation.style)
            let swap = ChildTransition(window: self, from: nil, to: controller, animated: animated)
            swap.insertIncoming(in: layer)
            revealing.append(swap)
        }
        return revealing
    }

    /// Takes the dismissed presentations off the stack (their controllers are then no longer
    /// presented) and gives the focus back to what had it before the lowest was presented.
    private func finishDismissal(of leaving: [Presentation]) {
        for presentation in leaving {
            presentation.layer.removeFromSuperview()
            presentation.endLinks()
        }
        presentations.removeAll { presentation in leaving.contains { $0 === presentation } }
        if let previous = leaving.first?.focusToRestore, let scope = focusScope, previous.window === self,
            previous.isDescendant(of: scope), previous.canBecomeFocused, previous.isEffectivelyInteractive
        {
            makeFirstResponder(previous)
        } else {
            validateFocus()
        }
    }
}
