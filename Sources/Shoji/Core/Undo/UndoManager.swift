/// Records changes as steps that can be undone and redone, in the shape of UIKit's (Foundation's)
/// `UndoManager`: a change registers the closure that reverts it, and reverting registers the
/// closure that makes the change again.
///
/// Guarantees:
/// - Steps are undone last first. A step is a group of registrations: each registration made
///   outside a group is a step of its own, and the registrations between `beginUndoGrouping()`
///   and the matching `endUndoGrouping()` are one step (nested groups join the outermost).
///   Differs from Foundation: no automatic grouping by run-loop event (`groupsByEvent`); a group
///   ended without registrations leaves no step.
/// - `undo()` runs the top step's closures in the reverse order of their registration; what they
///   register meanwhile (`isUndoing` is true) becomes one step on the redo stack, named as the
///   undone step. `redo()` runs the top redo step the same way and what it registers goes back
///   on the undo stack. A registration made while neither undoing nor redoing clears the redo
///   stack, as in Foundation.
/// - Targets are held weakly (Foundation keeps an unowned reference): a registration whose target
///   is gone runs nothing, and a step whose targets are all gone is dropped, so `canUndo` and
///   `canRedo` never promise a step that would do nothing.
/// - `levelsOfUndo` (0, the default: no limit) keeps at most that many steps on each stack, the
///   oldest leaving first.
/// - Closures run on the main actor, synchronously, inside `undo()` and `redo()`.
///
/// Main actor only.
@MainActor
public final class UndoManager {
    /// One registration: what to run, and for which target.
    private struct Action {
        weak var target: AnyObject?
        let handler: @MainActor (AnyObject) -> Void

        /// Whether it was registered for `object` (and that is still alive).
        func targets(_ object: AnyObject) -> Bool { target === object }
    }

    /// One step: its registrations in the order made, and its name.
    private struct Group {
        var actions: [Action] = []
        var name = ""

        /// Whether any registration's target is still alive.
        var isLive: Bool { actions.contains { $0.target != nil } }
    }

    /// The steps `undo()` reverts, oldest first.
    private var undoStack: [Group] = []
    /// The steps `redo()` makes again, oldest first.
    private var redoStack: [Group] = []
    /// The step being built: by an open group, or by `undo()` and `redo()` while they run.
    private var openGroup: Group?

    /// An empty manager: nothing to undo or redo, no limit.
    public init() {}

    // MARK: Settings

    /// The most steps each stack keeps (0: no limit, the default). Lowering it drops the oldest
    /// steps at once.
    public var levelsOfUndo = 0 {
        didSet {
            levelsOfUndo = max(0, levelsOfUndo)
            trim(&undoStack)
            trim(&redoStack)
        }
    }

    /// Whether registrations are recorded (default true); see `disableUndoRegistration()`.
    public var isUndoRegistrationEnabled: Bool { registrationDisabledCount == 0 }

    /// How many `disableUndoRegistration()` calls are not yet balanced by
    /// `enableUndoRegistration()`.
    private var registrationDisabledCount = 0

    /// Ignores registrations until the matching `enableUndoRegistration()` (calls nest), as
    /// Foundation's: for changes that must not become steps.
    public func disableUndoRegistration() { registrationDisabledCount += 1 }

    /// Balances one `disableUndoRegistration()`; an unbalanced call does nothing.
    public func enableUndoRegistration() { registrationDisabledCount = max(0, registrationDisabledCount - 1) }

    // MARK: State

    /// True while `undo()` runs a step's closures: what they register goes on the redo stack.
    public private(set) var isUndoing = false

    /// True while `redo()` runs a step's closures: what they register goes on the undo stack.
    public private(set) var isRedoing = false

    /// Whether `undo()` would revert a step (one whose targets are not all gone), counting the
    /// registrations of an open group, which `undo()` closes first.
    public var canUndo: Bool {
        dropDeadSteps(&undoStack)
        if !undoStack.isEmpty { return true }
        guard !isUndoing, !isRedoing, let openGroup else { return false }
        return openGroup.isLive
    }

    /// Whether `redo()` would make a step again (one whose targets are not all gone).
    public var canRedo: Bool {
        dropDeadSteps(&redoStack)
        return !redoStack.isEmpty
    }

    /// The name of the step `undo()` would revert ("" when it has none, or nothing to undo).
    public var undoActionName: String {
        dropDeadSteps(&undoStack)
        return undoStack.last?.name ?? ""
    }

    /// The name of the step `redo()` would make again ("" when it has none, or nothing to redo).
    public var redoActionName: String {
        dropDeadSteps(&redoStack)
        return redoStack.last?.name ?? ""
    }

    /// How deep the open groups nest (0 outside `beginUndoGrouping()`).
    public private(set) var groupingLevel = 0

    // MARK: Registering

    /// Records `handler`, to run with `target` when the step it belongs to is undone (or, when
    /// registered during `undo()`, redone). Ignored while registration is disabled. `target` is
    /// held weakly: `removeAllActions(withTarget:)` forgets it, and once it is gone the
    /// registration runs nothing. Capture `target` through the parameter, not the closure, or
    /// the step keeps it alive.
    public func registerUndo<Target: AnyObject>(
        withTarget target: Target, handler: @escaping @MainActor (Target) -> Void
    ) {
        guard isUndoRegistrationEnabled else { return }
        let action = Action(target: target) { object in
            if let object = object as? Target { handler(object) }
        }
        if !isUndoing && !isRedoing { redoStack.removeAll() }
        if openGroup != nil {
            openGroup?.actions.append(action)
        } else {
            push(Group(actions: [action]), onto: &undoStack)
        }
    }

    /// Names the step being built (the open group, or the one `undo()` or `redo()` is
    /// building), else the last step on the undo stack: what `undoActionName` and
    /// `redoActionName` say ("Typing", "Paste").
    public func setActionName(_ name: String) {
        if openGroup != nil {
            openGroup?.name = name
        } else if !undoStack.isEmpty {
            undoStack[undoStack.count - 1].name = name
        }
    }

    /// Opens a group: the registrations until the matching `endUndoGrouping()` are one step.
    /// Groups nest; the outermost makes the step.
    public func beginUndoGrouping() {
        groupingLevel += 1
        if openGroup == nil { openGroup = Group() }
    }

    /// Closes the innermost open group; closing the outermost makes its registrations one step
    /// (none: no step). Without an open group it does nothing (Foundation raises).
    public func endUndoGrouping() {
        guard groupingLevel > 0 else { return }
        groupingLevel -= 1
        guard groupingLevel == 0, !isUndoing, !isRedoing, let group = openGroup else { return }
        openGroup = nil
        if !group.actions.isEmpty { push(group, onto: &undoStack) }
    }

    // MARK: Undoing and redoing

    /// Reverts the top step of the undo stack (closing open groups first, as Foundation closes
    /// the one it allows): its closures run last first, and what they register becomes the top
    /// step of the redo stack. Does nothing when there is nothing to undo, or while undoing or
    /// redoing.
    public func undo() { replay(from: \.undoStack, onto: \.redoStack, marking: \.isUndoing) }

    /// Makes the top step of the redo stack again: its closures run last first, and what they
    /// register becomes the top step of the undo stack (the redo stack stays). Does nothing when
    /// there is nothing to redo, or while undoing or redoing.
    public func redo() { replay(from: \.redoStack, onto: \.undoStack, marking: \.isRedoing) }

    /// Undo and redo alike: runs the top step of `source` (after closing open groups and
    /// dropping dead steps) with `flag` set, and pushes what it registered onto `target`.
    private func replay(
        from source: ReferenceWritableKeyPath<UndoManager, [Group]>,
        onto target: ReferenceWritableKeyPath<UndoManager, [Group]>,
        marking flag: ReferenceWritableKeyPath<UndoManager, Bool>
    ) {
        guard !isUndoing, !isRedoing else { return }
        while groupingLevel > 0 { endUndoGrouping() }
        dropDeadSteps(&self[keyPath: source])
        guard let step = self[keyPath: source].popLast() else { return }
        self[keyPath: flag] = true
        let inverse = run(step)
        self[keyPath: flag] = false
        if !inverse.actions.isEmpty { push(inverse, onto: &self[keyPath: target]) }
    }

    /// Runs `step`'s closures last first and returns what they registered, named as `step`.
    private func run(_ step: Group) -> Group {
        let outer = openGroup
        openGroup = Group(name: step.name)
        for action in step.actions.reversed() {
            if let target = action.target { action.handler(target) }
        }
        let inverse = openGroup ?? Group()
        openGroup = outer
        return inverse
    }

    // MARK: Removing

    /// Forgets every step, on both stacks and in an open group.
    public func removeAllActions() {
        undoStack.removeAll()
        redoStack.removeAll()
        openGroup?.actions.removeAll()
    }

    /// Forgets every registration made for `target`, on both stacks and in an open group; a
    /// step left with none goes.
    public func removeAllActions(withTarget target: AnyObject) {
        func remove(from stack: inout [Group]) {
            for index in stack.indices { stack[index].actions.removeAll { $0.targets(target) } }
            stack.removeAll { $0.actions.isEmpty }
        }
        remove(from: &undoStack)
        remove(from: &redoStack)
        openGroup?.actions.removeAll { $0.targets(target) }
    }

    // MARK: Stacks

    /// Puts `group` on top of `stack`, dropping the oldest step past `levelsOfUndo`.
    private func push(_ group: Group, onto stack: inout [Group]) {
        stack.append(group)
        trim(&stack)
    }

    /// Drops the oldest steps of `stack` past `levelsOfUndo`.
    private func trim(_ stack: inout [Group]) {
        if levelsOfUndo > 0, stack.count > levelsOfUndo { stack.removeFirst(stack.count - levelsOfUndo) }
    }

    /// Drops the steps on top of `stack` whose targets are all gone.
    private func dropDeadSteps(_ stack: inout [Group]) {
        while let top = stack.last, !top.isLive { stack.removeLast() }
    }
}
