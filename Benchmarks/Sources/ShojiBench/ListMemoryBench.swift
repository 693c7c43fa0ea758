import BenchScenes
import Shoji
import ShojiTesting

/// `shoji-bench list-memory [ROWS]`: memory of a `ListView` of ROWS rows (default 1,000,000)
/// from a data source that stores nothing per row, in a 200x60 headless window, before and
/// after 1,000 frames scrolled a row each, and after a jump to the end. The list's own memory
/// must not grow with its rows.
@MainActor
enum ListMemoryBench {
    static func run(rows: Int) {
        let start = StackMemoryBench.memory()
        let list = ListView()
        let source = CountedRows(rows)
        list.dataSource = source
        let pilot = Pilot(Window(rootViewController: TypingScene.Host(list)), size: FrameDriver.size)
        pilot.screen.maximumStoredFrames = 1
        pilot.advance(by: 0.1)
        let shown = StackMemoryBench.memory()
        for row in 0..<1_000 {
            list.scrollToRow(row + list.visibleRowCapacity)
            pilot.advance(by: 1.0 / 60)
        }
        let scrolled = StackMemoryBench.memory()
        list.scrollToRow(rows - 1)
        pilot.advance(by: 1.0 / 60)
        let end = StackMemoryBench.memory()
        print("shoji-bench list-memory: a list of \(rows) rows (data source), 200x60 window")
        print("  resident at start:             \(StackMemoryBench.mib(start.resident))")
        print("  resident once shown:           \(StackMemoryBench.mib(shown.resident))")
        print("  resident after 1,000 frames:   \(StackMemoryBench.mib(scrolled.resident))")
        print("  resident after a jump to end:  \(StackMemoryBench.mib(end.resident))")
        print("  peak resident (VmHWM):         \(StackMemoryBench.mib(end.peak))")
        withExtendedLifetime((pilot, source)) {}
    }
}
