/// The changes recorded while an animation block runs, and what happens to them when it ends:
/// each animatable property set in the block reads back its new value at once (so code in the
/// block sees what it set), and at the end is put back to its old value and animated there, or
/// set with all its effects at once when the animation cannot play.
///
/// Blocks nest: a property set in an inner block belongs to the inner block (with the start
/// value the outer block recorded), as UIKit's nested animation blocks.
@MainActor
final class AnimationTransaction {
    /// A recorded property: which one, and the value it had before the block (outermost) set it.
    enum Start {
        case frame(Rect)
        case alpha(Double)
        case mask(Rect?)

        /// Which property it is, whatever its value.
        var property: Property {
            switch self {
            case .frame: return .frame
            case .alpha: return .alpha
            case .mask: return .mask
            }
        }
    }

    /// The animatable properties of a view.
    enum Property: Hashable {
        case frame, alpha, mask
    }

    private struct Key: Hashable {
        let view: ObjectIdentifier
        let property: Property
    }

    private struct Record {
        let view: View
        let start: Start
    }

    /// Open blocks, innermost last; `nil` marks `performWithoutAnimation`, where nothing records.
    private static var stack: [AnimationTransaction?] = []

    /// The block that records property changes now, if any.
    static var current: AnimationTransaction? { stack.last ?? nil }

    private var order: [Key] = []
    private var records: [Key: Record] = [:]

    /// Notes that `view`'s property is about to change from `start`; only the first change of
    /// a property counts (later ones just move its target). A change an outer block recorded
    /// moves to this block.
    func record(_ view: View, _ start: Start) {
        let key = Key(view: ObjectIdentifier(view), property: start.property)
        guard records[key] == nil else { return }
        var start = start
        for case let outer? in Self.stack where outer !== self {
            if let earlier = outer.records.removeValue(forKey: key) {
                outer.order.removeAll { $0 == key }
                start = earlier.start
            }
        }
        order.append(key)
        records[key] = Record(view: view, start: start)
    }

    /// Runs `changes` with nothing recorded, so each change takes effect at once.
    static func withoutRecording(_ changes: () -> Void) {
        stack.append(nil)
        defer { stack.removeLast() }
        changes()
    }

    /// Runs `changes` as an animation block and starts (or completes at once) the animation it
    /// recorded. `context` is the window whose animator plays a block that changed nothing, or
    /// whose views the owner animates.
    /// With `speed` (cells per second) the duration is the farthest frame edge's move divided
    /// by it, and `duration` is not used.
    static func run(
        duration: Double, delay: Double, curve: AnimationCurve, owner: ViewController?, speed: Double? = nil,
        context: Window?, changes: () -> Void, completion: ((Bool) -> Void)?
    ) -> Animation {
        let transaction = AnimationTransaction()
        stack.append(transaction)
        changes()
        stack.removeLast()
        return transaction.commit(
            duration: speed.map(transaction.duration(atSpeed:)) ?? duration, delay: delay, curve: curve,
            owner: owner, speed: speed, context: context, completion: completion)
    }

    /// How long the recorded frame changes take at `speed`: their farthest edge's move over it.
    private func duration(atSpeed speed: Double) -> Double {
        let distance =
            records.values.compactMap { record -> Int? in
                guard case .frame(let start) = record.start else { return nil }
                return start.edgeDistance(to: record.view.storedFrame)
            }.max() ?? 0
        return Animation.duration(forDistance: distance, speed: speed)
    }

    private func commit(
        duration: Double, delay: Double, curve: AnimationCurve, owner: ViewController?, speed: Double?,
        context: Window?, completion: ((Bool) -> Void)?
    ) -> Animation {
        let group = Animation(
            duration: duration, delay: delay, curve: curve, owner: owner, speed: speed, completion: completion)
        // One animator runs the block: the context's, else that of the first recorded view in a
        // window. It plays it, or (reduced motion) completes it at the next frame.
        let window = context ?? order.lazy.compactMap { self.records[$0]?.view.window }.first
        let animator = duration > 0 ? window?.animator : nil
        let playing = animator?.plays(duration: duration) ?? false
        for key in order {
            guard let record = records[key] else { continue }
            let view = record.view
            // In the animator's window: played from the start, or (reduced motion) set now and
            // kept as a still animation until the next frame, so leaving the window, a direct
            // set or a cancel mean the same as for a played one.
            let animates = animator != nil && view.window === window
            switch record.start {
            case .frame(let start):
                settle(
                    view, from: start, stored: \.storedFrame, animation: \.frameAnimation, apply: View.applyFrame,
                    values: PropertyAnimation.Values.frame, animates: animates, playing: playing, group: group)
            case .alpha(let start):
                settle(
                    view, from: start, stored: \.storedAlpha, animation: \.alphaAnimation, apply: View.applyAlpha,
                    values: PropertyAnimation.Values.alpha, animates: animates, playing: playing, group: group)
            case .mask(let start):
                settle(
                    view, from: start, stored: \.storedMask, animation: \.maskAnimation, apply: View.applyMask,
                    values: PropertyAnimation.Values.mask, animates: animates, playing: playing, group: group)
            }
        }
        if let animator {
            animator.start(group, atNextFrame: !playing)
        } else {
            Animator.queueCompletionIfDone(group)
        }
        Animator.runPendingCompletions()
        return group
    }

    /// One recorded property at the end of its block: the block's value is the target; the
    /// property goes back to `start` and animates there (`animates`: the view is in the
    /// animator's window; `playing`: over time, else it stands at the target until the next
    /// frame), or takes the target at once. Any running animation of it ends, cut short.
    private func settle<Value: Equatable>(
        _ view: View, from start: Value, stored: ReferenceWritableKeyPath<View, Value>,
        animation: ReferenceWritableKeyPath<View, PropertyAnimation?>, apply: (View) -> (Value) -> Void,
        values: (Value, Value) -> PropertyAnimation.Values, animates: Bool, playing: Bool, group: Animation
    ) {
        let target = view[keyPath: stored]
        Animator.interrupt(view[keyPath: animation])
        view[keyPath: stored] = start
        if animates, start != target {
            if !playing { apply(view)(target) }
            let member = PropertyAnimation(view: view, values: values(playing ? start : target, target), group: group)
            view[keyPath: animation] = member
            group.members.append(member)
        } else {
            apply(view)(target)
        }
    }
}
