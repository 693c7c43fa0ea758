// shoji-bench: figures that are one run, not per-frame samples (those are the ShojiFrames
// benchmark: `make bench`). Release-built:
//   swift run -c release --package-path Benchmarks shoji-bench stack-memory [DEPTH] [CAPACITY]
//   swift run -c release --package-path Benchmarks shoji-bench text-typing [KB] [COLUMNS ROWS]
//   swift run -c release --package-path Benchmarks shoji-bench paste-typing [KB] [COLUMNS ROWS]
//   swift run -c release --package-path Benchmarks shoji-bench field-typing [KB] [COLUMNS]
//   swift run -c release --package-path Benchmarks shoji-bench long-word [CHARACTERS]
//   swift run -c release --package-path Benchmarks shoji-bench list-memory [ROWS]
//   swift run -c release --package-path Benchmarks shoji-bench text-memory [LINES]
//   swift run -c release --package-path Benchmarks shoji-bench palette-filter [COMMANDS]
//   swift run -c release --package-path Benchmarks shoji-bench detect-urls [LINES]
import Glibc
import Shoji

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "stack-memory":
    let numbers = arguments.dropFirst().compactMap { Int($0) }
    MainActor.assumeIsolated {
        StackMemoryBench.run(depth: max(1, numbers.first ?? 1_000), capacity: numbers.dropFirst().first ?? 2)
    }
case "text-typing":
    let numbers = arguments.dropFirst().compactMap { Int($0) }
    MainActor.assumeIsolated {
        let size =
            numbers.count >= 3 ? Size(width: max(3, numbers[1]), height: max(1, numbers[2])) : TextBench.typingSize
        TextBench.runTyping(kilobytes: max(2, numbers.first ?? 30), size: size)
    }
case "paste-typing":
    let numbers = arguments.dropFirst().compactMap { Int($0) }
    MainActor.assumeIsolated {
        let size =
            numbers.count >= 3 ? Size(width: max(3, numbers[1]), height: max(1, numbers[2])) : TextBench.typingSize
        TextBench.runPasteTyping(kilobytes: max(1, numbers.first ?? 1_024), size: size)
    }
case "field-typing":
    let numbers = arguments.dropFirst().compactMap { Int($0) }
    MainActor.assumeIsolated {
        TextBench.runFieldTyping(kilobytes: max(2, numbers.first ?? 30), width: max(1, numbers.dropFirst().first ?? 60))
    }
case "long-word":
    let characters = arguments.dropFirst().compactMap { Int($0) }.first ?? 1_000_000
    MainActor.assumeIsolated { TextBench.runLongWord(characters: max(4, characters)) }
case "text-memory":
    let lines = arguments.dropFirst().compactMap { Int($0) }.first ?? 1_000_000
    MainActor.assumeIsolated { TextMemoryBench.run(lines: max(1, lines)) }
case "list-memory":
    let rows = arguments.dropFirst().compactMap { Int($0) }.first ?? 1_000_000
    MainActor.assumeIsolated { ListMemoryBench.run(rows: max(1, rows)) }
case "palette-filter":
    let count = arguments.dropFirst().compactMap { Int($0) }.first ?? 1_000
    PaletteBench.run(count: max(1, count))
case "detect-urls":
    let lines = arguments.dropFirst().compactMap { Int($0) }.first ?? 1_000_000
    LinkDetectionBench.run(lines: max(1, lines))
default:
    print(
        """
        usage: shoji-bench stack-memory [DEPTH] [CAPACITY]
               shoji-bench text-typing [KB] [COLUMNS ROWS]
               shoji-bench paste-typing [KB] [COLUMNS ROWS]
               shoji-bench field-typing [KB] [COLUMNS]
               shoji-bench long-word [CHARACTERS]
               shoji-bench list-memory [ROWS]
               shoji-bench text-memory [LINES]
               shoji-bench palette-filter [COMMANDS]
               shoji-bench detect-urls [LINES]
        (per-frame figures: make bench)
        """)
    exit(arguments.isEmpty ? 0 : 2)
}
