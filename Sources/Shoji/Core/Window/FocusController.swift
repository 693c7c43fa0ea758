/// A window's focus: which view receives keys first, how Tab moves it within the focus scope,
/// and how it is kept valid as views come and go (see `Window`'s guarantees on focus).
///
/// Guarantees:
/// - The first responder is held weakly, is in the window, can take focus and is interactive
///   whenever it was set through `makeFirstResponder`; `validate()` moves a focus that no
///   longer qualifies (left the window, the scope, or interactivity) to the scope controller's
///   `preferredFocusedView` (asked down its `childForPreferredFocus` chain), else the scope's
///   first focusable view.
/// - Each change of first responder tells the old one, then the new one (`focusDidChange`).
/// - Main actor only; owned by its window, which it holds unowned.
@MainActor
final class FocusController {
    private unowned let window: Window

    /// The view that receives keys first. A change changes the key route.
    private(set) weak var firstResponder: View? {
        didSet { if firstResponder !== oldValue { window.keyRouteMayHaveChanged() } }
    }

    init(window: Window) {
        self.window = window
    }

    /// Makes `view` the first responder if it can take focus, is interactive and is in the
    /// window; `nil` clears the focus. Returns whether focus is now where asked.
    func makeFirstResponder(_ view: View?) -> Bool {
        guard let view else {
            let old = firstResponder
            firstResponder = nil
            old?.focusDidChange()
            return true
        }
        guard view.canBecomeFocused, view.isEffectivelyInteractive, view.window === window else { return false }
        guard view !== firstResponder else { return true }
        let old = firstResponder
        firstResponder = view
        old?.focusDidChange()
        view.focusDidChange()
        return true
    }

    /// The focusable views of the focus scope, in view order (depth first, back to front).
    var focusableViews: [View] {
        guard let scope = window.focusScope else { return [] }
        var result: [View] = []
        func visit(_ view: View) {
            guard !view.isHidden, view.isUserInteractionEnabled else { return }
            if view.canBecomeFocused { result.append(view) }
            for subview in view.subviews { visit(subview) }
        }
        visit(scope)
        return result
    }

    /// Moves focus to the next (or previous) focusable view of the scope, wrapping around.
    func moveFocus(forward: Bool) {
        let candidates = focusableViews
        guard !candidates.isEmpty else { return }
        let current = candidates.firstIndex { $0 === firstResponder }
        let next: Int
        if let current {
            next = (current + (forward ? 1 : candidates.count - 1)) % candidates.count
        } else {
            next = forward ? 0 : candidates.count - 1
        }
        _ = makeFirstResponder(candidates[next])
    }

    /// Keeps the focus inside the scope (see the type's guarantees).
    func validate() {
        if let current = firstResponder, current.canBecomeFocused, let scope = window.focusScope,
            canKeepFocus(current, in: scope)
        {
            return
        }
        let old = firstResponder
        let scope = window.focusScope
        let preferred = scope.flatMap { ViewController.owningController(of: $0)?.resolvedPreferredFocusedView }
        if let preferred, let scope, preferred.canBecomeFocused, canKeepFocus(preferred, in: scope) {
            firstResponder = preferred
        } else {
            firstResponder = focusableViews.first
        }
        if old !== firstResponder {
            old?.focusDidChange()
            firstResponder?.focusDidChange()
        }
    }

    /// Whether `view` is in the window, inside `scope` and interactive (it and every superview
    /// shown and taking events): one walk up, since this runs for every key.
    private func canKeepFocus(_ view: View, in scope: View) -> Bool {
        var current = view
        var isInScope = false
        while true {
            if current.isHidden || !current.isUserInteractionEnabled { return false }
            if current === scope { isInScope = true }
            guard let parent = current.superview else { return isInScope && current.hostingWindow === window }
            current = parent
        }
    }

    /// A view is leaving the window: a first responder inside it loses the focus (told at once).
    func viewWillLeaveWindow(_ view: View) {
        if let current = firstResponder, current.isDescendant(of: view) {
            firstResponder = nil
            current.focusDidChange()
        }
    }
}
