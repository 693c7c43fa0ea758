/// A button's menu: the pull-down and pop-up buttons (see `Button.menu`,
/// `showsMenuAsPrimaryAction`, `changesSelectionAsPrimaryAction`).
extension Button {
    /// Whether activating opens the menu rather than running `action`.
    var opensMenuAsPrimaryAction: Bool {
        menu != nil && (showsMenuAsPrimaryAction || changesSelectionAsPrimaryAction)
    }

    /// The title drawn: a pop-up's chosen action and its arrow, else `title`.
    var shownTitle: String {
        guard changesSelectionAsPrimaryAction, let menu else { return title }
        let arrow = glyphSet == .ascii ? "v" : "▾"
        return (menu.selectedElements.first?.title ?? title) + " " + arrow
    }

    /// Opens `menu` below the button; a pop-up's with its chosen action selected, choosing
    /// by its rule. Does nothing outside a window or when the menu cannot open there.
    func showMenu() {
        guard let menu, let window else { return }
        let source = Rect(origin: convertToWindow(.zero), size: bounds.size)
        var initialRow: Int?
        if changesSelectionAsPrimaryAction, let chosen = menu.selectedElements.first {
            initialRow = MenuRow.rows(of: menu).firstIndex { row in
                if case .action(let action, _) = row { return action === chosen }
                return false
            }
        }
        guard let controller = window.presentMenu(menu, for: self, from: source, initialRow: initialRow) else { return }
        guard changesSelectionAsPrimaryAction else { return }
        controller.onChoose = { [weak self, weak menu] chosen in
            guard let menu else { return }
            for action in menu.actions { action.state = action === chosen ? .on : .off }
            self?.invalidateIntrinsicContentSize()
        }
    }
}
