/// Where a view controller is in its life, as its last lifecycle call left it.
public enum AppearancePhase: String, Hashable, Sendable, CustomStringConvertible {
    /// Created; its view is not loaded.
    case initialized
    /// Its view is loaded; it has not appeared yet.
    case viewDidLoad
    /// After `viewWillAppear`: appearing, not yet complete.
    case willAppear
    /// After `viewDidAppear`: shown.
    case didAppear
    /// After `viewWillDisappear`: disappearing, not yet complete.
    case willDisappear
    /// After `viewDidDisappear`: not shown.
    case didDisappear

    /// True from `viewWillAppear` until `viewWillDisappear`: the view is, or is becoming, visible.
    public var isAppearing: Bool { self == .willAppear || self == .didAppear }

    /// The case's name, e.g. `didAppear`.
    public var description: String { rawValue }
}
