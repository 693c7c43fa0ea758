import Crypto
import Foundation
import Logging
import NIOCore
import NIOEmbedded
import NIOSSH
import Testing
@testable import ShojiSSH

/// The server's keys: the host key file, `authorized_keys`, and who the authenticator lets in.
struct SSHKeysTests {
    let folder: String = {
        let path = NSTemporaryDirectory() + "shoji-ssh-keys-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    static let sshKeygen = ["/usr/bin/ssh-keygen", "/bin/ssh-keygen"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self)
    }

    @Test func aMissingHostKeyIsMadeWithMode600AndReadBackTheSame() throws {
        let path = folder + "/host"
        let made = try SSHHostKey.load(from: path)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let again = try SSHHostKey.load(from: path)
        #expect(again.openSSHPublicKey == made.openSSHPublicKey)
        #expect(made.openSSHPublicKey.hasPrefix("ssh-ed25519 "))
        if let keygen = Self.sshKeygen {
            let derived = try run([keygen, "-y", "-f", path])
            #expect(derived.hasPrefix(made.openSSHPublicKey), "OpenSSH reads the file we write: \(derived)")
        }
    }

    @Test func aHostKeyOthersCanReadIsRefused() throws {
        let path = folder + "/host"
        _ = try SSHHostKey.load(from: path)
        chmod(path, 0o644)
        #expect(throws: SSHHostKey.LoadError.permissionsTooOpen(path: path, mode: 0o100644)) {
            try SSHHostKey.load(from: path)
        }
    }

    @Test func aKeyMadeBySshKeygenServesAndOthersAreRefusedWithTheReason() throws {
        let keygen = try #require(Self.sshKeygen, "ssh-keygen (openssh-client) is installed by make test")
        let path = folder + "/made"
        _ = try run([keygen, "-q", "-t", "ed25519", "-N", "", "-f", path])
        let key = try SSHHostKey.load(from: path)
        let published = try String(contentsOfFile: path + ".pub", encoding: .utf8)
        #expect(published.hasPrefix(key.openSSHPublicKey))

        let encrypted = folder + "/encrypted"
        _ = try run([keygen, "-q", "-t", "ed25519", "-N", "secret phrase", "-f", encrypted])
        #expect {
            try SSHHostKey.load(from: encrypted)
        } throws: { error in
            String(describing: error).contains("encrypted")
        }
        let ecdsa = folder + "/ecdsa"
        _ = try run([keygen, "-q", "-t", "ecdsa", "-N", "", "-f", ecdsa])
        #expect {
            try SSHHostKey.load(from: ecdsa)
        } throws: { error in
            String(describing: error).contains("not an Ed25519 key")
        }
        let garbage = folder + "/garbage"
        _ = FileManager.default.createFile(
            atPath: garbage, contents: Data("hello".utf8), attributes: [.posixPermissions: 0o600])
        #expect(throws: SSHHostKey.LoadError.self) { try SSHHostKey.load(from: garbage) }
    }

    @Test func authorizedKeysTakesKeysAndSkipsWhatItCannotHonour() throws {
        let one = NIOSSHPrivateKey(ed25519Key: .init()).publicKey
        let two = NIOSSHPrivateKey(p256Key: .init()).publicKey
        let text = """
            # a comment

            \(String(openSSHPublicKey: one)) alice@laptop
            \(String(openSSHPublicKey: two))
            command="/bin/date" \(String(openSSHPublicKey: one)) restricted
            ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7 bob
            ssh-ed25519 not-base64!
            """
        let keys = AuthorizedKeys(text: text)
        #expect(keys.keys == [one, two])
        #expect(keys.skippedLines.map(\.line) == [5, 6, 7])
        #expect(keys.skippedLines[0].reason.contains("options"))
        #expect(keys.skippedLines[1].reason.contains("ssh-rsa"))
    }

    @Test func fingerprintsAreTheOnesSshKeygenPrints() throws {
        let keygen = try #require(Self.sshKeygen, "ssh-keygen (openssh-client) is installed by make test")
        let path = folder + "/client"
        _ = try run([keygen, "-q", "-t", "ed25519", "-N", "", "-f", path])
        let line = try String(contentsOfFile: path + ".pub", encoding: .utf8)
        let key = try #require(AuthorizedKeys(text: line).keys.first)
        let printed = try run([keygen, "-l", "-f", path + ".pub"])
        #expect(printed.contains(AuthorizedKeys.fingerprint(of: key)), "\(printed)")
    }

    @Test func theAuthenticatorLetsInOnlyWhatTheConfigurationAllows() throws {
        let loop = EmbeddedEventLoop()
        let allowed = NIOSSHPrivateKey(ed25519Key: .init()).publicKey
        let stranger = NIOSSHPrivateKey(ed25519Key: .init()).publicKey
        func outcome(
            _ authenticator: SSHAuthenticator, _ request: NIOSSHUserAuthenticationRequest.Request
        ) throws -> String {
            let promise = loop.makePromise(of: NIOSSHUserAuthenticationOutcome.self)
            authenticator.requestReceived(
                request: .init(username: "ann", serviceName: "ssh-connection", request: request),
                responsePromise: promise)
            return "\(try promise.futureResult.wait())"
        }
        var configuration = SSHAppServerConfiguration(port: 0, hostKeyPath: "")
        configuration.logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        let keysOnly = SSHAuthenticator(configuration: configuration, authorizedKeys: [allowed], remoteAddress: "x")
        #expect(try outcome(keysOnly, .publicKey(.init(publicKey: stranger))) == "failure")
        #expect(keysOnly.identity == nil)
        #expect(try outcome(keysOnly, .password(.init(password: "x"))) == "failure")
        #expect(try outcome(keysOnly, .none) == "failure")
        #expect(keysOnly.supportedAuthenticationMethods == .publicKey, "no password offered unless the app asks")
        #expect(try outcome(keysOnly, .publicKey(.init(publicKey: allowed))) == "success")
        #expect(keysOnly.identity?.fingerprint == AuthorizedKeys.fingerprint(of: allowed))

        configuration.acceptsPassword = { user, password in user == "ann" && password == "right" }
        let withPassword = SSHAuthenticator(configuration: configuration, authorizedKeys: [], remoteAddress: "x")
        #expect(try outcome(withPassword, .password(.init(password: "wrong"))) == "failure")
        #expect(try outcome(withPassword, .password(.init(password: "right"))) == "success")
        #expect(withPassword.identity?.userName == "ann" && withPassword.identity?.fingerprint == nil)

        configuration.acceptsPassword = nil
        configuration.allowsAnonymousAccess = true
        let anonymous = SSHAuthenticator(configuration: configuration, authorizedKeys: [], remoteAddress: "x")
        #expect(try outcome(anonymous, .none) == "success")
    }
}
