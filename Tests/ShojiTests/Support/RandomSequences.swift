import TestSupport
import ShojiTesting
import Testing

/// The loop the container property tests share, on the property library (`PropertyRuns`):
/// `runs` random sequences of `length` steps, each played by `firstFailure` with the seed its
/// fixture is made from; a failing sequence is shrunk to a minimal one and recorded with the
/// problem and the seed that replays it. `SHOJI_PROPERTY_RUNS` and `SHOJI_PROPERTY_STEPS`
/// override `runs` and `length`; `SHOJI_PROPERTY_SEED` replays a printed seed.
@MainActor
func checkRandomSequences<Step: Sendable & CustomStringConvertible>(
    of name: String, runs: Int = 300, length: Int = 30,
    sourceLocation: SourceLocation = #_sourceLocation,
    step: @escaping @Sendable (inout SeededGenerator) -> Step,
    firstFailure: (_ seed: UInt64, _ steps: [Step]) throws -> (step: Int, problem: String)?
) async {
    await PropertyRuns.check(
        name, runs: PropertyRuns.runs(default: runs), length: PropertyRuns.steps(default: length),
        step: step, sourceLocation: sourceLocation
    ) { sequence in
        try firstFailure(sequence.seed, sequence.steps)
    }
}
