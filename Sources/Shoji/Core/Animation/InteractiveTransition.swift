/// A transition the user drives with the pointer, as UIKit's
/// `UIPercentDrivenInteractiveTransition` with its pan gesture: between a press that grabs
/// something (a side menu's pane) and the release, each motion report moves it; at the release
/// its owner finishes or cancels it by where it is and how fast it moved (`velocity`).
///
/// Guarantees:
/// - One at a time per window (`Window.interactiveTransition`): `begin(in:)` ends the one under
///   way first. While it runs, its owner `isTransitioning`, so keys and clicks for the owner
///   wait (or go to its `handleDuringTransition(_:)`), while the drag's own motion and release
///   reports reach the view or controller that took the press at once, never held back: they
///   are what ends it.
/// - The owner ends it (`end()`) at the release and when its view leaves the screen; the window
///   interrupts it (`interrupt()`) when it resizes, on a new press, and once it went still for
///   `abandonmentDelay` with a key typed or waiting, so it never outlives what it moves nor
///   holds what waits for good. `end()` is idempotent; when it ends, what waited is delivered (after any slide the owner
///   starts to finish the motion, which holds it in turn).
/// - Time is the window's main loop clock, so tests drive velocities with a manual clock.
/// - Main actor only; the window holds the transition, which holds its owner and window weakly.
@MainActor
public final class InteractiveTransition {
    /// The controller whose transition this is.
    public private(set) weak var owner: ViewController?
    /// Where the press was, in screen cells.
    public let startPosition: Point
    /// Where the pointer is now, in screen cells.
    public private(set) var position: Point
    /// How far the pointer moved since the press.
    public var translation: Point { position - startPosition }

    private weak var window: Window?
    private var tracker = DragVelocityTracker()
    /// When the last report came (the press, or the latest motion).
    private var lastReportTime = 0.0

    /// Seconds without a motion report after which a key ends the drag (see `isAbandoned`).
    public static let abandonmentDelay = 1.0

    /// Whether the pointer has not moved for `abandonmentDelay` seconds: a key typed now means
    /// the user went back to the keyboard, and the release was lost (let go outside the
    /// terminal, which then reports nothing), so the window interrupts the drag rather than hold
    /// the keys behind it for good.
    public var isAbandoned: Bool { timeUntilAbandoned <= 0 }

    /// Seconds until it `isAbandoned` if no motion report comes (0 once it is).
    public var timeUntilAbandoned: Double { max(0, lastReportTime + Self.abandonmentDelay - now) }

    /// A transition of `owner` grabbed at `position` (screen cells); not running until `begin(in:)`.
    public init(owner: ViewController, at position: Point) {
        self.owner = owner
        startPosition = position
        self.position = position
    }

    /// A transition of `owner` grabbed at `position`, already running in `window`
    /// (`begin(in:)`), whose `onInterruption` is `onInterruption`: how a drag owner starts one
    /// at the pointer's first cell of motion. Capture the owner weakly in `onInterruption`.
    public static func begun(
        owner: ViewController, at position: Point, in window: Window,
        onInterruption: @escaping @MainActor () -> Void
    ) -> InteractiveTransition {
        let transition = InteractiveTransition(owner: owner, at: position)
        transition.onInterruption = onInterruption
        transition.begin(in: window)
        return transition
    }

    /// Whether it is its window's running interactive transition.
    public var isActive: Bool { window?.interactiveTransition === self }

    /// Makes it `window`'s running interactive transition, ending the one under way.
    public func begin(in window: Window) {
        if let running = window.interactiveTransition, running !== self { running.interrupt() }
        self.window = window
        window.interactiveTransition = self
        lastReportTime = now
        tracker.add(position.x, at: now)
    }

    /// Records a motion report at `position` (screen cells).
    public func update(to position: Point) {
        self.position = position
        lastReportTime = now
        tracker.add(position.x, at: now)
    }

    /// Horizontal cells per second over the last motion reports (see `DragVelocityTracker`).
    public var velocity: Double { tracker.velocity(at: now) }

    /// Called when the window cannot go on with the drag (a new press came, so its release was
    /// lost): the owner ends it as a release where the pointer is would. Held strongly: capture
    /// the owner weakly.
    public var onInterruption: (@MainActor () -> Void)?

    /// Ends it through `onInterruption`, and in any case (`end()`): the window's way out of a
    /// drag whose release will not come.
    public func interrupt() {
        onInterruption?()
        end()
    }

    /// Cells per second above which a release finishes the way the pointer moved.
    public static let flingSpeed = 30.0

    /// The release rule every drag of Shoji's uses: whether a transition dragged `position` cells
    /// of `distance` (0 = where it began … `distance` = done, towards higher columns) and
    /// released at `velocity` cells per second ends at `distance`. Faster than `flingSpeed`,
    /// the direction decides; slower, the position (at least half the way).
    public static func releaseFinishes(velocity: Double, position: Int, distance: Int) -> Bool {
        abs(velocity) >= flingSpeed ? velocity > 0 : distance > 0 && position * 2 >= distance
    }

    /// Cells per second of the slide that ends a drag (or any container's slide): its whole
    /// `distance` (at least one cell) in `duration` seconds, or faster when the pointer was
    /// flung faster (`fling`, cells per second either way), so the motion never slows down at
    /// the release. `.infinity` (at once) when not `animated` or for a `duration` of 0 or less.
    /// The one settling rule of the side menu, the interactive pop and the split view.
    public static func slideSpeed(distance: Int, duration: Double, fling: Double = 0, animated: Bool = true) -> Double {
        guard animated, duration > 0 else { return .infinity }
        return max(Double(max(1, distance)) / duration, abs(fling))
    }

    /// Stops it being the window's running transition and lets what waited go on.
    public func end() {
        guard let window, window.interactiveTransition === self else { return }
        window.interactiveTransition = nil
        window.transitionDidEnd()
    }

    private var now: Double { window?.mainLoop?.clock.seconds ?? 0 }
}
