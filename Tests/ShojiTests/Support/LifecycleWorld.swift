import TestSupport
@testable import Shoji
import ShojiTesting

/// One random scenario for the lifecycle property test: a window shown by a `Pilot`, a tree of
/// `TestContainer`s and `TestLeaf`s, and operations an app performs on it. Operations carry
/// raw random numbers, resolved against the tree when they run (`index % count`), so any
/// subsequence of a failing list still runs: that is what makes shrinking possible.
///
/// Swaps and selections may animate (with any transition style, or UIKit's method with no
/// block), and time moves only with `advance`, so any operation can land in the middle of a
/// transition: a reversal, a hide, a resize, a cancel or finish, reduced motion switched on.
/// The controllers a swap in flight is moving (its `old` and `new`, whose `didMove` waits for
/// the animation) count as busy until it lands, as a real container would keep them.
@MainActor
final class LifecycleWorld {
    /// An operation: one of the steps every property test shares (resize, wait, reduced motion,
    /// hide, show) or one of the world's own actions.
    typealias Operation = PropertyStep<Action>

    /// What the app does to the world; its numbers pick among the candidates at the time it runs.
    enum Action: CustomStringConvertible, Sendable {
        /// Adds a controller (`source`: new, detached, or taken from the tree) to a container.
        case add(container: Int, kind: Int, source: Int, pick: Int)
        /// Removes a child from its container, in UIKit's order.
        case remove(child: Int)
        /// Replaces a shown child with another controller through `transition(from:to:...)`,
        /// animated as `motion` says (see `transition(_:)`).
        case swap(child: Int, kind: Int, source: Int, pick: Int, motion: Int)
        /// Shows another child of a `.selected` container (a transition between children).
        case select(container: Int, child: Int, motion: Int)
        /// Cancels (or finishes) one of the running animations.
        case stop(animation: Int, finish: Bool)
        /// Replaces the window's root (`source`: new, detached, or a controller from the tree).
        case replaceRoot(kind: Int, source: Int, pick: Int)
        /// Arms a leaf to run `operation` inside its next `hook` call (re-entrant changes).
        indirect case react(leaf: Int, hook: Int, operation: Operation)
        /// A controller of any layer (the root's tree or a presented tree; covered ones too,
        /// whose request the window ignores) presents another (`source`: new, detached, or
        /// taken from the tree), full screen or as a sheet, animated or not, with a style.
        case present(from: Int, kind: Int, source: Int, pick: Int, style: Int, motion: Int)
        /// A controller of any layer (or a detached one) asks for a dismissal.
        case dismiss(from: Int, animated: Bool)

        var description: String {
            switch self {
            case let .add(c, k, s, p): return "add(container: \(c), kind: \(k), source: \(s), pick: \(p))"
            case let .remove(c): return "remove(child: \(c))"
            case let .swap(c, k, s, p, m):
                return "swap(child: \(c), kind: \(k), source: \(s), pick: \(p), motion: \(m))"
            case let .select(c, i, m): return "select(container: \(c), child: \(i), motion: \(m))"
            case let .stop(a, f): return "stop(animation: \(a), finish: \(f))"
            case let .replaceRoot(k, s, p): return "replaceRoot(kind: \(k), source: \(s), pick: \(p))"
            case let .react(l, h, o): return "react(leaf: \(l), hook: \(h), operation: \(o))"
            case let .present(f, k, s, p, st, m):
                return "present(from: \(f), kind: \(k), source: \(s), pick: \(p), style: \(st), motion: \(m))"
            case let .dismiss(f, a): return "dismiss(from: \(f), animated: \(a))"
            }
        }
    }

    /// A random operation; `reentrant` allows `react`. A seed replays the same operations only
    /// while the draws keep their order.
    nonisolated static func randomOperation(using generator: inout SeededGenerator, reentrant: Bool = true)
        -> Operation
    {
        func n() -> Int { Int.random(in: 0..<1_000, using: &generator) }
        let roll = Int.random(in: 0..<100, using: &generator)
        switch roll {
        case 0..<23: return .app(.add(container: n(), kind: n(), source: n(), pick: n()))
        case 23..<35: return .app(.remove(child: n()))
        case 35..<47: return .app(.swap(child: n(), kind: n(), source: n(), pick: n(), motion: n()))
        case 47..<56: return .app(.select(container: n(), child: n(), motion: n()))
        case 56..<60: return .show
        case 60..<64: return .hide
        case 64..<69: return .app(.replaceRoot(kind: n(), source: n(), pick: n()))
        case 69..<74: return .resize(Size(width: 10 + n() % 60, height: 4 + n() % 20))
        case 74..<83: return .wait(Double(n() % 400) / 1000)
        case 83..<86: return .app(.stop(animation: n(), finish: n() % 2 == 0))
        case 86..<87: return .motion(n() % 3 != 0)
        case 87..<92: return .app(.present(from: n(), kind: n(), source: n(), pick: n(), style: n(), motion: n()))
        case 92..<95: return .app(.dismiss(from: n(), animated: n() % 4 != 0))
        default:
            guard reentrant else { return .show }
            return .app(
                .react(leaf: n(), hook: n(), operation: randomOperation(using: &generator, reentrant: false)))
        }
    }

    let window: Window
    let pilot: Pilot
    let recorder = LifecycleRecorder()
    private(set) var checker = LifecycleChecker()
    /// The events of the last step checked by `violations()`, for failure reports.
    private(set) var lastEvents: [LifecycleEvent] = []
    /// Every controller made in this world, kept so detached ones can come back.
    private(set) var controllers: [ViewController] = []

    init() {
        let root = TestContainer()
        window = Window(rootViewController: root)
        controllers.append(root)
        pilot = Pilot(window, size: Size(width: 40, height: 12))
    }

    // MARK: Candidates

    /// The controllers in the root's tree and in the presented controllers' trees, parents
    /// before children.
    var tree: [ViewController] {
        var result: [ViewController] = []
        func walk(_ controller: ViewController) {
            result.append(controller)
            for child in controller.children { walk(child) }
        }
        if let root = window.rootViewController { walk(root) }
        for presented in window.presentedViewControllers { walk(presented) }
        return result
    }

    /// Whether `controller` is presented in the window (it can be neither a child nor the root).
    private func isPresented(_ controller: ViewController) -> Bool {
        window.presentedViewControllers.contains { $0 === controller }
    }

    /// Controllers outside the tree: no parent, not the root, not presented, and no `present`
    /// of them waiting in the window's queue.
    var detached: [ViewController] {
        let waiting = window.isPresentationTransitioning ? waitingToBePresented : []
        return controllers.filter {
            $0.parent == nil && $0 !== window.rootViewController && !isPresented($0)
                && !waiting.contains(ObjectIdentifier($0))
        }
    }

    /// Controllers whose `present` was asked for while the window's queue was busy; once the
    /// queue is idle every one of them has run (presented or ignored).
    private var waitingToBePresented: Set<ObjectIdentifier> = []

    private func pick<T>(_ index: Int, _ candidates: [T]) -> T? {
        candidates.isEmpty ? nil : candidates[index % candidates.count]
    }

    private func make(_ kind: Int) -> ViewController {
        let controller: ViewController
        switch kind % 6 {
        case 0, 1, 2: controller = TestLeaf()
        case 3: controller = TestContainer(.stacked)
        case 4: controller = TestContainer(.selected)
        default: controller = TestContainer(kind % 12 < 6 ? .stacked : .selected, forwardsAutomatically: false)
        }
        controllers.append(controller)
        return controller
    }

    /// A controller to put under `parent`: new, detached, or moved from elsewhere in the tree
    /// (never `parent` itself or one of its ancestors, which would make a cycle).
    private func source(
        _ source: Int, kind: Int, pick index: Int, for parent: ViewController,
        excluding excluded: ViewController? = nil
    ) -> ViewController {
        switch source % 4 {
        case 1:
            if let found = pick(index, detached.filter { $0 !== excluded }) { return found }
        case 2:
            // Not the parent's own children: adding a child again is a no-op in `addChild`,
            // after which a container's `didMove` would be unpaired (in UIKit as well).
            let movable = tree.filter {
                $0 !== window.rootViewController && $0 !== excluded && $0.parent !== parent
                    && !parent.isDescendant(of: $0)
                    && !isPresented($0)
            }
            if let found = pick(index, movable) { return found }
        default: break
        }
        return make(kind)
    }

    // MARK: Running

    /// The controllers whose containment an operation is changing right now. An operation run
    /// re-entrantly (from a hook) leaves them alone: changing a controller's containment from
    /// inside its own containment change (removing a child while it is being removed, or
    /// the `to` of a transition under way) breaks the caller's UIKit sequence, in UIKit as
    /// in Shoji. Anything else goes: hiding the window, replacing the root, removing an
    /// ancestor, adding elsewhere.
    private var busy: Set<ObjectIdentifier> = []

    /// The controllers a swap in flight is moving, with how many swaps move each.
    private var inFlight: [ObjectIdentifier: Int] = [:]

    private func isBusy(_ controllers: ViewController?...) -> Bool {
        controllers.contains { controller in
            controller.map { busy.contains(ObjectIdentifier($0)) || inFlight[ObjectIdentifier($0)] != nil } ?? false
        }
    }

    /// The transition method and duration an operation's `motion` number picks.
    static func transition(_ motion: Int) -> (motion: TestContainer.Motion, duration: Double) {
        let durations = [0, 0.1, 0.25, 0.4]
        let motions: [TestContainer.Motion] = [
            .uikit, .styled(.none), .styled(.push(from: .right)), .styled(.push(from: .left)),
            .styled(.slide(from: .top)),
            .styled(.slideOut(to: .bottom)), .styled(.cover(from: .bottom)), .styled(.uncover(to: .right)),
            .styled(.fade),
            .back, .styled(.wipe(from: .top)), .styled(.unwipe(to: .left))
        ]
        return (motions[(motion / durations.count) % motions.count], durations[motion % durations.count])
    }

    /// Lets every animation run to its end.
    func settle() { pilot.settle() }

    /// Runs `body` with `controllers` marked busy.
    private func working(on controllers: ViewController?..., body: () -> Void) {
        let added = controllers.compactMap { $0.map(ObjectIdentifier.init) }.filter { busy.insert($0).inserted }
        body()
        for key in added { busy.remove(key) }
    }

    /// How many operations started while a transition was animating, by kind (the operation's
    /// name, the first word of its description): evidence that interruptions are exercised.
    private(set) var interruptions: [String: Int] = [:]

    /// Runs one operation. Returns false if it had nothing to act on.
    @discardableResult
    func run(_ operation: Operation) -> Bool {
        if window.animator.isAnimating {
            interruptions[String(operation.description.prefix { $0.isLetter }), default: 0] += 1
        }
        switch operation {
        case .pilot(let step): step.play(on: pilot)
        case let .app(.add(container, kind, sourceIndex, index)):
            guard let parent = pick(container, tree.compactMap { $0 as? TestContainer }) else { return false }
            let child = source(sourceIndex, kind: kind, pick: index, for: parent)
            let root = window.rootViewController
            guard !isBusy(parent, child, child.parent) && !(child === root && isBusy(root)) else { return false }
            working(on: parent, child, child.parent) { parent.add(child) }
        case let .app(.remove(child)):
            let removable = tree.filter { $0.parent is TestContainer }
            guard let target = pick(child, removable), let parent = target.parent as? TestContainer,
                !isBusy(parent, target)
            else { return false }
            working(on: parent, target) { parent.remove(target) }
        case let .app(.swap(child, kind, sourceIndex, index, motion)):
            let shown = tree.filter {
                guard $0.parent is TestContainer, let superview = $0.viewIfLoaded?.superview else { return false }
                return superview === $0.parent?.viewIfLoaded
            }
            guard let old = pick(child, shown), let parent = old.parent as? TestContainer else { return false }
            let new = source(sourceIndex, kind: kind, pick: index, for: parent, excluding: old)
            guard !old.isDescendant(of: new), !isBusy(parent, old, new, new.parent) else { return false }
            let (how, duration) = Self.transition(motion)
            let moving = [ObjectIdentifier(old), ObjectIdentifier(new)]
            working(on: parent, old, new, new.parent) {
                for key in moving { inFlight[key, default: 0] += 1 }
                parent.swap(old, for: new, motion: how, duration: duration) { [weak self] in
                    guard let self else { return }
                    for key in moving {
                        inFlight[key, default: 1] -= 1
                        if inFlight[key] == 0 { inFlight[key] = nil }
                    }
                }
            }
        case let .app(.select(container, child, motion)):
            let selecting = tree.compactMap { $0 as? TestContainer }.filter {
                $0.mode == .selected && $0.children.count > 1
            }
            guard let parent = pick(container, selecting) else { return false }
            let others = parent.children.filter { $0 !== parent.selectedChild }
            guard let target = pick(child, others), !isBusy(parent, target, parent.selectedChild) else { return false }
            let (how, duration) = Self.transition(motion)
            working(on: parent, target, parent.selectedChild) { parent.select(target, motion: how, duration: duration) }
        case let .app(.stop(animation, finish)):
            guard let running = pick(animation, window.animator.animations) else { return false }
            if finish { running.finish() } else { running.cancel() }
        case let .app(.replaceRoot(kind, sourceIndex, index)):
            let candidate: ViewController
            switch sourceIndex % 3 {
            case 1: candidate = pick(index, detached) ?? make(kind)
            case 2:
                candidate =
                    pick(index, tree.filter { $0 !== window.rootViewController && !isPresented($0) }) ?? make(kind)
            default: candidate = make(kind)
            }
            let old = window.rootViewController
            guard !isBusy(old, candidate, candidate.parent) else { return false }
            working(on: old, candidate, candidate.parent) { window.rootViewController = candidate }
        case let .app(.present(from, kind, sourceIndex, index, style, motion)):
            guard let presenter = pick(from, tree) else { return false }
            // A request that waits runs later, when the world may be using the controller it
            // presents (moving it, or swapping it in): only a new controller may wait.
            let idle = !window.isPresentationTransitioning
            var presented: ViewController
            switch sourceIndex % 3 {
            case 1 where idle: presented = pick(index, detached) ?? make(kind)
            case 2 where idle:
                let movable = tree.filter {
                    !isPresented($0) && $0 !== window.rootViewController && !presenter.isDescendant(of: $0)
                }
                presented = pick(index, movable) ?? make(kind)
            default: presented = make(kind)
            }
            guard !isBusy(presented, presented.parent) else { return false }
            let anchor = Rect(x: motion % 40, y: motion % 12, width: 1, height: 1)
            let styles: [ModalPresentationStyle] = [
                .formSheet, .fullScreen, .bottomSheet, .popover(sourceRect: anchor, edge: .bottom)
            ]
            presented.modalPresentationStyle = styles[style % styles.count]
            let transitions: [TransitionStyle] = [
                .cover(from: .bottom), .fade, .none, .push(from: .right), .slide(from: .top),
                .uncover(to: .left)
            ]
            presented.modalTransitionStyle = transitions[(style / 3) % transitions.count]
            presented.preferredContentSize = Size(width: motion % 50, height: (motion / 50) % 20)
            if window.isPresentationTransitioning {
                waitingToBePresented.insert(ObjectIdentifier(presented))
            } else {
                waitingToBePresented = []
            }
            working(on: presented, presented.parent) { presenter.present(presented, animated: motion % 4 != 0) }
        case let .app(.dismiss(from, animated)):
            guard let requester = pick(from, tree + detached) else { return false }
            requester.dismiss(animated: animated)
        case let .app(.react(leaf, hook, inner)):
            guard let target = pick(leaf, controllers.compactMap { $0 as? TestLeaf }) else { return false }
            target.react(in: TestLeaf.Hook.allCases[hook % TestLeaf.Hook.allCases.count]) { [weak self] in
                self?.run(inner)
            }
        }
        return true
    }

    /// Everything wrong now: the new log events, the live phases against the log, and the tree
    /// rules (with the detached controllers, which must not appear); when nothing animates,
    /// also the settled rules (mid-transition, controllers legitimately wait in a `viewWill…`
    /// and a `willMove`).
    func violations() -> [LifecycleViolation] {
        lastEvents = recorder.takeEvents()
        checker.consume(lastEvents)
        let settled = !window.animator.isAnimating
        return checker.violations + (settled ? checker.settledViolations() : [])
            + checker.phaseViolations(of: controllers)
            + LifecycleChecker.treeViolations(window: window, others: detached, settled: settled)
    }
}
