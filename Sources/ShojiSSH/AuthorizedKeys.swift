import Crypto
import Glibc
import NIOSSH

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The public keys of an OpenSSH `authorized_keys` file: who may log in.
///
/// Each line is `[options] type base64 [comment]`; blank lines and `#` comments are skipped.
/// Options (`command=…`, `from=…`) are not honoured: a line with options is skipped and
/// reported in `skippedLines`, so a restriction written for sshd is never silently widened.
/// Key types swift-nio-ssh cannot verify (RSA, DSA, security keys) are skipped the same way.
public struct AuthorizedKeys: Sendable {
    /// The keys that may log in.
    public let keys: Set<NIOSSHPublicKey>
    /// The lines that were not taken (1-based line number and why), for the server's log.
    public let skippedLines: [(line: Int, reason: String)]

    /// The keys in `text`, the contents of an `authorized_keys` file.
    public init(text: String) {
        var keys: Set<NIOSSHPublicKey> = []
        var skipped: [(Int, String)] = []
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard let first = line.first, !first.hasPrefix("#") else { continue }
            guard line.count >= 2, Self.keyTypes.contains(String(first)) else {
                let reason =
                    Self.knownUnsupported.contains(String(first)) || line.count < 2
                    ? "key type \(first) is not supported (use ssh-ed25519 or ecdsa-sha2-nistp256/384/521)"
                    : "options before the key are not supported"
                skipped.append((number + 1, reason))
                continue
            }
            do {
                keys.insert(try NIOSSHPublicKey(openSSHPublicKey: "\(first) \(line[1])"))
            } catch {
                skipped.append((number + 1, "the key does not decode"))
            }
        }
        self.keys = keys
        skippedLines = skipped
    }

    /// The keys in the file at `path`; throws the system's reason when it cannot be read.
    public init(contentsOf path: String) throws(SSHAppServerError) {
        switch FileContents.text(at: path, limit: 4 << 20) {
        case .success(let text): self.init(text: text)
        case .failure(let error): throw .unreadableFile(path: path, reason: error.reason)
        }
    }

    /// The key types swift-nio-ssh verifies.
    static let keyTypes: Set<String> = [
        "ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521"
    ]
    private static let knownUnsupported: Set<String> = [
        "ssh-rsa", "ssh-dss", "sk-ssh-ed25519@openssh.com", "sk-ecdsa-sha2-nistp256@openssh.com"
    ]

    /// OpenSSH's fingerprint of `key`: `SHA256:` and the base64 of the SHA-256 of its wire form,
    /// without padding, as `ssh-keygen -lf` prints it.
    public static func fingerprint(of key: NIOSSHPublicKey) -> String {
        let text = String(openSSHPublicKey: key)
        let parts = text.split(separator: " ")
        guard parts.count >= 2, let blob = Data(base64Encoded: String(parts[1])) else { return "SHA256:?" }
        let digest = Data(SHA256.hash(data: blob)).base64EncodedString()
        return "SHA256:" + digest.filter { $0 != "=" }
    }
}
