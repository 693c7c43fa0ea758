import TestSupport
import Shoji
import ShojiTesting
import Testing
@testable import ShojiDemoKit

/// Random sequences of what a user and an app do to the two-pane container (clicks on the
/// buttons and elsewhere, keys, the seed's two methods, resizing, reduced motion, letting time
/// pass), checked after every step: the lifecycle rules hold; once nothing moves there is the
/// top child and one bottom child or none, shown where it belongs, and the buttons say so.
///
/// A failure prints the shrunk sequence and its seed; replay with
/// `SHOJI_PROPERTY_SEED=<seed> swift test --filter TwoPanePropertyTests`.
@MainActor
struct TwoPanePropertyTests {
    typealias Step = PropertyStep<Action>

    /// What the app does to the container: the seed's two methods; clicks, keys, resizes,
    /// reduced motion and time are the shared steps.
    enum Action: CustomStringConvertible {
        case showHide
        case swap

        var description: String {
            switch self {
            case .showHide: return "toggleBottomVisible()"
            case .swap: return "swapBottom()"
            }
        }
    }

    /// One random step; a seed replays the same steps only while the draws keep their order.
    nonisolated static func randomStep(using rng: inout SeededGenerator) -> Step {
        let keys: [KeyEvent] = [
            KeyEvent(.tab), KeyEvent(.tab, modifiers: .shift), KeyEvent(.enter),
            KeyEvent(.character(" ")), KeyEvent(.escape)
        ]
        switch Int.random(in: 0..<12, using: &rng) {
        case 0, 1: return .click(TwoPaneTests.showHide)
        case 2, 3: return .click(TwoPaneTests.swap)
        case 4: return .click(Point(x: Int.random(in: 0..<40, using: &rng), y: Int.random(in: 0..<12, using: &rng)))
        case 5: return .key(keys.randomElement(using: &rng)!)
        case 6: return .app(.showHide)
        case 7: return .app(.swap)
        case 8:
            return .resize(
                Size(width: Int.random(in: 0...50, using: &rng), height: Int.random(in: 0...14, using: &rng)))
        case 9: return .motion(Int.random(in: 0..<4, using: &rng) != 0)
        default: return .wait([0, 0.02, 0.1, 0.25, 0.6].randomElement(using: &rng)!)
        }
    }

    /// Runs `steps` on a fresh container; returns the first problem, with the step number.
    static func firstFailure(steps: [Step]) -> (step: Int, problem: String)? {
        View.areAnimationsEnabled = true
        defer { View.areAnimationsEnabled = true }
        let recorder = LifecycleRecorder()
        var checker = LifecycleChecker()
        let orange = ColorPane(title: "Orange", color: .orange, text: nil)
        let blue = ColorPane(title: "Blue", color: .blue, text: nil)
        let twoPane = TwoPaneController(title: "Two", first: orange, second: blue, transitionDuration: 0.5)
        let pilot = Pilot(Window(rootViewController: twoPane), size: Size(width: 40, height: 12))
        let window = pilot.window

        for (index, step) in steps.enumerated() {
            switch step {
            case .pilot(let step): step.play(on: pilot)
            case .app(.showHide): twoPane.toggleBottomVisible()
            case .app(.swap): twoPane.swapBottom()
            }
            if let problem = checker.consume(recorder.takeEvents()).first { return (index, problem.description) }
            let others = [orange, blue].filter { $0.parent == nil }
            if let problem = LifecycleChecker.treeViolations(window: window, others: others, settled: false).first {
                return (index, problem.description)
            }
            if let problem = alwaysProblems(twoPane).first { return (index, problem) }
            if !pilot.loop.isTicking, !twoPane.isTransitioning, window.queuedEvents.isEmpty {
                if let problem = settledProblems(twoPane, checker, window).first { return (index, problem) }
            }
        }
        View.areAnimationsEnabled = true
        for _ in 0..<20 { pilot.settle() }
        checker.consume(recorder.takeEvents())
        if let problem = (checker.violations.map(\.description) + settledProblems(twoPane, checker, window)).first {
            return (steps.count, problem)
        }
        return nil
    }

    /// What holds at every step, even mid-swap: one or two bottom children, the current one
    /// among them, the buttons in line with the state.
    static func alwaysProblems(_ twoPane: TwoPaneController) -> [String] {
        var problems: [String] = []
        let bottom = [twoPane.first, twoPane.second].filter { $0.parent === twoPane }
        if twoPane.children.first !== twoPane.buttonsPane || twoPane.children.count != 1 + bottom.count {
            problems.append("children \(twoPane.children.map(\.debugIdentifier))")
        }
        if twoPane.isBottomVisible != bottom.contains(where: { $0 === twoPane.current }) {
            problems.append("the current bottom child's containment and isBottomVisible disagree")
        }
        if twoPane.buttonsPane.isSwapEnabled != twoPane.isBottomVisible {
            problems.append(
                "Swap is \(twoPane.buttonsPane.isSwapEnabled ? "enabled" : "disabled") with the bottom \(twoPane.isBottomVisible ? "shown" : "hidden")"
            )
        }
        return problems
    }

    /// Once nothing moves: the top child and one bottom child or none, each shown in place.
    static func settledProblems(_ twoPane: TwoPaneController, _ checker: LifecycleChecker, _ window: Window) -> [String]
    {
        let others = [twoPane.first, twoPane.second].filter { $0.parent == nil }
        var problems = (checker.settledViolations() + LifecycleChecker.treeViolations(window: window, others: others))
            .map(\.description)
        let bottom = [twoPane.first, twoPane.second].filter { $0.parent === twoPane }
        if bottom.count != (twoPane.isBottomVisible ? 1 : 0) {
            problems.append("expected one bottom child or none, got \(bottom.map(\.debugIdentifier))")
        }
        let shown = twoPane.bottomArea.subviews
        if twoPane.isBottomVisible {
            let view = twoPane.current.view
            if shown.count != 1 || shown.first !== view {
                problems.append(
                    "the bottom area holds \(shown.count) views, not just \(twoPane.current.debugIdentifier)'s")
            }
            if view.frame != twoPane.bottomArea.bounds || view.mask != nil || view.alpha != 1 {
                problems.append("the bottom child is at \(view.frame), mask \(String(describing: view.mask))")
            }
        } else if !shown.isEmpty {
            problems.append("hidden, but the bottom area holds \(shown.count) views")
        }
        let size = twoPane.view.bounds.size
        let top = min(size.height, TwoPaneButtonsPane.height)
        if twoPane.buttonsPane.view.frame != Rect(x: 0, y: 0, width: size.width, height: top)
            || twoPane.bottomArea.frame != Rect(x: 0, y: top, width: size.width, height: size.height - top)
        {
            problems.append(
                "layout: buttons \(twoPane.buttonsPane.view.frame), bottom \(twoPane.bottomArea.frame) in \(size)")
        }
        return problems
    }

    @Test(PropertyRuns.trait) func randomSequencesKeepTheTwoPaneContainerConsistent() async {
        await PropertyRuns.check("Two-pane", step: { Self.randomStep(using: &$0) }) { sequence, _ in
            Self.firstFailure(steps: sequence.steps)
        }
    }
}
