/// Modifier keys held with a key or mouse event.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    /// The bits; use the named modifiers instead.
    public let rawValue: UInt8
    /// Modifiers from their bits (`OptionSet`).
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Shift. With a letter it is not set: the letter arrives uppercase instead.
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    /// Alt (Meta, Option): the terminal's Escape prefix or its modifier parameter.
    public static let alt = KeyModifiers(rawValue: 1 << 1)
    /// Control: Ctrl-C arrives as `"c"` with `.ctrl`, never as a control character.
    public static let ctrl = KeyModifiers(rawValue: 1 << 2)
}
