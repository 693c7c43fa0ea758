import TestSupport
import Testing
@testable import Shoji
import ShojiTesting

/// Random sequences of what an app and a user do to a placeholder container with two
/// placeholders inside a navigation controller: set children (new, cloning, taken from the
/// other placeholder or from elsewhere, or none) with random styles, animated or not; resize
/// across the size-class boundary; let time pass; hide and show; cover it with a pushed screen
/// and come back; memory warnings. After every step: the lifecycle log, the live phases and
/// (when nothing moves) the tree satisfy every `LifecycleChecker` rule, and the phases the
/// container's children report are what the screen shows; once settled, each shown child
/// fills its placeholder and matches its size class. At the end everything is freed.
///
/// A failure prints the shrunk sequence and its seed; replay with
/// `SHOJI_PROPERTY_SEED=<seed> swift test --filter PlaceholderPropertyTests` (add `SHOJI_PROPERTY_VERBOSE=1`
/// to print every step with its lifecycle events).
@MainActor
struct PlaceholderPropertyTests {
    typealias Step = PropertyStep<Action>

    /// What the app does to the container and the navigation controller around it; resizes,
    /// time, hiding and showing and memory warnings are the shared steps.
    enum Action: CustomStringConvertible {
        case set(index: Int, source: Int, style: Int, animated: Bool)
        case push(animated: Bool), pop(animated: Bool)
        case forward(Int?)

        var description: String {
            switch self {
            case let .set(index, source, style, animated):
                return "set(\(index), source: \(source), style: \(style), animated: \(animated))"
            case .push(let animated): return "push(\(animated))"
            case .pop(let animated): return "pop(\(animated))"
            case .forward(let index): return "forward(\(index.map(String.init) ?? "nil"))"
            }
        }
    }

    /// One random step; a seed replays the same steps only while the draws keep their order.
    nonisolated static func randomStep(using rng: inout SeededGenerator) -> Step {
        switch Int.random(in: 0..<20, using: &rng) {
        case 0..<7:
            return .app(
                .set(
                    index: Int.random(in: 0..<3, using: &rng), source: Int.random(in: 0..<6, using: &rng),
                    style: Int.random(in: 0..<styles.count, using: &rng), animated: Bool.random(using: &rng)))
        case 7..<10: return .resize(Size(width: Int.random(in: 20...130, using: &rng), height: 6))
        case 10..<14: return .wait([0.01, 0.05, 0.1, 0.2, 0.5].randomElement(using: &rng)!)
        case 14: return .hide
        case 15: return .show
        case 16: return .app(.push(animated: Bool.random(using: &rng)))
        case 17: return .app(.pop(animated: Bool.random(using: &rng)))
        case 18: return .memoryWarning
        default: return .app(.forward([nil, 0, 1].randomElement(using: &rng)!))
        }
    }

    nonisolated static let styles: [TransitionStyle] = [
        .none, .fade, .push(from: .right), .push(from: .top), .slide(from: .left),
        .slideOut(to: .bottom), .cover(from: .right), .uncover(to: .left)
    ]

    /// Runs `steps` on a fresh container; returns the first problem with its step number.
    static func play(_ steps: [Step], survivors: Survivors) -> (step: Int, problem: String)? {
        let recorder = LifecycleRecorder()
        var checker = LifecycleChecker()
        let container = TwoUp(divisor: 3)
        let nav = NavigationController(rootViewController: container)
        let window = Window(rootViewController: nav)
        let pilot = Pilot(window, size: Size(width: 90, height: 6))
        survivors.track(container, as: "the container")
        survivors.track(window, as: "the window")
        var made: [ViewController] = []
        var letter = 0
        func card() -> ViewController {
            letter += 1
            let scalar = UnicodeScalar(UInt8(97 + letter % 26))
            let new: ViewController =
                letter % 2 == 0
                ? CloningCard(Character(scalar), sizeClass: letter % 4 == 0 ? .regular : .compact)
                : Card(Character(scalar))
            made.append(new)
            survivors.track(new, as: new.debugIdentifier)
            return new
        }
        let elsewhere = PlaceholderViewController()

        for (index, step) in steps.enumerated() {
            switch step {
            case .pilot(let step): step.play(on: pilot)
            case let .app(.set(slot, source, style, animated)):
                let controller: ViewController?
                switch source {
                case 0: controller = nil
                case 1: controller = container.insetViewController(at: min(slot, 1))  // the current one: nothing to do
                case 2:
                    let taken = card()
                    try? elsewhere.setInsetViewController(taken, animated: true)
                    controller = taken  // a child of another container
                case 3:  // one that was removed (not one waiting to show in the other placeholder)
                    let other = container.insetViewController(at: 1 - min(slot, 1))
                    controller = made.last { $0.parent == nil && $0 !== other }
                default: controller = card()
                }
                do {
                    try container.setInsetViewController(
                        controller, at: slot, transition: styles[style], animated: animated)
                    if slot > 1 { return (index, "index \(slot) was accepted") }
                } catch {
                    if error != .indexOutOfRange(index: slot, count: 2) { return (index, "unexpected error \(error)") }
                }
            case .app(.push(let animated)):
                if nav.viewControllers.count == 1 { nav.pushViewController(Card("N"), animated: animated) }
            case .app(.pop(let animated)): nav.popViewController(animated: animated)
            case .app(.forward(let slot)): container.forwardedPlaceholderIndex = slot
            }
            let stepEvents = recorder.takeEvents()
            if PropertyRuns.verbose { print("STEP \(index) \(step)"); for e in stepEvents { print("  ", e) } }
            checker.consume(stepEvents)
            let all = [nav, container, elsewhere] + made
            let problems = checker.violations + checker.phaseViolations(of: all)
            if let problem = problems.first { return (index, problem.description) }
            if window.hierarchyChangesDuringLayout > 0 { return (index, "layout changed the controller hierarchy") }
            if let problem = phaseProblems(container, window: window).first { return (index, problem) }
            if !pilot.loop.isTicking, !container.isTransitioning, !nav.isTransitioning {
                let settled =
                    checker.settledViolations() + LifecycleChecker.treeViolations(window: window, others: made)
                if let problem = settled.first { return (index, problem.description) }
                if let problem = layoutProblems(container, window: window).first { return (index, problem) }
            }
        }
        pilot.settle()
        let settleEvents = recorder.takeEvents()
        if PropertyRuns.verbose { print("SETTLE"); for e in settleEvents { print("  ", e) } }
        checker.consume(settleEvents)
        let final =
            checker.violations + checker.settledViolations()
            + LifecycleChecker.treeViolations(window: window, others: made)
        if let problem = final.first { return (steps.count, problem.description) }
        if let problem = layoutProblems(container, window: window).first { return (steps.count, problem) }
        return nil
    }

    /// Phase queries at any moment: the children's phases agree with the container's; while
    /// no change runs, the children are exactly the placeholders' ones.
    static func phaseProblems(_ container: TwoUp, window: Window) -> [String] {
        var problems = ContainerProperty.childPhaseProblems(of: container)
        if !container.isTransitioning {
            let asked = container.insetViewControllers.compactMap { $0 }
            if Set(asked.map(ObjectIdentifier.init)) != Set(container.children.map(ObjectIdentifier.init)) {
                problems.append(
                    "children \(container.children.map(\.debugIdentifier)) differ from the placeholders' \(asked.map(\.debugIdentifier))"
                )
            }
        }
        return problems
    }

    /// Settled: shown children fill their placeholders and match its size class.
    static func layoutProblems(_ container: TwoUp, window: Window) -> [String] {
        guard window.isVisible, container.appearancePhase == .didAppear else { return [] }
        var problems: [String] = []
        for index in 0..<2 {
            guard let child = container.insetViewController(at: index) else { continue }
            let placeholder = container.placeholderViews[index]
            if child.appearancePhase != .didAppear {
                problems.append("\(child.debugIdentifier) in placeholder \(index) is \(child.appearancePhase)")
            }
            if child.viewIfLoaded?.superview !== placeholder || child.viewIfLoaded?.frame != placeholder.bounds {
                problems.append("\(child.debugIdentifier) does not fill placeholder \(index)")
            }
            // A clone the other placeholder shows cannot be used: the child stays as it is.
            let other = container.insetViewController(at: 1 - index)
            if let cloning = child as? CloningCard, let sizeClass = container.sizeClass(at: index),
                cloning.sizeClass != sizeClass,
                other == nil || cloning.clone(for: sizeClass) !== other
            {
                problems.append("\(child.debugIdentifier) is \(cloning.sizeClass) in a \(sizeClass) placeholder")
            }
        }
        return problems
    }

    @Test(PropertyRuns.trait) func randomSequencesKeepThePlaceholderConsistent() async {
        await PropertyRuns.check("Placeholder", step: { Self.randomStep(using: &$0) }) { sequence, survivors in
            Self.play(sequence.steps, survivors: survivors)
        }
    }
}
