/// How many terminal columns text takes on a `Surface`: the one width rule Shoji uses for both
/// measuring and drawing, so `DisplayWidth.of(text)` always equals the columns
/// `Surface.write(text, ...)` advances.
///
/// The rule:
/// 1. Control scalars are first replaced by a visible form: C0 U+0000–U+001F by `^` and the
///    scalar + 0x40 (ESC `^[`, TAB `^I`, NUL `^@`), DEL by `^?`, C1 U+0080–U+009F by U+FFFD.
///    The result is split into `Character`s (extended grapheme clusters), and each cluster is
///    measured on its own.
/// 2. Zero-width scalars are those of general category Mn, Me, Cf, Zl or Zp (combining marks,
///    ZWJ, variation selectors, bidi controls, tags, line and paragraph separators). A cluster's
///    *base* is its first scalar that is not zero-width.
/// 3. A cluster without a base has width 0: it is not drawn at all (a lone combining mark, a ZWSP,
///    a bidi override).
/// 4. Width 2 when the base is East_Asian_Width W or F (generated table, Unicode
///    `WideCharacterTable.unicodeVersion`; unassigned code points in the CJK blocks and planes 2
///    and 3 count as W). This covers CJK, Hangul, fullwidth forms and emoji with default emoji
///    presentation ("😀", "👍", and ZWJ sequences and skin tones led by them).
/// 5. Width 2 as well for the clusters terminals draw as emoji, two columns: a base with the
///    Unicode Emoji property followed at once by VS16 (U+FE0F, emoji presentation: "❤️", "#️⃣",
///    "🏳️‍🌈"), an emoji modifier base followed by a skin-tone modifier ("☝🏽"), and a flag (two
///    regional indicators, "🇯🇵"). A skin tone after anything else is not drawn by the terminal
///    backend (terminals disagree on it), so it does not widen.
///    A lone regional indicator, VS16 after a non-emoji ("a\u{FE0F}") and text presentation
///    without VS16 ("❤") stay 1. VS15 does not narrow a wide emoji. Otherwise width 1; East
///    Asian Ambiguous is 1.
///    A cluster is one cell or two whatever else it holds: zero-width scalars (ZWJ, ZWNJ, VS16,
///    marks) join the cluster before them and never take a column of their own. Terminals
///    that draw such a cluster otherwise (narrower, or one glyph per scalar) cannot shift the
///    rest of the row: the terminal backend places the cursor after every multi-scalar cluster
///    and repaints what an over-wide glyph covered (see DECISIONS.md, Cells and text).
/// 6. Scalars unassigned in the table's Unicode version take their general category and
///    Emoji_Presentation (as wide) from the Swift runtime's newer Unicode data.
public enum DisplayWidth {
    /// Columns `text` takes when written to a `Surface`: exactly what `write` advances, for any
    /// text, including control characters (2 columns each as caret notation).
    public static func of(_ text: String) -> Int {
        of(text, content: TextSanitizer.scan(text))
    }

    /// Columns `text` takes when written to a `Surface` (see `of(_: String)`).
    public static func of(_ text: Substring) -> Int {
        switch TextSanitizer.scan(text) {
        case .printableASCII: return text.utf8.count
        case .clean: return sumOfClusterWidths(text)
        case .controls: return sumOfClusterWidths(TextSanitizer.sanitized(String(text)))
        }
    }

    /// `of(text)` when `content` is already known to be `TextSanitizer.scan(text)`.
    static func of(_ text: String, content: TextSanitizer.Content) -> Int {
        switch content {
        case .printableASCII: return text.utf8.count
        case .clean: return sumOfClusterWidths(text)
        case .controls: return sumOfClusterWidths(TextSanitizer.sanitized(text))
        }
    }

    /// Columns `character` takes when written to a `Surface` on its own: 0, 1 or 2, or more when
    /// it holds control characters ("\r\n" is `^M^J`, 4 columns).
    public static func of(_ character: Character) -> Int {
        if character.unicodeScalars.contains(where: { TextSanitizer.isControl($0.value) }) {
            return of(String(character))
        }
        return clusterWidth(character)
    }

    /// The width of a cluster that holds no control scalar (rules 2-6).
    @inline(__always)
    static func clusterWidth(_ character: Character) -> Int {
        // Printable ASCII, the common case, is a single byte.
        if character.utf8.count == 1 { return 1 }
        return multiByteClusterWidth(character)
    }

    private static func multiByteClusterWidth(_ character: Character) -> Int {
        // The first scalar that is not zero-width is the base (rules 3-4); what follows it at
        // once may make a narrow emoji wide (rule 5).
        var base: Unicode.Scalar?
        var afterBase: Unicode.Scalar?
        var regionalIndicators = 0
        for scalar in character.unicodeScalars {
            if base == nil {
                switch widthClass(of: scalar) {
                case .zero: continue
                case .wide: return 2
                case .narrow, .unassigned: base = scalar
                }
            } else if afterBase == nil {
                afterBase = scalar
            }
            if isRegionalIndicator(scalar) { regionalIndicators += 1 }
        }
        guard let base else { return 0 }
        if regionalIndicators >= 2 { return 2 }
        if let next = afterBase,
            (next.value == 0xFE0F && base.properties.isEmoji)
                || (isEmojiModifier(next) && base.properties.isEmojiModifierBase)
        {
            return 2
        }
        return 1
    }

    @inline(__always)
    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    @inline(__always)
    private static func isEmojiModifier(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F3FB...0x1F3FF).contains(scalar.value)
    }

    /// The class of one scalar; `.unassigned` never comes back, it is resolved from the Swift
    /// runtime.
    @inline(__always)
    private static func widthClass(of scalar: Unicode.Scalar) -> WideCharacterTable.WidthClass {
        let value = scalar.value
        // Below U+0300 only the soft hyphen is zero-width and nothing is wide: skip the table.
        if value < 0x300 { return value == 0xAD ? .zero : .narrow }
        let tableClass = WideCharacterTable.widthClass(of: value)
        guard tableClass == .unassigned else { return tableClass }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .lineSeparator, .paragraphSeparator:
            return .zero
        default:
            return properties.isEmojiPresentation ? .wide : .narrow
        }
    }

    // Generic, but only called from this file, so each use is specialized.
    private static func sumOfClusterWidths(_ text: some StringProtocol) -> Int {
        var width = 0
        for character in text { width += clusterWidth(character) }
        return width
    }
}
