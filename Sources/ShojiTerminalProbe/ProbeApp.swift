// A small app for the end-to-end tests of the terminal backend, not for users. It starts with
// `@main` and `App`, as the README shows. On screen: "probe ready", a label a task started in
// `viewDidLoad` changes after a `Task.sleep`, and a list fed through an `AsyncStream`.
// Keys: `e` writes a line to stderr, `p` prints a line (standard output), `r` streams 1,000
// rows into the list from a background task, `!` traps like a Swift runtime error, `s` gets
// stuck in its key handler for good (says "probe stuck" first, straight to the terminal), `q`
// quits. It ignores SIGPIPE.
import Glibc
import ShojiTerminal

@main
struct ProbeApp: App {
    init() {
        // Set up before the session: Shoji leaves a signal the app chose what to do with alone.
        signal(SIGPIPE, SIG_IGN)
    }

    func makeRootViewController() -> ViewController { ProbeController() }
}

@MainActor
final class ProbeController: ViewController, ListViewDataSource {
    private let ready = Label(text: "probe ready")
    private let taskLabel = Label(text: "task: sleeping")
    private let streamLabel = Label(text: "stream: idle")
    private let list = ListView()
    private var rows: [String] = []
    private var printed = 0

    override func viewDidLoad() {
        ready.frame = Rect(x: 0, y: 0, width: 30, height: 1)
        taskLabel.frame = Rect(x: 0, y: 1, width: 30, height: 1)
        streamLabel.frame = Rect(x: 0, y: 2, width: 60, height: 1)
        list.frame = Rect(x: 0, y: 3, width: 40, height: 5)
        list.dataSource = self
        for subview in [ready, taskLabel, streamLabel, list] { view.addSubview(subview) }
        Task {
            try await Task.sleep(for: .milliseconds(300))
            taskLabel.text = "task: woke after sleeping"
        }
    }

    override func keyPressed(_ event: KeyEvent) -> Bool {
        switch event {
        case KeyEvent(.character("e")):
            let line = Array("probe: a message on stderr\n".utf8)
            _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        case KeyEvent(.character("p")):
            printed += 1
            print("probe: printed line \(printed)")
        case KeyEvent(.character("r")):
            stream(count: 1_000)
        case KeyEvent(.character("!")):
            fatalError("probe trap")
        case KeyEvent(.character("s")):
            // Standard output is captured while the session runs: write to the terminal itself.
            let terminal = open("/dev/tty", O_WRONLY)
            let line = Array("\u{1B}[3;1Hprobe stuck".utf8)
            _ = line.withUnsafeBytes { write(terminal, $0.baseAddress, $0.count) }
            while true { pause() }  // signals are handled (pause returns) but the loop never runs again
        default:
            return super.keyPressed(event)
        }
        return true
    }

    /// Sends `count` rows from a detached task (another thread) through an `AsyncStream` to
    /// this main-actor consumer, which appends each to the list.
    private func stream(count: Int) {
        let (values, continuation) = AsyncStream.makeStream(of: Int.self)
        Task.detached {
            for value in 0..<count { continuation.yield(value) }
            continuation.finish()
        }
        streamLabel.text = "stream: receiving"
        Task {
            for await value in values {
                rows.append("row \(value)")
                list.reloadData()
                list.selectedRow = rows.count - 1
                streamLabel.text = "stream: \(rows.count) received"
            }
            streamLabel.text = "stream: done, \(rows.count) received, last \(rows.last ?? "none")"
        }
    }

    func numberOfRows(in listView: ListView) -> Int { rows.count }

    func listView(_ listView: ListView, titleForRow row: Int) -> String { rows[row] }
}
