/// Where a view controller is in its life, as its last lifecycle call left it: the phases of
/// CoconutKit's `HLSViewControllerLifeCyclePhase`, which containers and users can ask
/// (`ViewController.appearancePhase`) and `LifecycleChecker` compares with the log.
public enum AppearancePhase: String, Hashable, Sendable, CustomStringConvertible {
    /// Created; its view is not loaded.
    case initialized
    /// Its view is loaded (first or again after an unload); it has not appeared since.
    case viewDidLoad
    /// After `viewWillAppear`: appearing, not yet complete.
    case willAppear
    /// After `viewDidAppear`: shown.
    case didAppear
    /// After `viewWillDisappear`: disappearing, not yet complete.
    case willDisappear
    /// After `viewDidDisappear`: not shown.
    case didDisappear
    /// After `viewDidUnload`: its view was released (`unloadViewIfPossible()`, a memory
    /// warning, a stack's capacity); it loads again, with `viewDidLoad`, when next needed.
    case viewDidUnload

    /// True from `viewWillAppear` until `viewWillDisappear`: the view is, or is becoming, visible.
    public var isAppearing: Bool { self == .willAppear || self == .didAppear }

    /// True while an appearance or disappearance is under way or complete-and-shown
    /// (`willAppear`, `didAppear`, `willDisappear`): the view is in use and cannot be released.
    public var isOnScreen: Bool { isAppearing || self == .willDisappear }

    /// The case's name, e.g. `didAppear`.
    public var description: String { rawValue }
}
