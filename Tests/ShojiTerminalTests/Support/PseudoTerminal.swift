import Glibc
import TestSupport

/// A pseudo-terminal: the screen writes to the slave, the test reads what a terminal would
/// receive from the master.
@MainActor
final class PseudoTerminal {
    let master: Int32
    let slave: UnsafeMutablePointer<FILE>

    init(columns: UInt16 = 80, rows: UInt16 = 24) throws {
        let (master, fd) = try HiddenLibc.openPseudoTerminal(columns: columns, rows: rows).get()
        self.master = master
        guard let file = fdopen(fd, "r+") else { throw PseudoTerminalError(step: "fdopen") }
        slave = file
    }

    /// Everything the terminal received since the last call: reads until nothing more arrives
    /// for `quiet` milliseconds (the pty hands bytes over asynchronously).
    func drain(quiet: Int32 = 60) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            var fds = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&fds, 1, quiet) > 0 else { return bytes }
            let n = read(master, &buffer, buffer.count)
            guard n > 0 else { return bytes }
            bytes += buffer[0..<n]
        }
    }

    func close() {
        fclose(slave)
        Glibc.close(master)
    }
}
