/// A drag of the pointer with the left button, from the press to the release, as UIKit's
/// `UIPanGestureRecognizer`: the one way Shoji's drags (the side menu's pane, the interactive
/// pop, a split's divider) follow the mouse. The owner starts it at a press it wants to follow
/// (`press(at:)`), hands it the motions and the release that reach it (`handle(_:)`), and hears
/// each change of `state` (`onStateChange`) and a press released without a drag (`onTap`).
///
/// Guarantees:
/// - It follows one press: a motion or release after another press came (the window counts
///   presses) is not its own, and a press not yet dragged is then forgotten (its release was
///   lost, outside the terminal).
/// - The drag begins at the first motion the owner accepts (`shouldBegin`): from then it is
///   the window's `InteractiveTransition`, owned by `owner`, so keys and clicks for the owner
///   wait while it runs, and the window ends it (a resize, a new press, a key or held events
///   after it went still for `InteractiveTransition.abandonmentDelay`).
/// - States, each told once, in order: `.began` (the first accepted motion), `.changed` (each
///   later motion), then `.ended` (the release, with `velocity` from the last motions) or
///   `.cancelled` (the window ended it, or `cancel()`; `velocity` is 0), after which it is
///   `.possible` again and follows nothing. `reset()` forgets the press or drag without a state
///   change (the owner took over).
/// - Positions are screen cells; `velocity` is horizontal cells per second.
/// - Main actor only; it holds `owner` weakly and its callbacks strongly: capture the owner
///   weakly in them.
@MainActor
public final class PanGesture {
    /// Where a gesture is.
    public enum State: Sendable {
        /// Following nothing, or a press that has not moved yet (a tap so far).
        case possible
        /// The first motion: the drag began.
        case began
        /// A motion of the drag.
        case changed
        /// Released.
        case ended
        /// Ended by the window or the owner before the release.
        case cancelled
    }

    /// The controller whose transition the drag is.
    public private(set) weak var owner: ViewController?

    /// Where the gesture is now (see the type's states).
    public private(set) var state = State.possible

    /// Where the press was, in screen cells.
    public private(set) var startPosition = Point.zero

    /// Where the pointer is now, in screen cells.
    public private(set) var position = Point.zero

    /// How far the pointer moved since the press.
    public var translation: Point { position - startPosition }

    /// Horizontal cells per second over the last motions (`DragVelocityTracker`); 0 when
    /// cancelled or not dragging.
    public var velocity: Double { interaction?.velocity ?? lastVelocity }

    /// Whether a press is being followed (a tap so far, or a drag).
    public var isFollowing: Bool { press != nil }

    /// Whether the pointer is dragging now (the drag began and has not ended).
    public var isDragging: Bool { interaction?.isActive ?? false }

    /// Whether the motion to a point (screen cells) begins the drag: asked at each motion of
    /// the press until one does. Default: any motion to another cell.
    public var shouldBegin: @MainActor (PanGesture, Point) -> Bool = { gesture, point in
        point != gesture.startPosition
    }

    /// Told each change of `state` (see the type's order).
    public var onStateChange: @MainActor (PanGesture) -> Void = { _ in }

    /// Told when the press is released without having become a drag.
    public var onTap: @MainActor (PanGesture) -> Void = { _ in }

    /// The window's number of the press being followed.
    private var press: Int?
    private weak var window: Window?
    /// The drag, once it began.
    private var interaction: InteractiveTransition?
    /// The velocity at the end: at the release, for the `.ended` callback; 0 when cancelled.
    private var lastVelocity = 0.0

    /// A gesture for drags that are `owner`'s transitions.
    public init(owner: ViewController) {
        self.owner = owner
    }

    /// Starts following the left press at `point` (screen cells) in `window`, forgetting a
    /// press or drag followed before.
    public func press(at point: Point, in window: Window) {
        reset()
        self.window = window
        press = window.pressNumber
        startPosition = point
        position = point
    }

    /// Takes a motion or the release of the followed press (screen cells); returns false for
    /// any other event (a press, a wheel, another press's reports).
    @discardableResult
    public func handle(_ event: MouseEvent) -> Bool {
        guard followsCurrentPress else { return false }
        switch event.kind {
        case .drag(.left):
            move(to: event.position)
            return true
        case .release:
            release(at: event.position)
            return true
        default:
            return false
        }
    }

    /// Ends a drag as the window's interruption would (`.cancelled`, told), or forgets a press
    /// not yet dragged.
    public func cancel() {
        guard let interaction else {
            reset()
            return
        }
        interaction.interrupt()
    }

    /// Forgets the press or drag without telling anyone (the owner took the motion over).
    public func reset() {
        let running = interaction
        press = nil
        interaction = nil
        state = .possible
        running?.onInterruption = nil
        running?.end()
    }

    /// Whether the reports reaching the gesture are its press's: a drag under way is (the
    /// window ended it at any new press); a press not yet dragged only until another press
    /// came (and is forgotten then).
    private var followsCurrentPress: Bool {
        guard let press else { return false }
        if interaction != nil || press == window?.pressNumber { return true }
        reset()
        return false
    }

    private func move(to point: Point) {
        position = point
        if let interaction {
            interaction.update(to: point)
            setState(.changed)
            return
        }
        guard let owner, let window, shouldBegin(self, point) else { return }
        interaction = InteractiveTransition.begun(owner: owner, at: startPosition, in: window) { [weak self] in
            self?.finish(.cancelled)
        }
        interaction?.update(to: point)
        setState(.began)
    }

    private func release(at point: Point) {
        position = point
        guard interaction != nil else {
            press = nil
            onTap(self)
            return
        }
        finish(.ended)
    }

    /// Ends the drag in `final` (`.ended` or `.cancelled`), tells it, and follows nothing.
    private func finish(_ final: State) {
        guard let running = interaction else { return }
        lastVelocity = final == .ended ? running.velocity : 0
        interaction = nil
        press = nil
        running.onInterruption = nil
        running.end()
        setState(final)
        if state == final { state = .possible }
    }

    private func setState(_ new: State) {
        state = new
        onStateChange(self)
    }
}
