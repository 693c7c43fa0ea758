/// Why a stack controller refused a request. Thrown rather than trapped, as the side menu's and
/// the placeholder's errors: what to push or pop usually follows the user's input.
public enum StackControllerError: Error, Equatable, CustomStringConvertible {
    /// A pop or removal would leave the stack empty: the root stays.
    case cannotPopRoot
    /// An index outside the stack (`0...count` to insert, `0..<count` to remove).
    case indexOutOfRange(index: Int, count: Int)
    /// The controller is not on the stack (as asked for).
    case notInStack(controller: String)
    /// The controller is on the stack already.
    case alreadyInStack(controller: String)

    /// One line a person can act on.
    public var description: String {
        switch self {
        case .cannotPopRoot:
            return "the root view controller cannot be popped: a stack always keeps one view controller"
        case .indexOutOfRange(let index, let count):
            return "index \(index) is out of range for a stack of \(count) view controller\(count == 1 ? "" : "s")"
        case .notInStack(let controller):
            return "\(controller) is not on the stack"
        case .alreadyInStack(let controller):
            return "\(controller) is already on the stack"
        }
    }
}
