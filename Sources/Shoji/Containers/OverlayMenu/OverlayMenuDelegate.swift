/// Told about an overlay menu's showing, hiding and selection, as UIKit delegates are.
/// All methods are optional (default implementations do nothing or allow).
@MainActor
public protocol OverlayMenuDelegate: AnyObject {
    /// The overlay finished showing (not called when a hide interrupted it).
    func overlayMenuDidShowMenu(_ overlayMenu: OverlayMenuController)
    /// The overlay finished hiding (not called when a show interrupted it).
    func overlayMenuDidHideMenu(_ overlayMenu: OverlayMenuController)
    /// Asked before the user's choice of another child takes effect; return false to refuse it
    /// (the overlay stays open).
    func overlayMenu(_ overlayMenu: OverlayMenuController, shouldSelect viewController: ViewController, at index: Int)
        -> Bool
    /// Told after the selected child changed, once its transition ended.
    func overlayMenu(_ overlayMenu: OverlayMenuController, didSelect viewController: ViewController, at index: Int)
}

extension OverlayMenuDelegate {
    public func overlayMenuDidShowMenu(_ overlayMenu: OverlayMenuController) {}
    public func overlayMenuDidHideMenu(_ overlayMenu: OverlayMenuController) {}
    public func overlayMenu(
        _ overlayMenu: OverlayMenuController, shouldSelect viewController: ViewController,
        at index: Int
    ) -> Bool { true }
    public func overlayMenu(
        _ overlayMenu: OverlayMenuController, didSelect viewController: ViewController, at index: Int
    ) {}
}
