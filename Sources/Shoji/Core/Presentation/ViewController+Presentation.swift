/// Modal presentation, as UIKit's: any controller can present another over the window's
/// content, and dismiss it.
///
/// Guarantees:
/// - A presented controller is not a child: it has no parent, its presenter does not list it
///   in `children`, and the window owns it while it is presented. Its view shows in a layer of
///   the window above the root controller's view (and above earlier presentations); keys go to
///   the topmost presentation's `focusScope` and clicks outside it go nowhere, until it is
///   dismissed (an unhandled key ends at the window, never at the covered controllers).
/// - Appearance, as UIKit's: the presented controller appears (`viewWillAppear` when its
///   transition starts, `viewDidAppear` when it ends, with `animated` true exactly when it
///   animates) and disappears the same way at its dismissal. A `.fullScreen` presentation
///   makes everything under it disappear (its views leave the window when the transition
///   ends) and appear again when it is dismissed; a sheet leaves them shown, dimmed.
/// - Presentations and dismissals run one at a time, in the order asked for (the window's
///   `ChildChangeQueue`): one asked for while another animates (or from a lifecycle hook of
///   one) waits for it. The window holds back key and mouse events meanwhile and delivers
///   them, in order, to whatever is on top afterwards.
/// - Only the topmost layer presents: a `present` from a controller under a presentation (or
///   outside the window) is ignored when it comes to run, as UIKit ignores a controller that
///   is already presenting; so is presenting the window's root, a controller already
///   presented, the presenter itself or one of its ancestors, or a controller whose tree
///   presents something. A presented controller that is another controller's child leaves
///   that parent first (full removal sequence), as `addChild` does.
/// - Escape, when nothing in the presented hierarchy handles it, dismisses the topmost
///   presented controller unless it `isModalInPresentation`.
/// - Main actor only.
extension ViewController {
    /// The controller this one presented, while it is presented (also during its presentation
    /// and dismissal transitions), as UIKit's. `nil` when it presents nothing.
    public var presentedViewController: ViewController? { presentationState.presenting?.controller }

    /// The controller that presented this one, or, when this one is inside a presented
    /// controller (a child at any depth), the presenter of that presented ancestor, as UIKit's.
    /// `nil` when neither is presented (or the presenter went away).
    public var presentingViewController: ViewController? {
        var current: ViewController? = self
        while let controller = current {
            if let presentation = controller.presentationState.presentation { return presentation.presenter }
            current = controller.parent
        }
        return nil
    }

    /// True from the start of this controller's presentation until its transition ends, as
    /// UIKit's.
    public var isBeingPresented: Bool { presentationState.presentation?.phase == .presenting }

    /// True from the start of this controller's dismissal until it is no longer presented, as
    /// UIKit's.
    public var isBeingDismissed: Bool { presentationState.presentation?.phase == .dismissing }

    /// Presents `viewController` modally over this controller's window, as UIKit's method of
    /// the same name: in its `modalPresentationStyle`, coming in with its
    /// `modalTransitionStyle` over the window's `transitionDuration` when `animated` (and the
    /// window is visible). `completion` runs after its `viewDidAppear`. Waits for a
    /// presentation or dismissal under way; ignored (and `completion` not called) when the
    /// request cannot be carried out when it runs (see the extension's notes), or when this
    /// controller is in no window.
    public func present(_ viewController: ViewController, animated: Bool, completion: (() -> Void)? = nil) {
        guard let window = presentationWindow else { return }
        viewController.presentationState.pendingWindow = window
        window.submitPresentation(.present(viewController, presenter: self, animated: animated, completion: completion))
    }

    /// Dismisses a presented controller, as UIKit's method of the same name: the one this
    /// controller presented, or else the presented controller this one is (or is inside), with
    /// every presentation above it. The topmost leaves with the inverse of the style it came
    /// in with (over the window's `transitionDuration` when `animated`); those between leave
    /// at once. `completion` runs after the last `viewDidDisappear`, or at once when there is
    /// nothing to dismiss. Waits for a presentation or dismissal under way.
    public func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        guard let window = presentationWindow else {
            completion?()
            return
        }
        window.submitPresentation(.dismiss(self, animated: animated, completion: completion))
    }

    /// The window this controller presents in, or is presented in: where its view is, else
    /// where the presentation it takes part in is (a controller covered by a full-screen
    /// presentation is out of the window), else where a `present` of it waits.
    var presentationWindow: Window? {
        if let window = viewIfLoaded?.window { return window }
        var top = self
        while let parent = top.parent { top = parent }
        for state in [presentationState, top.presentationState] {
            if let window = state.presentation?.window ?? state.presenting?.window ?? state.pendingWindow {
                return window
            }
        }
        return nil
    }
}
