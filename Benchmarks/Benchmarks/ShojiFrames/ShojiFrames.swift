// Per animation frame, release-built (`make bench`). One benchmark iteration is one frame: one
// main loop pass at its deadline under a manual clock (the animator's tick, layout, composing the
// window into a surface, presenting it headless or through ncursesw on a pseudo-terminal), in a
// 200x60 window. Measured: wall clock, the main thread's CPU time, and the mallocs of the frame
// (the allocations per frame); package-benchmark prints p0 to p100 of each per scene. The text
// benchmarks measure one key and the frame it asks for in an 80x10 text view, and wrapping a
// long word (one iteration: the whole word).
import BenchScenes
import Benchmark
import Shoji

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

    // Per key typed into a text view (the key and its frame, headless): the same at the end of
    // an empty text, of 30 KB and in the middle of 1 MiB when a key costs what it changes.
    keys("A key typed into an empty text view, 80x10, headless") { TypingScene(bytes: 0) }
    keys("A key typed at the end of 30 KB in a text view, 80x10, headless") { TypingScene(bytes: 30 * 1_024) }
    keys("A key typed in the middle of 1 MiB in a text view, 80x10, headless") {
        TypingScene(bytes: 1 << 20, inTheMiddle: true)
    }

    // Scrolling content of any size one row a frame: the frame must cost what shows (p99 within
    // 1.5x of the small content's).
    for lines in [100, 1_000_000] {
        frames("A text view of \(lines) lines scrolled a row a frame, headless") {
            FrameDriver(.textScrolling(lines: lines))
        }
    }
    for rows in [100, 1_000_000] {
        frames("A list of \(rows) rows (data source) scrolled a row a frame, headless") {
            FrameDriver(.listScrolling(rows: rows))
        }
    }
    for rows in [100, 1_000_000] {
        frames("A table of \(rows) rows, 5 columns (data source) scrolled a row a frame, headless") {
            FrameDriver(.tableScrolling(rows: rows))
        }
    }
    // 100 nodes (10 items of 9) and 1,000,000 (1,000 items of 999), every item expanded.
    for (top, children) in [(10, 9), (1_000, 999)] {
        frames("An outline of \(top * (children + 1)) nodes, all expanded, scrolled a row a frame, headless") {
            FrameDriver(.outlineScrolling(top: top, children: children))
        }
    }
    for subviews in [100, 10_000] {
        frames("A scroll view of \(subviews) subviews (a form) scrolled a row a frame, headless") {
            FrameDriver(.formScrolling(subviews: subviews))
        }
    }
    for subviews in [100, 10_000] {
        hits("Hit-testing a scroll view of \(subviews) subviews (a form)") { HitScene(subviews: subviews) }
    }
    // End and Home in turn in a text of a million lines: each is one key and one frame.
    keys("End/Home in a text view of 1,000,000 lines, one frame each, 200x60, headless") {
        JumpScene(lines: 1_000_000)
    }

    // What a text's size must not cost (issue 33): setting it, appending 10,000 lines to it,
    // and the first frame after a resize, each with its frame, for 100 and 1,000,000 lines.
    for lines in [100, 1_000_000] {
        keys("Setting a text of \(lines) lines on a text view, and its frame, 200x60, headless") {
            TextSizeScene(lines: lines, change: .set)
        }
        keys("Appending 10,000 lines to a text view of \(lines) lines, and its frame, 200x60, headless") {
            TextSizeScene(lines: lines, change: .append)
        }
        keys("The first frame after a resize of a text view of \(lines) lines, 200x60, headless") {
            TextSizeScene(lines: lines, change: .resize)
        }
    }

    // Wrapping a word of a million characters (linear in its length).
    let word = BenchText.longWord(1_000_000)
    Benchmark(
        "Wrapping a 1,000,000-character word to 98 columns (TextWrapper.rows)",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal], warmupIterations: 2, maxDuration: .seconds(10),
            maxIterations: 100)
    ) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(TextWrapper.rows(of: word, width: 98).count) }
    }
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

/// Registers a typing scene: `make` builds it before the first iteration (not measured), each
/// iteration measures one key and its frame, then lets time pass to the next key (not measured).
func keys(_ name: String, _ make: @escaping @MainActor () -> any KeyScene) {
    final class Holder: @unchecked Sendable {  // touched only on the main actor
        var scene: (any KeyScene)?
    }
    let holder = Holder()
    Benchmark(
        name,
        closure: { @MainActor (benchmark: Benchmark) async in
            guard let scene = holder.scene else { return }
            benchmark.startMeasurement()
            let start = threadCPUNanoseconds()
            scene.key()
            let cpu = threadCPUNanoseconds() - start
            benchmark.stopMeasurement()
            benchmark.measurement(frameCPU, cpu / 1_000)
            scene.pause()
        },
        setup: { @MainActor in holder.scene = make() },
        teardown: { @MainActor in holder.scene = nil }
    )
}

/// Registers a hit-testing scene: each iteration finds the view under one cell.
func hits(_ name: String, _ make: @escaping @MainActor () -> HitScene) {
    final class Holder: @unchecked Sendable {  // touched only on the main actor
        var scene: HitScene?
    }
    let holder = Holder()
    Benchmark(
        name,
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, maxIterations: 100_000),
        closure: { @MainActor (benchmark: Benchmark) async in
            guard let scene = holder.scene else { return }
            for _ in benchmark.scaledIterations { blackHole(scene.hit()) }
        },
        setup: { @MainActor in holder.scene = make() },
        teardown: { @MainActor in holder.scene = nil }
    )
}
