/// One animated property of one view, from one value to another: the unit the animator ticks,
/// like Textual's `SimpleAnimation`. Belongs to one `Animation` (the call that started it).
///
/// Holds its view weakly: the view's superview owns the view, and a view that goes away ends
/// its animation (not finished) at the next tick.
@MainActor
final class PropertyAnimation {
    /// What is animated, with both ends.
    enum Values {
        case frame(from: Rect, to: Rect)
        case alpha(from: Double, to: Double)
        /// `nil` at either end is the whole view, as big as it is at each frame.
        case mask(from: Rect?, to: Rect?)
    }

    private(set) weak var view: View?
    private(set) var values: Values
    /// The call this belongs to; it completes when its last property animation ends.
    let group: Animation
    /// False once ended (completed, interrupted, finished early or detached).
    var isRunning = true

    init(view: View, values: Values, group: Animation) {
        self.view = view
        self.values = values
        self.group = group
    }

    /// The frame the view will have when this ends, for a frame animation.
    var targetFrame: Rect? {
        if case .frame(_, let to) = values { return to }
        return nil
    }

    /// Moves the view to `progress` (the curve's value) of the way; 1 gives the target exactly.
    func apply(progress: Double) {
        guard let view else { return }
        switch values {
        case let .frame(from, to):
            view.applyFrame(progress == 1 ? to : from.interpolated(to: to, progress: progress))
        case let .alpha(from, to):
            view.applyAlpha(progress == 1 ? to : min(1, max(0, from + (to - from) * progress)))
        case let .mask(from, to):
            let whole = view.bounds
            view.applyMask(progress == 1 ? to : (from ?? whole).interpolated(to: to ?? whole, progress: progress))
        }
    }

    /// Starts again from the view's value now towards the same end (`frame`: towards `target`,
    /// from `start` if given), for an animation whose clock restarts (`Animation.retarget`).
    func restart(towards target: Rect? = nil, from start: Rect? = nil) {
        guard let view else { return }
        switch values {
        case .frame(_, let to): values = .frame(from: start ?? view.frame, to: target ?? to)
        case .alpha(_, let to): values = .alpha(from: view.alpha, to: to)
        case .mask(_, let to): values = .mask(from: view.mask, to: to)
        }
    }

    /// A mask in motion on a view that resized: both ends keep their places (see `View.mask`).
    func scaleMaskEnds(from old: Size, to new: Size) {
        if case let .mask(from, to) = values {
            values = .mask(from: from?.scaled(from: old, to: new), to: to?.scaled(from: old, to: new))
        }
    }

    /// Autoresizing of a frame in motion: both ends follow the superview's new size.
    func resizeEnds(_ transform: (Rect) -> Rect) {
        if case let .frame(from, to) = values { values = .frame(from: transform(from), to: transform(to)) }
    }
}
