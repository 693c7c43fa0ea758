// shoji-bench: figures that are one run, not per-frame samples (those are the ShojiFrames
// benchmark: `make bench`). Release-built:
//   swift run -c release --package-path Benchmarks shoji-bench stack-memory [DEPTH] [CAPACITY]
import Glibc

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "stack-memory":
    let numbers = arguments.dropFirst().compactMap { Int($0) }
    MainActor.assumeIsolated {
        StackMemoryBench.run(depth: max(1, numbers.first ?? 1_000), capacity: numbers.dropFirst().first ?? 2)
    }
default:
    print("usage: shoji-bench stack-memory [DEPTH] [CAPACITY]   (per-frame figures: make bench)")
    exit(arguments.isEmpty ? 0 : 2)
}
