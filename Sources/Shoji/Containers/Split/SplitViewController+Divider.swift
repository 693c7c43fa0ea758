/// Dragging the divider: a left press on it grabs it (when `isDividerDraggable` and the primary
/// column is shown and still); from the first cell of motion the drag is the window's
/// `InteractiveTransition` (so keys and other clicks wait, and a resize, a new press or a key
/// after a second without motion end it), and the primary column's trailing edge follows the
/// pointer, clamped to `minimumPrimaryColumnWidth`…`maximumPrimaryColumnWidth` and the bounds.
/// The release leaves the divider where it is: a divider has no "finished or cancelled", so the
/// release rule of the side menu and the interactive pop (`releaseFinishes`) does not apply,
/// and the drag's speed is not used.
extension SplitViewController {
    /// A press on the divider being followed.
    struct DividerGrab: FollowedPress {
        /// The window's number of the press (`Window.pressNumber`): its reports come before the next.
        var press: Int
        /// Where the press was (screen cells), and the primary column's length then.
        var pointer: Point
        var length: Int
        /// The drag, once the pointer moved a cell along the axis; a press until then.
        var interaction: InteractiveTransition?
    }

    /// Whether the user is dragging the divider now.
    public var isDraggingDivider: Bool { dividerGrab?.interaction?.isActive ?? false }

    /// Takes the mouse events that reach the divider.
    func dividerMouseEvent(_ event: MouseEvent) -> Bool {
        switch event.kind {
        case .press(.left):
            guard isDividerDraggable, primaryDisplayed, !isPrimaryMoving else { return false }
            dividerGrab = DividerGrab(
                press: view.window?.pressNumber ?? 0, pointer: event.position, length: primaryColumnWidth)
            return true
        case .drag(.left):
            guard Window.follows(&dividerGrab, in: view.window) else { return false }
            dragDivider(to: event.position)
            return true
        case .release:
            guard Window.follows(&dividerGrab, in: view.window) else { return false }
            endDividerDrag()
            return true
        default:
            return false
        }
    }

    /// Moves the divider with the pointer, starting the drag at its first cell of motion.
    private func dragDivider(to position: Point) {
        guard var grab = dividerGrab, isViewLoaded else { return }
        let layout = contentView.layout
        let moved = layout.coordinate(of: position) - layout.coordinate(of: grab.pointer)
        if grab.interaction == nil {
            guard moved != 0, let window = view.window else { return }
            grab.interaction = InteractiveTransition.begun(owner: self, at: grab.pointer, in: window) {
                [weak self] in self?.endDividerDrag()
            }
            contentView.divider.isHighlighted = true
        }
        grab.interaction?.update(to: position)
        dividerGrab = grab
        let length = layout.primaryLength(
            grab.length + moved, minimum: minimumPrimaryColumnWidth, maximum: maximumPrimaryColumnWidth)
        contentView.primaryColumn.frame = layout.primaryFrame(length: length, isShown: true)
        contentView.deriveFromPrimary()
        // The length stays where the drag leaves it; set last, as the column is already there.
        preferredPrimaryColumnWidth = length
    }

    /// Ends the press or drag on the divider where it is (idempotent).
    func endDividerDrag() {
        guard let grab = dividerGrab else { return }
        dividerGrab = nil
        grab.interaction?.end()
        guard isViewLoaded else { return }
        contentView.divider.isHighlighted = false
        contentView.setNeedsLayout()
    }
}
