import Glibc
import Shoji
import ShojiTerminal

/// A pseudo-terminal whose master side is read (and discarded) by a background thread, so the
/// screen never blocks on a full buffer: ncursesw writes to a real tty, as in a terminal.
public final class PseudoTerminal: @unchecked Sendable {
    let master: Int32
    let slave: UnsafeMutablePointer<FILE>

    public init?(columns: UInt16, rows: UInt16) {
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
        pthread_create(
            &thread, nil,
            { context in
                let master = Int32(Int(bitPattern: context))
                var buffer = [UInt8](repeating: 0, count: 1 << 16)
                while read(master, &buffer, buffer.count) > 0 {}
                return nil
            }, UnsafeMutableRawPointer(bitPattern: Int(master)))
        pthread_detach(thread)
    }

    /// A `TerminalScreen` (ncursesw, xterm-256color) on this terminal, the size of
    /// `FrameDriver.size`, or the reason there is none.
    @MainActor
    public func screen() throws -> TerminalScreen {
        setlocale(LC_ALL, "C.UTF-8")
        let screen = try TerminalScreen(terminalType: "xterm-256color", output: slave, input: slave)
        guard screen.size == FrameDriver.size else {
            screen.shutdown()
            throw BenchError("the pty's screen is \(screen.size), not \(FrameDriver.size)")
        }
        return screen
    }
}

/// Why a scene cannot run here, printed by the benchmark.
public struct BenchError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
