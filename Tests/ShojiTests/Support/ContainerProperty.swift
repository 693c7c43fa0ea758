import TestSupport
import Testing
@testable import Shoji
import ShojiTesting

/// What the containers' property tests share: running random sequences (shrunk on failure,
/// replayable by seed), checking that everything made was freed, and the phase rules
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

    /// Runs `runs` random sequences of `count` steps made by `step` (see `PropertyRuns`);
    /// `play` runs one and returns its first failure, and the tracked objects must then all be
    /// freed. A failing sequence is shrunk and recorded with the seed that replays it.
    static func check<Step: Sendable & CustomStringConvertible>(
        _ name: String, runs: Int, count: Int, sourceLocation: SourceLocation = #_sourceLocation,
        step: @escaping @Sendable (inout SeededGenerator) -> Step,
        play: ([Step], Survivors) -> (step: Int, problem: String)?
    ) async {
        await PropertyRuns.check(name, runs: runs, length: count, step: step, sourceLocation: sourceLocation) {
            sequence in
            let survivors = Survivors()
            var failure = play(sequence.steps, survivors)
            if failure == nil, let alive = survivors.firstAlive {
                failure = (sequence.steps.count, "\(alive) was not freed")
            }
            return failure
        }
    }

    /// At any moment: no child is on screen while its container is not, and none says its view
    /// is unloaded while it is loaded.
    static func childPhaseProblems(of container: ViewController) -> [String] {
        var problems: [String] = []
        for child in container.children {
            if child.appearancePhase.isOnScreen && !container.appearancePhase.isOnScreen {
                problems.append(
                    "\(child.debugIdentifier) is \(child.appearancePhase) in a container that is \(container.appearancePhase)"
                )
            }
            if child.appearancePhase == .viewDidUnload && child.isViewLoaded {
                problems.append("\(child.debugIdentifier) says viewDidUnload with its view loaded")
            }
        }
        return problems
    }
}
