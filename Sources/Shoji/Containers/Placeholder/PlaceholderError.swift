/// Why a placeholder could not take a child. Thrown rather than trapped, as the side menu's
/// errors: the child usually depends on data (a selected row), and bad data deserves an error.
public enum PlaceholderError: Error, Equatable, CustomStringConvertible {
    /// An index outside the container's placeholders.
    case indexOutOfRange(index: Int, count: Int)
    /// The controller is already shown in another placeholder of the same container.
    case alreadyInset(controller: String, index: Int)

    /// One line a person can act on.
    public var description: String {
        switch self {
        case .indexOutOfRange(let index, let count):
            return
                "placeholder index \(index) is out of range for a container of \(count) placeholder\(count == 1 ? "" : "s")"
        case .alreadyInset(let controller, let index):
            return "\(controller) is already shown in placeholder \(index)"
        }
    }
}
