/// Told about a side menu's opening, closing and selection, as UIKit delegates are.
/// All methods are optional (default implementations do nothing or allow).
@MainActor
public protocol SideMenuDelegate: AnyObject {
    func sideMenuWillOpen(_ sideMenu: SideMenuController)
    func sideMenuDidOpen(_ sideMenu: SideMenuController)
    func sideMenuWillClose(_ sideMenu: SideMenuController)
    func sideMenuDidClose(_ sideMenu: SideMenuController)
    /// Asked before the user's selection of another child; return false to refuse it (the menu
    /// stays open).
    func sideMenu(_ sideMenu: SideMenuController, shouldSelect viewController: ViewController, at index: Int) -> Bool
    /// Told after the selected child changed, once its transition ended.
    func sideMenu(_ sideMenu: SideMenuController, didSelect viewController: ViewController, at index: Int)
}

extension SideMenuDelegate {
    public func sideMenuWillOpen(_ sideMenu: SideMenuController) {}
    public func sideMenuDidOpen(_ sideMenu: SideMenuController) {}
    public func sideMenuWillClose(_ sideMenu: SideMenuController) {}
    public func sideMenuDidClose(_ sideMenu: SideMenuController) {}
    public func sideMenu(_ sideMenu: SideMenuController, shouldSelect viewController: ViewController, at index: Int) -> Bool { true }
    public func sideMenu(_ sideMenu: SideMenuController, didSelect viewController: ViewController, at index: Int) {}
}
