/// The widgets gallery's table data: `count` generated records (a number, a name made of
/// syllables, a size and a modification time), each a pure function of its index, so the
/// data costs no memory but the names' bytes (8 per record, kept for searching) and any index
/// shows the same record on every run.
///
/// Guarantees:
/// - Deterministic: the same index gives the same record in every run and on every machine
///   (a fixed 64-bit hash of the index, no random source).
/// - Texts are made only when asked (`text(of:column:)`), so a table asks for a screenful of
///   them, not 100,000.
/// - Sort keys are integers that order as the texts a user reads: names alphabetically (every
///   syllable is two lowercase letters and the syllables' table is sorted, so comparing
///   syllable numbers compares the letters), sizes by bytes, times chronologically, numbers
///   numerically. `sortedOrder(by:)` sorts the keys packed with the index, one integer per
///   record, with no text made and no closure called per comparison; ties keep index order.
/// - `matches(of:)` is a nonisolated function that reads only this value (a `Sendable`
///   struct), so a search runs off the main actor; it checks for cancellation as it goes.
public struct GalleryRecords: Sendable {
    /// The columns' identifiers, as the table's columns and `text(of:column:)` name them.
    public enum Column: String, Sendable, CaseIterable {
        case number = "number"
        case name = "name"
        case size = "size"
        case modified = "modified"
    }

    /// Which records match a query, as a search delivers it.
    public struct Matches: Sendable {
        /// The query, lowercased, as it was matched.
        public let query: String
        /// For each record, whether its name contains the query; `nil` when every record
        /// matches (an empty query), so no 100,000-entry array is made for it.
        public let includes: [Bool]?
        /// How many records match.
        public let count: Int
    }

    /// How many records there are.
    public let count: Int

    /// Syllables, two lowercase letters each, sorted: names order as their syllable numbers do.
    static let syllables: [String] = [
        "ba", "be", "bo", "da", "di", "do", "fa", "fi", "ka", "ke", "ki", "ko", "la", "le", "li", "lo",
        "ma", "me", "mi", "mo", "na", "ne", "ni", "no", "ra", "re", "ri", "ro", "sa", "si", "ta", "to"
    ]
    /// Bytes kept per name: at most four syllables of two letters.
    static let nameStride = 8

    /// Every name's lowercase ASCII bytes, `nameStride` per record, padded with 0.
    private let names: [UInt8]

    /// 100,000 records (or `count`), their names spelt out once for searching.
    public init(count: Int = 100_000) {
        self.count = max(0, count)
        let syllableBytes = Self.syllables.map { Array($0.utf8) }
        var names = [UInt8](repeating: 0, count: self.count * Self.nameStride)
        for record in 0..<self.count {
            let bits = Self.hash(record, 1)
            for slot in 0..<Self.syllableCount(bits) {
                let syllable = syllableBytes[Self.syllableNumber(bits, slot)]
                names[record * Self.nameStride + 2 * slot] = syllable[0]
                names[record * Self.nameStride + 2 * slot + 1] = syllable[1]
            }
        }
        self.names = names
    }

    // MARK: Fields

    /// A 64-bit mix of `record` and `salt` (SplitMix64's finaliser): the records' one source.
    static func hash(_ record: Int, _ salt: UInt64) -> UInt64 {
        var z = UInt64(truncatingIfNeeded: record) &* 0x9E37_79B9_7F4A_7C15 &+ salt
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// How many syllables a name whose hash is `bits` has: two to four.
    private static func syllableCount(_ bits: UInt64) -> Int { 2 + Int(bits % 3) }

    /// The syllable (an index into `syllables`) in `slot` of a name whose hash is `bits`.
    private static func syllableNumber(_ bits: UInt64, _ slot: Int) -> Int { Int((bits >> (8 + 5 * slot)) & 31) }

    /// The record's size in bytes: its magnitude spread evenly from 8 B to 2 GB.
    public func size(of record: Int) -> Int {
        let (bits, magnitude) = Self.sizeBits(record)
        return (1 << magnitude) + Int((bits >> 8) % UInt64(1 << magnitude))
    }

    /// The unit the table shows the record's size in, an index into `sizeUnits`: the largest unit
    /// that keeps a whole part (the same as `sizeText`, found from the magnitude without dividing).
    public func sizeUnit(of record: Int) -> Int {
        min(Self.sizeUnits.count - 1, Self.sizeBits(record).magnitude / 10)
    }

    /// The record's size hash and its magnitude (a power of two from 3 to 30).
    private static func sizeBits(_ record: Int) -> (bits: UInt64, magnitude: Int) {
        let bits = hash(record, 2)
        return (bits, 3 + Int(bits % 28))
    }

    /// The units sizes are shown in, smallest first.
    public static let sizeUnits = ["B", "KB", "MB", "GB"]

    /// Minutes from 2015-01-01 00:00 to the record's modification time (within ten years).
    public func modifiedMinute(of record: Int) -> Int {
        Int(Self.hash(record, 3) % UInt64(3653 * 1440))
    }

    /// The record's name, capitalised ("Kamilo").
    public func name(of record: Int) -> String {
        let start = record * Self.nameStride
        var bytes = names[start..<start + Self.nameStride].prefix { $0 != 0 }
        if let first = bytes.first { bytes[bytes.startIndex] = first - 32 }  // ASCII upper case
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text of `column` for `record`, as the table shows it.
    public func text(of record: Int, column: Column) -> String {
        switch column {
        case .number: return String(record + 1)
        case .name: return name(of: record)
        case .size: return Self.sizeText(size(of: record))
        case .modified: return Self.timeText(minute: modifiedMinute(of: record))
        }
    }

    /// Bytes in the largest unit that keeps a whole part, with one decimal: "512 B", "12.4 KB".
    static func sizeText(_ bytes: Int) -> String {
        let units = sizeUnits
        var unit = 0, scale = 1
        while unit < units.count - 1, bytes >= scale * 1024 {
            unit += 1
            scale *= 1024
        }
        guard unit > 0 else { return "\(bytes) B" }
        let tenths = bytes * 10 / scale  // rounded down: never shows more than there is
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }

    /// "YYYY-MM-DD hh:mm" for `minute` minutes after 2015-01-01 00:00 (proleptic Gregorian).
    static func timeText(minute: Int) -> String {
        // Days since 1970-01-01 to a civil date: Howard Hinnant's `civil_from_days`.
        let days = 16436 + minute / 1440
        let z = days + 719_468
        let era = z / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPart = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPart + 2) / 5 + 1
        let month = monthPart < 10 ? monthPart + 3 : monthPart - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day)) \(two(minute % 1440 / 60)):\(two(minute % 60))"
    }

    // MARK: Sorting

    /// Bits of a packed sort entry that hold the record's index.
    private static let indexBits = 20

    /// The integer `column` sorts `record` by (below 2^43, so it packs with the index).
    public func sortKey(of record: Int, column: Column) -> UInt64 {
        switch column {
        case .number: return UInt64(record)
        case .size: return UInt64(size(of: record))
        case .modified: return UInt64(modifiedMinute(of: record))
        case .name:
            // Four 6-bit places, syllable number + 1 (0 for no syllable: a shorter name first).
            let start = record * Self.nameStride
            var key: UInt64 = 0
            for slot in 0..<4 {
                let letters = (names[start + 2 * slot], names[start + 2 * slot + 1])
                let number = letters.0 == 0 ? 0 : Self.syllableNumber(letters) + 1
                key = key << 6 | UInt64(number)
            }
            return key
        }
    }

    /// The syllable spelt by two letters (by their place in the sorted table).
    private static func syllableNumber(_ letters: (UInt8, UInt8)) -> Int {
        syllableIndex[Int(letters.0 - 97) * 26 + Int(letters.1 - 97)]
    }

    /// Syllable numbers by their two letters (`(first - a) * 26 + (second - a)`).
    private static let syllableIndex: [Int] = {
        var index = [Int](repeating: 0, count: 26 * 26)
        for (number, syllable) in syllables.enumerated() {
            let letters = Array(syllable.utf8)
            index[Int(letters[0] - 97) * 26 + Int(letters[1] - 97)] = number
        }
        return index
    }()

    /// Every record's index, ordered by `column` ascending (ties in index order): the key and
    /// the index packed into one integer each, so the sort compares integers only.
    public func sortedOrder(by column: Column) -> [Int32] {
        precondition(count < 1 << Self.indexBits, "GalleryRecords: too many records to pack")
        var packed = (0..<count).map { sortKey(of: $0, column: column) << Self.indexBits | UInt64($0) }
        packed.sort()
        let mask: UInt64 = 1 << Self.indexBits - 1
        return packed.map { Int32(truncatingIfNeeded: $0 & mask) }
    }

    // MARK: Searching

    /// The records whose name contains `query`, ignoring case (an empty query: all of them).
    /// Throws `CancellationError` once its task is cancelled (checked every 4,096 records).
    public nonisolated func matches(of query: String) async throws -> Matches {
        let needle = Array(query.lowercased().utf8)
        guard !needle.isEmpty else { return Matches(query: "", includes: nil, count: count) }
        var includes = [Bool](repeating: false, count: count)
        var found = 0
        let stride = Self.nameStride
        try names.withUnsafeBufferPointer { names in
            for record in 0..<count {
                if record & 4095 == 0, Task.isCancelled { throw CancellationError() }
                let start = record * stride
                var length = 0
                while length < stride, names[start + length] != 0 { length += 1 }
                guard needle.count <= length else { continue }
                search: for offset in 0...(length - needle.count) {
                    for (index, byte) in needle.enumerated() where names[start + offset + index] != byte {
                        continue search
                    }
                    includes[record] = true
                    found += 1
                    break
                }
            }
        }
        return Matches(query: String(decoding: needle, as: UTF8.self), includes: includes, count: found)
    }
}
