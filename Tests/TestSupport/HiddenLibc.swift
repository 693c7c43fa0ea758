import Glibc

/// The libc functions Swift's Glibc module leaves out (glibc declares them only under
/// `_GNU_SOURCE` or `_XOPEN_SOURCE`), looked up by name and called with the C convention.
public enum HiddenLibc {
    static let posixOpenpt = function("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
    static let grantpt = function("grantpt", as: (@convention(c) (Int32) -> Int32).self)
    static let unlockpt = function("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
    static let ptsname = function("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
    private static let pipe2 = function(
        "pipe2", as: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)

    /// A pipe whose ends are close-on-exec from creation (`pipe2(O_CLOEXEC)`): with `pipe` then
    /// `fcntl`, a process that a test running alongside spawns in between would inherit the
    /// write end, and end of input would never come. Returns the read and write ends.
    public static func closeOnExecPipe() -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [-1, -1]
        guard fds.withUnsafeMutableBufferPointer({ pipe2($0.baseAddress!, O_CLOEXEC) }) == 0 else { return nil }
        return (fds[0], fds[1])
    }

    /// A new pseudo-terminal of `columns` x `rows`: the master (non-blocking, close-on-exec)
    /// and the slave (close-on-exec: a child gets it only through its file actions), opened
    /// without becoming anyone's controlling terminal. A failure names the step that failed.
    public static func openPseudoTerminal(columns: UInt16, rows: UInt16) -> Result<
        (master: Int32, slave: Int32), PseudoTerminalError
    > {
        let master = posixOpenpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { return .failure(PseudoTerminalError(step: "posix_openpt")) }
        guard grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
            close(master)
            return .failure(PseudoTerminalError(step: "grantpt/unlockpt/ptsname"))
        }
        let slave = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else {
            close(master)
            return .failure(PseudoTerminalError(step: "open slave"))
        }
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        return .success((master, slave))
    }

    private static func function<F>(_ name: String, as type: F.Type) -> F {
        guard let symbol = dlsym(nil, name) else { fatalError("libc has no \(name)") }
        return unsafeBitCast(symbol, to: type)
    }
}

/// Which step of opening a pseudo-terminal failed.
public struct PseudoTerminalError: Error, CustomStringConvertible {
    /// The call that failed.
    public let step: String
    /// An error for `step`.
    public init(step: String) { self.step = step }
    public var description: String { "pseudo-terminal: \(step) failed" }
}
