/// One cell of a `Surface`.
///
/// A wide grapheme (width 2) occupies its own cell plus the cell to its right, which holds a
/// *continuation* (`width == 0`, empty `grapheme`). The surface never stores half of a wide
/// grapheme: a lead without its continuation, or a continuation without its lead.
///
/// A cell may carry a link (`link`), which terminals that support it make clickable.
///
/// A cell is a plain value of 24 bytes with no reference inside (the grapheme's UTF-8 is kept
/// inline, or interned when longer than 13 bytes; a link is kept as its 16-bit number beside
/// it), so copying, filling and comparing cells costs no reference counting and no allocation.
public struct Cell: Hashable, Sendable {
    @usableFromInline var storage: GraphemeStorage
    /// The style's bits (see `Style`), the width in bits 60-61.
    @usableFromInline var meta: UInt64

    /// The grapheme shown, already sanitized and measured; `" "` for a blank cell, `""` for a
    /// continuation.
    public var grapheme: String {
        get { storage.string }
        set {
            let tag = storage.tag
            storage = GraphemeStorage(newValue)
            storage.tag = tag
        }
    }

    /// The link the cell's text is part of, or nil (the default). Two cells that differ only in
    /// their links are different cells: a screen redraws a cell whose link changed.
    public var link: Hyperlink? {
        @inline(__always) get { storage.tag == 0 ? nil : Hyperlink(number: storage.tag) }
        @inline(__always) set { storage.tag = newValue?.number ?? 0 }
    }

    /// Columns the grapheme takes: 1 or 2, or 0 for the continuation of a wide grapheme.
    /// Stored as 0, 1 or 2 (other values are clamped).
    public var width: Int {
        @inline(__always) get { Int(truncatingIfNeeded: meta >> 60) }
        set { meta = meta & Style.mask | Self.widthBits(newValue) }
    }

    /// How the cell looks; a continuation shows in its lead's style.
    public var style: Style {
        @inline(__always) get { Style(bits: meta) }
        set { meta = meta & ~Style.mask | newValue.bits }
    }

    /// A cell as given, unchecked: surfaces re-measure and sanitize what is written to them.
    public init(grapheme: String, width: Int, style: Style, link: Hyperlink? = nil) {
        storage = GraphemeStorage(grapheme)
        meta = style.bits | Self.widthBits(width)
        storage.tag = link?.number ?? 0
    }

    @inline(__always)
    init(storage: GraphemeStorage, width: Int, style: Style) {
        self.storage = storage
        meta = style.bits | UInt64(truncatingIfNeeded: width) << 60
    }

    /// A cell holding one printable ASCII character.
    @inline(__always)
    init(ascii byte: UInt8, style: Style) {
        storage = GraphemeStorage(ascii: byte)
        meta = style.bits | 1 << 60
    }

    /// The right half of a wide grapheme drawn in `style`.
    @inline(__always)
    static func continuation(_ style: Style) -> Cell {
        Cell(storage: .empty, width: 0, style: style)
    }

    @inline(__always)
    private static func widthBits(_ width: Int) -> UInt64 {
        UInt64(min(max(width, 0), 2)) << 60
    }

    /// A blank cell: a space in `style`.
    @inline(__always)
    public static func blank(_ style: Style = .plain) -> Cell {
        Cell(ascii: 0x20, style: style)
    }

    /// True for the right half of a wide grapheme.
    @inline(__always)
    public var isContinuation: Bool { width == 0 }

    /// Lends the grapheme's UTF-8 to `body` without making a `String` (for renderers, which
    /// copy it to the terminal). The buffer is valid only inside `body`.
    @inline(__always)
    public func withGraphemeUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try storage.withUTF8(body)
    }
}

extension Cell: CustomStringConvertible {
    /// The cell as its parts, for test failures: `Cell("x", width: 1, style: …)`.
    public var description: String {
        let link = link.map { ", link: \($0.url)" } ?? ""
        return "Cell(\(String(reflecting: grapheme)), width: \(width), style: \(style)\(link))"
    }
}
