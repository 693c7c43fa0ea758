/// One lifecycle call made to a view controller, as observers (the test recorder, the logger)
/// see it. Holds no reference to the controller, so recording never keeps one alive.
public struct LifecycleEvent: Hashable, Sendable, CustomStringConvertible {
    /// The lifecycle methods, named as the `ViewController` methods they announce.
    public enum Method: String, Hashable, Sendable {
        /// `viewDidLoad()`: the view was loaded.
        case viewDidLoad
        /// `viewDidUnload()`: the view was released (`unloadViewIfPossible()`).
        case viewDidUnload
        /// `viewWillAppear(_:)`.
        case viewWillAppear
        /// `viewDidAppear(_:)`.
        case viewDidAppear
        /// `viewWillDisappear(_:)`.
        case viewWillDisappear
        /// `viewDidDisappear(_:)`.
        case viewDidDisappear
        /// `willMove(toParent:)`: containment is about to change (the argument is the new parent or `nil`).
        case willMoveToParent = "willMove(toParent:)"
        /// `didMove(toParent:)`: containment changed (the argument is the new parent or `nil`).
        case didMoveToParent = "didMove(toParent:)"
        /// `viewWillLayoutSubviews()`, each layout pass.
        case viewWillLayoutSubviews
        /// `viewDidLayoutSubviews()`, each layout pass.
        case viewDidLayoutSubviews

        /// True for `viewWillLayoutSubviews` and `viewDidLayoutSubviews`, which come with every
        /// layout pass and are usually left out of lifecycle logs.
        public var isLayout: Bool { self == .viewWillLayoutSubviews || self == .viewDidLayoutSubviews }
    }

    /// The controller's identity while it lives.
    public let controller: ObjectIdentifier
    /// `TypeName#n`, unique per instance (see `ViewController.debugIdentifier`).
    public let controllerID: String
    /// The controller's `title` when the call was made.
    public let title: String?
    /// The method called.
    public let method: Method
    /// The `animated` argument of the appearance methods; `nil` for the others.
    public let animated: Bool?
    /// For `willMove(toParent:)` and `didMove(toParent:)`: the parent argument (`nil` when the
    /// argument is nil); `nil` for the others.
    public let parent: ObjectIdentifier?
    /// The parent argument's `debugIdentifier`, or `"nil"`; `nil` for other methods.
    public let parentID: String?

    /// An event as `ViewController` reports it; tests build their own to check checkers.
    public init(
        controller: ObjectIdentifier, controllerID: String, title: String?, method: Method,
        animated: Bool? = nil, parent: ObjectIdentifier? = nil, parentID: String? = nil
    ) {
        self.controller = controller
        self.controllerID = controllerID
        self.title = title
        self.method = method
        self.animated = animated
        self.parent = parent
        self.parentID = parentID
    }

    /// The arguments as they would be written in the call, e.g. `true` or `ColorPane#2`;
    /// empty for methods without arguments.
    public var arguments: String {
        if let animated { return String(animated) }
        if let parentID { return parentID }
        return ""
    }

    /// The method's name without argument labels: `viewWillAppear`, `willMove`, `didMove`.
    public var name: String {
        switch method {
        case .willMoveToParent: return "willMove"
        case .didMoveToParent: return "didMove"
        default: return method.rawValue
        }
    }

    /// The call as written in Swift, compact: `viewDidLoad`, `viewWillAppear(false)`,
    /// `willMove(toParent: Stack#1)`, `didMove(toParent: nil)`. Methods without arguments have
    /// no parentheses.
    public var call: String {
        switch method {
        case .willMoveToParent, .didMoveToParent: return "\(name)(toParent: \(arguments))"
        default: return arguments.isEmpty ? name : "\(name)(\(arguments))"
        }
    }

    /// The controller and the call: `ColorPane#2 viewWillAppear(true)`.
    public var description: String { "\(controllerID) \(call)" }
}

/// Receives every lifecycle event of every view controller, on the main actor, in call order,
/// before the controller's own method (hook) runs.
///
/// Implement `lifecycleEvent(_:)`; implement `lifecycleEvent(_:of:)` instead when you need the
/// controller itself (to filter by tree, say). Do not keep the controller: an observer that
/// holds controllers strongly keeps them alive.
@MainActor
public protocol LifecycleObserver: AnyObject {
    /// Called for each lifecycle event (through the default `lifecycleEvent(_:of:)`).
    func lifecycleEvent(_ event: LifecycleEvent)
    /// Called for each lifecycle event with the controller it concerns. The default calls
    /// `lifecycleEvent(_:)`.
    func lifecycleEvent(_ event: LifecycleEvent, of controller: ViewController)
}

extension LifecycleObserver {
    /// Passes the event on to `lifecycleEvent(_:)`.
    public func lifecycleEvent(_ event: LifecycleEvent, of controller: ViewController) {
        lifecycleEvent(event)
    }
}
