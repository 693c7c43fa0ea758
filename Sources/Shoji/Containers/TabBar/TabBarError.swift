/// Why a tab bar controller refused a selection by index. Thrown by `setSelectedIndex` rather
/// than trapped (UIKit raises an exception): tabs often come from data, and a bad index deserves
/// an error the app can report (the containers' one policy: see `TabBarController`). The
/// `selectedIndex` setter, which cannot throw, ignores what the method refuses.
public enum TabBarError: Error, Equatable, CustomStringConvertible {
    /// An index outside `0..<count`.
    case indexOutOfRange(index: Int, count: Int)

    public var description: String {
        switch self {
        case .indexOutOfRange(let index, let count):
            return "index \(index) is out of range for a tab bar controller with \(count) tabs"
        }
    }
}
