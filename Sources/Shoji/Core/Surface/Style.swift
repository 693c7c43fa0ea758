/// How a cell looks: attributes plus foreground and background colours.
public struct Style: Hashable, Sendable {
    public var attributes: TextAttributes
    public var foreground: Color
    public var background: Color

    public init(attributes: TextAttributes = [], foreground: Color = .default, background: Color = .default) {
        self.attributes = attributes
        self.foreground = foreground
        self.background = background
    }

    /// Terminal defaults, no attributes.
    public static let plain = Style()
}
