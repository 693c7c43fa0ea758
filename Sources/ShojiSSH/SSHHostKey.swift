import Crypto
import Glibc
import NIOSSH
import ShojiTerminal

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The server's Ed25519 host key, kept in a file in OpenSSH's own format (what
/// `ssh-keygen -t ed25519 -N ''` writes), so a key made either way serves.
///
/// Guarantees:
/// - `load(from:)` reads the file, or, when there is none, generates a key and writes it with
///   mode 0600 (created exclusively: an existing file is never overwritten).
/// - A file that others than its owner can read or write (any of mode 0o077) is refused, as
///   sshd refuses such a host key: whoever can read it can pose as this server.
/// - Only an unencrypted Ed25519 key is accepted; anything else is refused with the reason.
public struct SSHHostKey: Sendable {
    /// Why a host key file could not be used.
    public enum LoadError: Error, Equatable, CustomStringConvertible {
        /// The file's mode lets others read or write it.
        case permissionsTooOpen(path: String, mode: UInt32)
        /// The file could not be read or written (errno's message).
        case unreadable(path: String, reason: String)
        /// The file is not an unencrypted OpenSSH Ed25519 private key.
        case malformed(path: String, reason: String)

        /// A one-line message naming the file and what to do about it.
        public var description: String {
            switch self {
            case .permissionsTooOpen(let path, let mode):
                return "host key \(path) is accessible by others (mode \(String(mode & 0o777, radix: 8))): chmod 600 it"
            case .unreadable(let path, let reason): return "host key \(path): \(reason)"
            case .malformed(let path, let reason): return "host key \(path) is not usable: \(reason)"
            }
        }
    }

    /// The key, for swift-nio-ssh.
    public let privateKey: NIOSSHPrivateKey
    /// The public half as OpenSSH writes it (`ssh-ed25519 AAAA…`), for a `known_hosts` line.
    public let openSSHPublicKey: String

    init(_ key: Curve25519.Signing.PrivateKey) {
        privateKey = NIOSSHPrivateKey(ed25519Key: key)
        openSSHPublicKey = String(openSSHPublicKey: privateKey.publicKey)
    }

    /// The key in `path`, made there first if there is no such file (see the guarantees).
    public static func load(from path: String) throws(LoadError) -> SSHHostKey {
        var info = stat()
        if stat(path, &info) != 0 {
            guard errno == ENOENT else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
            let key = Curve25519.Signing.PrivateKey()
            try write(OpenSSHKeyFile.encode(key), to: path)
            return SSHHostKey(key)
        }
        guard info.st_mode & 0o077 == 0 else { throw .permissionsTooOpen(path: path, mode: info.st_mode) }
        let text = try read(path)
        do {
            return SSHHostKey(try OpenSSHKeyFile.decode(text))
        } catch {
            throw .malformed(path: path, reason: error.reason)
        }
    }

    private static func read(_ path: String) throws(LoadError) -> String {
        switch FileContents.text(at: path, limit: 64 * 1024) {
        case .success(let text): return text
        case .failure(let error): throw .unreadable(path: path, reason: error.reason)
        }
    }

    private static func write(_ text: String, to path: String) throws(LoadError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        guard TerminalSession.writeAll(Array(text.utf8), to: fd) else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
    }
}
