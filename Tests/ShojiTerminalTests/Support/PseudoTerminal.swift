import Glibc

/// A pseudo-terminal: the screen writes to the slave, the test reads what a terminal would
/// receive from the master.
@MainActor
final class PseudoTerminal {
    let master: Int32
    let slave: UnsafeMutablePointer<FILE>

    init(columns: UInt16 = 80, rows: UInt16 = 24) throws {
        master = HiddenLibc.posixOpenpt(O_RDWR | O_NOCTTY)
        guard master >= 0, HiddenLibc.grantpt(master) == 0, HiddenLibc.unlockpt(master) == 0,
            let name = HiddenLibc.ptsname(master)
        else {
            throw PtyError(step: "posix_openpt")
        }
        let fd = open(name, O_RDWR | O_NOCTTY)
        guard fd >= 0 else { throw PtyError(step: "open slave") }
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(fd, UInt(TIOCSWINSZ), &size)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        guard let file = fdopen(fd, "r+") else { throw PtyError(step: "fdopen") }
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

struct PtyError: Error { let step: String }
