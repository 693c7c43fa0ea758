/// A controller that can hand its place over to another controller laid out for a different
/// size class: CoconutKit's orientation cloner, for terminal widths. A
/// `PlaceholderViewController` asks the child it shows whenever the size class of its
/// placeholder changes (a resize across the boundary) and before it first shows the child, and
/// swaps to the controller returned, with a cross-fade when on screen.
///
/// The clone usually shares the original's model and offers the original (or a new one) back
/// for the other class. The placeholder owns whichever is shown; the one replaced is removed
/// and freed unless the app keeps it.
@MainActor
public protocol SizeClassCloning: AnyObject {
    /// The controller to show in place of this one in an area of `sizeClass`; `nil` or the
    /// controller itself keeps this one. Called on the main actor, possibly several times for
    /// the same class: return the same answer each time (a new clone each call is fine too).
    func clone(for sizeClass: SizeClass) -> ViewController?
}
