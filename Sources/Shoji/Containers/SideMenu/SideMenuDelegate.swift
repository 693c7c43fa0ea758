/// Told about a side menu's menus showing and hiding and about selection, as UIKit delegates
/// are. All methods are optional (default implementations do nothing or allow).
///
/// The show and hide calls of each menu pair up as a view controller's appearance calls do:
/// `willShowMenu` is followed by `didShowMenu` when the pane arrives, or by `willHideMenu` when
/// the showing is reversed first (a toggle mid-slide, a drag released back); `willHideMenu` by
/// `didHideMenu` or by `willShowMenu`. A swap from one menu to the other hides the first and
/// shows the second in one slide: `willHideMenu(first)`, `willShowMenu(second)`, then
/// `didHideMenu(first)`, `didShowMenu(second)` when the pane arrives. A selection's
/// replacement hides the left menu: `willHideMenu(.left)` as the pane starts to slide off,
/// `sideMenu(_:didSelect:at:)` then `didHideMenu(.left)` when the new child has slid in.
@MainActor
public protocol SideMenuDelegate: AnyObject {
    /// Told when `side`'s menu starts to show (the pane starts to slide, or is first dragged,
    /// towards it), animated or not.
    func sideMenu(_ sideMenu: SideMenuController, willShowMenu side: SideMenuSide)
    /// Told when `side`'s menu is shown (the pane arrived at its exposed width).
    func sideMenu(_ sideMenu: SideMenuController, didShowMenu side: SideMenuSide)
    /// Told when `side`'s menu starts to hide: a toggle, `setMenuVisible(false, …)`, a drag of
    /// the pane, a swap to the other menu, a selection.
    func sideMenu(_ sideMenu: SideMenuController, willHideMenu side: SideMenuSide)
    /// Told when `side`'s menu is hidden (the pane arrived at rest without it).
    func sideMenu(_ sideMenu: SideMenuController, didHideMenu side: SideMenuSide)
    /// Asked before the user's selection of another child; return false to refuse it (the menu
    /// stays open).
    func sideMenu(_ sideMenu: SideMenuController, shouldSelect viewController: ViewController, at index: Int) -> Bool
    /// Told after the selected child changed, once its transition ended.
    func sideMenu(_ sideMenu: SideMenuController, didSelect viewController: ViewController, at index: Int)
}

extension SideMenuDelegate {
    /// Does nothing.
    public func sideMenu(_ sideMenu: SideMenuController, willShowMenu side: SideMenuSide) {}
    /// Does nothing.
    public func sideMenu(_ sideMenu: SideMenuController, didShowMenu side: SideMenuSide) {}
    /// Does nothing.
    public func sideMenu(_ sideMenu: SideMenuController, willHideMenu side: SideMenuSide) {}
    /// Does nothing.
    public func sideMenu(_ sideMenu: SideMenuController, didHideMenu side: SideMenuSide) {}
    /// Allows every selection.
    public func sideMenu(_ sideMenu: SideMenuController, shouldSelect viewController: ViewController, at index: Int)
        -> Bool
    { true }
    /// Does nothing.
    public func sideMenu(_ sideMenu: SideMenuController, didSelect viewController: ViewController, at index: Int) {}
}
