/// Told about the user's choices of tab, as UIKit's `UITabBarControllerDelegate`. Both
/// methods are optional (the defaults allow and do nothing).
///
/// Only selections the user makes (a click on the bar, the next/previous keys, Alt-1…Alt-9,
/// Left/Right on the focused bar) are reported, as in UIKit; the app's own selections are not.
@MainActor
public protocol TabBarControllerDelegate: AnyObject {
    /// Asked before the user's selection of `viewController` (also when it is the selected tab
    /// already); return false to refuse it (nothing changes).
    func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) -> Bool
    /// Told right after the user selected `viewController` (`selectedViewController` already
    /// reports it; an animated switch may still be under way), also when it was selected
    /// already.
    func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController)
}

extension TabBarControllerDelegate {
    public func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController)
        -> Bool
    { true }
    public func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController) {}
}
