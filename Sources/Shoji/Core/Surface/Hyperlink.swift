/// The target of a link a cell carries (`Cell.link`): a URL made safe to hand to a terminal,
/// which shows the cell's text as a link to it (OSC 8) where it supports that.
///
/// Guarantees:
/// - `url` holds only printable ASCII without spaces (U+0021–U+007E): every other byte of the
///   given text's UTF-8 (spaces, controls such as Escape, BEL and newline, C1 controls,
///   non-ASCII letters) is percent-encoded (`%1B`), so no URL can end the terminal sequence it
///   is sent in or send a control of its own. A `%` already there is kept (the URL may be
///   encoded already).
/// - A URL that is empty or longer than `maximumLength` bytes once encoded gives no link
///   (`init` returns nil): terminals cut or refuse long ones, and a cell must never hold part
///   of one.
/// - Equal URLs give equal links. A link is a 16-bit number into a process-wide table that
///   holds at most 65,535 URLs and never shrinks (an app shows a handful); once it is full a new
///   URL gives no link, so hostile text cannot grow memory without bound.
public struct Hyperlink: Hashable, Sendable, CustomStringConvertible {
    /// Its number in the table, 1 or more (0 is "no link" in a cell).
    let number: UInt16

    /// The most bytes a URL may have once encoded (OSC 8's own advice is to keep them short;
    /// terminals cut theirs between about 2,000 and 8,000).
    public static let maximumLength = 2048

    /// A link to `url`, encoded as the type says; nil for an empty or too long URL, or when the
    /// table is full.
    public init?(_ url: String) {
        let encoded = Self.encoded(url)
        guard !encoded.isEmpty, encoded.utf8.count <= Self.maximumLength,
            let number = StringTable.links.number(for: encoded)
        else { return nil }
        self.number = UInt16(number)
    }

    /// A link from its number in the table (a cell's tag, not 0).
    @inline(__always)
    init(number: UInt16) {
        self.number = number
    }

    /// The URL as the terminal gets it: printable ASCII, percent-encoded where it was not.
    public var url: String { StringTable.links.string(number: Int(number)) }

    /// The encoded URL.
    public var description: String { url }

    /// `url` with every byte outside U+0021–U+007E percent-encoded.
    static func encoded(_ url: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(url.utf8.count)
        for byte in url.utf8 {
            if byte > 0x20 && byte < 0x7F {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            }
            // Past the cap already: refused whatever follows.
            if bytes.count > maximumLength { break }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
