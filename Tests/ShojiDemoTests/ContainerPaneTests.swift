import Shoji
import ShojiTesting
import Testing
@testable import ShojiDemoKit

/// The split view (`placeholder` kind) and stack screen (`stack` kind), headless, as the side
/// menu shows them: roots of a navigation controller.
@MainActor
struct ContainerPaneTests {
    private func show(_ pane: ViewController, size: Size) -> Pilot {
        Pilot(Window(rootViewController: NavigationController(rootViewController: pane)), size: size)
    }

    // MARK: Split view

    @Test func theSplitViewShowsTheChosenRowWithItsTransition() throws {
        let recorder = LifecycleRecorder()
        let split = SplitPane(title: "Split", transitions: MenuItem.Kind.defaultSplitTransitions)
        let pilot = show(split, size: Size(width: 100, height: 12))
        #expect(pilot.line(1).hasPrefix(" Transitions"))
        #expect(pilot.line(2).hasPrefix(" 1 push-from-right") && pilot.line(8).hasPrefix(" 7 none"))
        #expect(split.shownRow == 0 && pilot.text.contains("Row 1, shown with push-from-right"), "pre-loaded")
        let first = try #require(split.insetViewController())
        pilot.press(.down)
        pilot.press(.enter)
        #expect(split.shownRow == 1, "the second row, at once")
        pilot.advance(by: 0.15)
        #expect(pilot.text.contains("Row 1") && pilot.text.contains("Row 2"), "mid-cover both show")
        pilot.settle()
        #expect(pilot.text.contains("Row 2, shown with cover-from-bottom") && !pilot.text.contains("Row 1,"))
        #expect(first.parent == nil && !pilot.text.contains(first.debugIdentifier))
        #expect(split.detailHost.children.count == 1 && split.children.count == 2, "the list and the placeholder")
        var checker = LifecycleChecker()
        checker.consume(recorder.takeEvents())
        try checker.verify(window: pilot.app as! Window, others: [first])
    }

    @Test func aResizeAcrossTheBoundaryShowsTheCompactCloneAndForwardingShowsItsTitle() throws {
        let split = SplitPane(title: "Split", transitions: MenuItem.Kind.defaultSplitTransitions)
        let pilot = show(split, size: Size(width: 100, height: 12))
        (pilot.app as! Window).transitionDuration = 0  // no motion, as with --no-animation
        #expect(pilot.line(0).contains("Split") && pilot.line(0).hasPrefix(" [Menu]") == false)
        pilot.press(.character("f"))
        pilot.settle()
        #expect(pilot.line(0).contains("Row 1 · push-from-right") && pilot.line(0).hasSuffix("[Regular] "), "forwarded")
        pilot.resize(to: Size(width: 80, height: 12))
        pilot.settle()
        let compact = try #require(split.insetViewController() as? SplitDetailPane)
        #expect(compact.sizeClass == .compact && pilot.text.contains("compact layout"))
        #expect(pilot.line(0).hasSuffix("[Compact] "), "the clone's button in the bar")
        pilot.resize(to: Size(width: 90, height: 12))
        pilot.settle()
        #expect((split.insetViewController() as? SplitDetailPane)?.sizeClass == .regular)
        pilot.press(.character("f"))
        pilot.settle()
        #expect(pilot.line(0).contains("Split") && !pilot.line(0).contains("Regular"), "forwarding off")
    }

    @Test func draggingTheDividerResizesTheDetailAcrossItsSizeClassAndANarrowPaneHidesTheList() throws {
        let recorder = LifecycleRecorder()
        let split = SplitPane(title: "Split", transitions: MenuItem.Kind.defaultSplitTransitions)
        let pilot = show(split, size: Size(width: 100, height: 12))
        (pilot.app as! Window).transitionDuration = 0  // no motion, as with --no-animation
        #expect(pilot.line(3).dropFirst(24).hasPrefix("│"), "the divider after the list's 24 columns")
        pilot.press(at: Point(x: 24, y: 5))
        for x in stride(from: 27, through: 45, by: 3) { pilot.drag(to: Point(x: x, y: 5)) }
        pilot.release(at: Point(x: 45, y: 5))
        pilot.settle()
        #expect(split.primaryColumnWidth == 45 && pilot.line(3).dropFirst(45).hasPrefix("│"))
        #expect((split.insetViewController() as? SplitDetailPane)?.sizeClass == .compact, "54 columns: compact")
        pilot.press(at: Point(x: 45, y: 5))
        pilot.drag(to: Point(x: 20, y: 5))
        pilot.release(at: Point(x: 20, y: 5))
        pilot.settle()
        #expect((split.insetViewController() as? SplitDetailPane)?.sizeClass == .regular)
        pilot.resize(to: Size(width: 36, height: 12))
        pilot.settle()
        #expect(!split.isPrimaryVisible && !pilot.text.contains("Transitions"), "below 40 columns the list hides")
        #expect(pilot.text.contains("Row 1"))
        pilot.resize(to: Size(width: 100, height: 12))
        pilot.settle()
        #expect(pilot.line(1).hasPrefix(" Transitions") && split.primaryColumnWidth == 20)
        var checker = LifecycleChecker()
        checker.consume(recorder.takeEvents())
        try checker.verify(window: pilot.app as! Window)
    }

    // MARK: Stack screen

    @Test func theStackScreenPushesPopsAndShowsWhatIsLoaded() throws {
        let recorder = LifecycleRecorder()
        let pane = StackPane(title: "Stack", text: nil, capacity: 2)
        let pilot = show(pane, size: Size(width: 60, height: 14))
        let statusRow = pane.statusView.convertToWindow(.zero).y
        func status() -> String { pilot.line(statusRow) }
        #expect(status().hasPrefix(" depth 1 · capacity 2 · views loaded: 1 · shown: 1 "))
        #expect(pilot.line(statusRow + 1).hasPrefix(" 1-8 push (1 push-from-right"))
        #expect(pilot.line(13).contains("w memory warning"), "every key shows, down to the last row")
        for key: Character in ["1", "2", "3"] {
            pilot.press(.character(key))
            pilot.settle()
        }
        #expect(status().hasPrefix(" depth 4 · capacity 2 · views loaded: 3 4 · shown: 4 "))
        #expect(
            pilot.text.contains("Card 4")
                && pilot.text.contains("pushed with slide-from-left; its pop plays slide-out-to-le"))
        pilot.press(.character("t"))
        pilot.settle()
        #expect(status().hasPrefix(" depth 5 · capacity 2 · views loaded: 4 5t · shown: 4 5t "))
        #expect(pilot.text.contains("Card 5 (transparent)") && pilot.text.contains("Card 4"), "card 4 shows through")
        pilot.press(.character("p"))
        pilot.press(.character("p"))
        pilot.settle()
        #expect(status().hasPrefix(" depth 3 · capacity 2 · views loaded: 2 3 · shown: 3 "))
        #expect(pilot.text.contains("view loaded 2 times"), "card 3 loaded again when it came back near the top")
        pilot.press(.character("w"))
        #expect(
            status().hasPrefix(" depth 3 · capacity 2 · views loaded: 3 · shown: 3 "),
            "the memory warning released card 2")
        pilot.press(.character("r"))
        pilot.settle()
        #expect(status().hasPrefix(" depth 1 · capacity 2 · views loaded: 1 · shown: 1 "))
        pilot.press(.character("p"))
        #expect(status().hasPrefix(" p: the root view controller cannot be popped"), "a clear refusal")
        pilot.press(.backspace)
        #expect(status().hasPrefix(" p: the root view controller cannot be popped"))
        var checker = LifecycleChecker()
        checker.consume(recorder.takeEvents())
        try checker.verify(window: pilot.app as! Window)
    }

    @Test func aResizeDuringAPushEndsLaidOut() throws {
        let pane = StackPane(title: "Stack", text: nil, capacity: 2)
        let pilot = show(pane, size: Size(width: 60, height: 14))
        pilot.press(.character("1"))
        pilot.advance(by: 0.1)
        pilot.resize(to: Size(width: 44, height: 10))
        pilot.settle()
        let statusHeight = pane.statusView.frame.height
        #expect(pane.cards.last?.view.frame == Rect(x: 0, y: 0, width: 44, height: 9 - statusHeight))
        #expect(pilot.line(2).hasPrefix("  Card 2") && pilot.line(10 - statusHeight).hasPrefix(" depth 2 "))
    }

    /// The key help wraps to as many rows as the width needs (up to four, at most half the
    /// pane): at 80x24, as the side menu shows the pane, every key shows.
    @Test(arguments: [80, 60, 120])
    func theStackScreenShowsEveryKeyAtTheUsualSizes(width: Int) {
        let pane = StackPane(title: "Stack", text: nil, capacity: 2)
        let pilot = show(pane, size: Size(width: width, height: 24))
        let rows = pilot.lines.suffix(from: pane.statusView.convertToWindow(.zero).y + 1)
        let help = rows.map { $0.split(separator: " ").joined(separator: " ") }.joined(separator: " ")
        for key in ["1-8 push", "8 none", "t transparent", "p pop", "r root", "w memory warning"] {
            #expect(help.contains(key), "\(key) at \(width) columns: \(help)")
        }
        #expect(pane.statusView.frame.height <= 5 && pane.cards.last!.view.frame.height >= 18)
    }

    // MARK: Tiny terminals

    @Test func bothPanesDrawAtTinySizesAndGrowBack() {
        let panes: [ViewController] = [
            SplitPane(title: "S", transitions: MenuItem.Kind.defaultSplitTransitions),
            StackPane(title: "K", text: nil, capacity: 1)
        ]
        for pane in panes {
            let pilot = show(pane, size: Size(width: 0, height: 0))
            for size in [
                Size(width: 1, height: 1), Size(width: 2, height: 1), Size(width: 3, height: 2),
                Size(width: 7, height: 4),
                Size(width: 30, height: 8)
            ] {
                pilot.resize(to: size)
                for key: Character in ["1", "t", "f", "f"] { pilot.press(.character(key)) }
                pilot.press(.down)
                pilot.press(.enter)
                pilot.settle()
                #expect(pilot.lines.count == size.height)
            }
            #expect(pilot.line(0).contains(pane.title!))
        }
    }
}

/// A burst of keys that each start a change of a container the pane holds (not in the keys'
/// responder chain, so nothing holds them back): the changes queued behind the running one
/// catch up at once, and only the last plays, instead of a replay that runs on long after the
/// keys stopped.
@MainActor
struct ContainerBacklogTests {
    @Test func aBurstOfPushKeysInTheStackScreenCatchesUpInstead() {
        let pane = StackPane(title: "Stack", text: nil, capacity: 2)
        let pilot = Pilot(
            Window(rootViewController: NavigationController(rootViewController: pane)),
            size: Size(width: 60, height: 14))
        for _ in 0..<300 { pilot.deliver(.key(KeyEvent(.character("1")))) }
        #expect(pane.stack.isTransitioning)
        let took = pilot.settle(limit: 60)
        #expect(pane.cards.count == 301, "every push happened")
        let duration = (pilot.app as! Window).transitionDuration
        #expect(took <= 2 * duration + 0.1, "caught up in \(took) s, not 300 pushes of \(duration) s")
        #expect(pilot.text.contains("Card 301"))
    }
}
