/// Options for animated changes, as UIKit's `UIView.AnimationOptions` (the timing curves).
public struct AnimationOptions: OptionSet, Hashable, Sendable {
    /// The bits; use the named options instead.
    public let rawValue: UInt16
    /// Options from their bits (`OptionSet`).
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Slow at both ends (the default, as in UIKit).
    public static let curveEaseInOut: AnimationOptions = []
    /// Slow at the start (`AnimationCurve.easeIn`, cubic).
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 0)
    /// Slow at the end (`AnimationCurve.easeOut`, cubic).
    public static let curveEaseOut = AnimationOptions(rawValue: 1 << 1)
    /// The same speed throughout.
    public static let curveLinear = AnimationOptions(rawValue: 1 << 2)
}
