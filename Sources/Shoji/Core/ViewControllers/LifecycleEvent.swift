/// One lifecycle call made to a view controller, as observers (the test recorder, the logger)
/// see it. Holds no reference to the controller, so recording never keeps one alive.
public struct LifecycleEvent: Hashable, Sendable, CustomStringConvertible {
    /// The lifecycle methods, named as the `ViewController` methods they announce.
    public enum Method: String, Hashable, Sendable {
        case viewDidLoad
        case viewWillAppear
        case viewDidAppear
        case viewWillDisappear
        case viewDidDisappear
        case willMoveToParent = "willMove(toParent:)"
        case didMoveToParent = "didMove(toParent:)"
        case viewWillLayoutSubviews
        case viewDidLayoutSubviews
    }

    /// The controller's identity while it lives.
    public let controller: ObjectIdentifier
    /// `TypeName#n`, unique per instance (see `ViewController.debugIdentifier`).
    public let controllerID: String
    public let title: String?
    public let method: Method
    /// The `animated` argument of the appearance methods; `nil` for the others.
    public let animated: Bool?
    /// For `willMove(toParent:)` and `didMove(toParent:)`: the parent argument (`nil` when the
    /// argument is nil); `nil` for the others.
    public let parent: ObjectIdentifier?
    /// The parent argument's `debugIdentifier`, or `"nil"`; `nil` for other methods.
    public let parentID: String?

    public init(controller: ObjectIdentifier, controllerID: String, title: String?, method: Method,
                animated: Bool? = nil, parent: ObjectIdentifier? = nil, parentID: String? = nil) {
        self.controller = controller
        self.controllerID = controllerID
        self.title = title
        self.method = method
        self.animated = animated
        self.parent = parent
        self.parentID = parentID
    }

    /// The arguments as they would be written in the call, e.g. `true` or `ColorPane#2`.
    public var arguments: String {
        if let animated { return String(animated) }
        if let parentID { return parentID }
        return ""
    }

    /// `ColorPane#2 viewWillAppear(true)`.
    public var description: String { "\(controllerID) \(method.rawValue)(\(arguments))" }
}

/// Receives every lifecycle event of every view controller, on the main actor, in call order.
@MainActor
public protocol LifecycleObserver: AnyObject {
    func lifecycleEvent(_ event: LifecycleEvent)
}
