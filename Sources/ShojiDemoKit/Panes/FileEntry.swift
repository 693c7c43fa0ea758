import Glibc

/// One entry of a directory as the `files` pane shows it: read once (`lstat`, never following
/// a symbolic link) when its directory is read. Known by its path's bytes as the system gave
/// them (file names need not be UTF-8): equal and hashed by those alone, so it names the same
/// file across re-reads (the outline's item identity), and two names that show alike (both
/// not UTF-8) are still two entries, each opened by its own bytes.
public struct FileEntry: Hashable, Sendable {
    /// What the entry is.
    public enum Kind: Hashable, Sendable {
        /// A directory the pane can read: it expands.
        case directory
        /// A directory the pane cannot open (no permission, gone): shown, never expanded.
        case unreadableDirectory
        /// A regular file.
        case file
        /// A symbolic link, with its target as read (not followed), for showing.
        case link(target: String)
        /// A FIFO, socket or device.
        case other
        /// An entry whose `lstat` failed.
        case unreadable
    }

    /// The full path's bytes: the directory's path, "/" and the name (never a NUL).
    public let rawPath: [UInt8]
    /// What it is.
    public let kind: Kind
    /// Its size in bytes (as `lstat` says; 0 when unreadable).
    public let size: Int

    /// An entry at the path `rawPath`.
    public init(rawPath: [UInt8], kind: Kind, size: Int) {
        self.rawPath = rawPath
        self.kind = kind
        self.size = size
    }

    /// The full path for showing (bytes that are not UTF-8 shown as U+FFFD).
    public var path: String { String(decoding: rawPath, as: UTF8.self) }

    /// The name in its directory, for showing (as `path`).
    public var name: String {
        let start = rawPath.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
        return String(decoding: rawPath[start...], as: UTF8.self)
    }

    public static func == (lhs: FileEntry, rhs: FileEntry) -> Bool { lhs.rawPath == rhs.rawPath }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawPath) }

    /// The Name column: the name, and a link's target after "→".
    public var title: String {
        if case .link(let target) = kind { return "\(name) → \(target)" }
        return name
    }

    /// The Kind column.
    public var kindText: String {
        switch kind {
        case .directory: "directory"
        case .unreadableDirectory: "unreadable"
        case .file: "file"
        case .link: "link"
        case .other: "special"
        case .unreadable: "unreadable"
        }
    }

    /// The Size column: bytes, KB, MB or GB for a file or a link; blank for the others.
    public var sizeText: String {
        switch kind {
        case .file, .link: Self.formatted(size)
        default: ""
        }
    }

    /// `bytes` as "512 B", "1.5 KB", "12 MB" (1 KB = 1,024 bytes).
    static func formatted(_ bytes: Int) -> String {
        guard bytes >= 1_024 else { return "\(bytes) B" }
        var value = Double(bytes) / 1_024
        for unit in ["KB", "MB", "GB"] {
            if value < 1_024 || unit == "GB" {
                return value < 10 ? "\((value * 10).rounded(.down) / 10) \(unit)" : "\(Int(value)) \(unit)"
            }
            value /= 1_024
        }
        return "\(bytes) B"
    }

    /// The entries of the directory at the path `path` (bytes, no NUL), sorted by name (byte
    /// order), or `nil` when it cannot be opened. Each entry is `lstat`ed relative to the open
    /// directory; symbolic links are read, not followed; directories are checked for reading
    /// and searching.
    public static func entries(ofDirectory path: [UInt8]) -> [FileEntry]? {
        guard let directory = withCString(path, { opendir($0) }) else { return nil }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        let prefix = path.last == UInt8(ascii: "/") ? path : path + [UInt8(ascii: "/")]
        var names: [[UInt8]] = []
        while let record = readdir(directory) {
            let name = withUnsafeBytes(of: record.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            names.append(name)
        }
        names.sort { $0.lexicographicallyPrecedes($1) }
        return names.map { entry(named: $0, in: descriptor, path: prefix + $0) }
    }

    /// Calls `body` with `bytes` (no NUL) as a NUL-terminated C string.
    static func withCString<Result>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        (bytes + [0]).withUnsafeBytes { body($0.baseAddress!.assumingMemoryBound(to: CChar.self)) }
    }

    /// The entry `name` of the open directory `descriptor`.
    private static func entry(named name: [UInt8], in descriptor: Int32, path: [UInt8]) -> FileEntry {
        var status = stat()
        guard withCString(name, { fstatat(descriptor, $0, &status, AT_SYMLINK_NOFOLLOW) }) == 0 else {
            return FileEntry(rawPath: path, kind: .unreadable, size: 0)
        }
        let kind: Kind
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            let searchable = withCString(name) { faccessat(descriptor, $0, R_OK | X_OK, 0) } == 0
            kind = searchable ? .directory : .unreadableDirectory
        case S_IFREG: kind = .file
        case S_IFLNK: kind = .link(target: withCString(name) { linkTarget($0, in: descriptor) })
        default: kind = .other
        }
        return FileEntry(rawPath: path, kind: kind, size: Int(status.st_size))
    }

    /// Where the link `name` points, as written ("?" when it cannot be read).
    private static func linkTarget(_ name: UnsafePointer<CChar>, in descriptor: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let count = buffer.withUnsafeMutableBytes { raw in
            readlinkat(descriptor, name, raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count)
        }
        guard count >= 0 else { return "?" }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
}
