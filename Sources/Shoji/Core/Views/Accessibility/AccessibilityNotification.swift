/// Something an app tells assistive technology, as UIKit's `UIAccessibility.Notification`
/// posted with `UIAccessibility.post(notification:argument:)`: here `Window.post(_:)`.
///
/// Guarantees: every notification is recorded in the window's `accessibilityAnnouncements` in
/// the order posted; in the screen-reader mode (`Window.isScreenReaderModeOn`) what it says is
/// written to the status row in the next frame, after the announcements posted before it.
@MainActor
public enum AccessibilityNotification {
    /// Says `text` (a task finished, a message arrived) without moving the focus.
    case announcement(String)
    /// A new screen took the place of the old (a pushed controller, a presented sheet): focus
    /// moves to the view given (when it can take focus), and the next frame says the focused
    /// element with every group around it, outermost first, as if focus had just arrived there.
    case screenChanged(View?)
    /// Part of the screen changed (rows appeared, a panel opened): focus moves to the view
    /// given (when it can take focus), and the next frame says the focused element again.
    case layoutChanged(View?)
}
