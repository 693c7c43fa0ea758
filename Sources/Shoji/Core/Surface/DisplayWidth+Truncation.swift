extension DisplayWidth {
    /// The mark that ends truncated text: "…" (U+2026), 1 column under the width rule.
    public static let ellipsis = "…"

    /// The longest prefix of `text` made of whole grapheme clusters whose display width is at
    /// most `width`, with that width. A wide character that would straddle the limit is left
    /// out whole, so the prefix may be 1 column narrower than `width`. Zero-width clusters
    /// right after the last one that fits are kept with it. Widths are those of
    /// `DisplayWidth.of`, so `Surface.write` of the prefix advances exactly the returned width.
    public static func prefix(of text: String, fittingWidth width: Int) -> (text: Substring, width: Int) {
        guard width > 0 else { return (text[text.startIndex..<text.startIndex], 0) }
        // Printable ASCII is one column a byte, each byte its own character. Only the bytes the
        // prefix can take and the one after (which could join the last) are looked at, so a
        // long text costs the width, not its length.
        let count = min(width, text.utf8.count)
        if text.utf8.prefix(count + 1).allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            let end = text.utf8.index(text.startIndex, offsetBy: count)
            return (text[..<end], count)
        }
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            // `of(Character)` also measures control characters (as caret notation), as drawing does.
            let next = used + of(text[index])
            if next > width { break }
            used = next
            end = text.index(after: index)
        }
        return (text[..<end], used)
    }

    /// `text` unchanged if it fits in `width` columns; otherwise its longest prefix of whole
    /// clusters that fits in `width - 1` columns followed by `ellipsis`. The result is never
    /// wider than `width` (empty when `width <= 0`) and never ends with half a wide character:
    /// when a wide character would straddle the cut, it is dropped and the result is 1 column
    /// narrower than `width`.
    public static func truncate(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        return String(prefix(of: text, fittingWidth: width - 1).text) + ellipsis
    }
}
