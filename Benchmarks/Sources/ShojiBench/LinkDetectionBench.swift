import Shoji

/// How long `TextLink.detectedURLs(in:)` takes over the demo's long text: `lines` lines
/// "Line N of M" (the text pane's `lines` option) with an address on the first line and one on
/// the last, so the characters up to the last are counted too; the median of 9 runs printed in
/// milliseconds, with the text's size.
enum LinkDetectionBench {
    static func run(lines: Int) {
        let body = (1...lines).map { "Line \($0) of \(lines)" }.joined(separator: "\n")
        let text = "See https://www.swift.org.\n" + body + "\nEnd: https://example.com/last"
        var times: [Int] = []
        var found = 0
        for _ in 0..<9 {
            let start = TextBench.monotonicNanoseconds()
            found = TextLink.detectedURLs(in: text).count
            times.append(TextBench.monotonicNanoseconds() - start)
        }
        let median = TextBench.milliseconds(times.sorted()[times.count / 2])
        print("detect-urls: \(lines) lines, \(text.utf8.count) bytes, \(found) addresses, median \(median)")
    }
}
