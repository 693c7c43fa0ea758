import Foundation
import TestSupport

/// A program run on a pseudo-terminal of the test's own (no tmux between): the test reads its
/// output when it chooses (or stops reading, as a stalled terminal does), writes bytes as
/// typed, resizes it and signals it. The slave stays open in the test, so its modes can be
/// read after the program ends.
final class PseudoTerminalApp {
    let pid: pid_t
    let master: Int32
    let slave: Int32
    /// Everything read from the program so far.
    private(set) var output: [UInt8] = []
    /// The slave's modes before the program started (a new pseudo-terminal's: cooked, echoing).
    let initialModes: termios

    init(_ arguments: [String], columns: UInt16 = 80, rows: UInt16 = 24, environment: [String: String] = [:]) throws {
        (master, slave) = try HiddenLibc.openPseudoTerminal(columns: columns, rows: rows).get()
        var modes = termios()
        tcgetattr(slave, &modes)
        initialModes = modes
        let base = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        pid = try Subprocess.start(arguments, environment: base.merging(environment) { $1 }, terminal: slave)
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(pid, &status, WNOHANG)
        close(master)
        close(slave)
    }

    /// Reads what the program wrote, for up to `seconds` or until `until` holds.
    @discardableResult
    func read(for seconds: Double, until: ((String) -> Bool)? = nil) -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let until, until(text) { break }
            readAvailable(waitingMilliseconds: 20)
        }
        return text
    }

    /// Waits up to `milliseconds` for output and reads what there is; whether any came.
    @discardableResult
    private func readAvailable(waitingMilliseconds milliseconds: Int32) -> Bool {
        var fds = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&fds, 1, milliseconds) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = Glibc.read(master, &buffer, buffer.count)
        guard count > 0 else { return false }
        output += buffer[0..<count]
        return true
    }

    /// Reads until nothing more comes for 50 ms: what an ended program left in the terminal.
    private func drain() {
        while readAvailable(waitingMilliseconds: 50) {}
    }

    /// The output so far as text.
    var text: String { String(decoding: output, as: UTF8.self) }

    /// Writes `bytes` as typed, all of them (waiting while the terminal's input is full).
    func type(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBufferPointer { Glibc.write(master, $0.baseAddress, $0.count) }
            if count > 0 {
                offset += count
            } else {
                read(for: 0.01)
            }
        }
    }

    func type(_ text: String) { type(Array(text.utf8)) }

    /// Gives the terminal a new size and tells the program (SIGWINCH: the kernel sends it only
    /// to a terminal's foreground group, and this is not the program's controlling terminal).
    func resize(columns: UInt16, rows: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        kill(pid, SIGWINCH)
    }

    /// Whether the program is blocked in `write(2)` (Linux: its main thread's current system
    /// call is number 1).
    var isBlockedWriting: Bool {
        // procfs files have no size: read them with read(2), not by their length.
        let fd = open("/proc/\(pid)/syscall", O_RDONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = Glibc.read(fd, &buffer, buffer.count)
        return count > 1 && buffer[0] == UInt8(ascii: "1") && buffer[1] == UInt8(ascii: " ")
    }

    /// Waits up to `timeout` seconds for the program to end, reading its output meanwhile
    /// unless `reading` is false; returns its status (128 + the signal for one that ended it),
    /// or nil if it still runs.
    func waitForExit(timeout: Double, reading: Bool = true) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while Date() < deadline {
            if waitpid(pid, &status, WNOHANG) == pid {
                // Its last bytes may still be in the terminal: the slave stays open here, so
                // reading until nothing comes reads them all.
                if reading { drain() }
                let signal = status & 0x7f
                return signal == 0 ? (status >> 8) & 0xff : 128 + signal
            }
            if reading { read(for: 0.005) } else { usleep(5_000) }
        }
        return nil
    }

    /// The slave's terminal modes now.
    var modes: termios {
        var modes = termios()
        tcgetattr(slave, &modes)
        return modes
    }
}
