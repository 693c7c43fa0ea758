/// What a `BarContentView` asks of the controller whose root view it is.
@MainActor
protocol BarContentOwner: AnyObject {
    /// Whether the bar takes the top row (else the bottom one); read at each layout pass.
    var barIsAtTop: Bool { get }
    /// Called before each layout pass of the view: the owner points its bar at what it
    /// derives from its children, which change without telling the view.
    func barContentViewWillLayout()
}

/// A container's root view of one bar row and a content area on the other rows: the
/// navigation controller's (bar on top) and the tab bar controller's (top or bottom).
///
/// Guarantees: the bar is one row, full width, on the top row or the bottom one (row 0 when
/// there is no row); the content area fills the rest and never overlaps it; both follow every
/// resize, also from and to a zero size. The content comes first among the subviews: drawn
/// below the bar and first in Tab order.
@MainActor
final class BarContentView: View {
    private let bar: View
    private let content: View

    init(bar: View, content: View) {
        self.bar = bar
        self.content = content
        super.init()
        // Masks keep the frames right straight after a resize; `layoutSubviews` derives them
        // exactly from the bounds, which masks cannot do from a zero size (a row lost to
        // clamping is never given back).
        bar.autoresizingMask = .flexibleWidth
        content.autoresizingMask = .flexibleSize
        layoutSubviews()
        addSubview(content)
        addSubview(bar)
    }

    override func layoutIfNeeded() {
        (viewController as? BarContentOwner)?.barContentViewWillLayout()
        super.layoutIfNeeded()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let width = bounds.width, height = bounds.height
        let atTop = (viewController as? BarContentOwner)?.barIsAtTop ?? true
        bar.frame = Rect(x: 0, y: atTop ? 0 : max(0, height - 1), width: width, height: 1)
        content.frame = Rect(x: 0, y: atTop ? 1 : 0, width: width, height: max(0, height - 1))
    }
}
