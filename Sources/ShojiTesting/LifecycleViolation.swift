/// One broken lifecycle rule, as `LifecycleChecker` reports it: what kind, which controller,
/// and a sentence a person can act on.
public struct LifecycleViolation: Hashable, Sendable, CustomStringConvertible {
    /// The rule that was broken. Log rules first, then tree rules.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        // The log, per controller.
        /// `viewDidLoad` a second time.
        case viewDidLoadRepeated
        /// An appearance or layout call before `viewDidLoad`.
        case eventBeforeViewDidLoad
        /// `viewDidUnload` while the view was not loaded, or while on screen (appearing,
        /// shown or disappearing).
        case illegalUnload
        /// An appearance call not allowed in the current state (e.g. `viewWillAppear` twice,
        /// `viewDidAppear` without `viewWillAppear`).
        case illegalAppearanceOrder
        /// A `viewDid…` whose `animated` differs from its `viewWill…`.
        case animatedMismatch
        /// Settled, yet left after `viewWillAppear` or `viewWillDisappear`.
        case unsettledAppearance
        /// `didMove(toParent: P)` without a `willMove(toParent: P)` just before it.
        case didMoveWithoutWillMove
        /// `willMove(toParent:)` again before the previous one got its `didMove`.
        case overlappingMove
        /// `willMove(toParent: P)` for a new parent while still the child of another (no
        /// `willMove(toParent: nil)` … `didMove(toParent: nil)` between).
        case movedWithoutRemoval
        /// Settled, yet a `willMove(toParent:)` never got its `didMove(toParent:)`.
        case unfinishedMove

        // The live tree.
        /// A child whose `parent` is not the controller that lists it.
        case parentMismatch
        /// A controller listed as a child twice, or under two parents.
        case duplicateChild
        /// A child's root view is in a superview but not inside its parent's view.
        case childViewOutsideParent
        /// A controller's root view is in the window but the controller is not in the root's
        /// tree of children.
        case viewWithoutContainment
        /// The window's root has a parent, or its view is not the window's content.
        case rootMisplaced
        /// Settled and `didAppear`, but its view is not in a visible window.
        case appearedOffscreen
        /// Settled, its view in a visible window, but not `didAppear`.
        case shownWithoutAppearing
        /// `didAppear` while an ancestor is not.
        case ancestorNotAppeared
        /// The controller's `appearancePhase` disagrees with what its log says.
        case phaseDisagreesWithLog
        /// A presented controller has a parent or is the root, its presenter does not name it
        /// as `presentedViewController`, or (settled) its view is in the window while a
        /// full-screen presentation covers it, or out of the window while none does.
        case presentationMismatch
    }

    /// The rule broken.
    public let kind: Kind
    /// The `debugIdentifier` of the controller concerned.
    public let controllerID: String
    /// What happened, e.g. `viewWillAppear(false) while already after viewDidAppear(false)
    /// (event 12)`.
    public let message: String

    /// A violation of `kind` by the controller `controllerID`, described by `message`.
    public init(_ kind: Kind, _ controllerID: String, _ message: String) {
        self.kind = kind
        self.controllerID = controllerID
        self.message = message
    }

    /// `Child#3: [illegalAppearanceOrder] viewWillAppear(false) while …`.
    public var description: String { "\(controllerID): [\(kind.rawValue)] \(message)" }
}
