/// Where a presented controller's view goes, as UIKit's `UIModalPresentationStyle` (the styles
/// a terminal can show).
public enum ModalPresentationStyle: Hashable, Sendable, CustomStringConvertible {
    /// The presented view fills the window. Once it is shown, everything under it leaves the
    /// window and disappears (`viewWillDisappear` / `viewDidDisappear`, as in UIKit), and
    /// comes back when it is dismissed.
    case fullScreen
    /// A sheet centred over the presenter, in a border, sized by the presented controller's
    /// `preferredContentSize(fitting:)`; what lies under it is dimmed and stays shown (no
    /// appearance calls for it), but takes no keys or clicks while the sheet is up.
    case formSheet
    /// As `formSheet`, but standing on the bottom edge of the window (an action sheet).
    /// Not a UIKit style: UIKit places action sheets itself.
    case bottomSheet
    /// A small panel beside `sourceRect` (window coordinates), in a border, sized by the
    /// presented controller's `preferredContentSize(fitting:)`: its border's box starts on
    /// `edge`'s side of the rectangle (below it for `.bottom`, to its right for `.right`, lined
    /// up with its other edge), flips to the opposite side when it does not fit there, and is
    /// then moved (clamped) to stay in the window. What lies under it is not dimmed. A press
    /// outside it dismisses it (and takes the press). As UIKit's `.popover` with the
    /// popover controller's `sourceRect` and one permitted arrow direction, but without an
    /// arrow.
    case popover(sourceRect: Rect, edge: TransitionStyle.Edge)

    /// The style as written in code, e.g. `formSheet`.
    public var description: String {
        switch self {
        case .fullScreen: return "fullScreen"
        case .formSheet: return "formSheet"
        case .bottomSheet: return "bottomSheet"
        case .popover(let rect, let edge): return "popover(sourceRect: \(rect), edge: \(edge))"
        }
    }
}
