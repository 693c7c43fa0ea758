import Shoji

/// A container that can show a screen above the one that asks, as a navigation controller's
/// push does.
///
/// INTEGRATION POINT (NavigationController): this protocol stands in for
/// `navigationController?.pushViewController(_:animated:)` until `NavigationController` is on
/// main. Then add `extension NavigationController: ScreenPushing` in ShojiDemoKit (calling
/// `pushViewController(controller, animated: animated)`) and wrap the navigation root in
/// `PaneFactory`, or replace `pushScreen` calls by the navigation controller's push.
@MainActor
public protocol ScreenPushing: AnyObject {
    /// Shows `controller` above the current screen, animated when `animated`.
    func pushScreen(_ controller: ViewController, animated: Bool)
}

extension ViewController {
    /// The nearest ancestor that can push screens, if any.
    public var screenPusher: ScreenPushing? {
        var current = parent
        while let controller = current {
            if let pusher = controller as? ScreenPushing { return pusher }
            current = controller.parent
        }
        return nil
    }
}
