/// A mouse press a drag owner follows until its release (the side menu's pane, the
/// navigation controller's interactive pop, a split's divider): the window's number of the
/// press and, once the pointer moved, the drag. `Window.follows(_:in:)` says whether a report
/// still belongs to it.
protocol FollowedPress {
    /// The window's number of the press (`Window.pressNumber` when it was sent).
    var press: Int { get }
    /// The drag, once the pointer moved; `nil` while the press is still a tap.
    var interaction: InteractiveTransition? { get }
}

extension Window {
    /// Whether a drag or release report continues `grab`'s press. A press not yet dragged is
    /// forgotten (`grab` becomes `nil`) once another press came: its release was lost, and a
    /// report that reaches its owner by hit-testing now is another gesture's. A drag under way
    /// needs no such check: the window ended it at the new press.
    static func follows<Grab: FollowedPress>(_ grab: inout Grab?, in window: Window?) -> Bool {
        guard let current = grab else { return false }
        if current.interaction != nil || current.press == window?.pressNumber { return true }
        grab = nil
        return false
    }
}
