import TestSupport
import Testing
@testable import Shoji
import ShojiTesting

/// Random apps, checked after every step: thousands of random sequences of add, remove, swap
/// (transition), select, show, hide, replace the root, resize, present and dismiss (sheets and
/// full screen, from any layer, into and out of the containers' trees), and changes made re-entrantly
/// from inside appearance hooks, over random trees of containers (stacked or one selected
/// child, forwarding appearance automatically or by hand). Swaps and selections animate with
/// random styles and durations, and time moves in random steps, so transitions are interrupted
/// by everything else (reversed, hidden, resized, cancelled, finished, reduced motion). After
/// each step the lifecycle log, the live phases and the tree must satisfy every
/// `LifecycleChecker` rule (settled whenever nothing animates); after each sequence, once every
/// animation ended, all of them settled; then every controller and view must be freed.
///
/// Sequences come from the property library (`PropertyRuns`): a failure is shrunk (operations
/// dropped, reactions unwrapped to their operation) and printed with the problem and the seed
/// that replays it: `SHOJI_PROPERTY_SEED=<seed> swift test --filter LifecyclePropertyTests`.
@MainActor
struct LifecyclePropertyTests {
    static let runs = PropertyRuns.runs(default: 1_500)
    static let steps = PropertyRuns.steps(default: 40)

    /// Runs `operations` in a fresh world; returns the first failure (step, violations), or
    /// `nil`, and counts the operations that started mid-transition. Tracks every controller
    /// and view of the world in `survivors`, which must all be freed once the world is dropped.
    static func firstFailure(
        of operations: [LifecycleWorld.Operation], survivors: Survivors, interruptions: inout [String: Int]
    ) -> (step: Int, problems: [String])? {
        defer { View.areAnimationsEnabled = true }
        let world = LifecycleWorld()
        let initial = world.violations()
        if !initial.isEmpty { return (-1, initial.map(\.description)) }
        for (step, operation) in operations.enumerated() {
            world.run(operation)
            let found = world.violations()
            if !found.isEmpty {
                let trace = world.lastEvents.map { "    \($0)" }
                return (step, found.map(\.description) + ["  events of that step:"] + trace)
            }
        }
        world.settle()
        if world.window.animator.isAnimating {
            return (operations.count, ["still animating after the sequence settled"])
        }
        let settled = world.violations()
        if !settled.isEmpty {
            let trace = world.lastEvents.map { "    \($0)" }
            return (operations.count, settled.map(\.description) + ["  events while settling:"] + trace)
        }
        interruptions.merge(world.interruptions, uniquingKeysWith: +)
        for controller in world.controllers {
            survivors.track(controller, as: controller.debugIdentifier)
            if let view = controller.viewIfLoaded {
                survivors.track(view, as: "a view of \(controller.debugIdentifier)")
            }
        }
        return nil
    }

    /// A reaction's operation alone: simpler, and it replays anywhere a reaction could.
    nonisolated static func unwrapped(_ operation: LifecycleWorld.Operation) -> LifecycleWorld.Operation? {
        if case .app(.react(_, _, let inner)) = operation { return inner }
        return nil
    }

    @Test(PropertyRuns.trait) func randomSequencesKeepEveryLifecycleRule() async {
        var sequencesRun = 0
        var interruptions: [String: Int] = [:]
        await PropertyRuns.check(
            "Lifecycle", runs: Self.runs, length: Self.steps,
            step: { LifecycleWorld.randomOperation(using: &$0) }, simpler: Self.unwrapped
        ) { sequence, survivors in
            sequencesRun += 1
            let failure = Self.firstFailure(of: sequence.steps, survivors: survivors, interruptions: &interruptions)
            return failure.map { ($0.step, $0.problems.joined(separator: "\n")) }
        }
        guard !PropertyRuns.isReplaying else { return }
        #expect(sequencesRun >= Self.runs)
        // The runs must reach what they claim to test: every kind of operation lands in the
        // middle of a transition (with the default runs: each kind hundreds of times).
        if Self.runs >= 500 {
            let kinds = [
                "add", "remove", "swap", "select", "show", "hide", "replaceRoot", "resize", "wait", "stop",
                "motion", "react", "present", "dismiss"
            ]
            for kind in kinds {
                #expect(
                    interruptions[kind, default: 0] >= Self.runs / 20, "too few '\(kind)' operations mid-transition")
            }
        }
    }

    /// The property test must be able to fail: a container that forgets to forward appearance
    /// to the child it shows is caught.
    @Test func theCheckerCatchesABrokenContainerInAWorld() {
        let world = LifecycleWorld()
        let forgetful = ForgetfulContainer()
        (world.window.rootViewController as? TestContainer)?.add(forgetful)
        let child = TestLeaf()
        forgetful.addChild(child)
        forgetful.view.addSubview(child.view)  // shown when the window next appears
        child.didMove(toParent: forgetful)
        #expect(world.violations().isEmpty, "adding the view to a shown tree made it appear")
        world.window.hide()  // the container does not pass the disappearance on
        #expect(world.violations().map(\.kind) == [.appearedOffscreen, .ancestorNotAppeared])
    }
}

/// A container that turns automatic forwarding off and forwards nothing: its children never
/// appear when it does.
@MainActor
private final class ForgetfulContainer: ViewController {
    override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
}
