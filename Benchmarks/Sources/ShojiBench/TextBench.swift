import BenchScenes
import Glibc
import Shoji
import ShojiTesting

/// `shoji-bench text-typing [KB] [COLUMNS ROWS]`, `shoji-bench paste-typing [KB] [COLUMNS ROWS]`
/// `shoji-bench field-typing [KB] [COLUMNS]` and `shoji-bench long-word [CHARACTERS]`: what
/// editing and wrapping text cost, release-built, in a headless window under a manual clock.
///
/// - text-typing: KB kilobytes (default 30) of prose in paragraphs of 200 to 3,000 characters,
///   typed into a focused editable `TextView` of COLUMNS x ROWS (default 80x10, about the demo's
///   notes in an 80x24 terminal) with a margin of 1, one key at a time (Enter at each line
///   break), at a steady 50 keys a second; each key's main-thread CPU time covers handling it
///   and drawing its frame. Prints the mean per-key time over kilobytes along the way and the
///   last's ratio to the first's (flat when a key costs what it changes, once the view is full:
///   drawing more rows costs more), then 1 KB typed in the middle of the text.
/// - paste-typing: KB kilobytes (default 1,024) of the same prose pasted at once into that view
///   (its cost), then 256 keys typed at its end and 256 in its middle (the mean per key).
/// - field-typing: KB kilobytes (default 30) of that prose on one line, typed into a `TextField`
///   COLUMNS wide (default 60), then 1 KB in its middle, reported as text-typing's.
/// - long-word: one word of CHARACTERS characters (default 1,000,000; a mix of ASCII, accented
///   letters and wide characters) in a read-only 100x40 `TextView`: the first frame (wrapping it
///   all), then a resize to 120 columns (rewrapping it), then `TextWrapper.rows` alone at a
///   quarter, a half and all of it (linear: each doubling doubles the time).
@MainActor
enum TextBench {
    /// Hosts one text view filling the window.
    final class Host: ViewController {
        let textView: TextView
        init(_ textView: TextView) {
            self.textView = textView
            super.init()
        }
        override func viewDidLoad() { view.addSubview(textView) }
        override func viewDidLayoutSubviews() { textView.frame = view.bounds }
    }

    static let size = Size(width: 100, height: 40)
    /// About the demo's notes in an 80x24 terminal.
    static let typingSize = Size(width: 80, height: 10)

    /// The monotonic clock in nanoseconds (the wall time a run takes).
    nonisolated static func monotonicNanoseconds() -> Int {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return spec.tv_sec * 1_000_000_000 + spec.tv_nsec
    }

    static func microseconds(_ nanoseconds: Int) -> String {
        let tenths = (nanoseconds + 50) / 100
        return "\(tenths / 10).\(tenths % 10) µs"
    }

    nonisolated static func milliseconds(_ nanoseconds: Int) -> String {
        let tenths = (nanoseconds + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) ms"
    }

    /// Types `text` into the pilot's focused view at 50 keys a second; returns each key's CPU time.
    static func type(_ text: String, into pilot: Pilot) -> [Int] {
        var times: [Int] = []
        times.reserveCapacity(text.utf8.count)
        for character in text {
            let start = threadCPUNanoseconds()
            if character == "\n" { pilot.press(.enter) } else { pilot.press(.character(character)) }
            times.append(threadCPUNanoseconds() - start)
            pilot.advance(by: 0.02)
        }
        return times
    }

    /// Prints the per-key means of kilobytes along the way (all ASCII: one key a byte).
    static func report(_ times: [Int], rows: Int?, kilobytes: Int, size: Size, elapsed: Int) {
        func mean(_ keys: ArraySlice<Int>) -> Int { keys.reduce(0, +) / max(1, keys.count) }
        func mean(ofKilobyte number: Int) -> Int { mean(times.dropFirst((number - 1) * 1_024).prefix(1_024)) }
        print("  \(times.count) keys (\(kilobytes) KB) typed into \(size.width)x\(size.height)")
        if let rows { print("  rows at the end:                 \(rows)") }
        for number in [1, 2, 5, 10, 20] where number * 1_024 <= times.count {
            let label = "  mean per key, KB \(number):"
            print(
                label + String(repeating: " ", count: max(1, 35 - label.count)) + microseconds(mean(ofKilobyte: number))
            )
        }
        let last = mean(times.suffix(1_024))
        print("  mean per key, last KB:           \(microseconds(last))")
        let ratio = Double(last) / Double(max(1, mean(ofKilobyte: 1)))
        print("  last KB / first KB:              \((ratio * 100).rounded() / 100)")
        print("  max per key:                     \(microseconds(times.max() ?? 0))")
        print("  all keys (CPU, wall):            \(milliseconds(times.reduce(0, +))), \(milliseconds(elapsed))")
    }

    static func runTyping(kilobytes: Int, size: Size) {
        let text = BenchText.prose(bytes: kilobytes * 1_024)
        let textView = TextView()
        textView.horizontalMargin = 1
        let pilot = Pilot(Window(rootViewController: Host(textView)), size: size)
        pilot.screen.maximumStoredFrames = 1
        _ = textView.becomeFirstResponder()
        pilot.advance(by: 0.1)
        let wall = monotonicNanoseconds()
        let times = type(text, into: pilot)
        let elapsed = monotonicNanoseconds() - wall
        print("shoji-bench text-typing: a TextView")
        report(times, rows: textView.rowCount, kilobytes: kilobytes, size: size, elapsed: elapsed)
        // 1 KB more in the middle of the text.
        textView.insertionPoint = textView.text.count / 2
        pilot.advance(by: 0.1)
        let middle = type(String(BenchText.prose(bytes: 1_024).prefix(1_024)), into: pilot)
        print("  mean per key, 1 KB in the middle:\(microseconds(middle.reduce(0, +) / max(1, middle.count)))")
        withExtendedLifetime(pilot) {}
    }

    static func runPasteTyping(kilobytes: Int, size: Size) {
        let textView = TextView()
        textView.horizontalMargin = 1
        let pilot = Pilot(Window(rootViewController: Host(textView)), size: size)
        pilot.screen.maximumStoredFrames = 1
        _ = textView.becomeFirstResponder()
        pilot.advance(by: 0.1)
        let start = threadCPUNanoseconds()
        pilot.paste(BenchText.prose(bytes: kilobytes * 1_024))
        let paste = threadCPUNanoseconds() - start
        pilot.advance(by: 0.1)
        print(
            "shoji-bench paste-typing: \(kilobytes) KB pasted into a \(size.width)x\(size.height) TextView, "
                + "then 256 keys typed")
        print("  the paste and its frame:         \(milliseconds(paste)), \(textView.rowCount) rows")
        let typed = String(BenchText.prose(bytes: 300).prefix(256))
        let atEnd = type(typed, into: pilot)
        print("  mean per key at the end:         \(microseconds(atEnd.reduce(0, +) / atEnd.count))")
        textView.insertionPoint = textView.text.count / 2
        pilot.advance(by: 0.1)
        let middle = type(typed, into: pilot)
        print("  mean per key in the middle:      \(microseconds(middle.reduce(0, +) / middle.count))")
        withExtendedLifetime(pilot) {}
    }

    /// Hosts one text field across the top row.
    final class FieldHost: ViewController {
        let field: TextField
        init(_ field: TextField) {
            self.field = field
            super.init()
        }
        override func viewDidLoad() { view.addSubview(field) }
        override func viewDidLayoutSubviews() { field.frame = Rect(x: 0, y: 0, width: view.bounds.width, height: 1) }
    }

    static func runFieldTyping(kilobytes: Int, width: Int) {
        let text = String(BenchText.prose(bytes: kilobytes * 1_024).map { $0 == "\n" ? " " : $0 })
        let field = TextField()
        let size = Size(width: width, height: 1)
        let pilot = Pilot(Window(rootViewController: FieldHost(field)), size: size)
        pilot.screen.maximumStoredFrames = 1
        _ = field.becomeFirstResponder()
        pilot.advance(by: 0.1)
        let wall = monotonicNanoseconds()
        let times = type(text, into: pilot)
        let elapsed = monotonicNanoseconds() - wall
        print("shoji-bench field-typing: a TextField \(width) columns wide")
        report(times, rows: nil, kilobytes: kilobytes, size: size, elapsed: elapsed)
        field.insertionPoint = field.text.count / 2
        pilot.advance(by: 0.1)
        let middle = type(String(text.prefix(1_024)), into: pilot)
        print("  mean per key, 1 KB in the middle:\(microseconds(middle.reduce(0, +) / max(1, middle.count)))")
        withExtendedLifetime(pilot) {}
    }

    static func runLongWord(characters: Int) {
        let word = BenchText.longWord(characters)
        let textView = TextView(text: word)
        textView.isEditable = false
        textView.horizontalMargin = 1
        let start = threadCPUNanoseconds()
        let pilot = Pilot(Window(rootViewController: Host(textView)), size: size)
        let firstFrame = threadCPUNanoseconds() - start
        pilot.screen.maximumStoredFrames = 1
        print("shoji-bench long-word: one word of \(characters) characters in a read-only TextView")
        print("  first frame (\(size.width) columns):   \(milliseconds(firstFrame)), \(textView.rowCount) rows")
        let resizeStart = threadCPUNanoseconds()
        pilot.resize(to: Size(width: 120, height: 40))
        let resize = threadCPUNanoseconds() - resizeStart
        print("  resize to 120 columns:        \(milliseconds(resize)), \(textView.rowCount) rows")
        for part in [4, 2, 1] {
            let piece = String(word.prefix(characters / part))
            let wrapStart = threadCPUNanoseconds()
            let rows = TextWrapper.rows(of: piece, width: 98).count
            let time = threadCPUNanoseconds() - wrapStart
            print("  TextWrapper.rows, \(characters / part) characters: \(milliseconds(time)) (\(rows) rows)")
        }
        withExtendedLifetime(pilot) {}
    }
}
