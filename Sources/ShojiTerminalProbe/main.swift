// A minimal app for the end-to-end tests of terminal hygiene, not for users: `e` writes a line
// to stderr while the screen is up, `!` traps like a Swift runtime error, `s` gets stuck in its
// key handler for good (says "probe stuck" first, straight to the terminal), `q` quits. It
// ignores SIGPIPE.
import Glibc
import ShojiTerminal

@MainActor
final class ProbeApp: MainLoopDelegate {
    func mainLoop(_ loop: MainLoop, handle event: InputEvent) -> Bool {
        guard case .key(let key) = event else { return false }
        switch key {
        case KeyEvent(.character("q")):
            loop.stop()
        case KeyEvent(.character("e")):
            let line = Array("probe: a message on stderr\n".utf8)
            _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        case KeyEvent(.character("!")):
            fatalError("probe trap")
        case KeyEvent(.character("s")):
            let line = Array("\u{1B}[3;1Hprobe stuck".utf8)
            _ = line.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            while true { pause() }  // signals are handled (pause returns) but the loop never runs again
        default:
            return false
        }
        return true
    }

    func mainLoop(_ loop: MainLoop, didResizeTo size: Size) {}

    func mainLoop(_ loop: MainLoop, render surface: inout Surface) {
        surface.write("probe ready", at: .zero)
    }
}

// Set up before the session: Shoji leaves a signal the app chose what to do with alone.
signal(SIGPIPE, SIG_IGN)
MainActor.assumeIsolated {
    TerminalSession.main { _ in ProbeApp() }
}
