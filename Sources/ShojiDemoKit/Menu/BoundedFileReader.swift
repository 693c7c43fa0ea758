import Glibc

/// Reads a whole regular file, but never more than a limit: a menu file named by mistake (a
/// log, a disk image) is refused after `limit + 1` bytes instead of filling memory, and anything
/// that is not a regular file (a FIFO, `/dev/zero`, a terminal, a directory, a socket) is
/// refused before a byte is read.
///
/// Guarantees: never blocks in `open` (a FIFO with no writer would wait forever: the type is
/// checked before opening, the file is opened non-blocking, and checked again once open in case
/// it was swapped meanwhile), reads at most `limit + 1` bytes, retries reads interrupted by a
/// signal, closes the file on every path, and turns every failure into a `Failure` with a
/// short, lowercase reason (`No such file or directory` becomes "no such file or directory").
enum BoundedFileReader {
    /// Why a file could not be read.
    enum Failure: Error, Equatable, Sendable {
        /// Opening or reading failed; the reason is the system's (strerror), lowercased.
        case unreadable(String)
        /// The path names something other than a regular file: "a FIFO (named pipe)",
        /// "a character device", "a directory"...
        case notARegularFile(String)
        /// The file holds more than `limit` bytes.
        case tooLarge
    }

    /// The bytes of the regular file at `path`, at most `limit` of them.
    static func read(path: String, limit: Int) throws(Failure) -> [UInt8] {
        var status = stat()
        guard stat(path, &status) == 0 else { throw .unreadable(reason(errno)) }
        try requireRegularFile(status)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { throw .unreadable(reason(errno)) }
        defer { close(descriptor) }
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(reason(errno)) }
        try requireRegularFile(status)

        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= limit {
            let wanted = min(chunk.count, limit + 1 - bytes.count)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(reason(errno))
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
        throw .tooLarge
    }

    private static func requireRegularFile(_ status: stat) throws(Failure) {
        if let kind = fileKind(status.st_mode) { throw .notARegularFile(kind) }
    }

    /// What a file of `mode` is, for messages, or `nil` for a regular file.
    static func fileKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }

    static func reason(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        let message = String(cString: text)
        // "No such file or directory" reads better inside a sentence in lowercase.
        return message.prefix(1).lowercased() + message.dropFirst()
    }
}
