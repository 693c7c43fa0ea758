/// Why a placeholder could not take a child: an index that may come from data. Thrown rather
/// than trapped, as the side menu's errors (the containers' one policy: see
/// `PlaceholderViewController`); a controller in the wrong place is a precondition failure.
public enum PlaceholderError: Error, Equatable, CustomStringConvertible {
    /// An index outside the container's placeholders.
    case indexOutOfRange(index: Int, count: Int)

    /// One line a person can act on.
    public var description: String {
        switch self {
        case .indexOutOfRange(let index, let count):
            return
                "placeholder index \(index) is out of range for a container of \(count) placeholder\(count == 1 ? "" : "s")"
        }
    }
}
