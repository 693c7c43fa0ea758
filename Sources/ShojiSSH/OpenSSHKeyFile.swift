import Crypto

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// OpenSSH's private key file format ("openssh-key-v1", PROTOCOL.key in OpenSSH's sources), for
/// an unencrypted Ed25519 key only: what `ssh-keygen -t ed25519 -N ''` writes. swift-nio-ssh
/// takes keys as swift-crypto values and reads no files, so this is the one piece of format code
/// the server has.
enum OpenSSHKeyFile {
    struct FormatError: Error {
        let reason: String
    }

    private static let header = "-----BEGIN OPENSSH PRIVATE KEY-----"
    private static let footer = "-----END OPENSSH PRIVATE KEY-----"
    private static let magic = Array("openssh-key-v1".utf8) + [0]

    /// The key in `text`.
    static func decode(_ text: String) throws(FormatError) -> Curve25519.Signing.PrivateKey {
        let lines = text.split(whereSeparator: \.isNewline).map { line in
            String(line.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        }
        guard let start = lines.firstIndex(of: header), let end = lines.firstIndex(of: footer), start < end else {
            throw FormatError(reason: "no OPENSSH PRIVATE KEY block")
        }
        guard let data = Data(base64Encoded: lines[(start + 1)..<end].joined()) else {
            throw FormatError(reason: "the block is not base64")
        }
        var reader = Reader(bytes: Array(data))
        guard reader.take(magic.count) == magic else { throw FormatError(reason: "not openssh-key-v1") }
        guard reader.string() == Array("none".utf8), reader.string() == Array("none".utf8) else {
            throw FormatError(reason: "the key is encrypted (make one with -N '')")
        }
        _ = reader.string()  // KDF options: empty without encryption
        guard reader.uint32() == 1 else { throw FormatError(reason: "more than one key") }
        _ = reader.string()  // the public key, repeated in the private section
        guard let section = reader.string() else { throw FormatError(reason: "truncated") }
        var privateReader = Reader(bytes: section)
        let check = privateReader.uint32()
        guard check != nil, check == privateReader.uint32() else { throw FormatError(reason: "check bytes differ") }
        guard privateReader.string() == Array("ssh-ed25519".utf8) else {
            throw FormatError(reason: "not an Ed25519 key (make one with ssh-keygen -t ed25519)")
        }
        _ = privateReader.string()  // public key, 32 bytes
        guard let secret = privateReader.string(), secret.count == 64 else {
            throw FormatError(reason: "the Ed25519 secret is not 64 bytes")
        }
        do {
            return try Curve25519.Signing.PrivateKey(rawRepresentation: secret.prefix(32))
        } catch {
            throw FormatError(reason: "the Ed25519 seed is invalid")
        }
    }

    /// `key` as OpenSSH writes it, unencrypted, with the comment "shoji-ssh host key".
    static func encode(_ key: Curve25519.Signing.PrivateKey) -> String {
        let publicBytes = Array(key.publicKey.rawRepresentation)
        var publicBlob: [UInt8] = []
        appendString(Array("ssh-ed25519".utf8), to: &publicBlob)
        appendString(publicBytes, to: &publicBlob)
        let check = UInt32.random(in: 0...UInt32.max)
        var section: [UInt8] = []
        appendUInt32(check, to: &section)
        appendUInt32(check, to: &section)
        appendString(Array("ssh-ed25519".utf8), to: &section)
        appendString(publicBytes, to: &section)
        appendString(Array(key.rawRepresentation) + publicBytes, to: &section)
        appendString(Array("shoji-ssh host key".utf8), to: &section)
        var pad: UInt8 = 1
        while section.count % 8 != 0 {
            section.append(pad)
            pad += 1
        }
        var blob = magic
        appendString(Array("none".utf8), to: &blob)
        appendString(Array("none".utf8), to: &blob)
        appendString([], to: &blob)
        appendUInt32(1, to: &blob)
        appendString(publicBlob, to: &blob)
        appendString(section, to: &blob)
        let encoded = Data(blob).base64EncodedString()
        var lines = [header]
        var index = encoded.startIndex
        while index < encoded.endIndex {
            let next = encoded.index(index, offsetBy: 70, limitedBy: encoded.endIndex) ?? encoded.endIndex
            lines.append(String(encoded[index..<next]))
            index = next
        }
        lines.append(footer)
        return lines.joined(separator: "\n") + "\n"
    }

    private static func appendUInt32(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func appendString(_ value: [UInt8], to bytes: inout [UInt8]) {
        appendUInt32(UInt32(value.count), to: &bytes)
        bytes += value
    }

    /// Reads SSH wire-format integers and strings, returning nil past the end.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func take(_ count: Int) -> [UInt8]? {
            guard count >= 0, bytes.count - offset >= count else { return nil }
            defer { offset += count }
            return Array(bytes[offset..<offset + count])
        }

        mutating func uint32() -> UInt32? {
            take(4).map { $0.reduce(0) { $0 << 8 | UInt32($1) } }
        }

        mutating func string() -> [UInt8]? {
            guard let length = uint32(), length <= 1 << 20 else { return nil }
            return take(Int(length))
        }
    }
}
