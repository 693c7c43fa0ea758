/// A link on a range of a `Label`'s or `TextView`'s text, as UIKit's `NSAttributedString.Key.link`
/// on a range of attributed text.
///
/// Guarantees:
/// - `range` counts characters (grapheme clusters, as `String.count` does) from the text's
///   start, so it stays meaningful however the text is stored; the part of it past the text's
///   end is ignored, and an empty range links nothing.
/// - `url` is what the app gave: the view hands this exact string back when the link is
///   activated. The terminal gets it made safe (`Hyperlink`: percent-encoded printable ASCII,
///   at most `Hyperlink.maximumLength` bytes); a URL that cannot be made safe is still drawn and
///   activated as a link in the app, only not sent to the terminal.
public struct TextLink: Hashable, Sendable {
    /// The linked characters of the text, by character offset.
    public var range: Range<Int>
    /// The link's target, as the app gave it.
    public var url: String

    /// A link on the characters `range` of the text to `url`.
    public init(range: Range<Int>, url: String) {
        self.range = range
        self.url = url
    }

    /// A link on the first occurrence of `linkText` in `text` to `url`; nil when `text` does not
    /// contain it (or it is empty).
    public init?(_ linkText: some StringProtocol, in text: String, url: String) {
        guard !linkText.isEmpty, let found = text.firstRange(of: linkText) else { return nil }
        let lower = text.distance(from: text.startIndex, to: found.lowerBound)
        self.init(range: lower..<lower + text.distance(from: found.lowerBound, to: found.upperBound), url: url)
    }

    /// The link's range as indices of `text` (clamped to it); nil when nothing of it is inside.
    func indices(in text: String) -> Range<String.Index>? {
        guard range.lowerBound >= 0, !range.isEmpty,
            let lower = text.index(text.startIndex, offsetBy: range.lowerBound, limitedBy: text.endIndex),
            lower < text.endIndex
        else { return nil }
        let upper =
            text.index(lower, offsetBy: range.upperBound - range.lowerBound, limitedBy: text.endIndex) ?? text.endIndex
        return lower..<upper
    }

    /// The columns that `link` (a range of `text`) covers on a drawn row that shows `row` of
    /// `text` from its first column, less `cut` columns of indentation the row dropped (see
    /// `TextWrapper.line`), tabs reaching their stops; nil when the link is not on the row.
    static func columns(
        of link: Range<String.Index>, onRow row: Range<String.Index>, of text: String, tabWidth: Int, cut: Int
    ) -> Range<Int>? {
        let lower = max(link.lowerBound, row.lowerBound), upper = min(link.upperBound, row.upperBound)
        guard lower < upper else { return nil }
        let start = max(0, TextWrapper.width(of: text[row.lowerBound..<lower], tabWidth: tabWidth) - cut)
        let end = max(0, TextWrapper.width(of: text[row.lowerBound..<upper], tabWidth: tabWidth) - cut)
        return start < end ? start..<end : nil
    }

    /// The columns of indentation `TextWrapper.line` drops from `row` at `width`: an
    /// indentation as wide as the row or wider is cut to `width - 1` columns.
    static func indentationCut(ofRow row: Substring, width: Int, tabWidth: Int) -> Int {
        let indentation = TextWrapper.width(of: row.prefix(while: TextWrapper.isBlank), tabWidth: tabWidth)
        return indentation >= width && width > 0 && row.contains { !TextWrapper.isBlank($0) }
            ? indentation - (width - 1) : 0
    }

    /// How a link's text is drawn: underlined, in `tint` where the text has no colour of its
    /// own, so it reads as a link on a terminal that cannot make it clickable.
    static func look(_ style: Style, tint: Color) -> Style {
        var result = style.adding(.underline)
        if result.foreground == .default { result.foreground = tint }
        return result
    }
}
