/// A container whose menu opens and closes by key: the side menu and the overlay menu share one
/// key rule through it, so the two cannot drift apart.
@MainActor
protocol MenuToggling: ViewController {
    /// Whether the menu is shown (or on its way to being shown).
    var isMenuVisible: Bool { get }
    /// Shows a hidden menu, hides a shown one; reverses one that is moving.
    func toggleMenu(animated: Bool)
}

extension MenuToggling {
    /// The menu's keys: `toggleKeys` toggle it, Escape hides a shown one (yielding to an Escape
    /// bound further in).
    static func menuKeyBindings(title: String, toggleKeys: [KeyEvent]) -> KeyBindings {
        KeyBindings(
            title: title,
            [
                KeyBinding(.toggleMenu, keys: toggleKeys, title: "Show or hide the menu"),
                KeyBinding(.closeMenu, keys: [KeyEvent(.escape)], title: "Hide the menu", yieldsToInner: true)
            ])
    }

    /// Whether the menu command `command` can run now, or `nil` for another command.
    func canPerformMenuCommand(_ command: KeyCommand) -> Bool? {
        switch command {
        case .toggleMenu: return true
        case .closeMenu: return isMenuVisible
        default: return nil
        }
    }

    /// Performs a menu command; returns whether `command` was one.
    func performMenuCommand(_ command: KeyCommand) -> Bool {
        guard command == .toggleMenu || command == .closeMenu else { return false }
        toggleMenu(animated: true)
        return true
    }

    /// Offers `key` to the menu as the window's walk would (`Window.offer(_:to:)`): used while
    /// the menu moves, when its keys reverse the motion.
    func respondDuringMotion(to key: KeyEvent) -> Bool {
        guard let window else { return respond(to: key) }
        return window.offer(key, to: self)
    }
}

/// The side menu and the overlay menu share the key rule.
extension SideMenuController: MenuToggling {}
extension OverlayMenuController: MenuToggling {}
