/// How a container animates one child's view in and another's out, shared by every container.
/// Each style has an exact `inverse`: a child's removal plays the inverse of the style it was
/// shown with (a pop plays its push backwards), computed from the container's bounds at the
/// time, so it stays right after a resize.
///
/// Geometry: "beyond an edge" means just outside the container's bounds on that side, the
/// other coordinate unchanged, so a view starts moving into sight on the first frame. The
/// incoming view ends at the frame its container gave it; the outgoing view is removed at the
/// end and gets back the frame and alpha it had before the transition moved it.
public enum TransitionStyle: Hashable, Sendable, CustomStringConvertible {
    /// A side of the container.
    public enum Edge: Hashable, Sendable, CaseIterable {
        /// The container's left, right, top or bottom side.
        case left, right, top, bottom

        /// The side across.
        public var opposite: Edge {
            switch self {
            case .left: return .right
            case .right: return .left
            case .top: return .bottom
            case .bottom: return .top
            }
        }
    }

    /// No animation: the views swap at once.
    case none
    /// The incoming view slides in from beyond `edge`, on top; the outgoing one stays still.
    case slide(from: Edge)
    /// The outgoing view slides out beyond `edge`, on top; the incoming one waits in place below.
    case slideOut(to: Edge)
    /// The incoming view slides in from beyond `edge` while the outgoing one slides out beyond
    /// the opposite edge, side by side (a navigation push from the right).
    case push(from: Edge)
    /// As `slide(from:)`, and the covered view dims as it is covered: a terminal's shadow.
    case cover(from: Edge)
    /// As `slideOut(to:)`, and the uncovered view brightens from dim as it is uncovered.
    case uncover(to: Edge)
    /// Attribute steps instead of opacity: the incoming view (on top) goes from nothing to dim
    /// to normal while the outgoing one goes the other way (see `View.alpha`).
    case fade
    /// The incoming view, on top, is revealed from `edge` towards the opposite edge, one row
    /// (or column) more at a time, over the outgoing view, which stays still: the terminal's
    /// page curl. Neither view moves; the incoming one grows through its `View.mask`.
    case wipe(from: Edge)
    /// The inverse of `wipe(from:)`: the outgoing view, on top, is hidden back towards `edge`,
    /// one row (or column) at a time, uncovering the incoming view, which waits in place below.
    case unwipe(to: Edge)

    /// The style that undoes this one: slide from an edge and slide out to it, push from
    /// opposite edges, cover and uncover, wipe and unwipe at the same edge; `none` and `fade`
    /// are their own.
    public var inverse: TransitionStyle {
        switch self {
        case .none: return .none
        case .slide(let edge): return .slideOut(to: edge)
        case .slideOut(let edge): return .slide(from: edge)
        case .push(let edge): return .push(from: edge.opposite)
        case .cover(let edge): return .uncover(to: edge)
        case .uncover(let edge): return .cover(from: edge)
        case .fade: return .fade
        case .wipe(let edge): return .unwipe(to: edge)
        case .unwipe(let edge): return .wipe(from: edge)
        }
    }

    /// How long containers animate a transition by default, in seconds.
    public static let defaultDuration = 0.3

    /// The style as written in code, e.g. `push(from: right)`.
    public var description: String {
        switch self {
        case .none: return "none"
        case .slide(let edge): return "slide(from: \(edge))"
        case .slideOut(let edge): return "slideOut(to: \(edge))"
        case .push(let edge): return "push(from: \(edge))"
        case .cover(let edge): return "cover(from: \(edge))"
        case .uncover(let edge): return "uncover(to: \(edge))"
        case .fade: return "fade"
        case .wipe(let edge): return "wipe(from: \(edge))"
        case .unwipe(let edge): return "unwipe(to: \(edge))"
        }
    }

    // MARK: Geometry

    /// `frame` moved just beyond `edge` of `bounds`.
    static func frame(_ frame: Rect, beyond edge: Edge, of bounds: Rect) -> Rect {
        var result = frame
        switch edge {
        case .left: result.origin.x = bounds.minX - frame.width
        case .right: result.origin.x = bounds.maxX
        case .top: result.origin.y = bounds.minY - frame.height
        case .bottom: result.origin.y = bounds.maxY
        }
        return result
    }

    /// Where the views start and end, for an incoming view resting at `incoming` and an outgoing
    /// one resting at `outgoing`, in a container of `bounds`.
    struct Plan {
        /// The incoming view's frame and alpha before the first frame (when it is not shown yet).
        var incomingStart: (frame: Rect, alpha: Double)
        /// The outgoing view's frame and alpha at the end.
        var outgoingEnd: (frame: Rect, alpha: Double)
        /// The incoming view's alpha at the end (its frame ends at `incoming`).
        var incomingEndAlpha: Double = 1
        /// Whether the incoming view is drawn above the outgoing one.
        var incomingOnTop = true
        /// The incoming view's mask before the first frame; `nil`: the style leaves it alone.
        var incomingStartMask: Rect?
        /// The outgoing view's mask at the end; `nil`: the style leaves it alone.
        var outgoingEndMask: Rect?
    }

    /// The empty strip along `edge` of a view of `size`, in its own coordinates: the mask a
    /// wipe grows from (and an unwipe shrinks to), one row or column at a time.
    static func strip(at edge: Edge, of size: Size) -> Rect {
        switch edge {
        case .top: return Rect(x: 0, y: 0, width: size.width, height: 0)
        case .bottom: return Rect(x: 0, y: size.height, width: size.width, height: 0)
        case .left: return Rect(x: 0, y: 0, width: 0, height: size.height)
        case .right: return Rect(x: size.width, y: 0, width: 0, height: size.height)
        }
    }

    /// The alpha a covered view dims to: the middle of the three shown opacities.
    static let coveredAlpha = 0.5

    func plan(incoming: Rect, outgoing: Rect, in bounds: Rect) -> Plan {
        let still = Plan(incomingStart: (incoming, 1), outgoingEnd: (outgoing, 1))
        switch self {
        case .none:
            return still
        case .slide(let edge):
            return Plan(incomingStart: (Self.frame(incoming, beyond: edge, of: bounds), 1), outgoingEnd: (outgoing, 1))
        case .slideOut(let edge):
            return Plan(
                incomingStart: (incoming, 1), outgoingEnd: (Self.frame(outgoing, beyond: edge, of: bounds), 1),
                incomingOnTop: false)
        case .push(let edge):
            return Plan(
                incomingStart: (Self.frame(incoming, beyond: edge, of: bounds), 1),
                outgoingEnd: (Self.frame(outgoing, beyond: edge.opposite, of: bounds), 1))
        case .cover(let edge):
            return Plan(
                incomingStart: (Self.frame(incoming, beyond: edge, of: bounds), 1),
                outgoingEnd: (outgoing, Self.coveredAlpha))
        case .uncover(let edge):
            return Plan(
                incomingStart: (incoming, Self.coveredAlpha),
                outgoingEnd: (Self.frame(outgoing, beyond: edge, of: bounds), 1), incomingOnTop: false)
        case .fade:
            return Plan(incomingStart: (incoming, 0), outgoingEnd: (outgoing, 0))
        case .wipe(let edge):
            return Plan(
                incomingStart: (incoming, 1), outgoingEnd: (outgoing, 1),
                incomingStartMask: Self.strip(at: edge, of: incoming.size))
        case .unwipe(let edge):
            return Plan(
                incomingStart: (incoming, 1), outgoingEnd: (outgoing, 1), incomingOnTop: false,
                outgoingEndMask: Self.strip(at: edge, of: outgoing.size))
        }
    }
}
