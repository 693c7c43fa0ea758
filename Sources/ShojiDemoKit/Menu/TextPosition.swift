/// A place in a text, as people count: line and column from 1, the column in Unicode scalars
/// (so "é" and "日" are one column each, whatever their UTF-8 length).
struct TextPosition: Equatable, Sendable, CustomStringConvertible {
    var line: Int
    var column: Int

    /// The position of byte `offset` in the UTF-8 `bytes` (clamped to the text). Lines end at
    /// LF; a CR before it counts as a column of the line it ends. O(offset).
    init(offset: Int, in bytes: [UInt8]) {
        let end = min(max(0, offset), bytes.count)
        var line = 1
        var column = 1
        var index = 0
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Every byte but a UTF-8 continuation byte starts a scalar.
                column += 1
            }
            index += 1
        }
        self.line = line
        self.column = column
    }

    init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`, as compilers print positions.
    var description: String { "\(line):\(column)" }
}
