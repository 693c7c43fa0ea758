import Testing
@testable import Shoji

@Suite struct DisplayWidthTests {
    @Test func asciiIsOneColumnPerCharacter() {
        #expect(DisplayWidth.of("") == 0)
        #expect(DisplayWidth.of("hello, world") == 12)
        #expect(DisplayWidth.of(" ~") == 2)
        #expect(DisplayWidth.of("x" as Character) == 1)
    }

    @Test func latinWithCombiningAccentIsOneColumn() {
        #expect(DisplayWidth.of("e\u{301}" as Character) == 1)
        #expect(DisplayWidth.of("Cafe\u{301}") == 4)
        #expect(DisplayWidth.of("Caf\u{E9}") == 4)
        // Several marks on one base still take the base's column.
        #expect(DisplayWidth.of("a\u{301}\u{323}\u{308}") == 1)
    }

    @Test func cjkAndHangulAreTwoColumns() {
        #expect(DisplayWidth.of("漢字") == 4)
        #expect(DisplayWidth.of("中文abc") == 7)
        #expect(DisplayWidth.of("한국어") == 6)
        // Conjoining jamo form one cluster led by a wide initial consonant.
        let jamo: Character = "\u{1100}\u{1161}\u{11A8}"
        #expect(DisplayWidth.of(jamo) == 2)
        #expect(DisplayWidth.of("\u{3000}") == 2)  // ideographic space, East_Asian_Width F
        #expect(DisplayWidth.of("\u{20000}") == 2)  // CJK Extension B
    }

    @Test func fullwidthFormsAreTwoColumnsAndHalfwidthOne() {
        #expect(DisplayWidth.of("ＡＢＣ") == 6)
        #expect(DisplayWidth.of("！") == 2)
        #expect(DisplayWidth.of("ｱｲｳ") == 3)  // halfwidth katakana
    }

    @Test func emojiArePresentedTwoColumnsWide() {
        #expect(DisplayWidth.of("😀") == 2)
        #expect(DisplayWidth.of("🚀x") == 3)
        // Text-default emoji are 1 column; VS16 right after one asks for emoji presentation,
        // which terminals draw 2 columns wide.
        #expect(DisplayWidth.of("❤") == 1)
        #expect(DisplayWidth.of("❤\u{FE0F}") == 2)
        #expect(DisplayWidth.of("❤\u{FE0F}x") == 3)
        #expect(DisplayWidth.of("\u{A9}") == 1)
        #expect(DisplayWidth.of("\u{A9}\u{FE0F}") == 2)
        #expect(DisplayWidth.of("1\u{20E3}") == 1)  // keycap without VS16
        #expect(DisplayWidth.of("1\u{FE0F}\u{20E3}") == 2)  // keycap
        #expect(DisplayWidth.of("❤\u{FE0E}") == 1)  // VS15: text presentation
        // VS16 on a non-emoji changes nothing, nor does VS16 that does not follow the base.
        #expect(DisplayWidth.of("a\u{FE0F}") == 1)
        #expect(DisplayWidth.of("❤\u{301}\u{FE0F}") == 1)
        // VS15 does not narrow a wide emoji.
        #expect(DisplayWidth.of("\u{231A}\u{FE0E}") == 2)
    }

    @Test func emojiSequencesAreOneClusterOfTwoColumns() {
        let family: Character = "👨\u{200D}👩\u{200D}👧\u{200D}👦"
        #expect(DisplayWidth.of(family) == 2)
        #expect(DisplayWidth.of("👨\u{200D}👩\u{200D}👧 ok") == 5)
        // Led by a text-default emoji, its presentation decides: VS16 or a skin tone right
        // after it make 2 columns; without them the sequence is 1 column.
        #expect(DisplayWidth.of("🏳\u{FE0F}\u{200D}🌈") == 2)
        #expect(DisplayWidth.of("🏳\u{200D}🌈") == 1)
        #expect(DisplayWidth.of("👍🏽") == 2)
        #expect(DisplayWidth.of("\u{261D}\u{1F3FD}") == 2)
        #expect(DisplayWidth.of("a\u{1F3FD}") == 1)
        // A skin tone widens only an emoji it can modify ("#" and a regional indicator are
        // emoji but not modifier bases; the backend leaves such a tone out).
        #expect(DisplayWidth.of("#\u{1F3FD}") == 1)
        #expect(DisplayWidth.of("🇵\u{1F3FD}") == 1)
        // Joiners and other zero-width scalars never take a column of their own.
        #expect(DisplayWidth.of("a\u{200D}b") == 2)
        #expect(DisplayWidth.of("a\u{200C}b\u{200B}c\u{2060}d") == 4)
        #expect(DisplayWidth.of("\u{200D}\u{FE0F}") == 0)
    }

    @Test func flagsAreTwoColumnsAndALoneRegionalIndicatorOne() {
        // Regional indicators are East Asian Width N, but terminals draw a pair as a flag.
        #expect(DisplayWidth.of("🇯🇵") == 2)
        #expect(DisplayWidth.of("🇯🇵🇫🇷") == 4)
        #expect(DisplayWidth.of("🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}") == 2)  // England: 🏴 is W
        #expect(DisplayWidth.of("🇯") == 1)
        #expect(DisplayWidth.of("🇯🇵🇫") == 3)
    }

    @Test func clustersWithoutABaseTakeNoColumn() {
        #expect(DisplayWidth.of("\u{301}") == 0)  // lone combining mark
        #expect(DisplayWidth.of("\u{20DD}") == 0)  // lone enclosing mark
        #expect(DisplayWidth.of("\u{200D}") == 0)  // ZWJ
        #expect(DisplayWidth.of("\u{200B}") == 0)  // ZWSP
        #expect(DisplayWidth.of("\u{FE0F}") == 0)
        #expect(DisplayWidth.of("\u{AD}") == 0)  // soft hyphen, Cf
        #expect(DisplayWidth.of("\u{2028}\u{2029}") == 0)
        #expect(DisplayWidth.of("\u{3099}") == 0)  // Mn although East_Asian_Width W
        #expect(DisplayWidth.of("a\u{202E}b\u{2066}c\u{2069}\u{200F}") == 3)
    }

    @Test func ambiguousWidthIsOneColumn() {
        #expect(DisplayWidth.of("αβγ") == 3)
        #expect(DisplayWidth.of("→─│┌") == 4)
        #expect(DisplayWidth.of("\u{FFFD}") == 1)
    }

    @Test func controlCharactersMeasureAsTheirVisibleForm() {
        #expect(DisplayWidth.of("\u{1B}") == 2)
        #expect(DisplayWidth.of("\u{1B}[2J") == 5)
        #expect(DisplayWidth.of("\u{7F}") == 2)
        #expect(DisplayWidth.of("\u{85}") == 1)
        let crlf: Character = "\r\n"
        #expect(DisplayWidth.of(crlf) == 4)
        #expect(DisplayWidth.of("a\r\nb") == 6)
        // The mark joins the caret letter: still 2 columns.
        #expect(DisplayWidth.of("\u{01}\u{301}") == 2)
    }

    @Test func substringsMeasureLikeStrings() {
        let text = "xa漢\u{1B}b"
        #expect(DisplayWidth.of(text.dropFirst()) == 6)
        #expect(DisplayWidth.of(text.dropFirst().prefix(2)) == 3)
        #expect(DisplayWidth.of(text.prefix(1)) == 1)
    }

    @Test func characterAndStringMeasuresAgree() {
        let samples = [
            "a", "é", "e\u{301}", "漢", "😀", "❤\u{FE0F}", "🇯🇵", "\u{301}", "\u{1B}", "\r\n", "\u{9B}", "\u{200B}"
        ]
        for sample in samples {
            #expect(
                DisplayWidth.of(Character(sample)) == DisplayWidth.of(sample), "\(sample.unicodeScalars.map(\.value))")
        }
    }

    @Test func scalarsNewerThanTheTableAreClassifiedByTheRuntime() {
        // U+1FAE8 SHAKING FACE and U+11F00 KAWI SIGN CANDRABINDU are Unicode 15.
        #expect(WideCharacterTable.widthClass(of: 0x1FAE8) == .unassigned)
        #expect(DisplayWidth.of("\u{1FAE8}") == 2)
        #expect(WideCharacterTable.widthClass(of: 0x11F00) == .unassigned)
        #expect(DisplayWidth.of("\u{11F00}") == 0)
        #expect(DisplayWidth.of("\u{10FFFD}") == 1)  // private use
    }

    @Test func everyEmojiPresentationScalarButRegionalIndicatorsIsTwoColumns() {
        // Regional indicators are East Asian Width N: 1 column, as glibc's wcwidth has them.
        let regionalIndicators = UInt32(0x1F1E6)...0x1F1FF
        var offenders: [UInt32] = []
        for value in UInt32(0x20)...0x10FFFF where !regionalIndicators.contains(value) {
            guard let scalar = Unicode.Scalar(value), !TextSanitizer.isControl(value) else { continue }
            if scalar.properties.isEmojiPresentation && DisplayWidth.of(Character(scalar)) != 2 {
                offenders.append(value)
            }
        }
        #expect(offenders.isEmpty, "\(offenders.map { String($0, radix: 16) })")
    }

    @Test func singleScalarWidthsFollowTheRule() {
        // Every non-control scalar measured alone against the rule restated from the runtime's
        // general category plus the table's East Asian Width (the runtime's Emoji_Presentation
        // only for scalars the table does not know).
        var offenders: [UInt32] = []
        for value in UInt32(0x20)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), !TextSanitizer.isControl(value) else { continue }
            let width = DisplayWidth.of(Character(scalar))
            let properties = scalar.properties
            let expected: Int
            switch properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format, .lineSeparator, .paragraphSeparator:
                expected = 0
            default:
                switch WideCharacterTable.widthClass(of: value) {
                case .wide: expected = 2
                case .unassigned: expected = properties.isEmojiPresentation ? 2 : 1
                default: expected = 1
                }
            }
            if width != expected { offenders.append(value) }
        }
        // The table's general categories are Unicode 14's and the runtime's are newer: scalars
        // whose category changed since show up here. U+1171E AHOM CONSONANT SIGN MEDIAL RA went
        // from Mn to Mc in Unicode 15 (so it is 0 alone, not 1). A new difference means the
        // runtime's Unicode data moved on: regenerate the table with a newer Python, or list it.
        #expect(offenders == [0x1171E], "\(offenders.map { String($0, radix: 16) })")
    }

    @Test func tableIsSortedAndStartsAtZero() {
        let entries = WideCharacterTable.entries
        #expect(entries.first.map { $0 >> 2 } == 0)
        #expect(zip(entries, entries.dropFirst()).allSatisfy { $0 >> 2 < $1 >> 2 })
        // Neighbouring runs never share a class, or the generator failed to merge them.
        #expect(zip(entries, entries.dropFirst()).allSatisfy { $0 & 3 != $1 & 3 })
        #expect(WideCharacterTable.widthClass(of: 0x10FFFF) == .unassigned)
        #expect(WideCharacterTable.widthClass(of: 0x1100) == .wide)
        #expect(WideCharacterTable.widthClass(of: 0x10FF) == .narrow)
        #expect(WideCharacterTable.widthClass(of: 0x0300) == .zero)
    }

    @Test func tableLookupFindsTheRunOfEveryScalar() {
        // Reference: walk the runs in order alongside the scalars.
        let entries = WideCharacterTable.entries
        var run = 0
        var mismatches: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            while run + 1 < entries.count && entries[run + 1] >> 2 <= value { run += 1 }
            if WideCharacterTable.widthClass(of: value).rawValue != entries[run] & 3 { mismatches.append(value) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20).map { String($0, radix: 16) })")
    }
}
