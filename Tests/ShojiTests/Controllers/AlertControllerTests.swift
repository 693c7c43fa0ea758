import Testing
@testable import Shoji
import ShojiTesting

/// `AlertController` headlessly: its looks, sizes and wrapping, keys and clicks, the action
/// sheet, hostile text, and the lifecycle around it.
@MainActor
struct AlertControllerTests {
    /// A window of `size` over an empty root; the alert is presented (not animated) and settled.
    private func show(_ alert: AlertController, size: Size = Size(width: 60, height: 16)) -> (Pilot, ViewController) {
        let root = ViewController()
        let pilot = Pilot(Window(rootViewController: root), size: size)
        root.present(alert, animated: false)
        pilot.settle()
        return (pilot, root)
    }

    private func deleteAlert(_ chosen: @escaping @MainActor (String) -> Void = { _ in }) -> AlertController {
        let alert = AlertController(title: "Delete file?", message: "notes.txt will be gone for good.")
        alert.addAction(AlertAction(title: "Cancel", style: .cancel) { chosen($0.title) })
        alert.addAction(AlertAction(title: "Delete", style: .destructive) { chosen($0.title) })
        return alert
    }

    private func trimmed(_ pilot: Pilot) -> [String] {
        pilot.lines.map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
    }

    @Test func anAlertIsSizedToItsTextCentredInABorderWithItsButtonsSideBySide() throws {
        let (pilot, _) = show(deleteAlert())
        #expect(
            Array(trimmed(pilot)[4...10]) == [
                "            ┌──────────────────────────────────┐",
                "            │           Delete file?           │",
                "            │                                  │",
                "            │ notes.txt will be gone for good. │",
                "            │                                  │",
                "            │      [ Cancel ]  [ Delete ]      │",
                "            └──────────────────────────────────┘"
            ])
        let frame = try #require(pilot.screen.lastFrame)
        #expect(frame[25, 5].style.attributes.contains(.bold), "the title is bold")
        let cancel = try #require(pilot.position(of: "[ Cancel ]"))
        let delete = try #require(pilot.position(of: "[ Delete ]"))
        #expect(
            frame[cancel.x + 2, cancel.y].style.attributes.isSuperset(of: [.bold, .reverse]),
            "cancel is bold, and focused first")
        #expect(
            frame[delete.x + 2, delete.y].style.foreground == .red
                && frame[delete.x + 2, delete.y].style.attributes.contains(.underline),
            "destructive: red, and underlined to read without colour")
        #expect(frame[0, 0].style.attributes.contains(.dim), "over the dimmed screen")
    }

    @Test func keysMoveAmongTheButtonsAndEnterChoosesTheHandlerRunningAfterTheDismissal() throws {
        var chosen: [String] = []
        let alert = deleteAlert { chosen.append($0) }
        let (pilot, root) = show(alert)
        let recorder = LifecycleRecorder()
        pilot.press(.right)
        #expect(pilot.window.firstResponder.map { ($0 as? Button)?.title } == "Delete")
        pilot.press(.right)
        #expect(pilot.window.firstResponder.map { ($0 as? Button)?.title } == "Cancel", "wraps around")
        pilot.press(.left)
        pilot.press(.tab)
        #expect(pilot.window.firstResponder.map { ($0 as? Button)?.title } == "Cancel", "Tab goes the same way")
        pilot.press(.left)
        pilot.press(.enter)
        #expect(
            chosen.isEmpty && alert.chosenAction?.title == "Delete" && alert.isBeingDismissed,
            "the handler waits for the dismissal")
        pilot.press(.enter)  // held back meanwhile, then lands on what is under the alert
        pilot.settle()
        #expect(chosen == ["Delete"] && root.presentedViewController == nil)
        #expect(recorder.log(for: alert) == ["viewWillDisappear(true)", "viewDidDisappear(true)"])
    }

    @Test func escapeChoosesTheCancelActionAndAClickChoosesItsButton() throws {
        var chosen: [String] = []
        let (pilot, root) = show(deleteAlert { chosen.append($0) })
        pilot.press(.escape)
        pilot.settle()
        #expect(chosen == ["Cancel"] && root.presentedViewController == nil)
        let second = deleteAlert { chosen.append($0) }
        root.present(second, animated: true)
        pilot.settle()
        try pilot.click(on: "[ Delete ]")
        pilot.settle()
        #expect(chosen == ["Cancel", "Delete"])
        let third = AlertController(title: "Busy", message: nil)
        third.addAction(AlertAction(title: "OK"))
        root.present(third, animated: false)
        pilot.settle()
        pilot.press(.escape)
        pilot.settle()
        #expect(root.presentedViewController === third, "no cancel action: Escape does nothing")
        pilot.press(.enter)
        pilot.settle()
        #expect(root.presentedViewController == nil)
    }

    @Test func theFocusStartsOnThePreferredActionAndNeverOnADestructiveOneByDefault() {
        let alert = AlertController(title: "Save?", message: nil)
        let discard = AlertAction(title: "Discard", style: .destructive)
        let save = AlertAction(title: "Save")
        let cancel = AlertAction(title: "Cancel", style: .cancel)
        for action in [discard, cancel, save] { alert.addAction(action) }
        #expect(alert.initialAction === save)
        alert.preferredAction = cancel
        #expect(alert.initialAction === cancel)
        save.isEnabled = false
        alert.preferredAction = nil
        #expect(alert.initialAction === cancel)
        let (pilot, _) = show(alert)
        #expect((pilot.window.firstResponder as? Button)?.title == "Cancel")
        pilot.press(.right)
        pilot.press(.right)
        #expect(
            (pilot.window.firstResponder as? Button)?.title == "Cancel", "a disabled action is skipped: \(pilot.text)")
        try? pilot.click(on: "[ Save ]")
        pilot.settle()
        #expect(alert.chosenAction == nil, "a disabled action cannot be chosen")
    }

    @Test func aDefaultActionHasTheFocusFromTheFirstFrameOfTheFadeWithCancelBesideIt() throws {
        let alert = AlertController(title: "Save?", message: nil)
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        alert.addAction(AlertAction(title: "Save"))
        let root = ViewController()
        let pilot = Pilot(Window(rootViewController: root), size: Size(width: 40, height: 10))
        root.present(alert, animated: true)
        #expect((pilot.window.firstResponder as? Button)?.title == "Save", "focused as it comes in, not once it is up")
        pilot.advance(by: 0.2)
        #expect(alert.isBeingPresented)
        let save = try #require(pilot.position(of: "[ Save ]"))
        #expect(
            pilot.screen.lastFrame![save.x + 2, save.y].style.attributes.contains(.reverse), "drawn focused mid-fade")
        pilot.settle()
        #expect((pilot.window.firstResponder as? Button)?.title == "Save")
        pilot.press(.enter)
        pilot.settle()
        #expect(alert.chosenAction?.title == "Save")
    }

    @Test func anActionSheetStandsOnTheBottomEdgeWithItsButtonsOnePerRowAndCancelApart() {
        let sheet = AlertController(title: "Share", message: nil, preferredStyle: .actionSheet)
        sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
        sheet.addAction(AlertAction(title: "Copy link"))
        sheet.addAction(AlertAction(title: "Mail"))
        let (pilot, _) = show(sheet, size: Size(width: 40, height: 12))
        #expect(
            Array(trimmed(pilot)[4...11]) == [
                "       ┌────────────────────────┐",
                "       │         Share          │",
                "       │                        │",
                "       │     [ Copy link ]      │",
                "       │        [ Mail ]        │",
                "       │                        │",
                "       │       [ Cancel ]       │",
                "       └────────────────────────┘"
            ])
        #expect((pilot.window.firstResponder as? Button)?.title == "Copy link")
    }

    @Test func aLongMessageWrapsNeverWiderThanTheScreenAndIsCutWhenTooTall() throws {
        let words = (1...60).map { "word\($0)" }.joined(separator: " ")
        let alert = AlertController(title: "A rather long title for a small terminal", message: words)
        alert.addAction(AlertAction(title: "OK"))
        let (pilot, _) = show(alert, size: Size(width: 80, height: 24))
        #expect(alert.view.frame.width == 50, "wraps to a readable column on a wide screen")
        pilot.resize(to: Size(width: 30, height: 10))
        #expect(alert.view.frame == Rect(x: 1, y: 1, width: 28, height: 8))
        #expect(pilot.lines.allSatisfy { DisplayWidth.of($0) == 30 })
        #expect(pilot.text.contains("[ OK ]"), "the buttons stay")
        #expect(pilot.text.contains("…"), "the message is cut, with a mark")
        pilot.resize(to: Size(width: 12, height: 6))
        #expect(alert.view.frame.width == 10 && pilot.text.contains("[ OK ]"))
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window))
    }

    @Test func hostileTextIsDrawnInert() throws {
        let alert = AlertController(title: "\u{1B}]0;pwned\u{07}", message: "\u{1B}[2J\u{1B}[31mred\u{9B}1m\nline\ttwo")
        alert.addAction(AlertAction(title: "\u{1B}[5mOK\r"))
        let (pilot, _) = show(alert)
        let frame = try #require(pilot.screen.lastFrame)
        for cell in frame.cells {
            #expect(!cell.grapheme.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
        #expect(pilot.text.contains("^[]0;pwned^G"))
        #expect(pilot.text.contains("^[[2J^[[31mred\u{FFFD}1m"))
        #expect(pilot.text.contains("line    two"), "a tab is blank to the next tab stop, never a control")
        #expect(pilot.text.contains("[ ^[[5mOK^M ]"))
    }

    @Test func anAlertFadesInThroughTheDimLevelAndOutTheSameWay() throws {
        let alert = deleteAlert()
        let root = ViewController()
        let pilot = Pilot(Window(rootViewController: root), size: Size(width: 60, height: 16))
        root.present(alert, animated: true)
        /// 0 not shown, 1 dim, 2 normal: how the title's first cell shows.
        func level() -> Int {
            guard let frame = pilot.screen.lastFrame, frame[24, 5].grapheme == "D" else { return 0 }
            return frame[24, 5].style.attributes.contains(.dim) ? 1 : 2
        }
        var levels: [Int] = []
        stepFrames(pilot) { levels.append(level()) }
        #expect(levels.count == 18 && levels.first == 0 && levels.last == 2 && levels.contains(1), "\(levels)")
        #expect(zip(levels, levels.dropFirst()).allSatisfy { $0 <= $1 }, "nothing, dim, then normal: \(levels)")
        alert.choose(alert.actions[0])
        var back: [Int] = []
        stepFrames(pilot) { back.append(level()) }
        #expect(back == Array(levels.reversed().dropFirst()) + [0], "the exact inverse: \(back)")
    }

    @Test func anEmptyTitleTakesNoRow() {
        let alert = AlertController(title: "", message: "Saved.")
        alert.addAction(AlertAction(title: "OK"))
        let (pilot, _) = show(alert, size: Size(width: 30, height: 7))
        #expect(
            trimmed(pilot) == [
                "",
                "  ┌────────────────────────┐",
                "  │         Saved.         │",
                "  │                        │",
                "  │         [ OK ]         │",
                "  └────────────────────────┘",
                ""
            ])
        #expect(alert.view.frame.height == 3, "message, gap, button: \(pilot.text)")
    }

    @Test func buttonsThatDoNotFitInARowStandOnePerRowWithCancelLast() {
        let alert = AlertController(title: "Pick", message: nil)
        alert.addAction(AlertAction(title: "Never mind", style: .cancel))
        alert.addAction(AlertAction(title: "Keep the older copy"))
        alert.addAction(AlertAction(title: "Keep the newer copy"))
        alert.addAction(AlertAction(title: "Keep both copies"))
        let (pilot, _) = show(alert, size: Size(width: 60, height: 16))
        let rows = ["[ Keep the older copy ]", "[ Keep the newer copy ]", "[ Keep both copies ]", "[ Never mind ]"]
            .map { pilot.position(of: $0)?.y }
        #expect(rows.allSatisfy { $0 != nil } && rows == rows.sorted { ($0 ?? 0) < ($1 ?? 0) }, "\(pilot.text)")
        pilot.press(.up)
        #expect((pilot.window.firstResponder as? Button)?.title == "Never mind", "Up from the first wraps to the last")
    }

    @Test func aSecondChoiceBeforeTheDismissalEndsIsIgnoredAndTheLifecycleStaysBalanced() throws {
        var chosen: [String] = []
        let alert = deleteAlert { chosen.append($0) }
        let root = ViewController()
        let pilot = Pilot(Window(rootViewController: root), size: Size(width: 60, height: 16))
        let recorder = LifecycleRecorder()
        var checker = LifecycleChecker(historyIsComplete: false)
        root.present(alert, animated: true)
        pilot.settle()
        alert.choose(alert.actions[1])
        alert.choose(alert.actions[0])
        stepFrames(pilot) {
            checker.consume(recorder.takeEvents())
            #expect(checker.violations.isEmpty)
        }
        #expect(chosen == ["Delete"])
        try checker.verify(window: pilot.window)
    }
}
