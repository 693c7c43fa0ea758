/// How a cell looks: attributes plus foreground and background colours.
public struct Style: Hashable, Sendable {
    /// Bold, dim, italic, underline, reverse.
    public var attributes: TextAttributes
    /// The text colour.
    public var foreground: Color
    /// The cell colour behind the text.
    public var background: Color

    /// A style; everything left out is the terminal default.
    public init(attributes: TextAttributes = [], foreground: Color = .default, background: Color = .default) {
        self.attributes = attributes
        self.foreground = foreground
        self.background = background
    }

    /// Terminal defaults, no attributes.
    public static let plain = Style()
}
