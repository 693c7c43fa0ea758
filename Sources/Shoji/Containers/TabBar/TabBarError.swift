/// Why a tab bar controller refused a selection. Thrown by the selecting methods rather than
/// trapped (UIKit raises an exception): tabs often come from data, and a bad index deserves an
/// error the app can report. The `selectedIndex` and `selectedViewController` setters, which
/// cannot throw, ignore what these methods refuse.
public enum TabBarError: Error, Equatable, CustomStringConvertible {
    /// An index outside `0..<count`.
    case indexOutOfRange(index: Int, count: Int)
    /// A controller that is not one of the tabs.
    case notATab(String)

    public var description: String {
        switch self {
        case .indexOutOfRange(let index, let count):
            return "index \(index) is out of range for a tab bar controller with \(count) tabs"
        case .notATab(let identifier):
            return "\(identifier) is not one of the tab bar controller's tabs"
        }
    }
}
