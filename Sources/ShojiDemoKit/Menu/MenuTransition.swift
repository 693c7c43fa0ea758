import Shoji

/// How an `overlay-menu` item's container swaps its children when the user picks one: the
/// `"transition"` option of a menu file.
public enum MenuTransition: String, CaseIterable, Sendable {
    /// At once (the default).
    case none
    /// Through the dim level (`TransitionStyle.fade`).
    case fade
    /// The new child revealed from the top, row by row (`TransitionStyle.wipe(from: .top)`).
    case wipe

    /// Every accepted name, for messages: `none, fade, wipe`.
    public static var nameList: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The style the container plays.
    public var style: TransitionStyle {
        switch self {
        case .none: return .none
        case .fade: return .fade
        case .wipe: return .wipe(from: .top)
        }
    }
}
