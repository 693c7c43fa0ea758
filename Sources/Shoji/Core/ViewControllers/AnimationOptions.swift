/// Options for animated changes, as UIKit's `UIView.AnimationOptions` (the timing curves).
public struct AnimationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Slow at both ends (the default, as in UIKit).
    public static let curveEaseInOut: AnimationOptions = []
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 0)
    public static let curveEaseOut = AnimationOptions(rawValue: 1 << 1)
    public static let curveLinear = AnimationOptions(rawValue: 1 << 2)
}
