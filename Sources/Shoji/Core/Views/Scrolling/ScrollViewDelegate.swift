/// Told when a scroll view's content moves, as UIKit's `UIScrollViewDelegate`.
@MainActor
public protocol ScrollViewDelegate: AnyObject {
    /// `scrollView.contentOffset` changed (by code, keys, the wheel or a scrollbar). Called
    /// once per change, after the new offset is set and before the next frame; an animated
    /// change reports its target offset when it starts.
    func scrollViewDidScroll(_ scrollView: ScrollView)
}
