/// One of a side menu's two menus: the list on the left (the menu of children), or the
/// optional right-hand menu (`SideMenuController.rightMenuViewController`). Coded as `"left"`
/// and `"right"` (in a saved `SideMenuState`).
public enum SideMenuSide: String, Sendable, Hashable, CaseIterable, Codable {
    /// The list of children, revealed as the pane slides right.
    case left
    /// The right-hand menu, revealed as the pane slides left.
    case right
}
