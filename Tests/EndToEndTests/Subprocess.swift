import Foundation

/// Runs a program to completion with posix_spawn and waitpid, output captured through a file.
///
/// Not Foundation's `Process`: its `waitUntilExit` was seen to hang here with the child already
/// a zombie, and a pipe would never reach end-of-file when the child forks a daemon (the tmux
/// server) that inherits it.
struct Subprocess {
    struct Result {
        var status: Int32
        var signal: Int32?
        var output: String
    }

    /// Runs `arguments` (looked up in PATH) with `environment`, stdin from /dev/null, in a
    /// session of its own: it has no controlling terminal, wherever the tests run (a developer's
    /// terminal would otherwise be `/dev/tty` to it).
    static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> Result {
        let outputPath = NSTemporaryDirectory() + "shoji-subprocess-\(UUID().uuidString).out"
        defer { unlink(outputPath) }
        let pid = try start(arguments, environment: environment, newSession: true) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        var result = try wait(for: pid)
        result.output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        return result
    }

    /// Starts `arguments` (looked up in PATH) with `environment` and standard input, output and
    /// error on `terminal` (a pseudo-terminal's slave, which the child does not take as its
    /// controlling terminal); returns its pid.
    static func start(_ arguments: [String], environment: [String: String], terminal: Int32) throws -> pid_t {
        try start(arguments, environment: environment) { actions in
            for fd: Int32 in 0...2 { posix_spawn_file_actions_adddup2(&actions, terminal, fd) }
        }
    }

    /// Starts `arguments` with the file actions `setUp` adds; returns its pid.
    private static func start(
        _ arguments: [String], environment: [String: String]?, newSession: Bool = false,
        setUp: (inout posix_spawn_file_actions_t) -> Void
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        setUp(&actions)

        // The calling thread (a Dispatch worker) blocks most signals, and a spawned child inherits
        // that mask: a tmux server started with SIGTERM blocked ignores `kill-server` (which is a
        // SIGTERM to itself) and lingers with its panes. Start children with nothing blocked.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        // glibc's POSIX_SPAWN_SETSID (0x80), which Swift does not see (it needs _GNU_SOURCE).
        let setsid: Int32 = 0x80
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | (newSession ? setsid : 0)))

        let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let status = withCStrings(arguments) { argv in
            withCStrings(env) { envp in
                posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
            }
        }
        guard status == 0 else {
            throw SubprocessError(message: "posix_spawnp \(arguments[0]): \(String(cString: strerror(status)))")
        }
        return pid
    }

    /// Waits for `pid` to end, at most `timeout` seconds (then kills it and throws); its status
    /// is 128 + the signal when a signal ended it, as a shell reports it. No output.
    static func wait(for pid: pid_t, timeout: Double = .infinity) throws -> Result {
        let deadline = Date().addingTimeInterval(timeout)
        var waitStatus: Int32 = 0
        while true {
            let ended = waitpid(pid, &waitStatus, timeout.isFinite ? WNOHANG : 0)
            if ended == pid { break }
            if ended < 0, errno != EINTR { throw SubprocessError(message: "waitpid: errno \(errno)") }
            if Date() > deadline {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &waitStatus, 0)
                throw SubprocessError(message: "pid \(pid) still running after \(timeout) s")
            }
            if timeout.isFinite { usleep(10_000) }
        }
        let termination = waitStatus & 0x7f
        if termination == 0 {
            return Result(status: (waitStatus >> 8) & 0xff, signal: nil, output: "")
        }
        return Result(status: 128 + termination, signal: termination, output: "")
    }

    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        var pointers = strings.map { strdup($0) }
        pointers.append(nil)
        defer { pointers.forEach { free($0) } }
        return body(pointers)
    }
}

struct SubprocessError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
