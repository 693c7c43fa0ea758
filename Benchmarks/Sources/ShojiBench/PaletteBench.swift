import Shoji

/// How long the command palette's filtering takes: `FuzzyMatch.rank` of a typed query over
/// `count` command titles ("Group 12: Command number 345 does something"), each query
/// timed over many runs, the median per run printed in microseconds: over candidates folded
/// once (`FuzzyMatch.Candidate`, what the palette does at every key) and over strings (folded
/// at every call).
enum PaletteBench {
    static let verbs = ["Open", "Close", "Toggle", "Show", "Hide", "Cycle", "Move", "Select", "Reset", "Bump"]
    static let nouns = ["menu", "theme", "sheet", "tab", "counter", "list", "panel", "window", "search", "help"]

    static func run(count: Int) {
        let candidates = (0..<count).map { index in
            "Group \(index % 37): \(verbs[index % verbs.count]) the \(nouns[(index / 10) % nouns.count]) \(index)"
        }
        print("palette-filter: \(count) commands, median of 200 runs per query")
        let folded = candidates.map(FuzzyMatch.Candidate.init)
        for query in ["t", "tm", "cyth", "open menu", "zzz", "Group 3: Reset the list 999"] {
            let (matched, prepared) = median { FuzzyMatch.rank(query, in: folded).count }
            let (_, strings) = median { FuzzyMatch.rank(query, in: candidates).count }
            print(
                "  \(query.debugDescription): \(matched) matches, \(prepared) µs folded once, \(strings) µs from strings"
            )
        }
    }

    /// What `work` returns, and the median of 200 runs of it in microseconds.
    private static func median(_ work: () -> Int) -> (Int, Int) {
        var times: [Int] = []
        var result = 0
        for _ in 0..<200 {
            let start = TextBench.monotonicNanoseconds()
            result = work()
            times.append(TextBench.monotonicNanoseconds() - start)
        }
        times.sort()
        return (result, (times[times.count / 2] + 500) / 1_000)
    }
}
