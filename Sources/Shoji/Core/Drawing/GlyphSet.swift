/// Which characters the built-in views draw their symbols with: the eighth blocks of a progress
/// bar (▏▎▍▌▋▊▉█), a spinner's braille frames (⠋⠙⠹…), a switch's knob (●). Set per window
/// (`Window.glyphSet`); a terminal session makes it `.ascii` where the terminal may not draw
/// them (see `GlyphSet.forTerminal(type:localeIsUTF8:environmentValue:)`).
///
/// Text itself is not affected: titles and labels are drawn as given, and the box-drawing lines
/// of bars, sheets and scroll bars (─│┌) stay, since every terminal Shoji runs on (a UTF-8
/// locale is required) draws those. `.ascii` is for the symbols fonts lack more often.
public enum GlyphSet: Sendable, Hashable {
    /// Block elements, braille and geometric shapes (the default).
    case unicode
    /// Printable ASCII only: `#` and `-` for a bar, `|/-\` for a spinner.
    case ascii

    /// The glyph set for a terminal, chosen when a session starts:
    /// - `environmentValue`, the `SHOJI_GLYPHS` environment variable, decides when it is `ascii`
    ///   or `unicode` (any case, surrounding spaces ignored);
    /// - otherwise `.ascii` when the user's locale was not UTF-8 (`LANG=C`: the terminal
    ///   probably is not either; Shoji then writes UTF-8 through C.UTF-8 anyway) or when
    ///   `type` (TERM) is the Linux console (`linux`, `linux-*`), whose built-in font has no
    ///   eighth blocks and no braille; `.unicode` for the rest.
    public static func forTerminal(type: String, localeIsUTF8: Bool, environmentValue: String?) -> GlyphSet {
        switch environmentValue?.lowercased().filter({ !$0.isWhitespace }) {
        case "ascii": return .ascii
        case "unicode": return .unicode
        default: break
        }
        guard localeIsUTF8 else { return .ascii }
        return type == "linux" || type.hasPrefix("linux-") ? .ascii : .unicode
    }
}
