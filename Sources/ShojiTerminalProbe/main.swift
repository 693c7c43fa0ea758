// A minimal app for the end-to-end tests of terminal hygiene, not for users: `e` writes a line
// to stderr while the screen is up, `!` traps like a Swift runtime error, `q` quits.
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

MainActor.assumeIsolated {
    TerminalSession.main { _ in ProbeApp() }
}
