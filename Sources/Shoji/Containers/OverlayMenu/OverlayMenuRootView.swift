/// An overlay menu controller's root view: it can take the focus while no view inside it can
/// (a child with no controls, the overlay hidden), so the container's keys (the toggle) still
/// start their walk inside it when it sits in a container whose focus scope is wider than its
/// child, such as a navigation controller's, rather than at a bar button next to it. While
/// something inside can be focused, the focus goes there instead.
@MainActor
final class OverlayMenuRootView: View {
    override var canBecomeFocused: Bool { !Self.containsFocusable(below: self) }

    /// Focused only when nothing inside can be: then it is what a screen reader finds.
    override var defaultAccessibility: AccessibilityDescription {
        AccessibilityDescription(label: "overlay menu", isElement: canBecomeFocused)
    }

    private static func containsFocusable(below view: View) -> Bool {
        view.subviews.contains { subview in
            !subview.isHidden && subview.isUserInteractionEnabled
                && (subview.canBecomeFocused || containsFocusable(below: subview))
        }
    }
}
