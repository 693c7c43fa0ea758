import Testing
import ShojiTesting

/// The loop the container property tests share: `runs` sequences of `length` random steps,
/// sequence `i` from seed `SHOJI_PROPERTY_SEED + i + seedOffset` (each test has its own
/// offset, so tests do not replay each other's sequences), each run by `firstFailure`; the
/// first failure is recorded with its seed, the command that replays it, and the steps up to
/// it. `SHOJI_PROPERTY_RUNS` and `SHOJI_PROPERTY_STEPS` override `runs` and `length`.
@MainActor
func checkRandomSequences<Step: CustomStringConvertible>(
    of name: String, seedOffset: UInt64, runs: Int = 300, length: Int = 30,
    step: (inout SeededGenerator) -> Step,
    firstFailure: (_ seed: UInt64, _ steps: [Step]) throws -> (step: Int, problem: String)?
) throws {
    let environment = LifecyclePropertyTests.environment
    let runs = environment["SHOJI_PROPERTY_RUNS"].flatMap { Int($0) } ?? runs
    let length = environment["SHOJI_PROPERTY_STEPS"].flatMap { Int($0) } ?? length
    for run in 0..<runs {
        let replaySeed = LifecyclePropertyTests.baseSeed &+ UInt64(run)
        let seed = replaySeed &+ seedOffset
        var rng = SeededGenerator(seed: seed ^ 0xABCD)
        let steps = (0..<length).map { _ in step(&rng) }
        if let failure = try firstFailure(seed, steps) {
            Issue.record("""
                \(name) property failed: seed \(seed) (replay: \
                SHOJI_PROPERTY_SEED=\(replaySeed) SHOJI_PROPERTY_RUNS=1), at step \(failure.step): \(failure.problem)
                steps: \(steps.prefix(failure.step + 1).map(\.description).joined(separator: "; "))
                """)
            return
        }
    }
}
