import Glibc

/// Reads a small file the server is configured with (a key, `authorized_keys`) in full, with
/// the system's reason when it cannot; at most `limit` bytes are read, so a wrong path (a
/// device, a huge file) cannot take the server's memory.
enum FileContents {
    /// The first `limit` bytes of the file at `path`, as UTF-8 text (invalid bytes replaced).
    static func text(at path: String, limit: Int) -> Result<String, FileError> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(FileError(reason: String(cString: strerror(errno)))) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < limit {
            let count = read(fd, &chunk, min(chunk.count, limit - bytes.count))
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return .failure(FileError(reason: String(cString: strerror(errno)))) }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    /// Why a file could not be read: the system's message.
    struct FileError: Error {
        let reason: String
    }
}
