/// A side menu's state as a value (`SideMenuController.state`): which menu is open, which child
/// is selected, whether the menu is docked. Codable, so an app can save it (in a settings file,
/// with `JSONEncoder`) and hand it back at start-up (`SideMenuController.restore(_:)`) to come
/// back where it was.
public struct SideMenuState: Codable, Hashable, Sendable {
    /// The menu open (or opening) when the state was taken; `nil`: both closed.
    public var visibleMenu: SideMenuSide?
    /// The position of the selected child in the menu.
    public var selectedIndex: Int
    /// Whether the menu was docked. For the app's information: restoring does not dock, the
    /// terminal's width and `dockingWidth` decide that at each layout.
    public var isDocked: Bool

    /// A state with `visibleMenu` open, the child at `selectedIndex` selected, docked or not.
    public init(visibleMenu: SideMenuSide? = nil, selectedIndex: Int = 0, isDocked: Bool = false) {
        self.visibleMenu = visibleMenu
        self.selectedIndex = selectedIndex
        self.isDocked = isDocked
    }
}
