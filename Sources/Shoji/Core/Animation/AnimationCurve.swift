/// How an animation's progress in time maps to progress in value, as UIKit's
/// `UIView.AnimationCurve`: the animator computes `fraction = (now - start) / duration` from the
/// clock on each tick and moves values by `value(at: fraction)`.
///
/// The built-in curves are cubic (Textual's `in_cubic`, `out_cubic`, `in_out_cubic`): close to
/// UIKit's Bézier curves in shape, exact in closed form, monotonic, and 0 at 0 and 1 at 1.
/// A custom curve may overshoot (values outside 0...1); the animator still ends every animation
/// exactly on its target, whatever the curve gives at 1.
public enum AnimationCurve: Sendable, CustomStringConvertible {
    /// Constant speed: `t`.
    case linear
    /// Starts slowly, ends fast: `t³`.
    case easeIn
    /// Starts fast, ends slowly: `1 - (1 - t)³`.
    case easeOut
    /// Slow at both ends: `4t³` up to the middle, `1 - (2 - 2t)³ / 2` after.
    case easeInOut
    /// Any function of the time fraction, called on the main actor with values in 0...1.
    case custom(@Sendable (Double) -> Double)

    /// The curve's value at `fraction` of the duration; `fraction` is clamped to 0...1 first.
    public func value(at fraction: Double) -> Double {
        let t = min(1, max(0, fraction))
        switch self {
        case .linear:
            return t
        case .easeIn:
            return t * t * t
        case .easeOut:
            let u = 1 - t
            return 1 - u * u * u
        case .easeInOut:
            if t < 0.5 { return 4 * t * t * t }
            let u = 2 - 2 * t
            return 1 - u * u * u / 2
        case .custom(let function):
            return function(t)
        }
    }

    /// The curve that `options` names (see `AnimationOptions`): linear wins over the others,
    /// ease-in plus ease-out is ease-in-out, and no curve option means ease-in-out, as in UIKit.
    public init(_ options: AnimationOptions) {
        if options.contains(.curveLinear) {
            self = .linear
        } else if options.contains(.curveEaseIn) && !options.contains(.curveEaseOut) {
            self = .easeIn
        } else if options.contains(.curveEaseOut) && !options.contains(.curveEaseIn) {
            self = .easeOut
        } else {
            self = .easeInOut
        }
    }

    /// The curve's name as written in code; every custom curve shows as `custom`.
    public var description: String {
        switch self {
        case .linear: return "linear"
        case .easeIn: return "easeIn"
        case .easeOut: return "easeOut"
        case .easeInOut: return "easeInOut"
        case .custom: return "custom"
        }
    }
}
