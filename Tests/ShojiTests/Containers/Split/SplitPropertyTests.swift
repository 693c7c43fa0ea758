import TestSupport
import Testing
@testable import Shoji
import ShojiTesting

/// Random sequences of what a user and an app do to a split view (hiding and showing the
/// primary column with and without animation, the collapse threshold, replacing a child,
/// dragging the divider, keys, resizes down to 0x0, reduced motion, the window hidden, time),
/// checked after every step: the lifecycle rules hold and the three parts lie inside the
/// bounds, one after the other; once nothing moves, the primary child is shown and appeared
/// exactly when `isPrimaryVisible` says, and the secondary always.
///
/// A failure prints the shrunk sequence and its seed; replay with
/// `SHOJI_PROPERTY_SEED=<seed> swift test --filter SplitPropertyTests`.
@MainActor
struct SplitPropertyTests {
    typealias Step = PropertyStep<Action>

    /// What the app does to the split; the user's keys, clicks and drags, resizes, reduced
    /// motion and time are the shared steps.
    enum Action: CustomStringConvertible {
        case hide(Bool, animated: Bool)
        case threshold(Int?)
        case replace(primary: Bool)
        case preferred(Int)

        var description: String {
            switch self {
            case .hide(let hidden, let animated): return "hide \(hidden) animated \(animated)"
            case .threshold(let value): return "threshold \(value.map(String.init) ?? "nil")"
            case .replace(let primary): return "replace \(primary ? "primary" : "secondary")"
            case .preferred(let width): return "preferred \(width)"
            }
        }
    }

    /// One random step; a seed replays the same steps only while the draws keep their order.
    nonisolated static func randomStep(using rng: inout SeededGenerator) -> Step {
        func point() -> Point { Point(x: Int.random(in: 0..<50, using: &rng), y: Int.random(in: 0..<12, using: &rng)) }
        switch Int.random(in: 0..<16, using: &rng) {
        case 0: return .key([KeyEvent(.function(6)), KeyEvent(.tab)].randomElement(using: &rng)!)
        case 1:
            return .mouseDown(Point(x: Int.random(in: 18...22, using: &rng), y: Int.random(in: 0..<12, using: &rng)))
        case 2, 3: return .mouseDrag(point())
        case 4: return .mouseUp(point())
        case 5, 6: return .app(.hide(Bool.random(using: &rng), animated: Int.random(in: 0..<4, using: &rng) != 0))
        case 7: return .app(.threshold([nil, 10, 30, 45].randomElement(using: &rng)!))
        case 8: return .app(.replace(primary: Bool.random(using: &rng)))
        case 9: return .app(.preferred(Int.random(in: -2...60, using: &rng)))
        case 10:
            return .resize(
                Size(width: Int.random(in: 0...60, using: &rng), height: Int.random(in: 0...14, using: &rng)))
        case 11: return .motion(Int.random(in: 0..<4, using: &rng) != 0)
        case 12: return .pilot([PilotStep.hide, .show].randomElement(using: &rng)!)
        default: return .wait([0, 0.01, 0.05, 0.1, 0.2, 0.5].randomElement(using: &rng)!)
        }
    }

    /// Runs `steps` on a fresh split; returns the first problem, with the step number.
    static func firstFailure(seed: UInt64, steps: [Step]) -> (step: Int, problem: String)? {
        View.areAnimationsEnabled = true
        defer { View.areAnimationsEnabled = true }
        let recorder = LifecycleRecorder()
        var checker = LifecycleChecker()
        var made = 0
        func pane() -> ViewController {
            made += 1
            let pane = ViewController()
            pane.title = "Pane \(made)"
            let button = Button(title: "B\(made)")
            pane.view.addSubview(button)
            button.sizeToFit()
            return pane
        }
        let split = SplitViewController(primary: pane(), secondary: pane())
        split.preferredPrimaryColumnWidth = 20
        split.keyBindings.setKeys([KeyEvent(.function(6))], for: .togglePrimaryColumn)
        let pilot = Pilot(Window(rootViewController: split), size: Size(width: 50, height: 12))
        var everyPane = split.children

        for (index, step) in steps.enumerated() {
            switch step {
            case .pilot(let step): step.play(on: pilot)
            case .app(.hide(let hidden, let animated)): split.setPrimaryHidden(hidden, animated: animated)
            case .app(.threshold(let value)): split.collapseThreshold = value
            case .app(.replace(let primary)):
                let new = pane()
                everyPane.append(new)
                split.setViewController(new, for: primary ? .primary : .secondary)
            case .app(.preferred(let width)): split.preferredPrimaryColumnWidth = width
            }
            let problems = checker.consume(recorder.takeEvents())
            if let problem = problems.first { return (index, problem.description) }
            let others = everyPane.filter { $0.parent == nil }
            if let problem = LifecycleChecker.treeViolations(window: pilot.window, others: others, settled: false).first
            {
                return (index, problem.description)
            }
            // The divider and the secondary column follow the primary at each layout pass, before
            // anything is drawn: checked as the next frame will show them.
            split.viewIfLoaded?.layoutIfNeeded()
            if let problem = (ContainerProperty.childPhaseProblems(of: split) + layoutProblems(split)).first {
                return (index, problem)
            }
            if !pilot.loop.isTicking, !split.isTransitioning,
                let problem = settledProblems(split, pilot, checker, others: others).first
            {
                return (index, problem)
            }
        }
        View.areAnimationsEnabled = true
        pilot.release(at: .zero)
        pilot.window.show()
        pilot.settle()
        pilot.settle()
        checker.consume(recorder.takeEvents())
        let others = everyPane.filter { $0.parent == nil }
        if let problem =
            (checker.violations.map(\.description) + settledProblems(split, pilot, checker, others: others)).first
        {
            return (steps.count, problem)
        }
        return nil
    }

    /// At any moment: the divider right after the primary column, the secondary column from
    /// after it to the trailing edge, nothing of either outside the bounds but a hidden (or
    /// sliding) primary column and divider before the leading edge.
    static func layoutProblems(_ split: SplitViewController) -> [String] {
        guard split.isViewLoaded else { return [] }
        let bounds = split.view.bounds
        let content = split.contentView
        let primary = content.primaryColumn.frame, divider = content.divider.frame
        let secondary = content.secondaryColumn.frame
        var problems: [String] = []
        if primary.width > max(0, bounds.width - 1) && !split.isDraggingDivider && !split.isPrimaryMoving {
            problems.append("the primary column \(primary) is wider than \(bounds) allows")
        }
        if divider.minX != primary.maxX { problems.append("the divider \(divider) is not after \(primary)") }
        if secondary.minX < 0 || secondary.maxX != bounds.width || secondary.height != bounds.height
            || secondary.minX != min(max(0, primary.maxX + 1), bounds.width)
        {
            problems.append("the secondary column \(secondary) is not after \(primary) within \(bounds)")
        }
        if primary.minX > 0 || primary.maxX > bounds.width {
            problems.append("the primary column \(primary) reaches outside \(bounds)")
        }
        return problems
    }

    static func settledProblems(
        _ split: SplitViewController, _ pilot: Pilot, _ checker: LifecycleChecker, others: [ViewController]
    ) -> [String] {
        var problems =
            (checker.settledViolations() + LifecycleChecker.treeViolations(window: pilot.window, others: others))
            .map(\.description)
        guard split.isViewLoaded, !split.isDraggingDivider else { return problems }
        let primary = split.primaryViewController, secondary = split.secondaryViewController
        let expected = SplitLayout(axis: .horizontal, size: split.view.bounds.size)
            .primaryFrame(length: split.primaryColumnWidth, isShown: split.isPrimaryVisible)
        if split.contentView.primaryColumn.frame != expected {
            problems.append(
                "settled, the primary column is at \(split.contentView.primaryColumn.frame), not \(expected)")
        }
        let primaryShown = primary.viewIfLoaded?.superview === split.contentView.primaryColumn
        if primaryShown != split.isPrimaryVisible {
            problems.append(
                "settled, the primary's view is in the tree: \(primaryShown), visible: \(split.isPrimaryVisible)")
        }
        if secondary.viewIfLoaded?.superview !== split.contentView.secondaryColumn {
            problems.append("the secondary's view is not in its column")
        }
        if split.appearancePhase == .didAppear {
            if (primary.appearancePhase == .didAppear) != split.isPrimaryVisible {
                problems.append("the primary is \(primary.appearancePhase), visible: \(split.isPrimaryVisible)")
            }
            if secondary.appearancePhase != .didAppear {
                problems.append("the secondary is \(secondary.appearancePhase)")
            }
        }
        return problems
    }

    @Test(PropertyRuns.trait) func randomSequencesKeepTheSplitConsistent() async {
        await PropertyRuns.check("Split view", step: { Self.randomStep(using: &$0) }) { sequence, _ in
            Self.firstFailure(seed: sequence.seed, steps: sequence.steps)
        }
    }
}
