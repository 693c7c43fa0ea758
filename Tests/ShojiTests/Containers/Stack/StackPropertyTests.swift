import TestSupport
import Testing
@testable import Shoji
import ShojiTesting

/// Random sequences of what an app and a user do to a stack controller: push (opaque or
/// transparent, any style, animated or not), pop, pop to, pop to root, insert, remove, change
/// the capacity, resize, let time pass, hide and show, memory warnings, another container
/// taking a child away. After every step: the lifecycle log and the live phases satisfy every
/// `LifecycleChecker` rule, and the phases the children report agree with the container's;
/// whenever nothing moves: the tree rules, the shown children are exactly those the
/// transparency rule names (in order, filling the stack, appeared), and only they and the top
/// `capacity` children have views loaded. At the end everything is freed.
///
/// A failure prints the shrunk sequence and its seed; replay with
/// `SHOJI_PROPERTY_SEED=<seed> swift test --filter StackPropertyTests` (add `SHOJI_PROPERTY_VERBOSE=1`
/// to print every step with its lifecycle events).
@MainActor
struct StackPropertyTests {
    static let verbose = PropertyRuns.verbose

    nonisolated static let styles: [TransitionStyle] = [
        .none, .fade, .push(from: .right), .push(from: .bottom),
        .slide(from: .left), .slideOut(to: .top), .cover(from: .bottom),
        .uncover(to: .right)
    ]

    typealias Step = PropertyStep<Action>

    /// What the app does to the stack (and another container taking a child away); resizes,
    /// time, hiding and showing and memory warnings are the shared steps.
    enum Action: CustomStringConvertible {
        case push(style: Int, opaque: Bool, animated: Bool, reuse: Bool)
        case pop(animated: Bool)
        case popTo(Int, animated: Bool)
        case popToRoot(animated: Bool)
        case insert(Int, style: Int, opaque: Bool, animated: Bool)
        case remove(Int, animated: Bool)
        case capacity(Int)
        case steal(Int)

        var description: String {
            switch self {
            case let .push(style, opaque, animated, reuse):
                return "push(style: \(style), opaque: \(opaque), animated: \(animated), reuse: \(reuse))"
            case let .pop(animated): return "pop(animated: \(animated))"
            case let .popTo(index, animated): return "popTo(\(index), animated: \(animated))"
            case let .popToRoot(animated): return "popToRoot(animated: \(animated))"
            case let .insert(index, style, opaque, animated):
                return "insert(\(index), style: \(style), opaque: \(opaque), animated: \(animated))"
            case let .remove(index, animated): return "remove(\(index), animated: \(animated))"
            case let .capacity(value): return "capacity(\(value))"
            case let .steal(index): return "steal(\(index))"
            }
        }
    }

    /// One random step; a seed replays the same steps only while the draws keep their order.
    nonisolated static func randomStep(using rng: inout SeededGenerator) -> Step {
        func n() -> Int { Int.random(in: 0..<100, using: &rng) }
        func style() -> Int { Int.random(in: 0..<styles.count, using: &rng) }
        switch Int.random(in: 0..<24, using: &rng) {
        case 0..<6:
            return .app(.push(style: style(), opaque: n() % 3 != 0, animated: n() % 4 != 0, reuse: n() % 5 == 0))
        case 6..<9: return .app(.pop(animated: n() % 4 != 0))
        case 9: return .app(.popTo(n(), animated: n() % 2 == 0))
        case 10: return .app(.popToRoot(animated: n() % 2 == 0))
        case 11, 12: return .app(.insert(n(), style: style(), opaque: n() % 3 != 0, animated: n() % 2 == 0))
        case 13, 14: return .app(.remove(n(), animated: n() % 2 == 0))
        case 15: return .app(.capacity(1 + n() % 4))
        case 16: return .resize(Size(width: 1 + n() % 60, height: 1 + n() % 12))
        case 17..<20: return .wait([0.01, 0.05, 0.1, 0.2, 0.5].randomElement(using: &rng)!)
        case 20: return .hide
        case 21: return .show
        case 22: return .memoryWarning
        default: return .app(.steal(n()))
        }
    }

    /// Runs `steps` on a fresh stack; returns the first problem with its step number.
    static func play(_ steps: [Step], survivors: Survivors) -> (step: Int, problem: String)? {
        let recorder = LifecycleRecorder()
        var checker = LifecycleChecker()
        var made: [Card] = []
        var letter = 0
        func card(opaque: Bool) -> Card {
            letter += 1
            let new = Card(Character(UnicodeScalar(UInt8((opaque ? 65 : 97) + letter % 26))), opaque: opaque)
            made.append(new)
            survivors.track(new, as: new.debugIdentifier)
            return new
        }
        let stack = StackController(rootViewController: card(opaque: true))
        let window = Window(rootViewController: stack)
        let pilot = Pilot(window, size: Size(width: 30, height: 6))
        let thief = PlaceholderViewController()
        survivors.track(stack, as: "the stack")
        survivors.track(window, as: "the window")
        var warned = false
        /// The controller the thief took last: its until the next steal.
        var stolen: ViewController?

        for (index, step) in steps.enumerated() {
            let asked = stack.viewControllers
            switch step {
            case .pilot(let step):
                step.play(on: pilot)
                if case .memoryWarning = step { warned = true }
            case let .app(.push(style, opaque, animated, reuse)):
                let detached = made.last { card in card.parent == nil && !asked.contains { $0 === card } }
                let next = reuse && detached != nil ? detached! : card(opaque: opaque)
                stack.pushViewController(next, transition: styles[style], animated: animated)
                warned = false
            case let .app(.pop(animated)):
                let popped = stack.popViewController(animated: animated)
                if popped !== (asked.count > 1 ? asked.last : nil) {
                    return (index, "pop returned \(popped?.debugIdentifier ?? "nil") with \(asked.count) children")
                }
                if popped != nil { warned = false }
            case let .app(.popTo(pick, animated)):
                let target = asked[pick % asked.count]
                let popped = stack.popToViewController(target, animated: animated)
                if popped.count != asked.count - 1 - pick % asked.count {
                    return (index, "popTo returned \(popped.count)")
                }
                if !popped.isEmpty { warned = false }
            case let .app(.popToRoot(animated)):
                if stack.popToRootViewController(animated: animated).count != asked.count - 1 {
                    return (index, "popToRoot count")
                }
                if asked.count > 1 { warned = false }
            case let .app(.insert(pick, style, opaque, animated)):
                let at = pick % (asked.count + 2)  // sometimes out of range
                do {
                    try stack.insertViewController(
                        card(opaque: opaque), at: at, transition: styles[style], animated: animated)
                    if at > asked.count { return (index, "insert at \(at) of \(asked.count) accepted") }
                    warned = false
                } catch {
                    if error != .indexOutOfRange(index: at, count: asked.count) { return (index, "insert: \(error)") }
                }
            case let .app(.remove(pick, animated)):
                let at = pick % (asked.count + 1)
                do {
                    try stack.removeViewController(at: at, animated: animated)
                    if at >= asked.count || asked.count == 1 {
                        return (index, "remove at \(at) of \(asked.count) accepted")
                    }
                    warned = false
                } catch {
                    let expected: StackControllerError =
                        at >= asked.count ? .indexOutOfRange(index: at, count: asked.count) : .cannotRemoveRoot
                    if error != expected { return (index, "remove: \(error), expected \(expected)") }
                }
            case let .app(.capacity(value)):
                stack.capacity = value
                warned = false
            case let .app(.steal(pick)):
                // Any controller of the stack asked for, also while changes play or wait (those
                // waiting must leave it with the thief), except one in the middle of its own
                // move (taking that breaks its UIKit sequence whoever does it); never the last
                // one (a stack whose every controller is taken is empty whatever it does).
                let settled = asked.filter {
                    $0.parent === stack && checker.states[$0.debugIdentifier]?.pendingMove == nil
                }
                guard asked.count > 1, !settled.isEmpty else { break }
                stolen = settled[pick % settled.count]
                try? thief.setInsetViewController(stolen!, animated: true)
            }
            // The later move wins: nothing the stack had asked for takes it back.
            if let stolen, stolen.parent !== thief {
                return (index, "\(stolen.debugIdentifier), taken by another container, was taken back")
            }
            let events = recorder.takeEvents()
            if verbose { print("STEP \(index) \(step)"); for event in events { print("   \(event)") } }
            checker.consume(events)
            let problems = checker.violations + checker.phaseViolations(of: [stack, thief] + made)
            if let problem = problems.first { return (index, problem.description) }
            if pilot.window.hierarchyChangesDuringLayout > 0 {
                return (index, "layout changed the controller hierarchy")
            }
            if let problem = ContainerProperty.childPhaseProblems(of: stack).first { return (index, problem) }
            if !pilot.loop.isTicking, !stack.isTransitioning {
                let settled =
                    checker.settledViolations()
                    + LifecycleChecker.treeViolations(window: window, others: made + [thief])
                if let problem = settled.first { return (index, problem.description) }
                if let problem = settledProblems(stack, window: window, warned: warned).first {
                    return (index, problem)
                }
            }
        }
        pilot.settle()
        checker.consume(recorder.takeEvents())
        let final =
            checker.violations + checker.settledViolations()
            + LifecycleChecker.treeViolations(window: window, others: made + [thief])
        if let problem = final.first { return (steps.count, problem.description) }
        if let problem = settledProblems(stack, window: window, warned: warned).first { return (steps.count, problem) }
        return nil
    }

    /// Nothing moves: the stack shows what the rule says, where it should, with the views the
    /// capacity allows.
    static func settledProblems(_ stack: StackController, window: Window, warned: Bool) -> [String] {
        var problems: [String] = []
        let children = stack.children
        if stack.viewControllers.map(ObjectIdentifier.init) != children.map(ObjectIdentifier.init) {
            problems.append("viewControllers differ from children while idle")
        }
        guard stack.isViewLoaded, !children.isEmpty else { return problems }
        var expected: [ViewController] = []
        for child in children.reversed() {
            expected.insert(child, at: 0)
            if (child as? Card)?.opaque ?? true { break }
        }
        let visible = stack.visibleViewControllers
        if visible.map(ObjectIdentifier.init) != expected.map(ObjectIdentifier.init) {
            problems.append("shown \(visible.map(\.debugIdentifier)), the rule says \(expected.map(\.debugIdentifier))")
        }
        let order = stack.view.subviews.compactMap(\.viewController)
        if order.map(ObjectIdentifier.init) != expected.map(ObjectIdentifier.init) {
            problems.append(
                "views in the order \(order.map(\.debugIdentifier)), expected \(expected.map(\.debugIdentifier))")
        }
        for child in visible where child.view.frame != stack.view.bounds || child.view.alpha != 1 {
            problems.append(
                "\(child.debugIdentifier) at \(child.view.frame) alpha \(child.view.alpha) in a stack of \(stack.view.bounds)"
            )
        }
        let onScreen = window.isVisible && stack.appearancePhase == .didAppear
        for child in children {
            let shown = visible.contains { $0 === child }
            if shown && onScreen && child.appearancePhase != .didAppear {
                problems.append("\(child.debugIdentifier) shown but \(child.appearancePhase)")
            }
            if !shown && child.appearancePhase.isOnScreen {
                problems.append("\(child.debugIdentifier) not shown but \(child.appearancePhase)")
            }
        }
        let near = children.suffix(stack.capacity)
        for child in children where child.isViewLoaded {
            if !visible.contains(where: { $0 === child }) && !near.contains(where: { $0 === child }) {
                problems.append("\(child.debugIdentifier) keeps its view below the top \(stack.capacity)")
            }
        }
        if !warned {
            for child in near where !child.isViewLoaded {
                problems.append("\(child.debugIdentifier) near the top has no view")
            }
        }
        return problems
    }

    @Test(PropertyRuns.trait) func randomSequencesKeepTheStackConsistent() async {
        await PropertyRuns.check("Stack", step: { Self.randomStep(using: &$0) }) { sequence, survivors in
            Self.play(sequence.steps, survivors: survivors)
        }
    }
}
