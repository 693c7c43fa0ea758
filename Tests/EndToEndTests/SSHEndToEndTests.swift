import Foundation
import Glibc
import Testing

/// `shoji-demo --ssh` served to OpenSSH's own client (`ssh -tt` in tmux), with keys made by
/// `ssh-keygen` for the test. Needs openssh-client (`make test` installs it).
@Suite(.serialized, .timeLimit(.minutes(3)))
final class SSHEndToEndTests {
    let folder: String
    let port: Int
    /// The server's process (posix_spawn, nothing blocked: Foundation's Process would hand it
    /// the test thread's blocked signals, SIGTERM among them).
    let server: pid_t
    let logPath: String

    /// A menu with a log pane first (a line every 100 ms: a client that stops reading falls
    /// behind) and a text pane.
    static let menu = """
        {"title": "Menu", "items": [
          {"title": "Log", "kind": "log"},
          {"title": "Notes", "kind": "text", "text": "Served over SSH."}
        ]}
        """

    init() throws {
        folder = NSTemporaryDirectory() + "shoji-ssh-e2e-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["client", "stranger"] {
            let made = try Subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", "\(folder)/\(name)"])
            #expect(made.status == 0, "ssh-keygen: \(made.output)")
        }
        try FileManager.default.copyItem(atPath: "\(folder)/client.pub", toPath: "\(folder)/authorized_keys")
        try Self.menu.write(toFile: "\(folder)/menu.json", atomically: true, encoding: .utf8)
        logPath = "\(folder)/server.log"
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        port = Self.freePort()
        let log = open(logPath, O_WRONLY | O_APPEND | O_CLOEXEC)
        defer { close(log) }
        server = try Subprocess.start(
            [
                demoBinary(), "--ssh", "127.0.0.1:\(port)", "--host-key", "\(folder)/host_key", "--authorized-keys",
                "\(folder)/authorized_keys", "--menu", "\(folder)/menu.json"
            ], environment: ProcessInfo.processInfo.environment, terminal: log)
        let deadline = Date().addingTimeInterval(20)
        while !serverLog().contains("listening"), Date() < deadline { usleep(50_000) }
        #expect(serverLog().contains("listening"), "\(serverLog())")
    }

    deinit {
        kill(server, SIGTERM)
        _ = try? Subprocess.wait(for: server, timeout: 10)
        try? FileManager.default.removeItem(atPath: folder)
    }

    func serverLog() -> String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// A port nobody listens on now: the kernel's choice for a socket bound to port 0.
    static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length)
                return getsockname(fd, pointer, &length)
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// `ssh` with the test's known-hosts and key settings, never asking anything.
    func ssh(key: String = "client", _ options: [String] = ["-tt"], command: [String] = []) -> [String] {
        ["ssh"] + options + [
            "-p", "\(port)", "-i", "\(folder)/\(key)", "-o", "StrictHostKeyChecking=no", "-o",
            "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes", "-o", "LogLevel=ERROR", "-o", "IdentitiesOnly=yes",
            "localhost"
        ] + command
    }

    @Test func aClientGetsTheSideMenuResizesFollowAndQGivesItsTerminalBack() throws {
        let tmux = try TmuxSession(ssh(), width: 90, height: 24, environment: ["LANG": "C.UTF-8"])
        defer { tmux.close() }
        try tmux.waitFor("[Menu]")
        try tmux.send("F2")
        let open = try tmux.waitFor { screen in screen.split(separator: "\n").contains { $0.hasPrefix(" Notes") } }
        #expect(open.contains("│"), "the menu slid in: \(open)")
        try tmux.resize(width: 70, height: 16)
        _ = try tmux.waitFor { screen in
            let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return rows.count >= 16 && rows[0].contains("Menu") && !screen.contains("[exit")
        }
        #expect(serverLog().contains("session started"))
        try tmux.send("q")
        let after = try tmux.waitFor("[exit ")
        #expect(after.contains("[exit 0]"), "\(after)")
        try tmux.expectRestored("after q over SSH")
        let deadline = Date().addingTimeInterval(5)
        while !serverLog().contains("session ended"), Date() < deadline { usleep(50_000) }
        #expect(serverLog().contains("session ended"), "the server ended the session: \(serverLog())")
    }

    @Test func aKeyNotInAuthorizedKeysIsRefused() throws {
        let result = try Subprocess.run(ssh(key: "stranger", ["-T"], command: []))
        #expect(result.status == 255 && result.output.contains("Permission denied"), "\(result.output)")
        #expect(serverLog().contains("is not authorized"))
        // No key at all: nothing else is offered (no passwords unless the app asks).
        let none = try Subprocess.run(
            ssh(["-T", "-o", "PubkeyAuthentication=no", "-o", "PasswordAuthentication=no"], command: []))
        #expect(none.status == 255 && none.output.contains("Permission denied (publickey)"), "\(none.output)")
    }

    @Test func aSessionWithoutATerminalAndACommandAreToldWhyAndRefused() throws {
        let noPty = try Subprocess.run(ssh(["-T"]))
        #expect(noPty.status == 1 && noPty.output.contains("this app needs a terminal: ssh -t"), "\(noPty.output)")
        let exec = try Subprocess.run(ssh(["-T"], command: ["cat", "/etc/passwd"]))
        #expect(exec.status == 1 && exec.output.contains("not commands"), "\(exec.output)")
        #expect(!exec.output.contains("root:"))
    }

    @Test func aStalledClientDoesNotHoldUpAnother() throws {
        // The first client shows the log pane (frames every 100 ms) and then stops reading.
        let stalled = try TmuxSession(["sh", "-c", "exec " + ssh().map { "'\($0)'" }.joined(separator: " ")])
        defer { stalled.close() }
        try stalled.waitFor("[Menu]")
        let pid = try stalled.pid()
        kill(pid, SIGSTOP)
        defer { kill(pid, SIGCONT) }
        sleep(2)
        let other = try TmuxSession(ssh(), width: 80, height: 24)
        defer { other.close() }
        try other.waitFor("[Menu]")
        let start = Date()
        try other.send("F2")
        _ = try other.waitFor { screen in screen.split(separator: "\n").contains { $0.hasPrefix(" Notes") } }
        #expect(Date().timeIntervalSince(start) < 3, "the other client's menu slid while one stalls")
        try other.send("q")
        #expect(try other.waitFor("[exit ").contains("[exit 0]"))
        kill(pid, SIGCONT)
        let caughtUp = try stalled.waitFor { $0.contains("[Menu]") }
        #expect(caughtUp.contains("Log"))
    }

    /// Connections dropped at random points (before a byte, after the version line, in the key
    /// exchange, a client killed mid-frame) leave no session behind, and the server serves on.
    /// (`scripts/ssh-churn.py` does 1,000 and reports the server's RSS.)
    @Test func connectionsDroppedAnywhereLeaveNoSessionBehind() throws {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<30 {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            #expect(connected == 0)
            let bytes: [UInt8] =
                switch round % 3 {
                case 0: []
                case 1: Array("SSH-2.0-drop\r\n".utf8)
                default:
                    Array("SSH-2.0-drop\r\n".utf8) + (0..<200).map { _ in UInt8.random(in: 0...255, using: &generator) }
                }
            _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            usleep(UInt32.random(in: 0...20_000, using: &generator))
            close(fd)
        }
        // Clients on one end of a socket pair each, never read or written: each stays until it
        // is killed (posix_spawn with nothing blocked, so SIGKILL ends it at once).
        var clients: [(pid: pid_t, socket: Int32)] = []
        for _ in 0..<8 {
            var pair: [Int32] = [-1, -1]
            #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
            let pid = try Subprocess.start(ssh(), environment: ProcessInfo.processInfo.environment, terminal: pair[1])
            close(pair[1])
            clients.append((pid, pair[0]))
        }
        let deadline = Date().addingTimeInterval(20)
        while serverLog().components(separatedBy: "session started").count - 1 < 8, Date() < deadline { usleep(50_000) }
        usleep(300_000)
        #expect(serverLog().components(separatedBy: "session ended").count == 1, "the clients are still there")
        for client in clients {
            usleep(UInt32.random(in: 0...100_000, using: &generator))
            kill(client.pid, SIGKILL)
            _ = try Subprocess.wait(for: client.pid, timeout: 5)
            close(client.socket)
        }
        let started = { self.serverLog().components(separatedBy: "session started").count - 1 }
        let ended = { self.serverLog().components(separatedBy: "session ended").count - 1 }
        while ended() < started(), Date() < deadline { usleep(50_000) }
        #expect(started() == 8 && ended() == 8, "\(serverLog())")
        #expect(kill(server, 0) == 0, "the server runs on")
        let tmux = try TmuxSession(ssh(), width: 80, height: 24)
        defer { tmux.close() }
        try tmux.waitFor("[Menu]")
        try tmux.send("q")
        #expect(try tmux.waitFor("[exit ").contains("[exit 0]"))
    }

    /// SIGTERM (swift-service-lifecycle's graceful shutdown): every session's app ends, each
    /// client gets its terminal back and exit status 0, and the server exits 0.
    @Test func sigtermEndsEverySessionAndGivesEachClientItsTerminalBack() throws {
        let tmux = try TmuxSession(ssh(), width: 80, height: 24)
        defer { tmux.close() }
        try tmux.waitFor("[Menu]")
        try tmux.send("F2")
        kill(server, SIGTERM)
        let status = try Subprocess.wait(for: server, timeout: 10)
        #expect(status.status == 0 && serverLog().contains("shutting down"), "\(serverLog())")
        #expect(try tmux.waitFor("[exit ").contains("[exit 0]"))
        try tmux.expectRestored("after the server's SIGTERM")
    }
}
