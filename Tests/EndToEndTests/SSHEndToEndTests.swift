import Foundation
import Glibc
import Testing

/// `shoji-demo --ssh` served to OpenSSH's own client (`ssh -tt` in tmux), with keys made by
/// `ssh-keygen` for the test. Needs openssh-client (`make test` installs it).
@Suite(.serialized, .timeLimit(.minutes(3)))
final class SSHEndToEndTests {
    let folder: String
    let port: Int
    let server: Process
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
        FileManager.default.createFile(atPath: logPath, contents: nil)
        port = Self.freePort()
        server = Process()
        server.executableURL = URL(fileURLWithPath: demoBinary())
        server.arguments = [
            "--ssh", "127.0.0.1:\(port)", "--host-key", "\(folder)/host_key", "--authorized-keys",
            "\(folder)/authorized_keys", "--menu", "\(folder)/menu.json"
        ]
        let log = FileHandle(forWritingAtPath: logPath)
        server.standardOutput = log
        server.standardError = log
        try server.run()
        let deadline = Date().addingTimeInterval(20)
        while !serverLog().contains("listening"), Date() < deadline, server.isRunning { usleep(50_000) }
        #expect(serverLog().contains("listening"), "\(serverLog())")
    }

    deinit {
        if server.isRunning { server.terminate() }
        server.waitUntilExit()
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
        #expect(try tmux.waitFor(timeout: 5) { _ in serverLog().contains("session ended") }.isEmpty == false)
    }

    @Test func aKeyNotInAuthorizedKeysIsRefused() throws {
        let result = try Subprocess.run(ssh(key: "stranger", ["-T"], command: []))
        #expect(result.status == 255 && result.output.contains("Permission denied"), "\(result.output)")
        #expect(serverLog().contains("is not authorized"))
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
}
