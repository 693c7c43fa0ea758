/// Numbered lines for the scrolling benchmarks: "line 1" … "line N" with a few words after
/// each, so a row is about as long as a log line.
public enum NumberedLines {
    /// `count` lines joined by line breaks.
    public static func text(_ count: Int) -> String {
        var text = ""
        text.reserveCapacity(count * 48)
        for number in 1...max(1, count) {
            if number > 1 { text.append("\n") }
            text.append("line \(number): the quick brown fox jumps over the lazy dog")
        }
        return text
    }
}
