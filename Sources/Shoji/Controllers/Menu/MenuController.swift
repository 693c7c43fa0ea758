/// Shows a `Menu` as a popover (`ModalPresentationStyle.popover`) and carries out the choice:
/// what a context menu, a pull-down button and a pop-up button present. UIKit presents menus
/// itself and has no public controller for them; neither has Shoji (open a menu through
/// `View.contextMenuProvider` or `Button.menu`).
///
/// Guarantees:
/// - It opens beside its source rectangle (below it; a submenu to the right of its row),
///   flipped and clamped to stay in the window, sized to show its rows in full when the
///   window allows (else narrower with titles cut, and fewer rows shown, scrolling). It opens
///   and closes at once (`modalTransitionStyle` `.none`, as terminal menus do) with the focus on its first selectable row (a pop-up: its
///   selected one), and posts a screen change for screen readers.
/// - Keys (`MenuView`'s, and): Right or Enter on a submenu's row opens it beside the menu;
///   Left or Escape closes a submenu, back to its parent; Escape closes a top menu. A press
///   outside the menus closes them (one outside a submenu, on its parent, closes the submenu).
/// - Choosing an enabled action (Enter, Space, a click) closes the whole menu, submenus and
///   all, applies a `.singleSelection` menu's rule, then, once the menu has disappeared
///   (`viewDidDisappear`), calls `onChoose` and the action's handler, once each: a second
///   choice before that is ignored. Disabled actions cannot be chosen.
/// - Main actor only. It holds its menu strongly.
@MainActor
final class MenuController: ViewController {
    /// The menu shown.
    let menu: Menu
    /// The menu this one is a submenu of, while it is open.
    private(set) weak var parentMenu: MenuController?
    /// The action chosen (set on the top menu), once one is.
    private(set) var chosenAction: MenuAction?
    /// Called with the chosen action after the menu disappeared, before the action's handler
    /// (a pop-up button redraws its title). Set on the top menu.
    var onChoose: (@MainActor (MenuAction) -> Void)?
    /// The row selected when it opens (a pop-up's selected action), if selectable.
    var initialRow: Int?

    /// A menu opening beside `sourceRect` (window coordinates) on its `edge` side.
    init(menu: Menu, sourceRect: Rect, edge: TransitionStyle.Edge, parentMenu: MenuController? = nil) {
        self.menu = menu
        self.parentMenu = parentMenu
        super.init()
        title = menu.title
        modalPresentationStyle = .popover(sourceRect: sourceRect, edge: edge)
        modalTransitionStyle = .none
    }

    /// The menu at the bottom of the chain of submenus.
    var topMenu: MenuController { parentMenu?.topMenu ?? self }

    var menuView: MenuView? { viewIfLoaded as? MenuView }

    override func loadView() {
        let menuView = MenuView(menu: menu, showsTitle: parentMenu == nil)
        menuView.onActivate = { [weak self] row in self?.activate(row) }
        let first = initialRow.flatMap {
            menuView.rows.indices.contains($0) ? menuView.selectableRow(from: $0, step: 1) : nil
        }
        menuView.selectedRow = first ?? menuView.selectableRow(from: 0, step: 1)
        view = menuView
    }

    /// The size that shows every row in full, within `maximum`.
    override func preferredContentSize(fitting maximum: Size) -> Size {
        let wanted = (menuView ?? MenuView(menu: menu, showsTitle: parentMenu == nil)).fittingSize
        return Size(width: min(wanted.width, maximum.width), height: min(wanted.height, maximum.height))
    }

    override var preferredFocusedView: View? { menuView }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        if let menuView { view.window?.post(.screenChanged(menuView)) }
    }

    // MARK: Keys

    /// Right opens the selected submenu (`.openSubmenu`); Left closes this submenu
    /// (`.closeSubmenu`).
    override var defaultKeyBindings: KeyBindings {
        KeyBindings(
            title: "Menu",
            [
                KeyBinding(.openSubmenu, keys: [KeyEvent(.right)], title: "Open the submenu"),
                KeyBinding(.closeSubmenu, keys: [KeyEvent(.left)], title: "Back to the menu")
            ])
    }

    /// Opening needs a submenu's row selected; closing, a submenu.
    override func canPerform(_ command: KeyCommand) -> Bool {
        switch command {
        case .openSubmenu:
            guard let menuView, let row = menuView.selectedRow, case .submenu = menuView.rows[row] else { return false }
            return true
        case .closeSubmenu: return parentMenu != nil
        default: return super.canPerform(command)
        }
    }

    override func perform(_ command: KeyCommand, key: KeyEvent) -> Bool {
        switch command {
        case .openSubmenu:
            guard let row = menuView?.selectedRow else { return false }
            activate(row)
        case .closeSubmenu:
            dismiss(animated: false)
        default: return super.perform(command, key: key)
        }
        return true
    }

    // MARK: Choosing

    /// Opens the submenu or chooses the action of `row`.
    func activate(_ row: Int) {
        guard let menuView, menuView.rows.indices.contains(row) else { return }
        switch menuView.rows[row] {
        case .action(let action, let owner): choose(action, in: owner)
        case .submenu(let submenu): open(submenu, at: row)
        case .separator: break
        }
    }

    /// Opens `submenu` to the right of `row`, its first row level with it.
    private func open(_ submenu: Menu, at row: Int) {
        guard let menuView, presentedViewController == nil else { return }
        let rowOrigin = menuView.convertToWindow(menuView.convertFromContent(Point(x: 0, y: row)))
        let box = Rect(x: rowOrigin.x - 1, y: rowOrigin.y - 1, width: menuView.bounds.width + 2, height: 1)
        present(MenuController(menu: submenu, sourceRect: box, edge: .right, parentMenu: self), animated: false)
    }

    /// Chooses `action` (see the type's guarantees).
    func choose(_ action: MenuAction, in owner: Menu) {
        let top = topMenu
        guard action.isEnabled, top.chosenAction == nil else { return }
        top.chosenAction = action
        owner.select(action)
        let finish = { [onChoose = top.onChoose] in
            onChoose?(action)
            action.handler(action)
        }
        guard let presenter = top.presentingViewController else { return finish() }
        presenter.dismiss(animated: true, completion: finish)
    }
}
