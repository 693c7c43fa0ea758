/// The objects one sequence of a property test made, held weakly and named: once the sequence
/// has run and its test dropped them, none may be alive (`PropertyRuns.check` fails the
/// sequence otherwise).
public final class Survivors {
    private var objects: [(name: String, reference: WeakReference)] = []

    /// No objects tracked yet.
    public init() {}

    /// Tracks `object` under `name` (a failure prints the name), without keeping it alive.
    public func track(_ object: AnyObject, as name: String) { objects.append((name, WeakReference(object))) }

    /// The names of the tracked objects still alive, in the order they were tracked.
    public var alive: [String] { objects.filter { $0.reference.object != nil }.map(\.name) }

    private struct WeakReference {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }
}
