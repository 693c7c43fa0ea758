import BenchScenes
import Foundation
import Shoji
import ShojiTesting

/// `shoji-bench text-memory [LINES]`: what a `TextView` of LINES numbered lines (default
/// 1,000,000) costs, in a 200x60 headless window: the time to set the text and draw its first
/// frame, and the memory the text and the view take once shown, after a jump
/// to the end and after 1,000 pages up from there (60,000 rows wrapped). The rule (issue 33): at
/// most 1.5 times the text's size plus a small amount a line.
@MainActor
enum TextMemoryBench {
    static func run(lines: Int) {
        let before = StackMemoryBench.memory()
        var text: String? = NumberedLines.text(lines)
        let bytes = text!.utf8.count
        let view = TextView()
        view.isEditable = false
        let pilot = Pilot(Window(rootViewController: TypingScene.Host(view)), size: FrameDriver.size)
        pilot.screen.maximumStoredFrames = 1
        pilot.advance(by: 0.1)
        let clock = ContinuousClock()
        let setting = clock.measure { view.text = text! }
        let drawing = clock.measure { pilot.advance(by: 1.0 / 60) }
        text = nil  // the view's copy is the only one
        let shown = StackMemoryBench.memory()
        view.scroll(to: view.maximumScrollOffset)
        pilot.advance(by: 1.0 / 60)
        let end = StackMemoryBench.memory()
        let paging = clock.measure {
            for _ in 0..<1_000 {
                view.scroll(to: view.scrollOffset - FrameDriver.size.height)
                pilot.advance(by: 1.0 / 60)
            }
        }
        let paged = StackMemoryBench.memory()
        // Resident figures are in KiB; the text's size in bytes.
        func perLine(_ resident: Int) -> String {
            let extra = Double((resident - before.resident) * 1_024 - bytes)
            return String(format: "%.1f bytes a line over the text's own", extra / Double(lines))
        }
        func ratio(_ resident: Int) -> String {
            String(format: "%.2fx the text's size", Double((resident - before.resident) * 1_024) / Double(bytes))
        }
        print(
            "shoji-bench text-memory: a text view of \(lines) lines, \(StackMemoryBench.mib(bytes / 1_024)) of UTF-8,"
                + " 200x60 (resident added, the text included)")
        print("  setting the text:              \(setting)")
        print("  its first frame:               \(drawing)")
        print("  1,000 pages up from the end:   \(paging) (each with its frame)")
        print(
            "  added once shown:              \(StackMemoryBench.mib(shown.resident - before.resident)) (\(ratio(shown.resident)); \(perLine(shown.resident)))"
        )
        print(
            "  added after a jump to the end: \(StackMemoryBench.mib(end.resident - before.resident)) (\(ratio(end.resident)))"
        )
        print(
            "  added after 1,000 pages:       \(StackMemoryBench.mib(paged.resident - before.resident)) (\(ratio(paged.resident)); \(perLine(paged.resident)))"
        )
        print("  peak resident (VmHWM):         \(StackMemoryBench.mib(paged.peak))")
        withExtendedLifetime((pilot, view)) {}
    }
}
