// Per animation frame, release-built (`make bench`). One benchmark iteration is one frame: one
// main loop pass at its deadline under a manual clock (the animator's tick, layout, composing the
// window into a surface, presenting it headless or through ncursesw on a pseudo-terminal), in a
// 200x60 window. Measured: wall clock, the main thread's CPU time, and the mallocs of the frame
// (the allocations per frame); package-benchmark prints p0 to p100 of each per scene.
import BenchScenes
import Benchmark

let frameCPU = BenchmarkMetric.custom("Main-thread CPU (µs)")

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, frameCPU, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 60,
        maxDuration: .seconds(10),
        maxIterations: 1_200
    )

    frames("100 still tiles, redrawn (compose + present), headless") { FrameDriver(.stillTiles()) }
    frames("100 tiles animating, headless") { FrameDriver(.tiles()) }
    frames("Full-screen pane sliding (push), headless") { FrameDriver(.slider()) }
    frames("100 tiles animating, ncursesw on a pty") { try FrameDriver(.tiles(), screen: terminal().screen()) }
    frames("Full-screen pane sliding, ncursesw on a pty") { try FrameDriver(.slider(), screen: terminal().screen()) }
}

/// The pseudo-terminal the ncursesw scenes draw on (one for the process; its reader never ends).
let sharedTerminal = PseudoTerminal(columns: UInt16(FrameDriver.size.width), rows: UInt16(FrameDriver.size.height))

func terminal() throws -> PseudoTerminal {
    guard let sharedTerminal else { throw BenchError("no pseudo-terminal here") }
    return sharedTerminal
}

/// Registers a scene: `make` builds its driver before the first iteration (not measured), each
/// iteration prepares a frame (not measured) and measures the frame itself.
func frames(_ name: String, _ make: @escaping @MainActor () throws -> FrameDriver) {
    final class Holder: @unchecked Sendable {  // touched only on the main actor
        var driver: FrameDriver?
    }
    let holder = Holder()
    Benchmark(
        name,
        closure: { @MainActor (benchmark: Benchmark) async in
            guard let driver = holder.driver else { return }
            driver.prepareFrame()
            benchmark.startMeasurement()
            let start = threadCPUNanoseconds()
            driver.frame()
            let cpu = threadCPUNanoseconds() - start
            benchmark.stopMeasurement()
            benchmark.measurement(frameCPU, cpu / 1_000)
        },
        setup: { @MainActor in holder.driver = try make() },
        teardown: { @MainActor in holder.driver = nil }
    )
}
