import Glibc

/// Terminal types made for the tests from xterm-256color with some of its ways to shift a row
/// taken away, so the backend's other ways are exercised: `characterAtATime` inserts and
/// deletes one character at a time (`ich1`, `dch1`), `insertModeOnly` inserts only in insert
/// mode (`smir`/`rmir`) and deletes with `dch1`.
///
/// `prepare()` compiles them with `tic` into a temporary directory and points `TERMINFO` at
/// it, once per process, before a screen of these types is set up. ncurses (which checks the
/// variable at each look-up, so screens set up before are no obstacle) and libtermkey look
/// there first and then in the system's directories, so every other type is still found.
/// The variable is set once and never changed again, so tests running alongside on other
/// threads always read an environment that stays put. The directory is removed at exit.
enum CustomTerminfo {
    /// xterm-256color with `ich1` and `dch1`, and neither `ich`, `dch` nor insert mode.
    static let characterAtATime = "shoji-ich1-256color"
    /// xterm-256color with insert mode and `dch1`, and neither `ich`, `ich1` nor `dch`.
    static let insertModeOnly = "shoji-smir-256color"

    private static let source = """
        \(characterAtATime)|xterm-256color shifting one character at a time,
        \tich1=\\E[@, ich@, dch@, smir@, rmir@, use=xterm-256color,
        \(insertModeOnly)|xterm-256color inserting in insert mode only,
        \tich@, ich1@, dch@, use=xterm-256color,

        """

    struct CompilationFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// Compiles the entries and sets `TERMINFO`, the first time; throws if that failed.
    static func prepare() throws {
        if let failure = compiled { throw failure }
    }

    /// nil once the entries are compiled and `TERMINFO` is set; else what went wrong.
    private static let compiled: CompilationFailed? = compile()

    /// The temporary directory, for removal at exit.
    nonisolated(unsafe) private static var directory: String?

    private static func compile() -> CompilationFailed? {
        var template = Array("/tmp/shoji-terminfo-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { return CompilationFailed(description: "mkdtemp: errno \(errno)") }
        let directory = String(cString: made)
        Self.directory = directory
        atexit { CustomTerminfo.removeDirectory() }
        let sourcePath = directory + "/entries.src"
        guard let file = fopen(sourcePath, "w") else { return CompilationFailed(description: "fopen: errno \(errno)") }
        fputs(source, file)
        fclose(file)
        defer { unlink(sourcePath) }
        let words: [String] = ["tic", "-x", "-o", directory, sourcePath]
        let arguments = words.map { strdup($0) } + [nil]
        defer { for argument in arguments { free(argument) } }
        var pid: pid_t = 0
        let spawned = arguments.withUnsafeBufferPointer { argv in
            posix_spawnp(&pid, "tic", nil, nil, argv.baseAddress!, environ)
        }
        guard spawned == 0 else { return CompilationFailed(description: "tic could not be run: error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else { return CompilationFailed(description: "tic failed: wait status \(status)") }
        setenv("TERMINFO", directory, 1)
        return nil
    }

    /// Removes the directory and the entries in it (tic puts each in a subdirectory named by
    /// its first letter).
    private static func removeDirectory() {
        guard let directory else { return }
        func remove(_ path: String) {
            if let stream = opendir(path) {
                while let entry = readdir(stream) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) {
                        String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
                    }
                    guard name != ".", name != ".." else { continue }
                    remove(path + "/" + name)
                }
                closedir(stream)
                rmdir(path)
            } else {
                unlink(path)
            }
        }
        remove(directory)
    }
}
