#if canImport(Glibc)
import Glibc
#endif
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
/// Deterministic: sequence `i` uses seed `base + i`. A failure prints its seed and a shrunk
/// list of operations; replay it alone with
/// `SHOJI_PROPERTY_SEED=<seed> SHOJI_PROPERTY_RUNS=1 swift test --filter LifecyclePropertyTests`.
@MainActor
struct LifecyclePropertyTests {
    static let environment: [String: String] = {
        var result: [String: String] = [:]
        for name in ["SHOJI_PROPERTY_SEED", "SHOJI_PROPERTY_RUNS", "SHOJI_PROPERTY_STEPS"] {
            if let value = getenv(name) { result[name] = String(cString: value) }
        }
        return result
    }()

    static let baseSeed = environment["SHOJI_PROPERTY_SEED"].flatMap { UInt64($0) } ?? 0x5_4013
    static let runs = environment["SHOJI_PROPERTY_RUNS"].flatMap { Int($0) } ?? 1_500
    static let steps = environment["SHOJI_PROPERTY_STEPS"].flatMap { Int($0) } ?? 40

    /// The operations of sequence `seed`.
    static func operations(seed: UInt64) -> [LifecycleWorld.Operation] {
        var generator = SeededGenerator(seed: seed)
        return (0..<steps).map { _ in LifecycleWorld.Operation.random(using: &generator) }
    }

    /// Runs `operations` in a fresh world; returns the first failure (step, violations), or
    /// `nil`. Also checks that the world, once dropped, frees every controller and view.
    static func firstFailure(of operations: [LifecycleWorld.Operation]) -> (step: Int, problems: [String])? {
        var ignored: [String: Int] = [:]
        return firstFailure(of: operations, interruptions: &ignored)
    }

    /// `firstFailure(of:)`, also counting the operations that started mid-transition.
    static func firstFailure(of operations: [LifecycleWorld.Operation],
                             interruptions: inout [String: Int]) -> (step: Int, problems: [String])? {
        var weakControllers: [Weak<ViewController>] = []
        var weakViews: [Weak<View>] = []
        defer { View.areAnimationsEnabled = true }
        do {
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
            weakControllers = world.controllers.map { Weak($0) }
            weakViews = world.controllers.compactMap(\.viewIfLoaded).map { Weak($0) }
        }
        let leaked = weakControllers.compactMap(\.object).map(\.debugIdentifier)
            + weakViews.compactMap(\.object).map { "a view of \($0.viewController?.debugIdentifier ?? "?")" }
        if !leaked.isEmpty { return (operations.count, ["leaked after the world was dropped: \(leaked)"]) }
        return nil
    }

    /// Greedy shrinking: drops operations (and unwraps reactions) while the failure remains.
    static func shrink(_ operations: [LifecycleWorld.Operation]) -> [LifecycleWorld.Operation] {
        var current = operations
        if let failure = firstFailure(of: current) { current = Array(current.prefix(max(0, failure.step) + 1)) }
        var changed = true
        while changed {
            changed = false
            var index = 0
            while index < current.count {
                var candidate = current
                candidate.remove(at: index)
                if firstFailure(of: candidate) != nil {
                    current = candidate
                    changed = true
                    continue
                }
                if case .react(_, _, let inner) = current[index] {
                    candidate = current
                    candidate[index] = inner
                    if firstFailure(of: candidate) != nil { current = candidate; changed = true }
                }
                index += 1
            }
        }
        return current
    }

    @Test func randomSequencesKeepEveryLifecycleRule() {
        var stepsRun = 0
        var interruptions: [String: Int] = [:]
        for run in 0..<Self.runs {
            let seed = Self.baseSeed &+ UInt64(run)
            let operations = Self.operations(seed: seed)
            stepsRun += operations.count
            guard let failure = Self.firstFailure(of: operations, interruptions: &interruptions) else { continue }
            let shrunk = Self.shrink(operations)
            let shrunkFailure = Self.firstFailure(of: shrunk)
            Issue.record("""
                Lifecycle property failed: seed \(seed) (replay: SHOJI_PROPERTY_SEED=\(seed) SHOJI_PROPERTY_RUNS=1), \
                step \(failure.step):
                \(failure.problems.joined(separator: "\n"))
                Shrunk to \(shrunk.count) operation(s):
                \(shrunk.enumerated().map { "  \($0.offset): \($0.element)" }.joined(separator: "\n"))
                which fail with:
                \((shrunkFailure?.problems ?? []).joined(separator: "\n"))
                """)
            return
        }
        #expect(stepsRun == Self.runs * Self.steps)
        // The runs must reach what they claim to test: every kind of operation lands in the
        // middle of a transition (with the default runs: each kind hundreds of times).
        if Self.runs >= 500 {
            let kinds = ["add", "remove", "swap", "select", "show", "hide", "replaceRoot", "resize", "advance", "stop",
                         "motion", "react", "present", "dismiss"]
            for kind in kinds {
                #expect(interruptions[kind, default: 0] >= Self.runs / 20, "too few '\(kind)' operations mid-transition")
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

/// A weak reference, to check that objects are freed.
struct Weak<T: AnyObject> {
    weak var object: T?
    init(_ object: T) { self.object = object }
}
