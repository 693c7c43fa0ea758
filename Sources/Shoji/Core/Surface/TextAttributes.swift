/// Character attributes a cell can carry. The terminal shows what it supports and ignores the rest.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    /// The bits; use the named attributes instead.
    public let rawValue: UInt8
    /// Attributes from their bits (`OptionSet`).
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bold (or bright, on terminals that show bold that way).
    public static let bold = TextAttributes(rawValue: 1 << 0)
    /// Dim (faint); also how a view at a middle `alpha` is drawn.
    public static let dim = TextAttributes(rawValue: 1 << 1)
    /// Italic, where the terminal has it.
    public static let italic = TextAttributes(rawValue: 1 << 2)
    /// Underlined.
    public static let underline = TextAttributes(rawValue: 1 << 3)
    /// Foreground and background swapped: readable without colour, so selection and focus use it.
    public static let reverse = TextAttributes(rawValue: 1 << 4)
}
