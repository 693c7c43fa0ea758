import Shoji

/// The long form of the scroll view benchmarks.
@MainActor
public enum LongForm {
    /// A scroll view whose content is `subviews` views, one a row: a label, then its text field.
    /// A hundred of them are taller than the benchmarks' 60-row window, so both sizes scroll.
    public static func scrollView(subviews: Int) -> ScrollView {
        let scrollView = ScrollView()
        let rows = max(1, subviews)
        for row in 0..<rows {
            let field = row / 2 + 1
            scrollView.contentView.addSubview(
                row % 2 == 0
                    ? Label(text: "Field \(field)", frame: Rect(x: 1, y: row, width: 40, height: 1))
                    : TextField(text: "value \(field)", frame: Rect(x: 3, y: row, width: 40, height: 1)))
        }
        scrollView.contentSize = Size(width: 60, height: rows)
        return scrollView
    }
}
