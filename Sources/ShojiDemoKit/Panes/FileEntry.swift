import Glibc

/// One entry of a directory as the `files` pane shows it: read once (`lstat`, never following
/// a symbolic link) when its directory is read. Equal and hashed by path alone, so it names the
/// same file across re-reads (the outline's item identity).
public struct FileEntry: Hashable, Sendable {
    /// What the entry is.
    public enum Kind: Hashable, Sendable {
        /// A directory the pane can read: it expands.
        case directory
        /// A directory the pane cannot open (no permission, gone): shown, never expanded.
        case unreadableDirectory
        /// A regular file.
        case file
        /// A symbolic link, with its target as read (not followed).
        case link(target: String)
        /// A FIFO, socket or device.
        case other
        /// An entry whose `lstat` failed.
        case unreadable
    }

    /// The full path: the directory's path, "/" and the name.
    public let path: String
    /// The name in its directory.
    public let name: String
    /// What it is.
    public let kind: Kind
    /// Its size in bytes (as `lstat` says; 0 when unreadable).
    public let size: Int

    /// An entry named `name` at `path`.
    public init(path: String, name: String, kind: Kind, size: Int) {
        self.path = path
        self.name = name
        self.kind = kind
        self.size = size
    }

    public static func == (lhs: FileEntry, rhs: FileEntry) -> Bool { lhs.path == rhs.path }

    public func hash(into hasher: inout Hasher) { hasher.combine(path) }

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

    /// The entries of the directory at `path`, sorted by name (byte order), or `nil` when it
    /// cannot be opened. Each entry is `lstat`ed relative to the open directory; symbolic links
    /// are read, not followed; directories are checked for reading and searching.
    public static func entries(ofDirectory path: String) -> [FileEntry]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        let prefix = path.hasSuffix("/") ? path : path + "/"
        var entries: [FileEntry] = []
        while let record = readdir(directory) {
            let name = withUnsafeBytes(of: record.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            entries.append(entry(named: name, in: descriptor, path: prefix + name))
        }
        entries.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        return entries
    }

    /// The entry `name` of the open directory `descriptor`.
    private static func entry(named name: String, in descriptor: Int32, path: String) -> FileEntry {
        var status = stat()
        guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
            return FileEntry(path: path, name: name, kind: .unreadable, size: 0)
        }
        let kind: Kind
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            kind = faccessat(descriptor, name, R_OK | X_OK, 0) == 0 ? .directory : .unreadableDirectory
        case S_IFREG: kind = .file
        case S_IFLNK: kind = .link(target: linkTarget(name, in: descriptor))
        default: kind = .other
        }
        return FileEntry(path: path, name: name, kind: kind, size: Int(status.st_size))
    }

    /// Where the link `name` points, as written ("?" when it cannot be read).
    private static func linkTarget(_ name: String, in descriptor: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let count = buffer.withUnsafeMutableBytes { raw in
            readlinkat(descriptor, name, raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count)
        }
        guard count >= 0 else { return "?" }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
}
