/// Where a frame is cut into the pieces written to the terminal one `write` at a time.
///
/// Linux passes what one `write` sends to a terminal in pieces of 2,048 bytes, and a terminal
/// that is slow to read (a busy machine) takes each piece in its own read and parses it on its
/// own. tmux 3.3 forgets a zero-width joiner at the end of a read: a family emoji cut there
/// shows as its first person, the rest of the cluster drawn over by the cells after it, until
/// that cell is redrawn. So frames are written in pieces of at most `limit` bytes, each cut just
/// before an escape sequence, where the only state a terminal carries across is the cursor and
/// the rendition, which every terminal keeps. Never after a joiner (the next cell's glyph would
/// be joined to it in one read and not in two). A stretch of `limit` bytes without an escape (a
/// row of text wider than any terminal) is cut between UTF-8 scalars.
///
/// A terminal reads the pieces of a frame as they were written while the frame fits its
/// reading buffer (4 KB for Linux's pseudo-terminals); for larger frames a slow reader can still
/// take a piece in two reads, which nothing on the writing side controls.
public enum WriteChunks {
    /// The kernel's piece: larger writes are cut at multiples of it wherever that falls.
    public static let limit = 2048

    /// Calls `body` with each piece of `bytes`, in order, each at most `limit` bytes; together
    /// they are `bytes`.
    public static func forEach(
        _ bytes: UnsafeBufferPointer<UInt8>, limit: Int = limit, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        precondition(limit > 4, "a piece must hold a UTF-8 scalar")
        var start = 0
        while bytes.count - start > limit {
            let end = cut(bytes, from: start, limit: limit)
            body(UnsafeBufferPointer(rebasing: bytes[start..<end]))
            start = end
        }
        if start < bytes.count { body(UnsafeBufferPointer(rebasing: bytes[start...])) }
    }

    /// The end of the piece that starts at `start`: the last escape within `limit` bytes that
    /// does not follow a joiner, else the last scalar boundary.
    private static func cut(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> Int {
        let last = start + limit
        var index = last
        while index > start {
            if bytes[index] == 0x1B && !followsJoiner(bytes, index, start: start) { return index }
            index -= 1
        }
        index = last
        // A UTF-8 continuation byte (10xxxxxx) never starts a scalar.
        while index > start + 1 && bytes[index] & 0xC0 == 0x80 { index -= 1 }
        return index > start ? index : last
    }

    /// Whether the three bytes before `index` are U+200D ZERO WIDTH JOINER.
    private static func followsJoiner(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, start: Int) -> Bool {
        index - start >= 3 && bytes[index - 3] == 0xE2 && bytes[index - 2] == 0x80 && bytes[index - 1] == 0x8D
    }
}
