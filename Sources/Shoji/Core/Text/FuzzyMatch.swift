/// How well a few typed letters match a text, as a command palette or a file finder scores
/// its candidates: the query's characters must appear in the candidate in order (a
/// subsequence), not necessarily side by side ("shm" matches "Show or hide the menu").
///
/// Guarantees:
/// - Characters are graphemes (a letter with its combining marks, an emoji, a wide CJK
///   character count as one) compared without regard to case (`Character.lowercased()`) and
///   by canonical equivalence; `offsets` count the candidate's `Character`s, never its bytes
///   or columns.
/// - Latin letters are also compared without regard to accents, either way: "cafe" finds
///   "Café" and "é" finds "e" (a letter whose canonical decomposition is an ASCII letter and
///   combining marks, and the letters drawn with a stroke such as "ø" and "ł", match their
///   base letter). Other scripts keep their marks.
/// - Among the ways to place the query, the best scoring one is chosen: a matched character
///   earns more at the start of a word (after a space or punctuation, the candidate's first
///   character, an upper-case letter after a lower-case one) and right after the previous
///   matched character, and every skipped character between two matched ones costs a little.
///   So "sm" in "Show the menu" takes the two word starts, and an exact run beats scattered
///   letters.
/// - `score` orders candidates for one query: higher is better; equal scores are left for the
///   caller to order (`rank(_:in:)` puts the shorter candidate first, then the earlier).
/// - Bounded work: a candidate whose query-by-candidate table would exceed
///   `maximumTableSize` cells is matched greedily (each query character at its earliest place)
///   instead, so hostile input (a huge query or candidate) costs time linear in the candidate.
///   An empty query matches everything with score 0 and no offsets.
public struct FuzzyMatch: Equatable, Sendable {
    /// How good the match is: higher is better (comparable for one query only).
    public let score: Int
    /// The candidate's matched characters, as `Character` offsets in ascending order, one per
    /// character of the query.
    public let offsets: [Int]

    /// The most query-by-candidate cells matched with the best placement; larger inputs are
    /// matched greedily.
    public static let maximumTableSize = 1 << 20

    /// Points for a matched character.
    static let matchPoints = 16
    /// Extra points for a matched character that starts a word.
    static let wordStartBonus = 10
    /// Extra points for a matched character right after the previous matched one.
    static let consecutiveBonus = 12
    /// Points lost per character skipped between two matched ones.
    static let gapPenalty = 1

    /// A match with `score` at `offsets`.
    public init(score: Int, offsets: [Int]) {
        self.score = score
        self.offsets = offsets
    }

    /// The best match of `query` in `candidate`, or `nil` when the query's characters do not
    /// all appear in it in order.
    public static func match(_ query: String, in candidate: String) -> FuzzyMatch? {
        match(Candidate(query).codes, in: Candidate(candidate))
    }

    /// The candidates `query` matches, best first (higher score, then the shorter candidate,
    /// then the earlier in `candidates`), with their index in `candidates`; for an empty
    /// query, every candidate in the given order.
    public static func rank(_ query: String, in candidates: [String]) -> [(index: Int, match: FuzzyMatch)] {
        rank(query, in: candidates.map(Candidate.init))
    }

    /// `rank(_:in:)` for candidates folded once (a palette filters the same candidates at
    /// every key): the same order, without folding the candidates again.
    public static func rank(_ query: String, in candidates: [Candidate]) -> [(index: Int, match: FuzzyMatch)] {
        let query = Candidate(query).codes
        var found: [(index: Int, match: FuzzyMatch, length: Int)] = []
        for (index, candidate) in candidates.enumerated() {
            if let match = match(query, in: candidate) {
                found.append((index, match, candidate.count))
            }
        }
        // An empty query ranks nothing: every candidate, in the given order.
        guard !query.isEmpty else { return found.map { ($0.index, $0.match) } }
        found.sort { a, b in
            if a.match.score != b.match.score { return a.match.score > b.match.score }
            if a.length != b.length { return a.length < b.length }
            return a.index < b.index
        }
        return found.map { ($0.index, $0.match) }
    }

    /// A text folded for matching once, to be matched against many queries (a palette's
    /// commands, filtered at every key): its graphemes without case, and which start a word.
    public struct Candidate: Sendable {
        /// Each grapheme, folded: ASCII letters lower-cased as bytes, Latin letters with
        /// diacritics as their base letter's byte, any other grapheme lower-cased and hashed (`String` hashing respects canonical equivalence, so "é"
        /// typed precomposed matches "e" with a combining accent), marked as such in the top bit.
        let codes: [UInt64]
        /// Whether the grapheme at the same offset starts a word.
        let startsWord: [Bool]

        /// `text`, folded.
        public init(_ text: String) {
            var codes: [UInt64] = []
            var startsWord: [Bool] = []
            // ASCII without CR (CR LF is one grapheme): one byte per grapheme, no Unicode tables.
            if text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
                codes.reserveCapacity(text.utf8.count)
                startsWord.reserveCapacity(text.utf8.count)
                var previous: UInt8?
                for byte in text.utf8 {
                    let lower = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
                    codes.append(UInt64(lower))
                    startsWord.append(Self.asciiStartsWord(byte, after: previous))
                    previous = byte
                }
            } else {
                var previous: Character?
                for character in text {
                    codes.append(Self.code(of: character))
                    startsWord.append(Self.startsWord(character, after: previous))
                    previous = character
                }
            }
            self.codes = codes
            self.startsWord = startsWord
        }

        /// How many graphemes the text has.
        public var count: Int { codes.count }

        /// The folded code of one grapheme: an ASCII one as its lower-cased byte, like the
        /// fast path; a Latin letter with diacritics (precomposed, or a letter followed by
        /// combining marks) as its base letter's; any other, its lower-cased form hashed, with
        /// the top bit set.
        private static func code(of character: Character) -> UInt64 {
            if let base = latinBase(of: character) {
                return UInt64(base >= 0x41 && base <= 0x5A ? base + 0x20 : base)
            }
            return UInt64(bitPattern: Int64(character.lowercased().hashValue)) | (1 << 63)
        }

        /// The ASCII byte `character` folds to: itself if ASCII; for a Latin letter with
        /// diacritics, its base letter (`LatinFolding`); `nil` for anything else.
        private static func latinBase(of character: Character) -> UInt8? {
            let scalars = character.unicodeScalars
            guard let first = scalars.first else { return nil }
            let base = first.isASCII ? UInt8(first.value) : LatinFolding.base(of: first)
            guard let base else { return nil }
            // A character alone, or a letter whose other scalars are all combining marks.
            guard scalars.count > 1 else { return base }
            let isLetter = (base | 0x20) >= 0x61 && (base | 0x20) <= 0x7A
            let marksOnly = scalars.dropFirst().allSatisfy { $0.properties.generalCategory == .nonspacingMark }
            return isLetter && marksOnly ? base : nil
        }

        private static func isASCIIWordByte(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        }

        /// `startsWord(_:after:)` for ASCII bytes.
        private static func asciiStartsWord(_ byte: UInt8, after previous: UInt8?) -> Bool {
            guard let previous else { return true }
            guard isASCIIWordByte(byte) else { return false }
            if !isASCIIWordByte(previous) { return true }
            return byte >= 0x41 && byte <= 0x5A && previous >= 0x61 && previous <= 0x7A
        }

        /// A letter or digit after anything else, or an upper-case letter after a lower-case one.
        private static func startsWord(_ character: Character, after previous: Character?) -> Bool {
            guard let previous else { return true }
            let isWordCharacter = character.isLetter || character.isNumber
            guard isWordCharacter else { return false }
            if !(previous.isLetter || previous.isNumber) { return true }
            return character.isUppercase && previous.isLowercase
        }
    }

    /// The best match of the folded `query` in `candidate`.
    static func match(_ query: [UInt64], in candidate: Candidate) -> FuzzyMatch? {
        let text = candidate.codes
        guard !query.isEmpty else { return FuzzyMatch(score: 0, offsets: []) }
        guard query.count <= text.count, let greedy = greedyOffsets(query, in: text) else { return nil }
        if query.count * text.count > maximumTableSize {
            return FuzzyMatch(score: score(of: greedy, in: candidate), offsets: greedy)
        }
        return bestMatch(query, in: candidate, from: greedy[0])
    }

    /// Each query character at its earliest place after the previous one, or `nil` when the
    /// query is not a subsequence.
    private static func greedyOffsets(_ query: [UInt64], in text: [UInt64]) -> [Int]? {
        var offsets: [Int] = []
        offsets.reserveCapacity(query.count)
        var position = 0
        for character in query {
            while position < text.count, text[position] != character { position += 1 }
            guard position < text.count else { return nil }
            offsets.append(position)
            position += 1
        }
        return offsets
    }

    /// What a placement of the query scores (see the type's notes).
    private static func score(of offsets: [Int], in candidate: Candidate) -> Int {
        var total = 0
        var previous: Int?
        for offset in offsets {
            total += points(at: offset, in: candidate)
            if let previous {
                total += offset == previous + 1 ? consecutiveBonus : -gapPenalty * (offset - previous - 1)
            }
            previous = offset
        }
        return total
    }

    /// What matching the character at `offset` earns by itself.
    private static func points(at offset: Int, in candidate: Candidate) -> Int {
        matchPoints + (candidate.startsWord[offset] ? wordStartBonus : 0)
    }

    /// The best placement, by dynamic programming over the query's characters: `row[j]` is
    /// the best score with the current query character at candidate offset `first + j`,
    /// reached from the previous row either right after its character (the consecutive bonus)
    /// or across a gap (the previous row's best `score + gapPenalty × offset` up to two places
    /// back, kept as a running maximum, less the gap). `first` is the earliest place the
    /// query's first character can go.
    private static func bestMatch(_ query: [UInt64], in candidate: Candidate, from first: Int) -> FuzzyMatch? {
        let text = candidate.codes
        let width = text.count - first
        let none = Int.min / 4
        // Where each row's character came from in the row before, for the way back.
        var from = [Int](repeating: -1, count: query.count * width)
        var previousRow = [Int](repeating: none, count: width)
        for j in 0..<width where text[first + j] == query[0] {
            previousRow[j] = points(at: first + j, in: candidate)
        }
        var row = [Int](repeating: none, count: width)
        for i in query.indices.dropFirst() {
            for j in row.indices { row[j] = none }
            var runningBest = none
            var runningFrom = -1
            for j in 1..<width {
                let back = j - 2
                if back >= 0, previousRow[back] > none, previousRow[back] + gapPenalty * back > runningBest {
                    runningBest = previousRow[back] + gapPenalty * back
                    runningFrom = back
                }
                guard text[first + j] == query[i] else { continue }
                var value = none
                var source = -1
                if previousRow[j - 1] > none {
                    value = previousRow[j - 1] + consecutiveBonus
                    source = j - 1
                }
                if runningFrom >= 0, runningBest - gapPenalty * (j - 1) > value {
                    value = runningBest - gapPenalty * (j - 1)
                    source = runningFrom
                }
                guard source >= 0 else { continue }
                row[j] = value + points(at: first + j, in: candidate)
                from[i * width + j] = source
            }
            swap(&previousRow, &row)
        }
        var bestEnd = -1
        var bestScore = none
        for j in 0..<width where previousRow[j] > bestScore {
            bestScore = previousRow[j]
            bestEnd = j
        }
        guard bestEnd >= 0 else { return nil }
        var offsets = [Int](repeating: 0, count: query.count)
        var j = bestEnd
        for i in query.indices.reversed() {
            offsets[i] = first + j
            if i > 0 { j = from[i * width + j] }
        }
        return FuzzyMatch(score: bestScore, offsets: offsets)
    }
}
