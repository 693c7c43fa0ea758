/// The two menus' watchers: what the delegate and the right menu's controller are told as the
/// menus show and hide, and where the right menu's controller lives.
///
/// Each menu goes through the phases of a view controller's appearance (`MenuPhase`): a
/// change of `visibleMenu` starts a showing or hiding (`setVisibleMenu`), the pane's arrival
/// at rest ends it (`announceArrival`). A reversal before the arrival is a cancelled
/// transition (will-show, then will-hide, then did-hide), never a will without its did.
extension SideMenuController {
    /// A menu's appearance, as its watchers were told it.
    enum MenuPhase {
        case hidden, showing, shown, hiding
    }

    /// Makes `side` the menu the state shows (`visibleMenu`), and starts the showing of the
    /// menus that show by the state (`menuShows`: that one, the docked one) and the hiding of
    /// any other that was shown or showing (hidings first). `animated`: whether the pane will
    /// move over time. The one way `visibleMenu` changes, so no change goes unannounced.
    func setVisibleMenu(_ side: SideMenuSide?, animated: Bool) {
        visibleMenu = side
        for side in SideMenuSide.allCases where !menuShows(side) {
            guard menuPhases[side] == .shown || menuPhases[side] == .showing else { continue }
            menuPhases[side] = .hiding
            menuWillHide(side, animated: animated)
        }
        for side in SideMenuSide.allCases where menuShows(side) {
            guard menuPhases[side] == .hidden || menuPhases[side] == .hiding else { continue }
            menuPhases[side] = .showing
            menuWillShow(side, animated: animated)
        }
    }

    /// Ends the showings and hidings under way: the pane is at rest where `visibleMenu` says.
    /// `sides`: the menus to end (all by default).
    func announceArrival(of sides: [SideMenuSide] = SideMenuSide.allCases) {
        for side in sides {
            switch menuPhases[side] {
            case .hiding:
                menuPhases[side] = .hidden
                menuDidHide(side)
            case .showing:
                menuPhases[side] = .shown
                menuDidShow(side)
            default:
                break
            }
        }
    }

    private func menuWillShow(_ side: SideMenuSide, animated: Bool) {
        if side == .right, let menu = rightMenuViewController {
            // Begun before its view joins the tree, which would make it appear at once. Only
            // while the side menu shows: off screen, the side menu's own appearance reaches
            // the right menu's view in its tree.
            if isAppearing && isViewLoaded { menu.beginAppearanceTransition(true, animated: animated) }
            installRightMenu(menu)
        }
        delegate?.sideMenu(self, willShowMenu: side)
    }

    private func menuWillHide(_ side: SideMenuSide, animated: Bool) {
        if side == .right, let menu = installedRightMenu, menu.isAppearing {
            menu.beginAppearanceTransition(false, animated: animated)
        }
        delegate?.sideMenu(self, willHideMenu: side)
    }

    private func menuDidShow(_ side: SideMenuSide) {
        if side == .right, let menu = installedRightMenu, menu.appearancePhase == .willAppear {
            menu.endAppearanceTransition()
        }
        if side == .left { for item in menuItems.values { item.accessibilityValue = "open" } }
        view.window?.post(.announcement("\(menuName(side)) open"))
        delegate?.sideMenu(self, didShowMenu: side)
    }

    private func menuDidHide(_ side: SideMenuSide) {
        if side == .right, let menu = installedRightMenu {
            if menu.appearancePhase == .willDisappear { menu.endAppearanceTransition() }
            menu.viewIfLoaded?.removeFromSuperview()
            installedRightMenu = nil
        }
        if side == .left { for item in menuItems.values { item.accessibilityValue = "closed" } }
        view.window?.post(.announcement("\(menuName(side)) closed"))
        delegate?.sideMenu(self, didHideMenu: side)
    }

    /// What assistive technology calls a menu when it opens or closes: the left one by its
    /// `menuTitle`, the right one by its controller's title ("Right menu" without one).
    private func menuName(_ side: SideMenuSide) -> String {
        switch side {
        case .left: return menuTitle
        case .right: return rightMenuViewController?.title.flatMap { $0.isEmpty ? nil : $0 } ?? "Right menu"
        }
    }

    // MARK: The right menu's controller

    /// Puts the right menu's view in the tree, between the list and the pane, at the right edge.
    func installRightMenu(_ menu: ViewController) {
        guard isViewLoaded, installedRightMenu !== menu else { return }
        installedRightMenu = menu
        // Under the separator, which draws over the menus' edge columns.
        view.insertSubview(menu.view, at: view.subviews.firstIndex { $0 === separatorView } ?? view.subviews.count)
        layoutRightMenu()
    }

    /// The right menu's view fills the columns the open pane uncovers on the right after the
    /// separator (its first column).
    func layoutRightMenu() {
        guard isViewLoaded, let menu = installedRightMenu else { return }
        // The whole width of a terminal too narrow for both needs no separator.
        let exposed = effectiveRightExposedWidth
        let width = exposed >= view.bounds.width ? exposed : max(0, exposed - 1)
        menu.view.frame = Rect(x: view.bounds.width - width, y: 0, width: width, height: view.bounds.height)
    }

    /// Makes `menu` a child (UIKit's order); its view waits until the menu shows.
    func addRightMenu(_ menu: ViewController) {
        addChild(menu)
        menu.didMove(toParent: self)
    }

    /// Takes `menu` out, hiding it at once first if it shows (with its calls balanced).
    func removeRightMenu(_ menu: ViewController) {
        // A drag towards it ends where the pane is, which now cancels it.
        if paneGesture.isDragging, paneDrag?.side == .right { paneGesture.cancel() }
        if menuPhases[.right] != .hidden {
            // Its showing (if under way) is cut short, not finished: a cancelled appearance.
            if visibleMenu == .right {
                setVisibleMenu(nil, animated: false)
                moveFocus(to: nil)
            }
            // No frame shows the strip without its menu: the pane jumps where it is going.
            if isViewLoaded, !changes.isBusy, paneView.targetFrame.minX != restingPaneX {
                slidePane(to: .menuState, animated: false) { _ in }
            }
            announceArrival(of: [.right])
        }
        menu.willMove(toParent: nil)
        menu.removeFromParent()
    }
}
