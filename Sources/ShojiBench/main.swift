// shoji-bench: CPU per animation frame, release-built (`make bench`). Not a test: it prints
// figures and asserts nothing. Each frame is one main loop pass at its deadline under a manual
// clock: the animator's tick, layout, composing the window into a surface, and presenting it
// (headless, or through the real ncursesw screen on a pseudo-terminal). Time is the main
// thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), so the pty reader thread is not counted.
import Glibc
import Shoji
import ShojiTerminal
import ShojiTesting

// `shoji-bench stack-memory [DEPTH] [CAPACITY]`: see StackMemoryBench.swift.
if CommandLine.arguments.dropFirst().first == "stack-memory" {
    let numbers = CommandLine.arguments.dropFirst(2).compactMap { Int($0) }
    MainActor.assumeIsolated { StackMemoryBench.run(depth: max(1, numbers.first ?? 1_000), capacity: numbers.dropFirst().first ?? 2) }
    exit(0)
}

let size = Size(width: 200, height: 60)
let frames = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 1_200

// MARK: Measuring

func threadCPU() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
}

struct Figures {
    let name: String
    var samples: [Double] = []

    func line() -> String {
        let sorted = samples.sorted()
        func us(_ seconds: Double) -> String { String(Int((seconds * 1e6).rounded())).leftPadded(7) }
        let mean = samples.reduce(0, +) / Double(max(1, samples.count))
        let p95 = sorted[min(sorted.count - 1, sorted.count * 95 / 100)]
        let load = mean * 60 * 100
        return "\(name.rightPadded(50)) \(String(samples.count).leftPadded(6)) \(us(mean)) \(us(sorted[sorted.count / 2])) \(us(p95)) \(us(sorted.last!))   \(String(format1(load)).leftPadded(5))%"
    }
}

func format1(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
    func rightPadded(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}

/// Runs `window` on `screen` for `frames` animation frames and times each pass, and within it
/// the animator's tick (bracketed by two tick callbacks registered before and after the
/// animator's own). `keepGoing` is asked before each frame to start more animation when the
/// last one ended.
@MainActor
func measure(_ name: String, window: Window, screen: any Screen, keepGoing: () -> Void) -> [Figures] {
    let clock = ManualClock()
    let loop = MainLoop(screen: screen, input: ScriptedInput(clock: clock), clock: clock, framesPerSecond: 60)
    loop.delegate = window
    window.mainLoop(loop, didResizeTo: size)
    loop.start()
    loop.performDueWork()
    var figures = Figures(name: name)
    // The tick callbacks share this box (they are main-actor closures, so no captured `var`).
    final class Bracket { var start = 0.0, measuring = false, animated = false, samples: [Double] = [] }
    let bracket = Bracket()
    loop.addTickCallback { _ in bracket.start = threadCPU(); return true }
    // Warm up (caches, first allocations), then measure.
    for index in 0..<(frames + 60) {
        keepGoing()
        if index == 0 {
            loop.addTickCallback { _ in
                if bracket.measuring { bracket.samples.append(threadCPU() - bracket.start) }
                return true
            }
        }
        guard let due = loop.nextDeadline else { fatalError("\(name): nothing animates") }
        clock.advance(to: due)
        bracket.measuring = index >= 60
        bracket.animated = bracket.animated || window.animator.isAnimating
        let start = threadCPU()
        loop.performDueWork()
        if bracket.measuring { figures.samples.append(threadCPU() - start) }
    }
    withExtendedLifetime(loop) {}
    guard bracket.animated else { return [figures] }
    return [figures, Figures(name: "  of which the animator's tick", samples: bracket.samples)]
}

// MARK: Scenes

/// A tile: a coloured box with two lines of text.
@MainActor
final class Tile: View {
    let number: Int
    init(_ number: Int) {
        self.number = number
        super.init(frame: Rect(x: 0, y: 0, width: 14, height: 4))
        backgroundStyle = Style(foreground: .white, background: .palette(UInt8(17 + number % 200)))
    }
    override func draw(in canvas: inout Canvas) {
        canvas.write(" tile \(number)", at: Point(x: 0, y: 1), style: Style(attributes: .bold, foreground: .brightWhite))
        canvas.write(" ← → ↑ ↓ 動く", at: Point(x: 0, y: 2))
    }
}

/// A root controller whose view holds the given subviews.
@MainActor
final class Scene: ViewController {
    let content: [View]
    init(_ content: [View]) {
        self.content = content
        super.init()
    }
    override func viewDidLoad() { content.forEach(view.addSubview) }
}

/// A page of text filling the screen, as a navigation child would.
@MainActor
final class TextPage: ViewController {
    let title_: String
    init(_ title: String) {
        title_ = title
        super.init()
    }
    override func loadView() { view = Text(title_) }
    final class Text: View {
        let title: String
        init(_ title: String) {
            self.title = title
            super.init()
            backgroundStyle = Style(background: .palette(236))
        }
        override func draw(in canvas: inout Canvas) {
            canvas.write(" \(title) ", at: .zero, style: Style(attributes: [.bold, .reverse]))
            for y in 1..<canvas.size.height {
                canvas.write("\(y): Shoji slides a whole pane of text, 日本語も, one column at a time —",
                             at: Point(x: 1, y: y), style: Style(foreground: .palette(UInt8(250 - y % 6))))
            }
        }
    }
}

/// A container that pushes and pops between two full-screen pages with `push(from: .right)`.
@MainActor
final class Slider: ViewController {
    let pages = [TextPage("First"), TextPage("Second")]
    var shown = 0
    var isMoving = false

    override func viewDidLoad() {
        for page in pages { addChild(page); page.didMove(toParent: self) }
        pages[0].view.frame = view.bounds
        pages[0].view.autoresizingMask = .flexibleSize
        view.addSubview(pages[0].view)
    }

    func slide() {
        guard !isMoving else { return }
        isMoving = true
        let (from, to) = (pages[shown], pages[1 - shown])
        to.view.frame = view.bounds
        to.view.autoresizingMask = .flexibleSize
        let done: (Bool) -> Void = { [weak self] _ in self?.isMoving = false }
        if shown == 0 {
            transition(from: from, to: to, style: .push(from: .right), duration: 0.3, completion: done)
        } else {
            transitionBack(from: from, to: to, duration: 0.3, completion: done)
        }
        shown = 1 - shown
    }
}


// MARK: Pseudo-terminal

/// A pseudo-terminal whose master side is read (and discarded) by a background thread, so the
/// screen never blocks on a full buffer.
final class PseudoTerminal: @unchecked Sendable {
    let master: Int32
    let slave: UnsafeMutablePointer<FILE>
    private(set) var bytes = 0

    init?(columns: UInt16, rows: UInt16) {
        // Glibc declares these only under _XOPEN_SOURCE, which Swift's Glibc module leaves out.
        func function<F>(_ name: String, _ type: F.Type) -> F? { dlsym(nil, name).map { unsafeBitCast($0, to: type) } }
        guard let openpt = function("posix_openpt", (@convention(c) (Int32) -> Int32).self),
              let grantpt = function("grantpt", (@convention(c) (Int32) -> Int32).self),
              let unlockpt = function("unlockpt", (@convention(c) (Int32) -> Int32).self),
              let ptsname = function("ptsname", (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
        else { return nil }
        master = openpt(O_RDWR | O_NOCTTY)
        guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else { return nil }
        let fd = open(name, O_RDWR | O_NOCTTY)
        var winsize = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard fd >= 0, ioctl(fd, UInt(TIOCSWINSZ), &winsize) == 0, let file = fdopen(fd, "r+") else { return nil }
        slave = file
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        pthread_create(&thread, nil, { context in
            let terminal = Unmanaged<PseudoTerminal>.fromOpaque(context!).takeRetainedValue()
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = read(terminal.master, &buffer, buffer.count)
                if count <= 0 { break }
                terminal.bytes += count
            }
            return nil
        }, context)
        pthread_detach(thread)
    }
}

// MARK: Runs

@MainActor
func run() {
    print("shoji-bench: \(size) window, 60 fps frames, \(frames) measured frames per scene (after 60 warm-up)")
    print("CPU per frame in µs (main thread):")
    print("\("scene".rightPadded(50)) \("frames".leftPadded(6)) \("mean".leftPadded(7)) \("p50".leftPadded(7)) \("p95".leftPadded(7)) \("max".leftPadded(7))   at 60 fps")

    // 100 tiles, each always on its way to another random place (an animation ends and the
    // next starts from its completion, as an app that keeps things moving would).
    func tiles() -> (Window, () -> Void) {
        var generator = SeededGenerator(seed: 7)  // the same moves on every run
        let views = (0..<100).map { Tile($0) }
        for view in views {
            view.frame.origin = Point(x: Int.random(in: 0..<186, using: &generator), y: Int.random(in: 0..<56, using: &generator))
        }
        func wander(_ view: View) {
            let target = Point(x: Int.random(in: -4..<190, using: &generator), y: Int.random(in: -2..<58, using: &generator))
            view.animateFrame(to: Rect(origin: target, size: view.frame.size), duration: Double.random(in: 0.4...1.2),
                              curve: .easeInOut) { finished in if finished { wander(view) } }
        }
        var started = false
        return (Window(rootViewController: Scene(views)), {
            guard !started else { return }
            started = true
            views.forEach(wander)
        })
    }
    func slider() -> (Window, () -> Void) {
        let slider = Slider()
        return (Window(rootViewController: slider), { slider.slide() })
    }
    func still() -> (Window, () -> Void) {
        // The same tiles not moving, redrawn every frame: what composing and presenting cost alone.
        let (window, _) = tiles()
        return (window, { window.setNeedsDisplay() })
    }

    var results: [Figures] = []
    do {
        let (window, start) = still()
        results += (measure("100 still tiles, redrawn (compose+present only)", window: window,
                               screen: HeadlessScreen(size: size, maximumStoredFrames: 1), keepGoing: start))
    }
    do {
        let (window, start) = tiles()
        results += (measure("100 tiles animating, headless", window: window,
                               screen: HeadlessScreen(size: size, maximumStoredFrames: 1), keepGoing: start))
    }
    do {
        let (window, start) = slider()
        results += (measure("full-screen pane sliding (push), headless", window: window,
                               screen: HeadlessScreen(size: size, maximumStoredFrames: 1), keepGoing: start))
    }
    setlocale(LC_ALL, "C.UTF-8")
    if let pty = PseudoTerminal(columns: UInt16(size.width), rows: UInt16(size.height)) {
        for (name, make) in [("100 tiles animating, ncursesw on a pty", tiles), ("full-screen pane sliding, ncursesw on a pty", slider)] {
            guard let screen = try? TerminalScreen(terminalType: "xterm-256color", output: pty.slave, input: pty.slave) else {
                print("(no xterm-256color terminfo: pty runs skipped)")
                break
            }
            if screen.size != size { print("(the pty screen is \(screen.size), not \(size))") }
            let (window, start) = make()
            results += (measure(name, window: window, screen: screen, keepGoing: start))
            screen.shutdown()
        }
    } else {
        print("(no pseudo-terminal: pty runs skipped)")
    }
    for figures in results { print(figures.line()) }
}

MainActor.assumeIsolated { run() }
