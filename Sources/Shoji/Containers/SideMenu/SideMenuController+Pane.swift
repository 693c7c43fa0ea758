/// The pane's motion: where it rests for the menus' state (sliding or docked), the separator
/// beside it, the speed of a slide, and the one place it slides (`slidePane`).
extension SideMenuController {
    /// Ends the pane's slide at its target now, and the one its completion starts (a
    /// replacement's second half): used before changes that cannot wait.
    func finishMotionsNow() {
        while let animation = paneAnimation, animation.isRunning {
            animation.finish()
            // Inside another completion this one is queued behind it: it ends there.
            if animation.isRunning { break }
        }
    }

    /// Where `paneGoal` puts the pane's left edge now.
    var paneTarget: Int {
        switch paneGoal {
        case .menuState: return restingPaneX
        case .offRight: return view.bounds.width
        case .home: return isDocked ? dockedPaneX : 0
        }
    }

    /// The pane's frame with its left edge at `x`, filling the container otherwise.
    /// Sliding, the pane is as wide as the container; docked, as wide as what the docked menu
    /// and the separator leave (a `SplitLayout` with the menu as its primary column, the
    /// separator in the divider's place and the pane as the secondary column).
    func paneFrame(at x: Int) -> Rect {
        var frame = Rect(origin: Point(x: x, y: 0), size: view.bounds.size)
        if isDocked { frame.size.width = max(0, view.bounds.width - dockedPaneX) }
        return frame
    }

    /// The docked layout: the menu's column, the separator (the divider) and the pane.
    var dockedLayout: (menu: Rect, divider: Rect, pane: Rect) {
        let layout = SplitLayout(axis: .horizontal, size: view.bounds.size)
        let menu = layout.primaryFrame(length: layout.primaryLength(effectiveExposedWidth), isShown: true)
        return (menu, layout.dividerFrame(primary: menu), layout.secondaryFrame(primary: menu))
    }

    /// The docked menu's columns: where the separator (the divider) starts.
    var dockedMenuWidth: Int { dockedLayout.divider.minX }

    /// Where the docked pane starts: after the separator.
    var dockedPaneX: Int { dockedLayout.pane.minX }

    /// Where the pane's left edge rests for the menus' state: moved right by the open left
    /// menu, left by the open right one; docked, from beside the docked menu's separator.
    var restingPaneX: Int {
        guard isDocked else { return visibleMenu.map(exposure(of:)) ?? 0 }
        return dockedPaneX - (visibleMenu == .right ? effectiveRightExposedWidth : 0)
    }

    /// Puts the separator beside the pane, outside it (the pane's every column is the child's):
    /// after it while it is moved left (the right menu), before it while moved right (the left
    /// menu, open, opening or docked), hidden at rest; and the list as wide as the columns the
    /// pane uncovers before the separator. Called at every change of the pane's frame.
    func placeSeparator() {
        guard isViewLoaded else { return }
        let pane = paneView.frame
        let width = view.bounds.width
        // Beside a pane that shows: none when it is off the screen (a menu that takes the
        // whole width of a terminal too narrow for both).
        let separatorX: Int? =
            pane.maxX < width
            ? (pane.maxX > 0 ? pane.maxX : nil) : (pane.minX > 0 && pane.minX < width ? pane.minX - 1 : nil)
        let uncovered = pane.maxX < width ? 0 : min(width, pane.minX) - (separatorX == nil ? 0 : 1)
        let listWidth = isDocked ? dockedMenuWidth : max(0, effectiveExposedWidth - 1, uncovered)
        // Never animated: inside a slide's block the pane's frame is briefly its target, and a
        // recorded move would set the slide's duration by the separator's own distance.
        View.performWithoutAnimation {
            separatorView.isHidden = separatorX == nil
            if let separatorX { separatorView.frame = Rect(x: separatorX, y: 0, width: 1, height: pane.height) }
            listView.frame = Rect(x: 0, y: 0, width: listWidth, height: view.bounds.height)
        }
    }

    /// Cells per second of a slide towards `paneGoal`: its full distance (the exposed width, or
    /// the container's width for a replacement) in `transitionDuration`, so a slide that starts
    /// or turns midway takes the part of the time that its distance is of the whole; infinite
    /// (at once) when not animated.
    func paneSpeed(animated: Bool) -> Double {
        // The menu the pane shows or is leaving: the one on the side it is (or goes) to.
        let towardsRight = visibleMenu == .right || (visibleMenu == nil && paneView.frame.minX < 0)
        let full =
            paneGoal == .menuState
            ? (towardsRight ? effectiveRightExposedWidth : effectiveExposedWidth) : view.bounds.width
        return InteractiveTransition.slideSpeed(distance: full, duration: motionDuration, animated: animated)
    }

    /// Where a slide starts: where the pane is, except past the farthest the menu opens (a
    /// resize made the exposed width smaller), where it starts from there at once, so no frame
    /// shows less content than `minimumVisibleContentWidth`.
    var clampedPaneStart: Rect {
        let farthest = paneGoal == .menuState ? max(0, effectiveExposedWidth, restingPaneX) : view.bounds.width
        let farthestLeft = paneGoal == .menuState ? min(-effectiveRightExposedWidth, restingPaneX) : Int.min
        return paneFrame(at: max(farthestLeft, min(paneView.frame.minX, farthest)))
    }

    /// The one place the pane moves: an ease-out slide towards `goal` owned by this controller
    /// (so it `isTransitioning`), at the speed `paneSpeed` gives, or a jump when not animated
    /// or animations are off. A slide under way is cut short where the pane is (its completion
    /// gets `false`) and this one starts from there. A slide to the menus' state that arrives
    /// tells the menus' watchers (`announceArrival`) before `completion`.
    func slidePane(
        to goal: PaneGoal, animated: Bool, minimumSpeed: Double = 0, completion: @escaping @MainActor (Bool) -> Void
    ) {
        // Whatever starts a slide takes the pane from the user: a press waiting to become a
        // drag is forgotten (the pane will not be where it was pressed), a drag ends.
        paneGesture.reset()
        paneDrag = nil
        paneGoal = goal
        let start = clampedPaneStart
        if start != paneView.frame { paneView.frame = start }
        let target = paneFrame(at: paneTarget)
        let slide = animateTransition(
            withSpeed: max(paneSpeed(animated: animated), minimumSpeed), curve: .easeOut,
            animations: { paneView.frame = target },
            completion: { [weak self] finished in
                if goal == .menuState, let self {
                    if finished {
                        self.announceArrival()
                    } else if self.viewIfLoaded?.window == nil {
                        // Cut short by the menu leaving the window: no frame shows the rest.
                        self.relayoutPane()
                    }
                }
                completion(finished)
            })
        // A slide with nothing to move completes inside the call, and its completion may have
        // started the next one (a replacement's second half): that one is the running slide.
        if slide.isRunning { paneAnimation = slide }
    }
}
