/// The root view of a `SplitViewController`: the primary column, the divider and the secondary
/// column, each child's view filling its column.
///
/// Only the primary column's frame is placed by the controller (at rest, or by its slide and
/// the divider's drag); the divider and the secondary column are derived from it by
/// `SplitLayout` at every layout pass, and a move of the primary column (an animation tick, a
/// drag) asks for one, so the three never disagree on screen.
@MainActor
final class SplitContentView: View {
    /// Holds the primary child's view; clipped to its frame, so a slide shows its edge moving.
    let primaryColumn = View()
    /// The one-cell line between the columns.
    let divider = SplitDividerView()
    /// Holds the secondary child's view.
    let secondaryColumn = View()

    /// Which way the columns go.
    var axis: SplitLayout.Axis = .horizontal {
        didSet {
            divider.axis = axis
            setNeedsLayout()
        }
    }

    /// Places the primary column (the controller's rule), called first in each layout pass.
    var placePrimaryColumn: (@MainActor () -> Void)?

    /// The primary column's frame the other two were last derived from.
    private var derivedFrom: Rect?
    private var isLayingOut = false

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        for column in [primaryColumn, secondaryColumn] { column.backgroundStyle = .plain }
        addSubview(secondaryColumn)
        addSubview(primaryColumn)
        addSubview(divider)
    }

    var layout: SplitLayout { SplitLayout(axis: axis, size: bounds.size) }

    override func layoutSubviews() {
        isLayingOut = true
        defer { isLayingOut = false }
        placePrimaryColumn?()
        deriveFromPrimary()
    }

    /// Puts the divider and the secondary column where the primary column's frame says.
    func deriveFromPrimary() {
        let primary = primaryColumn.frame
        derivedFrom = primary
        let layout = self.layout
        divider.frame = layout.dividerFrame(primary: primary)
        secondaryColumn.frame = layout.secondaryFrame(primary: primary)
    }

    /// A move of the primary column outside layout (an animation tick, a drag) asks for a pass.
    override func subviewsDidChange() {
        guard !isLayingOut, primaryColumn.frame != derivedFrom else { return }
        setNeedsLayout()
    }
}
