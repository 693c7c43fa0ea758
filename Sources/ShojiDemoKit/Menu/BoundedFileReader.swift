import Glibc

/// Reads a whole file, but never more than a limit: a menu file named by mistake (a log, a
/// disk image, `/dev/zero`) is refused after `limit + 1` bytes instead of filling memory.
///
/// Guarantees: reads at most `limit + 1` bytes, retries reads interrupted by a signal, closes
/// the file on every path, and turns every failure into a `Failure` with a short, lowercase
/// reason (`No such file or directory` becomes "no such file or directory").
enum BoundedFileReader {
    /// Why a file could not be read.
    enum Failure: Error, Equatable, Sendable {
        /// Opening or reading failed; the reason is the system's (strerror), lowercased.
        case unreadable(String)
        /// The file holds more than `limit` bytes.
        case tooLarge
    }

    /// The bytes of the file at `path`, at most `limit` of them.
    static func read(path: String, limit: Int) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(reason(errno)) }
        defer { close(descriptor) }

        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw .unreadable(reason(EISDIR))
        }

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

    private static func reason(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        let message = String(cString: text)
        // "No such file or directory" reads better inside a sentence in lowercase.
        return message.prefix(1).lowercased() + message.dropFirst()
    }
}
