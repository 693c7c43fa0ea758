/// Dragging the divider: a left press on it grabs it (when `isDividerDraggable` and the primary
/// column is shown and still); from the first cell of motion the drag is the window's
/// `InteractiveTransition` (so keys and other clicks wait, and a resize, a new press or a key
/// after a second without motion end it), and the primary column's trailing edge follows the
/// pointer, clamped to `minimumPrimaryColumnWidth`…`maximumPrimaryColumnWidth` and the bounds.
/// The release leaves the divider where it is: a divider has no "finished or cancelled", so the
/// release rule of the side menu and the interactive pop (`releaseFinishes`) does not apply,
/// and the drag's speed is not used.
extension SplitViewController {
    /// A press on the divider being followed: the primary column's length at the press.
    struct DividerGrab {
        var length: Int
    }

    /// The divider's gesture, made once (`dividerGesture`).
    func makeDividerGesture() -> PanGesture {
        let gesture = PanGesture(owner: self)
        gesture.shouldBegin = { [unowned self] gesture, point in
            let layout = contentView.layout
            return layout.coordinate(of: point) != layout.coordinate(of: gesture.startPosition)
        }
        gesture.onStateChange = { [unowned self] gesture in
            switch gesture.state {
            case .began:
                contentView.divider.isHighlighted = true
                dragDivider(with: gesture)
            case .changed: dragDivider(with: gesture)
            case .ended, .cancelled: endDividerDrag()
            case .possible: break
            }
        }
        gesture.onTap = { [unowned self] _ in endDividerDrag() }
        return gesture
    }

    /// Whether the user is dragging the divider now.
    public var isDraggingDivider: Bool { dividerGesture.isDragging }

    /// Takes the mouse events that reach the divider.
    func dividerMouseEvent(_ event: MouseEvent) -> Bool {
        guard case .press(.left) = event.kind else { return dividerGesture.handle(event) }
        guard isDividerDraggable, primaryDisplayed, !isPrimaryMoving, let window = view.window else { return false }
        dividerGrab = DividerGrab(length: primaryColumnWidth)
        dividerGesture.press(at: event.position, in: window)
        return true
    }

    /// Moves the divider with the pointer (along the axis, clamped).
    private func dragDivider(with gesture: PanGesture) {
        guard let grab = dividerGrab, isViewLoaded else { return }
        let layout = contentView.layout
        let moved = layout.coordinate(of: gesture.position) - layout.coordinate(of: gesture.startPosition)
        let length = layout.primaryLength(
            grab.length + moved, minimum: minimumPrimaryColumnWidth, maximum: maximumPrimaryColumnWidth)
        contentView.primaryColumn.frame = layout.primaryFrame(length: length, isShown: true)
        contentView.deriveFromPrimary()
        // The length stays where the drag leaves it; set last, as the column is already there.
        preferredPrimaryColumnWidth = length
    }

    /// Ends the press or drag on the divider where it is (idempotent).
    func endDividerDrag() {
        guard dividerGrab != nil else { return }
        dividerGrab = nil
        dividerGesture.reset()
        guard isViewLoaded else { return }
        contentView.divider.isHighlighted = false
        contentView.setNeedsLayout()
    }
}
