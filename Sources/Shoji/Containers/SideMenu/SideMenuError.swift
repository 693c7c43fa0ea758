/// Why a side menu could not be built or changed. Thrown rather than trapped (see DECISIONS.md):
/// a menu usually comes from data (a file, a server), and bad data deserves an error, not a crash.
public enum SideMenuError: Error, Equatable, CustomStringConvertible {
    /// No child controllers were given.
    case noViewControllers
    /// The controllers and the menu titles differ in number.
    case titleCountMismatch(controllers: Int, titles: Int)
    /// An index outside `0..<count`.
    case indexOutOfRange(index: Int, count: Int)

    public var description: String {
        switch self {
        case .noViewControllers:
            return "a side menu needs at least one view controller"
        case .titleCountMismatch(let controllers, let titles):
            return
                "a side menu needs one title per view controller (got \(controllers) controllers and \(titles) titles)"
        case .indexOutOfRange(let index, let count):
            return "index \(index) is out of range for a side menu of \(count) items"
        }
    }
}
