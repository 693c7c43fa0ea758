import TestSupport
import Testing
@testable import Shoji
import ShojiTesting

/// Random sequences of what a user and an app do to an overlay menu (keys, clicks with either
/// button, selections with and without animation and styles, replacing the children, resizing,
/// reduced motion, letting time pass), checked after every step: the lifecycle rules hold; once
/// nothing moves, exactly the selected child is shown and appeared, the others are children
/// that do not appear, and the overlay's state matches what it draws.
///
/// A failure prints the shrunk sequence and its seed; replay with
/// `SHOJI_PROPERTY_SEED=<seed> swift test --filter OverlayMenuPropertyTests`.
@MainActor
struct OverlayMenuPropertyTests {
    typealias Step = PropertyStep<Action>

    /// What the app does to the overlay menu; the user's keys and clicks, resizes, reduced
    /// motion and time are the shared steps.
    enum Action: CustomStringConvertible {
        case select(Int, animated: Bool)
        case toggle(animated: Bool)
        case replace(keep: [Int], add: Int)
        case style(TransitionStyle)

        var description: String {
            switch self {
            case .select(let index, let animated): return "select \(index) animated \(animated)"
            case .toggle(let animated): return "toggle animated \(animated)"
            case .replace(let keep, let add): return "replace keeping \(keep) adding \(add)"
            case .style(let style): return "style \(style)"
            }
        }
    }

    /// One random step; a seed replays the same steps only while the draws keep their order.
    nonisolated static func randomStep(using rng: inout SeededGenerator) -> Step {
        let keys: [KeyEvent] = [
            KeyEvent(.function(4)), KeyEvent(.escape), KeyEvent(.right), KeyEvent(.left),
            KeyEvent(.down), KeyEvent(.enter), KeyEvent(.end), KeyEvent(.tab), KeyEvent(.character("x"))
        ]
        let styles: [TransitionStyle] = [
            .none, .fade, .wipe(from: .top), .push(from: .right), .cover(from: .bottom)
        ]
        switch Int.random(in: 0..<14, using: &rng) {
        case 0, 1, 2: return .key(keys.randomElement(using: &rng)!)
        case 3, 4:
            return .click(
                Point(x: Int.random(in: 0..<50, using: &rng), y: Int.random(in: 0..<16, using: &rng)),
                Bool.random(using: &rng) ? .left : .right)
        case 5: return .app(.select(Int.random(in: -1..<7, using: &rng), animated: Bool.random(using: &rng)))
        case 6: return .app(.toggle(animated: Bool.random(using: &rng)))
        case 7:
            let keep = (0..<Int.random(in: 0...4, using: &rng)).map { _ in Int.random(in: 0..<6, using: &rng) }
            return .app(.replace(keep: keep, add: Int.random(in: 0...2, using: &rng)))
        case 8: return .app(.style(styles.randomElement(using: &rng)!))
        case 9:
            return .resize(
                Size(width: Int.random(in: 0...60, using: &rng), height: Int.random(in: 0...20, using: &rng)))
        case 10: return .motion(Int.random(in: 0..<4, using: &rng) != 0)
        default: return .wait([0, 0.01, 0.05, 0.1, 0.2, 0.5].randomElement(using: &rng)!)
        }
    }

    /// Runs `steps` on a fresh overlay menu; returns the first problem, with the step number.
    static func firstFailure(seed: UInt64, steps: [Step]) -> (step: Int, problem: String)? {
        View.areAnimationsEnabled = true
        defer { View.areAnimationsEnabled = true }
        var rng = SeededGenerator(seed: seed)
        let recorder = LifecycleRecorder()
        var checker = LifecycleChecker()
        var made = 0
        func page() -> Page {
            made += 1
            let page = Page(Character(Unicode.Scalar(UInt8(65 + made % 26))))
            page.title = "Page \(made)"
            return page
        }
        let overlay = OverlayMenuController(
            viewControllers: (0..<Int.random(in: 1...5, using: &rng)).map { _ in page() })
        let pilot = Pilot(Window(rootViewController: overlay), size: Size(width: 50, height: 16))
        var everyPage: [ViewController] = overlay.children

        for (index, step) in steps.enumerated() {
            switch step {
            case .pilot(let step): step.play(on: pilot)
            case .app(.select(let target, let animated)):
                let children = overlay.children
                if children.indices.contains(target) {
                    overlay.setSelectedViewController(children[target], animated: animated)
                } else {
                    overlay.selectedViewControllerIndex = target  // out of range: ignored
                }
            case .app(.toggle(let animated)): overlay.toggleMenu(animated: animated)
            case .app(.replace(let keep, let add)):
                let children = overlay.children
                let kept = keep.compactMap { children.indices.contains($0) ? children[$0] : nil }
                let added = (0..<add).map { _ in page() }
                everyPage += added
                overlay.viewControllers = kept + added
            case .app(.style(let style)): overlay.selectionStyle = style
            }
            let problems = checker.consume(recorder.takeEvents())
            if let problem = problems.first { return (index, problem.description) }
            let others = everyPage.filter { $0.parent == nil }
            if let problem = LifecycleChecker.treeViolations(window: pilot.window, others: others, settled: false).first
            {
                return (index, problem.description)
            }
            if !pilot.loop.isTicking, !overlay.isTransitioning {
                if let problem = settledProblems(overlay, pilot, checker, others: others).first {
                    return (index, problem)
                }
            }
        }
        View.areAnimationsEnabled = true
        pilot.settle()
        pilot.settle()
        checker.consume(recorder.takeEvents())
        let others = everyPage.filter { $0.parent == nil }
        if let problem =
            (checker.violations.map(\.description) + settledProblems(overlay, pilot, checker, others: others)).first
        {
            return (steps.count, problem)
        }
        return nil
    }

    static func settledProblems(
        _ overlay: OverlayMenuController, _ pilot: Pilot, _ checker: LifecycleChecker,
        others: [ViewController]
    ) -> [String] {
        var problems =
            (checker.settledViolations() + LifecycleChecker.treeViolations(window: pilot.window, others: others))
            .map(\.description)
        if pilot.window.hierarchyChangesDuringLayout > 0 { problems.append("layout changed the controller hierarchy") }
        let selected = overlay.selectedViewController
        let shownViews = overlay.transitionView.subviews
        if let selected {
            if shownViews.count != 1 || shownViews.first !== selected.viewIfLoaded {
                problems.append(
                    "expected only \(selected.debugIdentifier)'s view in the transition view, got \(shownViews.count)")
            }
            if selected.view.frame != overlay.transitionView.bounds || selected.view.mask != nil
                || selected.view.alpha != 1
            {
                problems.append(
                    "the selected view is at \(selected.view.frame), mask \(String(describing: selected.view.mask)), alpha \(selected.view.alpha)"
                )
            }
        } else if !overlay.children.isEmpty || !shownViews.isEmpty {
            problems.append(
                "nothing selected among \(overlay.children.count) children, \(shownViews.count) views shown")
        }
        let appeared = overlay.children.filter { $0.appearancePhase == .didAppear }
        if appeared.count != (selected == nil ? 0 : 1) || (selected != nil && appeared.first !== selected) {
            problems.append("expected exactly the selected child appeared, got \(appeared.map(\.debugIdentifier))")
        }
        if overlay.selectedViewControllerIndex.map({ overlay.children[$0] !== selected }) ?? (selected != nil) {
            problems.append("the index does not name the selected child")
        }
        let menu = overlay.menuView
        let bounds = overlay.view.bounds
        if overlay.transitionView.frame != bounds || menu.frame != bounds {
            problems.append("the transition view or the overlay does not fill the container")
        }
        if overlay.isMenuVisible {
            if menu.isHidden || menu.alpha != 1 || menu.mask != nil
                || overlay.transitionView.alpha != OverlayMenuController.dimmedAlpha
            {
                problems.append(
                    "shown, but the overlay is hidden \(menu.isHidden), alpha \(menu.alpha), mask \(String(describing: menu.mask))"
                )
            }
            if !menu.isFocused { problems.append("shown, but the overlay has no focus") }
        } else if !menu.isHidden || overlay.transitionView.alpha != 1 {
            problems.append(
                "hidden, but the overlay shows (hidden \(menu.isHidden), child alpha \(overlay.transitionView.alpha))")
        }
        return problems
    }

    @Test(PropertyRuns.trait) func randomSequencesKeepTheOverlayMenuConsistent() async {
        await PropertyRuns.check("Overlay menu", step: { Self.randomStep(using: &$0) }) { sequence, _ in
            Self.firstFailure(seed: sequence.seed, steps: sequence.steps)
        }
    }
}
