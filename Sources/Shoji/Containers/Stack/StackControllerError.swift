/// Why a stack controller refused a request whose index may come from data. Thrown rather than
/// trapped, as the side menu's and the placeholder's errors (the containers' one policy: see
/// `StackController`); a controller in the wrong place is a precondition failure instead.
public enum StackControllerError: Error, Equatable, CustomStringConvertible {
    /// A removal would leave the stack empty: the root stays.
    case cannotRemoveRoot
    /// An index outside the stack (`0...count` to insert, `0..<count` to remove).
    case indexOutOfRange(index: Int, count: Int)

    /// One line a person can act on.
    public var description: String {
        switch self {
        case .cannotRemoveRoot:
            return "the root view controller cannot be removed: a stack always keeps one view controller"
        case .indexOutOfRange(let index, let count):
            return "index \(index) is out of range for a stack of \(count) view controller\(count == 1 ? "" : "s")"
        }
    }
}
