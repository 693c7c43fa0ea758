/// A grapheme's UTF-8 in 16 bytes and no reference: up to 13 bytes inline, the count in the
/// last byte; a longer grapheme (a long emoji ZWJ sequence, a pile of combining marks) is
/// interned in `StringTable.graphemes` and stored as its number, with 0xFF as the last byte. Bytes
/// 13-14 are not the grapheme's: they hold a 16-bit tag the cell keeps there (its link's
/// number, `Cell.link`), so a cell stays 24 bytes.
///
/// Equal graphemes with equal tags have equal storage (inline bytes are zero-padded; interned
/// strings are numbered once), so cells compare as integers.
@usableFromInline
struct GraphemeStorage: Hashable, Sendable {
    /// Bytes 0-7, in memory order (little-endian words).
    @usableFromInline var low: UInt64
    /// Bytes 8-15; byte 15 is the inline count or 0xFF.
    @usableFromInline var high: UInt64

    private static let internedMark: UInt64 = 0xFF

    /// The most UTF-8 bytes kept inline: bytes 13 and 14 hold the tag.
    static let inlineCapacity = 13

    /// Where the tag sits in `high` (bytes 13-14 of the storage, little-endian).
    private static let tagShift: UInt64 = 40

    /// The empty grapheme of a continuation cell.
    static let empty = GraphemeStorage(low: 0, high: 0)

    @inline(__always)
    private init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// One ASCII byte.
    @inline(__always)
    init(ascii byte: UInt8) {
        low = UInt64(littleEndian: UInt64(byte))
        high = UInt64(littleEndian: 1 << 56)
    }

    /// `string`'s UTF-8, inline when it fits.
    init(_ string: String) {
        var copy = string
        self = copy.withUTF8 { bytes in GraphemeStorage(utf8: bytes) { string } }
    }

    /// `character`'s UTF-8, inline when it fits.
    init(_ character: Character) {
        let utf8 = character.utf8
        if utf8.count <= Self.inlineCapacity {
            var words: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &words) { raw in
                var i = 0
                for byte in utf8 { raw[i] = byte; i += 1 }
                raw[15] = UInt8(i)
            }
            self.init(low: words.0, high: words.1)
        } else {
            self = Self.interned(String(character))
        }
    }

    /// `bytes` (the UTF-8 of `string()`), inline when they fit.
    init(utf8 bytes: UnsafeBufferPointer<UInt8>, string: () -> String) {
        guard bytes.count <= Self.inlineCapacity else {
            self = Self.interned(string())
            return
        }
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { raw in
            for i in 0..<bytes.count { raw[i] = bytes[i] }
            raw[15] = UInt8(bytes.count)
        }
        self.init(low: words.0, high: words.1)
    }

    private static func interned(_ string: String) -> GraphemeStorage {
        guard let number = StringTable.graphemes.number(for: string) else {
            // The table is full (a hostile stream of distinct long clusters): show a stand-in.
            return GraphemeStorage("\u{FFFD}")
        }
        return GraphemeStorage(
            low: UInt64(littleEndian: UInt64(number)), high: UInt64(littleEndian: internedMark << 56))
    }

    @inline(__always)
    private var lastByte: UInt64 { high.littleEndian >> 56 }

    /// True for the empty grapheme (whatever the tag).
    @inline(__always)
    var isEmpty: Bool { low == 0 && high.littleEndian & ~(0xFFFF << Self.tagShift) == 0 }

    /// The 16 bits the cell keeps beside the grapheme (0 unless set); the grapheme's bytes never
    /// touch them.
    @inline(__always)
    var tag: UInt16 {
        get { UInt16(truncatingIfNeeded: high.littleEndian >> Self.tagShift) }
        set {
            high = UInt64(
                littleEndian: high.littleEndian & ~(0xFFFF << Self.tagShift) | UInt64(newValue) << Self.tagShift)
        }
    }

    /// The UTF-8 bytes, lent to `body`.
    @inline(__always)
    func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let count = Int(lastByte)
        if count == Self.internedMark {
            var string = StringTable.graphemes.string(number: Int(UInt32(truncatingIfNeeded: low.littleEndian)))
            return try string.withUTF8(body)
        }
        var words = (low, high)
        return try withUnsafeBytes(of: &words) { raw in
            try body(UnsafeBufferPointer(start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count))
        }
    }

    /// The grapheme as a string.
    var string: String {
        withUTF8 { String(decoding: $0, as: UTF8.self) }
    }
}
