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

    /// Runs `arguments` (looked up in PATH) with `environment`, stdin from /dev/null.
    static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> Result {
        let outputPath = NSTemporaryDirectory() + "shoji-subprocess-\(UUID().uuidString).out"
        defer { unlink(outputPath) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)

        // The calling thread (a Dispatch worker) blocks most signals, and a spawned child inherits
        // that mask: a tmux server started with SIGTERM blocked ignores `kill-server` (which is a
        // SIGTERM to itself) and lingers with its panes. Start children with nothing blocked.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))

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

        var waitStatus: Int32 = 0
        while waitpid(pid, &waitStatus, 0) < 0 {
            guard errno == EINTR else { throw SubprocessError(message: "waitpid: errno \(errno)") }
        }
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let termination = waitStatus & 0x7f
        if termination == 0 {
            return Result(status: (waitStatus >> 8) & 0xff, signal: nil, output: output)
        }
        return Result(status: 128 + termination, signal: termination, output: output)
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
