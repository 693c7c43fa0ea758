import Testing

@testable import Shoji

/// `FuzzyMatch`: subsequence matching without regard to case, by graphemes, the best placement
/// chosen, candidates ranked best first.
struct FuzzyMatchTests {
    @Test func aSubsequenceMatchesAndOffsetsPointAtTheMatchedCharacters() throws {
        let match = try #require(FuzzyMatch.match("shm", in: "Show or hide the menu"))
        let text = Array("Show or hide the menu")
        #expect(match.offsets.map { text[$0] } == ["S", "h", "m"])
        #expect(match.offsets == match.offsets.sorted(), "ascending")
    }

    @Test func whatIsNotASubsequenceDoesNotMatch() {
        #expect(FuzzyMatch.match("ms", in: "Show the menu") == nil, "out of order")
        #expect(FuzzyMatch.match("quitx", in: "Quit") == nil, "longer than the candidate")
        #expect(FuzzyMatch.match("z", in: "") == nil)
    }

    @Test func anEmptyQueryMatchesEverythingWithNothingMarked() {
        #expect(FuzzyMatch.match("", in: "Quit") == FuzzyMatch(score: 0, offsets: []))
        #expect(FuzzyMatch.rank("", in: ["a longer one", "a"]).map(\.index) == [0, 1], "in the given order")
    }

    @Test func caseDoesNotMatter() throws {
        #expect(try #require(FuzzyMatch.match("QUIT", in: "quit")).offsets == [0, 1, 2, 3])
        #expect(try #require(FuzzyMatch.match("quit", in: "QUIT")).offsets == [0, 1, 2, 3])
    }

    /// The best placement, not the first: word starts and runs win over the earliest letters.
    @Test func wordStartsAndRunsArePreferred() throws {
        // Greedy would take the "t" inside "Get": the word start "the" scores more.
        let words = try #require(FuzzyMatch.match("tm", in: "Get the menu"))
        #expect(words.offsets == [4, 8], "t of \"the\", m of \"menu\"")
        let run = try #require(FuzzyMatch.match("menu", in: "mean unique menu"))
        #expect(run.offsets == [12, 13, 14, 15], "the exact run, not m-e-n-u scattered")
        let start = try #require(FuzzyMatch.match("hm", in: "hide them menu"))
        #expect(start.offsets == [0, 10], "two word starts beat the closer h and m of \"them\"")
        let pair = try #require(FuzzyMatch.match("ab", in: "a b ab"))
        #expect(pair.offsets == [4, 5], "side by side beats two word starts apart")
        let camel = try #require(FuzzyMatch.match("sm", in: "showMenu"))
        #expect(camel.offsets == [0, 4], "an upper-case letter after a lower-case one starts a word")
    }

    @Test func rankingPutsTheBestFirstThenTheShorterThenTheEarlier() {
        let candidates = ["Stepper: Raise", "Side menu: Show or hide the menu", "Tabs: Next tab", "Theme", "Them"]
        let ranked = FuzzyMatch.rank("the", in: candidates).map { candidates[$0.index] }
        #expect(ranked.first == "Them", "an exact start, and shorter than Theme: \(ranked)")
        #expect(ranked.prefix(2) == ["Them", "Theme"])
        #expect(!ranked.contains("Stepper: Raise") && !ranked.contains("Tabs: Next tab"))
        #expect(ranked.contains("Side menu: Show or hide the menu"))
        let equal = FuzzyMatch.rank("a", in: ["xa", "ya"]).map(\.index)
        #expect(equal == [0, 1], "equal score and length: the given order")
    }

    /// Graphemes, not scalars or bytes: a combining accent, a family emoji and wide characters
    /// are one character each.
    @Test func offsetsCountGraphemes() throws {
        let accented = "Cafe\u{301} au lait"  // é as e + combining acute
        let cafe = try #require(FuzzyMatch.match("café", in: accented))
        #expect(cafe.offsets == [0, 1, 2, 3])
        let wide = try #require(FuzzyMatch.match("本語", in: "日本語のテキスト"))
        #expect(wide.offsets == [1, 2])
        let family = try #require(FuzzyMatch.match("x", in: "👨‍👩‍👧 x"))
        #expect(family.offsets == [2], "the family emoji is one character")
        #expect(FuzzyMatch.match("e", in: "\u{301}") == nil, "a lone mark is no letter")
    }

    /// Latin letters match without their accents, either way and in either form (precomposed
    /// or with combining marks); other scripts keep their marks.
    @Test func latinAccentsDoNotMatter() throws {
        #expect(try #require(FuzzyMatch.match("cafe", in: "Café crème")).offsets == [0, 1, 2, 3])
        #expect(try #require(FuzzyMatch.match("creme", in: "Cafe\u{301} cre\u{300}me")).offsets == [5, 6, 7, 8, 9])
        #expect(try #require(FuzzyMatch.match("Ålé", in: "ale")).offsets == [0, 1, 2])
        #expect(try #require(FuzzyMatch.match("odegaard lodz", in: "Ødegaard, Łódź")).offsets.count == 13)
        #expect(try #require(FuzzyMatch.match("nguyen", in: "Nguyễn")).offsets == [0, 1, 2, 3, 4, 5])
        let ranked = FuzzyMatch.rank("resume", in: ["Open recent", "Résumé"])
        #expect(ranked.map(\.index) == [1])
        #expect(FuzzyMatch.match("\u{C5}k", in: "\u{212B}\u{212A}") != nil, "the signs equivalent to Å and K")
        #expect(FuzzyMatch.match("и", in: "й") == nil, "a Cyrillic letter keeps its breve")
        #expect(FuzzyMatch.match("\u{439}", in: "\u{438}\u{306}") != nil, "and matches its decomposed form")
        #expect(FuzzyMatch.match("e", in: "e\u{200D}") == nil, "a letter with a joiner is not folded")
    }

    /// Hostile input: control characters match as characters, and huge inputs stay bounded
    /// (greedy past the table size) and still give valid offsets.
    @Test func hostileInputIsBoundedAndSafe() throws {
        let escape = try #require(FuzzyMatch.match("\u{1B}[", in: "a\u{1B}[2J"))
        #expect(escape.offsets == [1, 2])
        let long = String(repeating: "ab", count: 50_000) + "z"
        let query = String(repeating: "a", count: 30) + "z"
        let match = try #require(FuzzyMatch.match(query, in: long))
        #expect(query.count * long.count > FuzzyMatch.maximumTableSize)
        #expect(match.offsets.count == query.count && match.offsets.last == long.count - 1)
        #expect(FuzzyMatch.match(String(repeating: "b", count: 60_000), in: long) == nil, "more b's than there are")
    }
}
