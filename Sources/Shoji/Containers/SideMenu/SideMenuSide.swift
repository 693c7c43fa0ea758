/// One of a side menu's two menus: the list on the left (the menu of children), or the
/// optional right-hand menu (`SideMenuController.rightMenuViewController`).
public enum SideMenuSide: Sendable, Hashable, CaseIterable {
    /// The list of children, revealed as the pane slides right.
    case left
    /// The right-hand menu, revealed as the pane slides left.
    case right
}
