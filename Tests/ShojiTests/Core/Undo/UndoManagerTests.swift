import Testing

@testable import Shoji

/// `UndoManager`: the order of steps, grouping, the redo stack, the limit, action names, weak
/// targets and removal by target.
@MainActor
struct UndoManagerTests {
    /// A value the steps change, registering their inverse as a model object of an app would.
    @MainActor final class Counter {
        var value = 0
        let manager: Shoji.UndoManager

        init(_ manager: Shoji.UndoManager) { self.manager = manager }

        /// Sets `value`, registering the step that sets it back.
        func set(_ newValue: Int, name: String? = nil) {
            let old = value
            value = newValue
            manager.registerUndo(withTarget: self) { counter in counter.set(old) }
            if let name { manager.setActionName(name) }
        }
    }

    @Test func stepsAreUndoneLastFirstAndRedoneInTurn() {
        let manager = Shoji.UndoManager()
        let counter = Counter(manager)
        #expect(!manager.canUndo && !manager.canRedo)
        counter.set(1)
        counter.set(2)
        counter.set(3)
        manager.undo()
        #expect(counter.value == 2)
        manager.undo()
        #expect(counter.value == 1)
        #expect(manager.canRedo, "an undo registers its redo")
        manager.redo()
        #expect(counter.value == 2)
        manager.redo()
        #expect(counter.value == 3)
        #expect(!manager.canRedo)
        manager.undo()
        manager.undo()
        manager.undo()
        #expect(counter.value == 0)
        #expect(!manager.canUndo)
        manager.undo()
        #expect(counter.value == 0, "nothing left: nothing happens")
    }

    @Test func aNewRegistrationClearsTheRedoStackButARedoDoesNot() {
        let manager = Shoji.UndoManager()
        let counter = Counter(manager)
        counter.set(1)
        counter.set(2)
        manager.undo()
        manager.undo()
        manager.redo()
        #expect(manager.canRedo, "registrations made by redo() keep the redo stack")
        counter.set(5)
        #expect(!manager.canRedo, "a new change clears it")
        manager.undo()
        #expect(counter.value == 1)
    }

    @Test func undoingAndRedoingSayWhatRuns() {
        let manager = Shoji.UndoManager()
        final class Probe {}
        let probe = Probe()
        var seen: [(Bool, Bool)] = []
        func register() {
            manager.registerUndo(withTarget: probe) { _ in
                seen.append((manager.isUndoing, manager.isRedoing))
                register()
            }
        }
        register()
        manager.undo()
        manager.redo()
        #expect(seen.map(\.0) == [true, false])
        #expect(seen.map(\.1) == [false, true])
        #expect(!manager.isUndoing && !manager.isRedoing)
    }

    @Test func aGroupIsOneStepUndoneInReverseOrder() {
        let manager = Shoji.UndoManager()
        final class Log { var entries: [String] = [] }
        let log = Log()
        manager.beginUndoGrouping()
        manager.registerUndo(withTarget: log) { $0.entries.append("first") }
        manager.beginUndoGrouping()
        manager.registerUndo(withTarget: log) { $0.entries.append("second") }
        manager.endUndoGrouping()
        #expect(manager.groupingLevel == 1)
        manager.registerUndo(withTarget: log) { $0.entries.append("third") }
        manager.endUndoGrouping()
        #expect(manager.groupingLevel == 0)
        manager.undo()
        #expect(log.entries == ["third", "second", "first"], "one step, last registration first")
        #expect(!manager.canUndo)
        manager.beginUndoGrouping()
        manager.endUndoGrouping()
        #expect(!manager.canUndo, "an empty group leaves no step")
    }

    @Test func undoClosesAnOpenGroupFirst() {
        let manager = Shoji.UndoManager()
        let counter = Counter(manager)
        manager.beginUndoGrouping()
        counter.set(1)
        counter.set(2)
        #expect(manager.canUndo)
        manager.undo()
        #expect(counter.value == 0)
        #expect(manager.groupingLevel == 0)
        manager.redo()
        #expect(counter.value == 2, "the redo is one step too")
    }

    @Test func levelsOfUndoKeepsTheNewestSteps() {
        let manager = Shoji.UndoManager()
        manager.levelsOfUndo = 2
        let counter = Counter(manager)
        for value in 1...4 { counter.set(value) }
        manager.undo()
        manager.undo()
        #expect(counter.value == 2)
        #expect(!manager.canUndo, "the two oldest steps were dropped")
        counter.set(7)
        counter.set(8)
        counter.set(9)
        manager.levelsOfUndo = 1
        manager.undo()
        #expect(counter.value == 8)
        #expect(!manager.canUndo, "lowering the limit drops steps at once")
    }

    @Test func actionNamesFollowTheStepsToTheRedoStack() {
        let manager = Shoji.UndoManager()
        let counter = Counter(manager)
        #expect(manager.undoActionName == "")
        counter.set(1, name: "Typing")
        counter.set(2, name: "Paste")
        #expect(manager.undoActionName == "Paste")
        manager.undo()
        #expect(manager.undoActionName == "Typing")
        #expect(manager.redoActionName == "Paste")
        manager.redo()
        #expect(manager.undoActionName == "Paste")
        #expect(manager.redoActionName == "")
    }

    @Test func removingATargetsActionsLeavesTheOthers() {
        let manager = Shoji.UndoManager()
        let first = Counter(manager), second = Counter(manager)
        first.set(1)
        second.set(1)
        first.set(2)
        manager.beginUndoGrouping()
        first.set(3)
        second.set(2)
        manager.endUndoGrouping()
        manager.removeAllActions(withTarget: first)
        manager.undo()
        #expect(second.value == 1 && first.value == 3, "the shared step keeps its other target's action")
        manager.undo()
        #expect(second.value == 0 && first.value == 3, "steps left empty went")
        #expect(!manager.canUndo)
        first.set(4)
        manager.removeAllActions()
        #expect(!manager.canUndo && !manager.canRedo)
    }

    @Test func targetsAreHeldWeaklyAndAGoneTargetsStepsAreSkipped() {
        let manager = Shoji.UndoManager()
        let kept = Counter(manager)
        kept.set(1)
        weak var gone: Counter?
        do {
            let temporary = Counter(manager)
            temporary.set(5)
            gone = temporary
        }
        #expect(gone == nil, "the manager does not keep its targets alive")
        #expect(manager.canUndo)
        manager.undo()
        #expect(kept.value == 0, "the gone target's step was skipped, not counted as the undo")
        #expect(!manager.canUndo)
    }

    @Test func disabledRegistrationRecordsNothing() {
        let manager = Shoji.UndoManager()
        let counter = Counter(manager)
        manager.disableUndoRegistration()
        manager.disableUndoRegistration()
        counter.set(1)
        manager.enableUndoRegistration()
        counter.set(2)
        #expect(!manager.canUndo && !manager.isUndoRegistrationEnabled)
        manager.enableUndoRegistration()
        counter.set(3)
        manager.undo()
        #expect(counter.value == 2)
    }

    @Test func theWindowOwnsTheManagerItsRespondersReach() {
        let window = Window()
        let controller = ViewController()
        window.rootViewController = controller
        let button = Button(title: "OK")
        controller.view.addSubview(button)
        #expect(window.undoManager != nil)
        #expect(button.undoManager === window.undoManager, "a view reaches the window's by the chain")
        #expect(controller.undoManager === window.undoManager)
        #expect(Button(title: "alone").undoManager == nil, "outside a window: none")
        let field = TextField()
        controller.view.addSubview(field)
        #expect(field.undoManager != nil && field.undoManager !== window.undoManager, "a text input keeps its own")
    }
}
