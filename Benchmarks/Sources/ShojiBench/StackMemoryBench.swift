import Glibc
import BenchScenes
import Shoji
import ShojiTesting

/// `shoji-bench stack-memory [DEPTH] [CAPACITY]`: memory of a `StackController` DEPTH children
/// deep (default 1,000) with capacity CAPACITY (default 2), in a 200x60 headless window drawn
/// after every push. Each child is a screen of text with 24 labels. Prints the views loaded and
/// the process's resident set (VmRSS) and peak (VmHWM) before, after the pushes and after
/// popping back to the root. Run once per capacity: the peak is the process's.
@MainActor
enum StackMemoryBench {
    /// A screen of 24 labels on a filled background: what an app's page costs.
    final class Page: ViewController {
        let number: Int
        init(_ number: Int) {
            self.number = number
            super.init()
        }
        override func viewDidLoad() {
            view.backgroundStyle = Style(background: .palette(UInt8(17 + number % 200)))
            for row in 0..<24 {
                view.addSubview(
                    Label(
                        text: "page \(number), row \(row): Shoji keeps only the top views loaded",
                        frame: Rect(x: 1, y: row, width: 60, height: 1)))
            }
        }
    }

    /// VmRSS and VmHWM from /proc/self/status, in KiB.
    static func memory() -> (resident: Int, peak: Int) {
        guard let file = fopen("/proc/self/status", "r") else { return (0, 0) }
        defer { fclose(file) }
        var resident = 0, peak = 0
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let bytes = line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            let text = String(decoding: bytes, as: UTF8.self)
            let number = Int(text.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
            if text.hasPrefix("VmRSS:") { resident = number }
            if text.hasPrefix("VmHWM:") { peak = number }
        }
        return (resident, peak)
    }

    static func mib(_ kib: Int) -> String {
        let tenths = (kib * 10 + 512) / 1024
        return "\(tenths / 10).\(tenths % 10) MiB"
    }

    static func run(depth: Int, capacity: Int) {
        let start = memory()
        let root = Page(0)
        let stack = StackController(rootViewController: root)
        stack.capacity = capacity
        let window = Window(rootViewController: stack)
        let pilot = Pilot(window, size: Size(width: 200, height: 60), framesPerSecond: 60)
        pilot.screen.maximumStoredFrames = 1
        for number in 1..<depth {
            try? stack.pushViewController(Page(number), transition: .cover(from: .bottom), animated: false)
            pilot.advance(by: 1.0 / 60)
        }
        let pushed = memory()
        let loaded = stack.children.filter(\.isViewLoaded).count
        print(
            "shoji-bench stack-memory: a stack \(stack.children.count) deep, capacity \(stack.capacity), 200x60 window")
        print("  views loaded after the pushes: \(loaded) of \(stack.children.count) children")
        print("  resident at start:             \(mib(start.resident))")
        print("  resident after the pushes:     \(mib(pushed.resident))")
        stack.popToRootViewController(animated: false)
        pilot.advance(by: 1.0 / 60)
        let popped = memory()
        print(
            "  resident after pop to root:    \(mib(popped.resident)) (views loaded: \(stack.children.filter(\.isViewLoaded).count) of \(stack.children.count))"
        )
        print("  peak resident (VmHWM):         \(mib(popped.peak))")
        withExtendedLifetime(pilot) {}
    }
}
