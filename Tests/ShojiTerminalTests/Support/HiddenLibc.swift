import Glibc

/// The libc functions Swift's Glibc module leaves out (glibc declares them only under
/// `_GNU_SOURCE` or `_XOPEN_SOURCE`), looked up by name and called with the C convention.
enum HiddenLibc {
    static let posixOpenpt = function("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
    static let grantpt = function("grantpt", as: (@convention(c) (Int32) -> Int32).self)
    static let unlockpt = function("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
    static let ptsname = function("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
    private static let pipe2 = function(
        "pipe2", as: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)

    /// A pipe whose ends are close-on-exec from creation (`pipe2(O_CLOEXEC)`): with `pipe` then
    /// `fcntl`, a process that a test running alongside spawns in between would inherit the
    /// write end, and end of input would never come. Returns the read and write ends.
    static func closeOnExecPipe() -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [-1, -1]
        guard fds.withUnsafeMutableBufferPointer({ pipe2($0.baseAddress!, O_CLOEXEC) }) == 0 else { return nil }
        return (fds[0], fds[1])
    }

    private static func function<F>(_ name: String, as type: F.Type) -> F {
        guard let symbol = dlsym(nil, name) else { fatalError("libc has no \(name)") }
        return unsafeBitCast(symbol, to: type)
    }
}
