/// A scroll view's scroll bar: a one-cell track ("│" or "─") with a thumb ("█") whose length
/// is the visible fraction of the content and whose place is the offset's. A press on the
/// track pages towards it; a press on the thumb drags it, the content following cell by cell
/// (the terminal reports motion while the button is held).
///
/// Both are drawn in the plain style (as ratatui's default scroll bar): the shapes tell them
/// apart without colour, and beside plain text a scroll needs no style change to repair the
/// bar (a dim track cost 10 bytes a line scrolled).
@MainActor
final class ScrollIndicator: View {
    let axis: ScrollAxis
    private unowned let scrollView: ScrollView
    /// Where in the thumb the drag took hold, while the thumb is dragged.
    private var grab: Int?

    init(axis: ScrollAxis, scrollView: ScrollView) {
        self.axis = axis
        self.scrollView = scrollView
        super.init()
    }

    /// Cells along the bar.
    private var trackLength: Int { axis == .vertical ? bounds.height : bounds.width }

    /// The thumb's first cell and length along the track.
    var thumb: (start: Int, length: Int) {
        let track = trackLength
        let content = scrollView.scrollableLength(axis)
        let visible = scrollView.visibleLength(axis)
        guard track > 0, content > visible, visible > 0 else { return (0, track) }
        let length = min(track, max(1, (visible * track + content / 2) / content))
        let maximum = content - visible
        let offset = min(max(0, scrollView.offset(axis)), maximum)
        let start = (offset * (track - length) + maximum / 2) / maximum
        return (start, length)
    }

    override func draw(in canvas: inout Canvas) {
        let (start, length) = thumb
        for index in 0..<trackLength {
            let point = axis == .vertical ? Point(x: 0, y: index) : Point(x: index, y: 0)
            if index >= start && index < start + length {
                canvas.write("█", at: point)
            } else {
                canvas.write(axis == .vertical ? "│" : "─", at: point)
            }
        }
    }

    override func mouseEvent(_ event: MouseEvent, at point: Point) -> Bool {
        let position = axis == .vertical ? point.y : point.x
        let (start, length) = thumb
        switch event.kind {
        case .press(.left):
            if position < start {
                scrollView.scrollByPage(axis, forward: false)
            } else if position >= start + length {
                scrollView.scrollByPage(axis, forward: true)
            } else {
                grab = position - start
            }
            return true
        case .drag(.left):
            guard let grab else { return true }
            let room = trackLength - length
            let newStart = min(max(0, position - grab), room)
            let maximum = scrollView.scrollableLength(axis) - scrollView.visibleLength(axis)
            let offset = room == 0 ? 0 : (newStart * maximum + room / 2) / room
            scrollView.setOffset(offset, along: axis)
            return true
        case .release:
            grab = nil
            return true
        default:
            return false
        }
    }
}
