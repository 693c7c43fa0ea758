/// What a controller keeps about container transitions (see `ViewController+Transition`): the
/// style it was shown with, which transition moves its view now, and where its view rests while
/// a transition moves it out.
struct TransitionState {
    /// Where a view rests, and the container size that was measured against.
    struct Rest {
        var frame: Rect
        var alpha: Double
        var containerSize: Size
        /// The view's `mask` at rest, in its own coordinates at `frame`'s size.
        var mask: Rect? = nil

        /// The resting frame for a container of `size`: autoresized as a resize would have.
        func frame(in size: Size, mask: AutoresizingMask) -> Rect {
            mask.resize(frame, from: containerSize, to: size)
        }

        /// The resting `View.mask` for a view resting at `restingFrame` (scaled as the view's
        /// mask scales with it).
        func viewMask(at restingFrame: Rect) -> Rect? {
            mask?.scaled(from: frame.size, to: restingFrame.size)
        }
    }

    /// The style a container last showed the controller with; its removal plays the inverse.
    var style: TransitionStyle = .none
    /// The transition that moves the controller's view now; a later transition that takes the
    /// view over (a reversal) replaces it, and the earlier one then leaves the view alone.
    var claim: Int?
    /// Set while a styled transition moves the view out: where it rested before, so that a
    /// reversal brings it back there and its removal puts it back there.
    var rest: Rest?
    /// The queue of child changes the controller runs as a container, if it has one.
    weak var changes: (any ChildChangeTracking)?

    /// Forgets the transition moving the view and its resting place (the style stays): called
    /// when the view leaves its superview, so a transition that claimed it leaves it alone.
    mutating func letGo() {
        claim = nil
        rest = nil
    }

    @MainActor private static var lastClaim = 0

    /// A claim no transition has used.
    @MainActor static func newClaim() -> Int {
        lastClaim += 1
        return lastClaim
    }
}
