/// Selecting a child: the requests the change queue runs one at a time (a selection's
/// replacement, the menu's opening and closing, new children), and the replacement's two
/// halves (the pane slides off to the right, the new child's pane slides in).
extension SideMenuController {
    /// Shows the child at `index` with the replacement transition (the pane slides off to the
    /// right, the new child's pane slides in from the right), ending with the menu closed.
    /// Selecting the current child only closes the menu. During a replacement the request
    /// waits for it. Throws for an index out of range.
    public func setSelectedIndex(_ index: Int, animated: Bool) throws(SideMenuError) {
        guard viewControllers.indices.contains(index) else {
            throw .indexOutOfRange(index: index, count: viewControllers.count)
        }
        changes.submit(.select(viewControllers[index], animated: animated))
    }

    func userSelected(_ row: Int) {
        guard viewControllers.indices.contains(row) else { return }
        if row != selectedIndex,
            delegate?.sideMenu(self, shouldSelect: viewControllers[row], at: row) == false
        {
            return
        }
        try? setSelectedIndex(row, animated: true)
    }

    /// Replaces all children (wrapped as in `init`); the first is shown, at once, with the menu
    /// closed; a motion under way ends first. The old children leave with balanced calls. With
    /// `titles` nil the menu shows the children's titles. Throws like `init`.
    public func setViewControllers(_ controllers: [ViewController], titles: [String]? = nil) throws(SideMenuError) {
        guard !controllers.isEmpty else { throw .noViewControllers }
        if let titles, controllers.count != titles.count {
            throw .titleCountMismatch(controllers: controllers.count, titles: titles.count)
        }
        finishMotionsNow()
        changes.submit(.replaceAll(controllers.map(Self.wrap), titles: titles))
    }

    /// Runs a request from the queue; `change` completes when its motion ends.
    func perform(_ request: Request, in change: ChildChange) {
        switch request {
        case .menuVisible(let side, let animated, let completion):
            moveMenu(to: side, animated: animated, completion: completion)
            change.complete()
        case .select(let incoming, let animated):
            if incoming === selectedViewController || !viewControllers.contains(where: { $0 === incoming }) {
                moveMenu(to: nil, animated: animated, completion: nil)
                change.complete()
            } else if isViewLoaded {
                replaceSelected(with: incoming, animated: animated, in: change)
            } else {
                swapAtOnce(to: incoming, in: change)
                change.complete()
            }
        case .replaceAll(let wrapped, let titles):
            replaceAll(with: wrapped, titles: titles, in: change)
        }
    }

    /// The replacement transition: the pane slides off to the right with the outgoing child,
    /// the views swap off screen, the pane slides back in with the incoming one; the menu
    /// counts as closing from the start. Containment in UIKit's order around it (`change`).
    func replaceSelected(with incoming: ViewController, animated requested: Bool, in change: ChildChange) {
        if isPaneMoving { finishMotionsNow() }
        // `animated` in the appearance calls is true exactly when the pane will move over time.
        let animated = requested && (window?.animator.plays(duration: motionDuration) ?? false)
        let outgoing = selectedViewController
        change.remove(outgoing)
        change.add(incoming)
        selectedViewController = incoming
        setVisibleMenu(nil, animated: animated)
        if isViewLoaded { incoming.view.frame = paneView.bounds }  // sized by its viewWillAppear
        let swap = beginTransition(from: outgoing, to: incoming, animated: animated)
        // Phase 1: the pane with the outgoing child slides off to the right.
        slidePane(to: .offRight, animated: animated) { [weak self] _ in
            self?.replacementSlidOut(swap, change: change, animated: animated)
        }
    }

    /// Phase 2: the views swap off screen and the pane slides in from the right to x = 0.
    func replacementSlidOut(_ swap: ChildTransition, change: ChildChange, animated: Bool) {
        swap.removeOutgoing()
        if let incoming = swap.to, isViewLoaded {
            incoming.view.fill(paneView)
            swap.insertIncoming(in: paneView, at: 0)
            paneView.frame.origin.x = view.bounds.width
        }
        slidePane(to: .home, animated: animated) { [weak self] _ in self?.replacementSlidIn(swap, change: change) }
    }

    func replacementSlidIn(_ swap: ChildTransition, change: ChildChange) {
        swap.end()
        change.complete { [weak self] in
            guard let self else { return }
            self.window?.makeFirstResponder(nil)
            self.window?.validateFocus()
            if let incoming = swap.to {
                self.delegate?.sideMenu(self, didSelect: incoming, at: self.selectedIndex)
            }
            self.announceArrival()
        }
    }

    /// Replaces every child at once: UIKit's order, no motion; the menu ends closed (docked, the
    /// list stays on screen beside the pane).
    func replaceAll(with wrapped: [ViewController], titles: [String]?, in change: ChildChange) {
        let outgoing = selectedViewController
        for old in viewControllers where !wrapped.contains(where: { $0 === old }) { removeMenuItem(from: old) }
        for new in wrapped where menuItems[ObjectIdentifier(new)] == nil { injectMenuItem(into: new) }
        viewControllers = wrapped
        givenTitles = titles
        listView.reloadData()
        if wrapped[0] !== outgoing { swapAtOnce(to: wrapped[0], in: change) }
        change.complete { [weak self] in
            guard let self else { return }
            self.setVisibleMenu(nil, animated: false)
            // Closed: at the left edge, or beside the docked menu.
            self.paneView.frame = self.paneFrame(at: self.restingPaneX)
            self.announceArrival()
            self.window?.validateFocus()
        }
    }

    /// Shows `incoming` instead of the selected child with no motion, in UIKit's order
    /// (`change` makes the did-calls when it completes).
    func swapAtOnce(to incoming: ViewController, in change: ChildChange) {
        let outgoing = selectedViewController
        change.remove(outgoing)
        change.add(incoming)
        selectedViewController = incoming
        guard isViewLoaded else { return }
        incoming.view.frame = paneView.bounds  // sized by its viewWillAppear
        let swap = beginTransition(from: outgoing, to: incoming, animated: false)
        swap.removeOutgoing()
        incoming.view.fill(paneView)
        swap.insertIncoming(in: paneView, at: 0)
        swap.end()
    }
}
