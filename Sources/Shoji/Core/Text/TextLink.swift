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

    /// A link on every web address in `text`, in order, each to itself: as UIKit's
    /// `UITextView.dataDetectorTypes` `.link`, but explicit (set the result as a view's
    /// `links` after its text; nothing follows later changes).
    ///
    /// An address starts with `http://` or `https://` (any case) at the text's start or after
    /// a character that is not a letter, digit or `_`, and runs to the first space, control
    /// character, non-ASCII character, `<`, `>`, `"` or backquote; a closing `.`, `,`, `;`,
    /// `:`, `!`, `?` or `'` is left out, as is a closing `)`, `]` or `}` that the address does
    /// not open, so "(see https://example.com/a_(b))." links "https://example.com/a_(b)". A
    /// scheme with nothing after it is no address. Cost: one pass over the text's bytes, and
    /// counting characters only up to the last address found.
    public static func detectedURLs(in text: String) -> [TextLink] {
        var text = text
        text.makeContiguousUTF8()
        let spans = text.utf8.withContiguousStorageIfAvailable(addressSpans) ?? []
        var links: [TextLink] = []
        var counted = text.startIndex, characters = 0
        for span in spans {
            let lower = text.utf8.index(text.startIndex, offsetBy: span.lowerBound)
            let upper = text.utf8.index(text.startIndex, offsetBy: span.upperBound)
            // An address is ASCII after a non-word character: it starts a grapheme.
            characters += text.distance(from: counted, to: lower)
            let length = text.distance(from: lower, to: upper)
            links.append(TextLink(range: characters..<characters + length, url: String(text.utf8[lower..<upper])!))
            counted = upper
            characters += length
        }
        return links
    }

    /// The byte ranges of the addresses in `bytes` (see `detectedURLs(in:)`).
    private static func addressSpans(in bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        var index = 0
        while index + 7 <= bytes.count {
            guard bytes[index] | 0x20 == UInt8(ascii: "h"), index == 0 || !isWordByte(bytes[index - 1]),
                let afterScheme = scheme(in: bytes, at: index)
            else {
                index += 1
                continue
            }
            var end = afterScheme
            while end < bytes.count, !endsAddress(bytes[end]) { end += 1 }
            let trimmedEnd = trimmed(bytes, index..<end, scheme: afterScheme)
            if trimmedEnd > afterScheme { spans.append(index..<trimmedEnd) }
            index = max(trimmedEnd, afterScheme)
        }
        return spans
    }

    /// The scheme's letters, lower-case (made once: the scan asks at every word starting with h).
    private static let http = Array("http".utf8)
    /// What ends a sentence or a clause, left out at an address's end.
    private static let closingPunctuation = Array(".,;:!?'".utf8)
    /// The closing brackets, each with its opening one.
    private static let closers: [UInt8: UInt8] = [
        UInt8(ascii: ")"): UInt8(ascii: "("), UInt8(ascii: "]"): UInt8(ascii: "["), UInt8(ascii: "}"): UInt8(ascii: "{")
    ]

    /// The offset after `http://` or `https://` (any case) at `index`, if one is there.
    private static func scheme(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        for (offset, letter) in http.enumerated() where bytes[index + offset] | 0x20 != letter { return nil }
        var next = index + 4
        if bytes[next] | 0x20 == UInt8(ascii: "s") { next += 1 }
        guard next + 3 <= bytes.count, bytes[next] == UInt8(ascii: ":"), bytes[next + 1] == UInt8(ascii: "/"),
            bytes[next + 2] == UInt8(ascii: "/")
        else { return nil }
        return next + 3
    }

    /// A letter, digit or `_` in ASCII, or any byte of a non-ASCII character (a word goes on).
    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == UInt8(ascii: "_") || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
            || (byte >= 0x30 && byte <= 0x39)
    }

    /// Whether `byte` cannot be part of an address: a space, a control, a non-ASCII byte, or one
    /// of `<>"` and the backquote.
    private static func endsAddress(_ byte: UInt8) -> Bool {
        byte <= 0x20 || byte >= 0x7F || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "`")
    }

    /// The end of `range` without its closing punctuation and unopened closing brackets.
    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, scheme: Int) -> Int {
        var end = range.upperBound
        while end > scheme {
            let last = bytes[end - 1]
            if closingPunctuation.contains(last) {
                end -= 1
            } else if let opening = closers[last] {
                let inside = bytes[range.lowerBound..<end]
                guard inside.filter({ $0 == opening }).count < inside.filter({ $0 == last }).count else { break }
                end -= 1
            } else {
                break
            }
        }
        return end
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
