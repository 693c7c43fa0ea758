import Shoji

/// Checks view controller lifecycles against UIKit's rules, made strict: from a log of events
/// (`LifecycleRecorder`) and, optionally, from a live controller tree and window.
///
/// Log rules, per controller (by `debugIdentifier`), in event order:
/// - `viewDidLoad` before any appearance or layout call, and once per load: again only after a
///   `viewDidUnload`. `viewDidUnload` only while loaded and not on screen (after `viewDidLoad`
///   or `viewDidDisappear`, never after `viewWillAppear`, `viewDidAppear` or
///   `viewWillDisappear`).
/// - Appearance follows this state machine (anything else is `illegalAppearanceOrder`):
///   start → `viewWillAppear`; `viewWillAppear` → `viewDidAppear` | `viewWillDisappear`;
///   `viewDidAppear` → `viewWillDisappear`; `viewWillDisappear` → `viewDidDisappear` |
///   `viewWillAppear`; `viewDidDisappear` → `viewWillAppear`.
/// - A `viewDid…` carries the `animated` flag of the `viewWill…` it completes.
/// - Containment calls pair up: `willMove(toParent: P)` then `didMove(toParent: P)`, nothing
///   else between for that controller (`willMove(toParent: nil)` … `didMove(toParent: nil)`
///   for a removal); a controller moves to a new parent only after its removal from the old
///   one has begun.
/// - Settled (`settledViolations()`, or `settled: true`): no controller is left after a
///   `viewWill…` or a `willMove` without its completion.
///
/// Tree rules (`treeViolations`), on the live objects:
/// - each child's `parent` is the controller listing it; no controller is listed twice;
/// - a child's root view, when in a superview, lies inside its parent's view;
/// - a controller's root view found in the window belongs to a controller in the root's tree
///   or in a presented controller's tree;
/// - the window's root has no parent and its view is in the window's content view (out of
///   any superview while a full-screen presentation covers it);
/// - presented controllers (`Window.presentedViewControllers`) are not children and not the
///   root, their presenters name them as `presentedViewController`, and (settled) a presented
///   controller's view is in the window exactly when no full-screen presentation above it is
///   shown; presented controllers are not children, so their trees are checked as the root's;
/// - settled only: a controller is `didAppear` exactly when its view is in a visible window
///   (so "a child whose view is inside the shown parent's view appears", "a controller whose
///   view is not in a window is not `didAppear`"), and a `didAppear` controller's ancestors are
///   all `didAppear`.
///
/// Feed it step by step (`consume`) to check a long run cheaply, or check a whole log at once
/// with `violations(in:settled:)`. The checker assumes each controller's log starts at its
/// creation unless `historyIsComplete` is false, in which case a controller's first event is
/// taken as it comes.
public struct LifecycleChecker: Sendable {
    /// What the checker knows of one controller from its log.
    public struct ControllerState: Hashable, Sendable {
        /// Whether `viewDidLoad` was seen.
        public var loaded = false
        /// The phase the last lifecycle call left: an appearance call, `viewDidUnload`, or a
        /// `viewDidLoad` after none of these (`nil`: none seen yet).
        public var appearance: AppearancePhase?
        /// The `animated` flag of the last `viewWill…`.
        public var animated = false
        /// The parent of a `willMove(toParent:)` still waiting for its `didMove` (`"nil"` for
        /// a removal), or `nil` when no move is under way.
        public var pendingMove: String?
        /// The parent as the containment calls left it (`nil`: none, or removal finished).
        public var parent: String?
        /// Whether the log holds this controller from its creation.
        public var complete = true
    }

    /// Whether logs start at each controller's creation (see the type's notes).
    public let historyIsComplete: Bool

    /// Every violation found so far by `consume`, in the order found.
    public private(set) var violations: [LifecycleViolation] = []

    /// What the log said so far, per controller `debugIdentifier`.
    public private(set) var states: [String: ControllerState] = [:]

    private var eventCount = 0

    /// A checker that has seen no event yet.
    public init(historyIsComplete: Bool = true) {
        self.historyIsComplete = historyIsComplete
    }

    // MARK: The log

    /// Checks `events`, which follow those already consumed, and returns the violations they
    /// brought (also appended to `violations`).
    @discardableResult
    public mutating func consume(_ events: some Sequence<LifecycleEvent>) -> [LifecycleViolation] {
        let before = violations.count
        for event in events { consume(event) }
        return Array(violations[before...])
    }

    /// The violations of a whole log; with `settled`, also those of `settledViolations()`.
    public static func violations(
        in events: [LifecycleEvent], settled: Bool = true,
        historyIsComplete: Bool = true
    ) -> [LifecycleViolation] {
        var checker = LifecycleChecker(historyIsComplete: historyIsComplete)
        checker.consume(events)
        return checker.violations + (settled ? checker.settledViolations() : [])
    }

    /// The controllers left in the middle of an appearance transition or of a move: none may
    /// be when the app is idle.
    public func settledViolations() -> [LifecycleViolation] {
        var result: [LifecycleViolation] = []
        for (id, state) in states.sorted(by: { $0.key < $1.key }) {
            if let phase = state.appearance, phase == .willAppear || phase == .willDisappear {
                let call = phase == .willAppear ? "viewWillAppear" : "viewWillDisappear"
                result.append(
                    .init(
                        .unsettledAppearance, id,
                        "settled, but left after \(call)(\(state.animated)) with no completion"))
            }
            if let pending = state.pendingMove {
                result.append(
                    .init(
                        .unfinishedMove, id,
                        "settled, but willMove(toParent: \(pending)) never got its didMove(toParent: \(pending))"))
            }
        }
        return result
    }

    private mutating func consume(_ event: LifecycleEvent) {
        eventCount += 1
        let id = event.controllerID
        var state = states[id] ?? ControllerState(complete: historyIsComplete)
        let at = "\(event.call) (event \(eventCount))"
        func report(_ kind: LifecycleViolation.Kind, _ message: String) {
            violations.append(LifecycleViolation(kind, id, message))
        }

        switch event.method {
        case .viewDidLoad:
            if state.loaded {
                report(.viewDidLoadRepeated, "\(at): the view was already loaded")
            }
            state.loaded = true
            if state.appearance == nil || state.appearance == .viewDidUnload { state.appearance = .viewDidLoad }
        case .viewDidUnload:
            if !state.loaded && state.complete {
                report(.illegalUnload, "\(at): the view was not loaded")
            } else if let phase = state.appearance, phase.isOnScreen {
                report(.illegalUnload, "\(at) after \(Self.callName(phase)): the view is on screen")
            }
            state.loaded = false
            state.appearance = .viewDidUnload
        case .viewWillLayoutSubviews, .viewDidLayoutSubviews:
            if !state.loaded && state.complete { report(.eventBeforeViewDidLoad, "\(at) before viewDidLoad") }
        case .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear:
            if !state.loaded && state.complete { report(.eventBeforeViewDidLoad, "\(at) before viewDidLoad") }
            let animated = event.animated ?? false
            let from = state.appearance
            let legal: Bool
            let next: AppearancePhase
            switch event.method {
            case .viewWillAppear:
                next = .willAppear
                // After an unload the missing `viewDidLoad` is reported above, not twice.
                legal =
                    from == nil || from == .willDisappear || from == .didDisappear || from == .viewDidLoad
                    || from == .viewDidUnload
            case .viewDidAppear:
                next = .didAppear
                legal = from == .willAppear
            case .viewWillDisappear:
                next = .willDisappear
                legal = from == .willAppear || from == .didAppear
            default:
                next = .didDisappear
                legal = from == .willDisappear
            }
            let unknownStart = from == nil && !state.complete
            if !legal && !unknownStart {
                let after = from.map { "after \(Self.callName($0))" } ?? "as its first appearance call"
                report(.illegalAppearanceOrder, "\(at) \(after)")
            } else if legal, next == .didAppear || next == .didDisappear, animated != state.animated {
                report(.animatedMismatch, "\(at) completes \(Self.callName(from!))(\(state.animated))")
            }
            if next == .willAppear || next == .willDisappear || unknownStart { state.animated = animated }
            state.appearance = next
        case .willMoveToParent:
            let target = event.parentID ?? "nil"
            if let pending = state.pendingMove {
                report(.overlappingMove, "\(at) while willMove(toParent: \(pending)) still waits for its didMove")
            } else if target != "nil", let parent = state.parent, parent != target {
                report(.movedWithoutRemoval, "\(at) while still the child of \(parent)")
            }
            state.pendingMove = target
            if target != "nil" { state.parent = target }
        case .didMoveToParent:
            let target = event.parentID ?? "nil"
            if state.pendingMove != target {
                let before =
                    state.pendingMove.map { "after willMove(toParent: \($0))" }
                    ?? "without a willMove(toParent: \(target)) before it"
                if state.complete || state.pendingMove != nil {
                    report(.didMoveWithoutWillMove, "\(at) \(before)")
                }
            }
            state.pendingMove = nil
            state.parent = target == "nil" ? nil : target
        }
        states[id] = state
    }

    private static func callName(_ phase: AppearancePhase) -> String {
        switch phase {
        case .willAppear: return "viewWillAppear"
        case .didAppear: return "viewDidAppear"
        case .willDisappear: return "viewWillDisappear"
        case .didDisappear: return "viewDidDisappear"
        case .initialized, .viewDidLoad, .viewDidUnload: return phase.rawValue
        }
    }

    // MARK: The log against the live controllers

    /// For each controller, whether its `appearancePhase` agrees with the last lifecycle call
    /// of its log (appearance, `viewDidUnload`, or `viewDidLoad` after an unload; a controller
    /// with none of these yet must be `initialized` or `viewDidLoad`). Controllers the log never mentioned are skipped unless
    /// `historyIsComplete`, in which case they must not have appeared.
    @MainActor
    public func phaseViolations(of controllers: [ViewController]) -> [LifecycleViolation] {
        var result: [LifecycleViolation] = []
        for controller in controllers {
            let id = controller.debugIdentifier
            let phase = controller.appearancePhase
            let state = states[id]
            if state == nil && !historyIsComplete { continue }
            if let logged = state?.appearance {
                if logged != phase {
                    result.append(
                        .init(
                            .phaseDisagreesWithLog, id,
                            "its phase is \(phase) but its log ends with \(Self.callName(logged))"))
                }
            } else if phase != .initialized && phase != .viewDidLoad {
                result.append(
                    .init(.phaseDisagreesWithLog, id, "its phase is \(phase) but its log has no appearance call"))
            }
            if let state, state.loaded != controller.isViewLoaded, state.complete {
                result.append(
                    .init(
                        .phaseDisagreesWithLog, id,
                        "isViewLoaded is \(controller.isViewLoaded) but its log \(state.loaded ? "has" : "has no") viewDidLoad"
                    ))
            }
        }
        return result
    }

    // MARK: The live tree

    /// The tree rules (see the type's notes) for `window`'s root and everything shown in the
    /// window, plus `others` and their descendants (controllers removed from the tree, say,
    /// which must not appear). With `settled` false only the structural rules are checked.
    @MainActor
    public static func treeViolations(
        window: Window, others: [ViewController] = [],
        settled: Bool = true
    ) -> [LifecycleViolation] {
        var result: [LifecycleViolation] = []
        var roots: [ViewController] = []
        if let root = window.rootViewController {
            roots.append(root)
            if let parent = root.parent {
                result.append(
                    .init(
                        .rootMisplaced, root.debugIdentifier,
                        "is the window's root but has the parent \(parent.debugIdentifier)"))
            }
            if window.isRootCovered {
                if root.viewIfLoaded?.superview != nil {
                    result.append(
                        .init(
                            .rootMisplaced, root.debugIdentifier,
                            "is covered by a full-screen presentation but its view is in a superview"))
                }
            } else if root.viewIfLoaded?.superview !== window.contentView {
                result.append(
                    .init(
                        .rootMisplaced, root.debugIdentifier,
                        "is the window's root but its view is not in the window's content view"))
            }
        }
        let presented = window.presentedViewControllers
        roots += presented
        result += presentationViolations(window: window, settled: settled)
        // Every controller whose root view is in the window.
        var shown: [ViewController] = []
        func visit(_ view: View) {
            if let controller = view.viewController { shown.append(controller) }
            for subview in view.subviews { visit(subview) }
        }
        visit(window.contentView)
        for controller in shown {
            let contained =
                (window.rootViewController.map { [$0] } ?? []).contains { controller.isDescendant(of: $0) }
                || presented.contains { controller.isDescendant(of: $0) }
            if !contained {
                result.append(
                    .init(
                        .viewWithoutContainment, controller.debugIdentifier,
                        "its view is in the window but it is not in the tree of the root \(window.rootViewController?.debugIdentifier ?? "nil") nor of a presented controller"
                    ))
            }
        }
        result += check(roots + shown + others, window: window, settled: settled)
        return result
    }

    /// The presentation rules (see the type's notes) for `window`'s presented controllers.
    @MainActor
    private static func presentationViolations(window: Window, settled: Bool) -> [LifecycleViolation] {
        var result: [LifecycleViolation] = []
        let presented = window.presentedViewControllers
        for (index, controller) in presented.enumerated() {
            let id = controller.debugIdentifier
            if let parent = controller.parent {
                result.append(
                    .init(.presentationMismatch, id, "is presented but is a child of \(parent.debugIdentifier)"))
            }
            if controller === window.rootViewController {
                result.append(.init(.presentationMismatch, id, "is presented and is the window's root"))
            }
            if let presenter = controller.presentingViewController, presenter.presentedViewController !== controller {
                result.append(
                    .init(
                        .presentationMismatch, id,
                        "is presented by \(presenter.debugIdentifier), whose presentedViewController is \(presenter.presentedViewController?.debugIdentifier ?? "nil")"
                    ))
            }
            guard settled else { continue }
            let covered = presented[(index + 1)...].contains { window.presentationStyle(of: $0) == .fullScreen }
            let inWindow = controller.viewIfLoaded?.window === window
            if covered && inWindow {
                result.append(
                    .init(
                        .presentationMismatch, id,
                        "is covered by a full-screen presentation but its view is in the window"))
            } else if !covered && !inWindow {
                result.append(
                    .init(.presentationMismatch, id, "is presented and not covered, but its view is not in the window"))
            }
        }
        return result
    }

    /// The tree rules for `root`'s tree alone, with no window: structure, and (settled) that a
    /// controller is `didAppear` only if its view is in a visible window and its ancestors are
    /// `didAppear`.
    @MainActor
    public static func treeViolations(root: ViewController, settled: Bool = true) -> [LifecycleViolation] {
        check([root], window: nil, settled: settled)
    }

    @MainActor
    private static func check(_ starts: [ViewController], window: Window?, settled: Bool) -> [LifecycleViolation] {
        var result: [LifecycleViolation] = []
        var seen: Set<ObjectIdentifier> = []
        var listedBy: [ObjectIdentifier: ViewController] = [:]
        var all: [ViewController] = []
        func walk(_ controller: ViewController) {
            guard seen.insert(ObjectIdentifier(controller)).inserted else { return }
            all.append(controller)
            for child in controller.children {
                let key = ObjectIdentifier(child)
                if let other = listedBy[key] {
                    result.append(
                        .init(
                            .duplicateChild, child.debugIdentifier,
                            "listed as a child by \(other.debugIdentifier) and again by \(controller.debugIdentifier)"))
                }
                listedBy[key] = controller
                if child.parent !== controller {
                    result.append(
                        .init(
                            .parentMismatch, child.debugIdentifier,
                            "is a child of \(controller.debugIdentifier) but its parent is \(child.parent?.debugIdentifier ?? "nil")"
                        ))
                }
                if let childView = child.viewIfLoaded, childView.superview != nil {
                    if let parentView = controller.viewIfLoaded {
                        if !childView.isDescendant(of: parentView) {
                            result.append(
                                .init(
                                    .childViewOutsideParent, child.debugIdentifier,
                                    "its view is in a superview outside its parent \(controller.debugIdentifier)'s view"
                                ))
                        }
                    } else {
                        result.append(
                            .init(
                                .childViewOutsideParent, child.debugIdentifier,
                                "its view is in a superview but its parent \(controller.debugIdentifier) has no view loaded"
                            ))
                    }
                }
                walk(child)
            }
        }
        for start in starts { walk(start) }
        guard settled else { return result }

        for controller in all {
            let id = controller.debugIdentifier
            let phase = controller.appearancePhase
            let inWindow = controller.viewIfLoaded?.window
            let visible = inWindow.map { $0.isVisible && (window == nil || $0 === window) } ?? false
            if phase == .didAppear && !visible {
                let why = inWindow == nil ? "its view is not in a window" : "its window is hidden"
                result.append(.init(.appearedOffscreen, id, "is didAppear but \(why)"))
            } else if visible && phase != .didAppear {
                result.append(.init(.shownWithoutAppearing, id, "its view is in the visible window but it is \(phase)"))
            }
            if phase == .didAppear {
                var ancestor = controller.parent
                while let current = ancestor {
                    if current.appearancePhase != .didAppear {
                        result.append(
                            .init(
                                .ancestorNotAppeared, id,
                                "is didAppear but its ancestor \(current.debugIdentifier) is \(current.appearancePhase)"
                            ))
                        break
                    }
                    ancestor = current.parent
                }
            }
            if phase == .willAppear || phase == .willDisappear {
                result.append(.init(.unsettledAppearance, id, "settled, but its phase is \(phase)"))
            }
        }
        return result
    }

    // MARK: Throwing wrappers

    /// Thrown by the `verify` methods: the violations, one per line in `description`.
    public struct Failure: Error, CustomStringConvertible {
        /// What was found, in the order found.
        public let violations: [LifecycleViolation]
        /// A count, then one violation per line.
        public var description: String {
            "\(violations.count) lifecycle violation(s):\n" + violations.map { "  - \($0)" }.joined(separator: "\n")
        }
    }

    /// Throws `Failure` if `violations` is not empty. For tests: `try LifecycleChecker.verify(…)`
    /// fails the test with every violation listed.
    public static func verify(_ violations: [LifecycleViolation]) throws {
        if !violations.isEmpty { throw Failure(violations: violations) }
    }

    /// Throws `Failure` if the whole log breaks a rule (see `violations(in:settled:)`).
    public static func verify(_ events: [LifecycleEvent], settled: Bool = true, historyIsComplete: Bool = true) throws {
        try verify(violations(in: events, settled: settled, historyIsComplete: historyIsComplete))
    }

    /// Throws `Failure` if the log consumed so far, the settled rules (when `settled`), the
    /// live phases of the controllers in `window` and `others`, or the tree rules are broken.
    @MainActor
    public func verify(window: Window, others: [ViewController] = [], settled: Bool = true) throws {
        var found = violations
        if settled { found += settledViolations() }
        found += phaseViolations(of: Self.controllers(in: window, others: others))
        found += Self.treeViolations(window: window, others: others, settled: settled)
        try Self.verify(found)
    }

    /// The root's tree, the controllers shown in the window, and `others` with their
    /// descendants, each once.
    @MainActor
    static func controllers(in window: Window, others: [ViewController]) -> [ViewController] {
        var result: [ViewController] = []
        var seen: Set<ObjectIdentifier> = []
        func walk(_ controller: ViewController) {
            guard seen.insert(ObjectIdentifier(controller)).inserted else { return }
            result.append(controller)
            for child in controller.children { walk(child) }
        }
        if let root = window.rootViewController { walk(root) }
        for presented in window.presentedViewControllers { walk(presented) }
        func visit(_ view: View) {
            if let controller = view.viewController { walk(controller) }
            for subview in view.subviews { visit(subview) }
        }
        visit(window.contentView)
        for other in others { walk(other) }
        return result
    }
}
