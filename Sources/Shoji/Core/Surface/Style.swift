/// How a cell looks: attributes plus foreground and background colours.
///
/// Stored packed in one integer (attributes, then each colour in 26 bits), so styles compare
/// and hash as integers and a `Cell` holding one stays a plain value without references.
public struct Style: Hashable, Sendable {
    /// Attributes in bits 0-7, the foreground in bits 8-33, the background in bits 34-59.
    @usableFromInline var bits: UInt64

    /// The mask of the bits a style uses; `Cell` keeps other things above them.
    static let mask: UInt64 = (1 << 60) - 1

    /// Bold, dim, italic, underline, reverse.
    public var attributes: TextAttributes {
        get { TextAttributes(rawValue: UInt8(truncatingIfNeeded: bits)) }
        set { bits = bits & ~0xFF | UInt64(newValue.rawValue) }
    }

    /// The text colour.
    public var foreground: Color {
        get { Color(packed: bits >> 8) }
        set { bits = bits & ~(0x3FF_FFFF << 8) | newValue.packed << 8 }
    }

    /// The cell colour behind the text.
    public var background: Color {
        get { Color(packed: bits >> 34) }
        set { bits = bits & ~(0x3FF_FFFF << 34) | newValue.packed << 34 }
    }

    /// A style; everything left out is the terminal default.
    public init(attributes: TextAttributes = [], foreground: Color = .default, background: Color = .default) {
        bits = UInt64(attributes.rawValue) | foreground.packed << 8 | background.packed << 34
    }

    /// A style from its packed bits (only the low 60 are read).
    @inline(__always)
    init(bits: UInt64) {
        self.bits = bits & Self.mask
    }

    /// Terminal defaults, no attributes.
    public static let plain = Style()

    /// This style with `attributes` added.
    public func adding(_ attributes: TextAttributes) -> Style {
        var result = self
        result.attributes.formUnion(attributes)
        return result
    }
}

extension Style: CustomStringConvertible {
    /// The style as its parts, for test failures.
    public var description: String {
        "Style(attributes: \(attributes.rawValue), foreground: \(foreground), background: \(background))"
    }
}
