extension String {
    /// The string without the white space at either end (for environment values such as
    /// `SHOJI_ANIMATIONS`).
    var trimmingSpaces: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return self[start..<end]
    }
}
