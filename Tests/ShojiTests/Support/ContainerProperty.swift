import Testing
@testable import Shoji
import ShojiTesting

/// What the containers' property tests share: running seeded random sequences and reporting a
/// failure with its replay line, checking that everything made was freed, and the phase rules
/// every container's children obey at any moment.
@MainActor
enum ContainerProperty {
    /// The objects a sequence made, held weakly, to check that they were all freed.
    final class Survivors {
        private var objects: [(name: String, reference: Weak<AnyObject>)] = []

        func track(_ object: AnyObject, as name: String) { objects.append((name, Weak(object))) }

        /// The first tracked object still alive.
        var firstAlive: String? { objects.first { $0.reference.object != nil }?.name }
    }

    /// Runs `runs` sequences of `count` steps made by `step` (sequence `i` uses seed
    /// `baseSeed + i`); `play` runs one and returns its first failure, the tracked objects must
    /// then all be freed. Records the first failing sequence with its replay line.
    static func check<Step: CustomStringConvertible>(_ name: String, baseSeed: UInt64, runs: Int, count: Int,
                                                     step: (inout SeededGenerator) -> Step,
                                                     play: ([Step], Survivors) -> (step: Int, problem: String)?) {
        for run in 0..<runs {
            var rng = SeededGenerator(seed: baseSeed &+ UInt64(run))
            let steps = (0..<count).map { _ in step(&rng) }
            let survivors = Survivors()
            var failure = play(steps, survivors)
            if failure == nil, let alive = survivors.firstAlive { failure = (steps.count, "\(alive) was not freed") }
            if let failure {
                Issue.record("""
                    \(name) property failed: run \(run) (replay: SHOJI_PROPERTY_SEED=\(LifecyclePropertyTests.baseSeed &+ UInt64(run)) \
                    SHOJI_PROPERTY_RUNS=1), at step \(failure.step): \(failure.problem)
                    steps: \(steps.prefix(failure.step + 1).map(\.description).joined(separator: "; "))
                    """)
                return
            }
        }
    }

    /// At any moment: no child is on screen while its container is not, and none says its view
    /// is unloaded while it is loaded.
    static func childPhaseProblems(of container: ViewController) -> [String] {
        var problems: [String] = []
        for child in container.children {
            if child.appearancePhase.isOnScreen && !container.appearancePhase.isOnScreen {
                problems.append("\(child.debugIdentifier) is \(child.appearancePhase) in a container that is \(container.appearancePhase)")
            }
            if child.appearancePhase == .viewDidUnload && child.isViewLoaded {
                problems.append("\(child.debugIdentifier) says viewDidUnload with its view loaded")
            }
        }
        return problems
    }
}
