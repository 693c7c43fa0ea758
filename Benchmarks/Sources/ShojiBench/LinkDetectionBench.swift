import Glibc
import Shoji

/// How long `TextLink.detectedURLs(in:)` takes over the demo's long text: `lines` lines
/// "Line N of M" (the text pane's `lines` option) with an address on the first line and one on
/// the last, so the characters up to the last are counted too; the median of 9 runs printed in
/// milliseconds, with the text's size.
enum LinkDetectionBench {
    static func run(lines: Int) {
        let body = (1...lines).map { "Line \($0) of \(lines)" }.joined(separator: "\n")
        let text = "See https://www.swift.org.\n" + body + "\nEnd: https://example.com/last"
        var times: [Double] = []
        var found = 0
        for _ in 0..<9 {
            let start = now()
            found = TextLink.detectedURLs(in: text).count
            times.append(now() - start)
        }
        times.sort()
        let median = (times[times.count / 2] * 1_000).rounded()
        print("detect-urls: \(lines) lines, \(text.utf8.count) bytes, \(found) addresses, median \(Int(median)) ms")
    }

    /// Seconds on the monotonic clock.
    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
