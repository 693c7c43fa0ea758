import Testing
@testable import Shoji
import ShojiTesting

/// Modal presentation headlessly: sheets and full-screen presentations frame by frame, their
/// exact inverses, UIKit's appearance rules, where keys and clicks go, Escape, requests made
/// during transitions, resizes, focus, and presenting from inside containers.
@MainActor
struct PresentationTests {
    /// A 40x12 window showing page A (a root that takes keys and clicks and records them).
    private func setUp(width: Int = 40, height: Int = 12) -> (Pilot, Recorded) {
        let root = Recorded("A")
        let pilot = Pilot(Window(rootViewController: root), size: Size(width: width, height: height))
        return (pilot, root)
    }

    private func sheet(_ letter: Character, width: Int = 10, height: Int = 4,
                       style: ModalPresentationStyle = .formSheet) -> Recorded {
        let page = Recorded(letter)
        page.modalPresentationStyle = style
        page.preferredContentSize = Size(width: width, height: height)
        return page
    }

    /// The rows on which `letter` shows, top first.
    private func rows(of letter: Character, _ pilot: Pilot) -> [Int] {
        pilot.lines.indices.filter { pilot.line($0).contains(letter) }
    }

    /// Feeds a `LifecycleChecker` and checks the window after each step.
    @MainActor private final class Checked {
        let feed = LifecycleRecorder()
        var checker = LifecycleChecker(historyIsComplete: false)
        /// Every violation found mid-transition, by `step()`.
        var problems: [String] = []

        /// Checks the log so far and the window, settled.
        func verify(_ pilot: Pilot) throws {
            checker.consume(feed.takeEvents())
            try checker.verify(window: pilot.window, settled: true)
        }

        /// Checks the log and the window's structure in the middle of a transition.
        func step(_ pilot: Pilot) {
            checker.consume(feed.takeEvents())
            do { try checker.verify(window: pilot.window, settled: false) } catch { problems.append("\(error)") }
        }
    }

    // MARK: Sheets

    @Test func aSheetCoversFromTheBottomOverTheDimmedPresenterThenLeavesTheExactInverseWay() throws {
        let (pilot, root) = setUp()
        let recorder = LifecycleRecorder()
        let checked = Checked()
        let b = sheet("B")
        var completed = 0
        root.present(b, animated: true) { completed += 1 }
        #expect(root.presentedViewController === b && b.presentingViewController === root && b.isBeingPresented)
        #expect(b.parent == nil && root.children.isEmpty, "a presented controller is not a child")
        #expect(recorder.log(for: b).filter { $0.contains("ppear") } == ["viewWillAppear(true)"])
        #expect(b.view.frame.size == Size(width: 10, height: 4), "sized by viewWillAppear")
        var tops: [Int] = []
        stepFrames(pilot) {
            tops.append(rows(of: "B", pilot).first ?? 12)
            checked.step(pilot)
        }
        #expect(checked.problems.isEmpty, "\(checked.problems)")
        #expect(tops.count == 18, "the window's transition duration at 60 fps")
        #expect(tops.last == 4 && zip(tops, tops.dropFirst()).allSatisfy { $0 >= $1 }, "rises from below: \(tops)")
        #expect(completed == 1 && !b.isBeingPresented)
        #expect(recorder.log(for: b).filter { $0.contains("ppear") } == ["viewWillAppear(true)", "viewDidAppear(true)"])
        #expect(recorder.log(for: root).isEmpty, "a sheet leaves its presenter shown: no appearance calls")
        // Centred in a border, over the presenter drawn dim.
        #expect(pilot.line(3) == "AAAAAAAAAAAAAA┌──────────┐AAAAAAAAAAAAAA")
        #expect(pilot.line(4) == "AAAAAAAAAAAAAA│BBBBBBBBBB│AAAAAAAAAAAAAA")
        #expect(pilot.line(8) == "AAAAAAAAAAAAAA└──────────┘AAAAAAAAAAAAAA")
        #expect(pilot.screen.lastFrame![0, 0].style.attributes.contains(.dim))
        #expect(!pilot.screen.lastFrame![15, 4].style.attributes.contains(.dim))
        try checked.verify(pilot)

        var dismissed = 0
        b.dismiss(animated: true) { dismissed += 1 }
        #expect(b.isBeingDismissed && root.presentedViewController === b, "presented until the dismissal ends")
        var backTops: [Int] = []
        stepFrames(pilot) { backTops.append(rows(of: "B", pilot).first ?? 12) }
        #expect(backTops == Array(tops.reversed().dropFirst()) + [12], "the exact inverse: \(backTops) after \(tops)")
        #expect(dismissed == 1 && root.presentedViewController == nil && b.presentingViewController == nil)
        #expect(recorder.log(for: b).filter { $0.contains("ppear") }
                == ["viewWillAppear(true)", "viewDidAppear(true)", "viewWillDisappear(true)", "viewDidDisappear(true)"])
        #expect(recorder.log(for: root).isEmpty)
        #expect(pilot.lines.allSatisfy { $0 == String(repeating: "A", count: 40) })
        #expect(!pilot.screen.lastFrame![0, 0].style.attributes.contains(.dim), "no longer dimmed")
        #expect(pilot.window.presentedViewControllers.isEmpty && pilot.window.contentView.subviews.count == 1)
        try checked.verify(pilot)
    }

    @Test func aFullScreenPresentationMakesWhatItCoversDisappearAndComeBack() throws {
        let (pilot, root) = setUp()
        let child = Recorded("C")
        root.embed(child)
        let recorder = LifecycleRecorder()
        let checked = Checked()
        let f = sheet("F", style: .fullScreen)
        child.present(f, animated: true)
        #expect(recorder.log(for: root) == ["viewWillDisappear(true)"])
        #expect(recorder.log(for: child) == ["viewWillDisappear(true)"])
        #expect(recorder.log(for: f).filter { $0.contains("ppear") } == ["viewWillAppear(true)"])
        pilot.settle()
        #expect(recorder.log(for: root) == ["viewWillDisappear(true)", "viewDidDisappear(true)"])
        #expect(recorder.log(for: child) == ["viewWillDisappear(true)", "viewDidDisappear(true)"])
        #expect(root.viewIfLoaded?.window == nil && pilot.window.isRootCovered, "UIKit takes the covered views out")
        #expect(pilot.lines.allSatisfy { $0 == String(repeating: "F", count: 40) })
        try checked.verify(pilot)

        pilot.resize(to: Size(width: 30, height: 8))
        #expect(f.view.frame == Rect(x: 0, y: 0, width: 30, height: 8))
        f.dismiss(animated: true)
        #expect(recorder.log(for: root).last == "viewWillAppear(true)" && root.view.frame.size == Size(width: 30, height: 8),
                "back, at the window's size, before it appears")
        pilot.settle()
        #expect(recorder.log(for: root) == ["viewWillDisappear(true)", "viewDidDisappear(true)", "viewWillAppear(true)", "viewDidAppear(true)"])
        #expect(recorder.log(for: child).suffix(2) == ["viewWillAppear(true)", "viewDidAppear(true)"])
        #expect(pilot.line(0) == String(repeating: "C", count: 30))
        try checked.verify(pilot)
    }
}

/// A page that records the keys and clicks that reach it, and can embed a child filling it.
@MainActor
final class Recorded: ViewController {
    let letter: Character
    private(set) var keys: [KeyEvent] = []
    private(set) var clicks = 0

    init(_ letter: Character) {
        self.letter = letter
        super.init()
    }

    override func loadView() { view = Fill(letter) }

    func embed(_ child: ViewController) {
        addChild(child)
        child.view.frame = view.bounds
        child.view.autoresizingMask = .flexibleSize
        view.addSubview(child.view)
        child.didMove(toParent: self)
    }

    override func keyPressed(_ event: KeyEvent) -> Bool {
        guard event.key != .escape, event.key != .tab else { return false }
        keys.append(event)
        return true
    }

    override func mouseEvent(_ event: MouseEvent, at point: Point) -> Bool {
        if case .press = event.kind { clicks += 1 }
        return true
    }

    private final class Fill: View {
        let letter: Character
        init(_ letter: Character) {
            self.letter = letter
            super.init()
        }
        override func draw(in canvas: inout Canvas) {
            let row = String(repeating: letter, count: canvas.size.width)
            for y in 0..<canvas.size.height { canvas.write(row, at: Point(x: 0, y: y)) }
        }
    }
}
