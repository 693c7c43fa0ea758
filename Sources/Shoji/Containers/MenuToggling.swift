/// A container whose menu keys open and close: the side menu and the overlay menu share one key
/// rule through it, so the two cannot drift apart.
@MainActor
protocol MenuToggling: ViewController {
    /// The keys that open and close the menu.
    var menuToggleKeys: [KeyEvent] { get }
    /// Whether the menu is shown (or on its way to being shown).
    var isMenuVisible: Bool { get }
    /// Shows a hidden menu, hides a shown one; reverses one that is moving.
    func toggleMenu(animated: Bool)
}

extension MenuToggling {
    /// A toggle key toggles the menu (as a shortcut: a key that types text is left to a focused
    /// text view), Escape hides a shown one; returns whether the key was used.
    func handleMenuKey(_ event: KeyEvent) -> Bool {
        if isShortcut(event, among: menuToggleKeys) || (event == KeyEvent(.escape) && isMenuVisible) {
            toggleMenu(animated: true)
            return true
        }
        return false
    }
}

/// The side menu and the overlay menu share the key rule.
extension SideMenuController: MenuToggling {}
extension OverlayMenuController: MenuToggling {}
