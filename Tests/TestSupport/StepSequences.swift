import PropertyBased
import ShojiTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A random sequence of steps for a property test, and the seed its fixture is made from (how
/// many children, their titles…). Printed as the steps, one per line, when a check fails.
public struct StepSequence<Step: Sendable & CustomStringConvertible>: Sendable, CustomStringConvertible {
    /// Seeds whatever the test sets up before the steps run (not shrunk).
    public var seed: UInt64
    /// The steps, in order.
    public var steps: [Step]

    public var description: String {
        "\(steps.count) step(s), fixture seed \(seed):\n"
            + steps.enumerated().map { "  \($0.offset): \($0.element)" }.joined(separator: "\n")
    }
}

/// The property tests' shared settings, read from the environment:
/// - `SHOJI_PROPERTY_RUNS`, `SHOJI_PROPERTY_STEPS`: how many sequences, how long each
///   (each test has its defaults);
/// - `SHOJI_PROPERTY_SEED`: the seed a failure printed (the `.fixedSeed("…")` of its message):
///   every property check of the test then replays that one sequence, and shrinks it again;
/// - `SHOJI_PROPERTY_VERBOSE`: set, some tests print every step with its lifecycle events.
public enum PropertyRuns {
    /// The environment variables the tests read, captured once.
    public static let environment: [String: String] = {
        var result: [String: String] = [:]
        for name in ["SHOJI_PROPERTY_SEED", "SHOJI_PROPERTY_RUNS", "SHOJI_PROPERTY_STEPS", "SHOJI_PROPERTY_VERBOSE"] {
            if let value = getenv(name) { result[name] = String(cString: value) }
        }
        return result
    }()

    /// True when `SHOJI_PROPERTY_SEED` is set: each check plays that one sequence, so counts
    /// over many runs do not apply.
    public static var isReplaying: Bool { environment["SHOJI_PROPERTY_SEED"] != nil }

    /// True when `SHOJI_PROPERTY_VERBOSE` is set: tests that can, print each step they play.
    public static var verbose: Bool { environment["SHOJI_PROPERTY_VERBOSE"] != nil }

    /// `SHOJI_PROPERTY_RUNS`, else `runs`.
    public static func runs(default runs: Int) -> Int { environment["SHOJI_PROPERTY_RUNS"].flatMap { Int($0) } ?? runs }

    /// `SHOJI_PROPERTY_STEPS`, else `steps`.
    public static func steps(default steps: Int) -> Int {
        environment["SHOJI_PROPERTY_STEPS"].flatMap { Int($0) } ?? steps
    }

    /// The trait every property test carries: replays `SHOJI_PROPERTY_SEED` when it is set
    /// (a seed the library printed), else turns shrinking on (it is on by default on Swift 6.2
    /// and later; this says so where the test is declared).
    public static let trait: any TestTrait = {
        if let text = environment["SHOJI_PROPERTY_SEED"], let seed = Xoshiro(seed: text) {
            let state = seed.currentState
            return FixedSeedTrait.fixedSeed(state.0, state.1, state.2, state.3)
        }
        return EnableShrinkTrait.shrinking
    }()

    /// Sequences of `length` steps, each made by `step` from a `SeededGenerator` that the
    /// property library's generator seeds (so the library's seed decides everything, and
    /// `.fixedSeed` replays it). A failing sequence shrinks by cutting its tail in halves, then
    /// dropping one step at a time, then replacing a step with `simpler(step)` where that
    /// returns one: the failure printed is the shortest, simplest sequence that still fails.
    /// Steps must make sense in any order and any subsequence (raw numbers resolved against the
    /// state when they run), so every candidate replays.
    public static func sequences<Step>(
        length: Int, step: @escaping @Sendable (inout SeededGenerator) -> Step,
        simpler: @escaping @Sendable (Step) -> Step? = { _ in nil }
    )
        -> Generator<StepSequence<Step>, [StepSequence<Step>]>
    {
        Generator(
            run: { rng in
                var generator = SeededGenerator(seed: rng.next())
                let seed = generator.next()
                return StepSequence(seed: seed, steps: (0..<length).map { _ in step(&generator) })
            },
            shrink: { sequence in
                var candidates: [StepSequence<Step>] = []
                var kept = sequence.steps.count / 2
                while kept > 0 {
                    candidates.append(StepSequence(seed: sequence.seed, steps: Array(sequence.steps.prefix(kept))))
                    kept /= 2
                }
                if !sequence.steps.isEmpty { candidates.append(StepSequence(seed: sequence.seed, steps: [])) }
                for index in sequence.steps.indices {
                    var steps = sequence.steps
                    steps.remove(at: index)
                    candidates.append(StepSequence(seed: sequence.seed, steps: steps))
                }
                for index in sequence.steps.indices {
                    guard let simple = simpler(sequence.steps[index]) else { continue }
                    var steps = sequence.steps
                    steps[index] = simple
                    candidates.append(StepSequence(seed: sequence.seed, steps: steps))
                }
                return candidates
            })
    }

    /// The one runner of the property tests: checks `runs` random sequences of `length` steps
    /// made by `step` (`SHOJI_PROPERTY_RUNS` and `SHOJI_PROPERTY_STEPS` override both) with
    /// `firstFailure`, which plays one sequence, tracks in the `Survivors` it is given what it
    /// makes, and returns the first problem it finds (with the step it found it after), or
    /// `nil`; the tracked objects must then all have been freed. A failing sequence is shrunk
    /// (see `sequences(length:step:simpler:)`) and recorded with its problem; the property
    /// library adds the seed that replays it (`SHOJI_PROPERTY_SEED=<seed> swift test --filter
    /// <the test>`).
    @MainActor
    public static func check<Step>(
        _ name: String, runs: Int = 300, length: Int = 30,
        step: @escaping @Sendable (inout SeededGenerator) -> Step,
        simpler: @escaping @Sendable (Step) -> Step? = { _ in nil },
        sourceLocation: SourceLocation = #_sourceLocation,
        firstFailure: (_ sequence: StepSequence<Step>, _ survivors: Survivors) throws -> (step: Int, problem: String)?
    ) async {
        await propertyCheck(
            count: Self.runs(default: runs),
            input: sequences(length: steps(default: length), step: step, simpler: simpler),
            perform: { sequence in
                let survivors = Survivors()
                var failure = try firstFailure(sequence, survivors)
                if failure == nil, !survivors.alive.isEmpty {
                    failure = (sequence.steps.count, "not freed once the sequence ended: \(survivors.alive)")
                }
                if let failure {
                    Issue.record(
                        "\(name) property failed at step \(failure.step): \(failure.problem)",
                        sourceLocation: sourceLocation)
                }
            }, sourceLocation: sourceLocation)
    }
}
