@testable import Shoji

/// A side menu delegate that logs what it hears, each call as "willShow left", "didHide right",
/// "shouldSelect 2", "didSelect 1"; refuses the selection of `refuse`.
@MainActor
final class SideMenuSpy: SideMenuDelegate {
    var log: [String] = []
    var refuse: Int?

    func sideMenu(_ sideMenu: SideMenuController, willShowMenu side: SideMenuSide) { log.append("willShow \(side)") }
    func sideMenu(_ sideMenu: SideMenuController, didShowMenu side: SideMenuSide) { log.append("didShow \(side)") }
    func sideMenu(_ sideMenu: SideMenuController, willHideMenu side: SideMenuSide) { log.append("willHide \(side)") }
    func sideMenu(_ sideMenu: SideMenuController, didHideMenu side: SideMenuSide) { log.append("didHide \(side)") }
    func sideMenu(_ sideMenu: SideMenuController, shouldSelect viewController: ViewController, at index: Int) -> Bool {
        log.append("shouldSelect \(index)")
        return index != refuse
    }
    func sideMenu(_ sideMenu: SideMenuController, didSelect viewController: ViewController, at index: Int) {
        log.append("didSelect \(index)")
    }
}
