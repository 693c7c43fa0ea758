import Testing
@testable import Shoji
import ShojiTesting

/// The split view: containment in UIKit's order, the primary column's slide frame by frame on
/// the manual clock (60 Hz, 0.3 s, ease-out) with balanced appearance calls (also reversed and
/// resized midway), the divider drag, the collapse threshold, tiny sizes and focus.
@MainActor
struct SplitViewControllerTests {
    /// A 60x10 split, primary 20 columns, shown and settled.
    private func makeSplit(
        size: Size = Size(width: 60, height: 10), axis: SplitViewController.Axis = .horizontal
    ) -> (Pilot, SplitViewController, MenuPane, MenuPane) {
        let primary = MenuPane("List"), secondary = MenuPane("Detail")
        let split = SplitViewController(primary: primary, secondary: secondary, axis: axis)
        split.preferredPrimaryColumnWidth = 20
        let pilot = Pilot(Window(rootViewController: split), size: size)
        pilot.advance(by: 1)  // past the first frame's interval: the next event renders at once
        return (pilot, split, primary, secondary)
    }

    private func primaryFrame(_ split: SplitViewController) -> Rect { split.contentView.primaryColumn.frame }
    private func dividerFrame(_ split: SplitViewController) -> Rect { split.contentView.divider.frame }
    private func secondaryFrame(_ split: SplitViewController) -> Rect { split.contentView.secondaryColumn.frame }

    /// The primary column's x at every frame until nothing moves, with the divider's and
    /// secondary's frames checked against it on each.
    private func record(_ pilot: Pilot, _ split: SplitViewController) -> [Int] {
        var xs: [Int] = []
        let start = pilot.clock.seconds
        while pilot.clock.seconds - start < 2, pilot.advanceToNextFrame() {
            let primary = primaryFrame(split)
            xs.append(primary.minX)
            #expect(dividerFrame(split).minX == primary.maxX, "the divider follows the primary column")
            #expect(secondaryFrame(split).minX == max(0, primary.maxX + 1), "the secondary column follows")
            #expect(secondaryFrame(split).maxX == split.view.bounds.width)
            if primary.maxX >= 0, primary.maxX < split.view.bounds.width {
                #expect(pilot.screen.lastFrame![primary.maxX, 3].grapheme == "│", "the divider is drawn where it is")
            }
        }
        return xs
    }

    // MARK: Containment

    @Test func bothChildrenAreAddedAtOnceAndAReplacementKeepsUIKitsOrder() throws {
        let log = CallLog()
        let (pilot, split, primary, secondary) = makeSplit()
        #expect(
            split.children.map(\.title) == ["List", "Detail"]
                && split.viewControllers.map(\.title) == ["List", "Detail"])
        #expect(
            log.recorder.log(for: primary).prefix(2) == [
                "willMove(toParent: \(split.debugIdentifier))", "didMove(toParent: \(split.debugIdentifier))"
            ])
        #expect(pilot.text.contains("List content") && pilot.text.contains("Detail content"))
        let other = MenuPane("Other")
        split.setViewController(other, for: .secondary)
        #expect(
            log.recorder.log(for: [secondary, other]).suffix(9) == [
                "\(secondary.debugIdentifier) willMove(toParent: nil)",
                "\(other.debugIdentifier) willMove(toParent: \(split.debugIdentifier))",
                "\(secondary.debugIdentifier) viewWillDisappear(false)",
                "\(other.debugIdentifier) viewDidLoad",
                "\(other.debugIdentifier) viewWillAppear(false)",
                "\(secondary.debugIdentifier) viewDidDisappear(false)",
                "\(other.debugIdentifier) viewDidAppear(false)",
                "\(other.debugIdentifier) didMove(toParent: \(split.debugIdentifier))",
                "\(secondary.debugIdentifier) didMove(toParent: nil)"
            ], "\(log.recorder.log(for: [secondary, other]))")
        #expect(secondary.parent == nil && other.parent === split && split.secondaryViewController === other)
        pilot.settle()
        #expect(pilot.text.contains("Other content") && !pilot.text.contains("Detail content"))
        try log.check(pilot.window)
    }

    // MARK: Hiding and showing the primary column

    @Test func hidingSlidesThePrimaryOutFrameByFrameWithBalancedCalls() throws {
        let log = CallLog()
        let (pilot, split, primary, _) = makeSplit()
        _ = log.calls()
        #expect(primaryFrame(split) == Rect(x: 0, y: 0, width: 20, height: 10))
        split.setPrimaryHidden(true, animated: true)
        #expect(split.isPrimaryHidden && !split.isPrimaryVisible && split.isTransitioning)
        let xs = record(pilot, split)
        #expect(xs == xs.sorted(by: >) && xs.last == -21, "monotonic, ends off the leading edge: \(xs)")
        #expect((16...20).contains(xs.count), "about 18 frames at 60 Hz: \(xs.count)")
        #expect(xs[xs.count / 3] < -11, "ease-out: ahead of linear early on: \(xs)")
        #expect(log.calls(of: primary) == ["viewWillDisappear(true)", "viewDidDisappear(true)"])
        #expect(primary.viewIfLoaded?.window == nil, "the hidden primary's view is out of the tree")
        #expect(secondaryFrame(split) == Rect(x: 0, y: 0, width: 60, height: 10))
        #expect(!pilot.text.contains("List content") && primary.parent === split, "still a child")
        _ = log.calls()
        split.setPrimaryHidden(false, animated: true)
        let back = record(pilot, split)
        #expect(back == back.sorted() && back.last == 0, "\(back)")
        #expect(log.calls(of: primary) == ["viewWillAppear(true)", "viewDidAppear(true)"])
        #expect(pilot.text.contains("List content"))
    }

    @Test func notAnimatedTheCallsSayFalseAndTheColumnJumps() {
        let log = CallLog()
        let (pilot, split, primary, _) = makeSplit()
        _ = log.calls()
        split.setPrimaryHidden(true, animated: false)
        #expect(primaryFrame(split).minX == -21 && !split.isPrimaryMoving)
        #expect(log.calls(of: primary) == ["viewWillDisappear(false)", "viewDidDisappear(false)"])
        pilot.settle()
        #expect(!pilot.text.contains("List content"))
    }

    @Test func aReversalMidSlideStaysBalancedAndTurnsFromWhereItIs() throws {
        let log = CallLog()
        let (pilot, split, primary, _) = makeSplit()
        _ = log.calls()
        split.setPrimaryHidden(true, animated: true)
        pilot.advance(by: 0.1)
        let turn = primaryFrame(split).minX
        #expect(turn < 0 && turn > -21)
        split.setPrimaryHidden(false, animated: true)
        #expect(primaryFrame(split).minX == turn, "turns where it is")
        pilot.advance(by: 0.05)
        split.setPrimaryHidden(true, animated: true)
        pilot.advance(by: 0.05)
        split.setPrimaryHidden(false, animated: true)
        let xs = record(pilot, split)
        #expect(xs == xs.sorted() && xs.last == 0, "\(xs)")
        #expect(
            log.calls(of: primary) == [
                "viewWillDisappear(true)", "viewWillAppear(true)", "viewWillDisappear(true)", "viewWillAppear(true)",
                "viewDidAppear(true)"
            ])
        try log.check(pilot.window)
    }

    @Test func aResizeMidSlideLandsOnTheNewBounds() throws {
        let log = CallLog()
        let (pilot, split, primary, _) = makeSplit()
        _ = log.calls()
        split.setPrimaryHidden(true, animated: true)
        pilot.advance(by: 0.1)
        pilot.resize(to: Size(width: 40, height: 6))
        pilot.settle()
        #expect(primaryFrame(split).maxX < 0 && secondaryFrame(split) == Rect(x: 0, y: 0, width: 40, height: 6))
        split.setPrimaryHidden(false, animated: true)
        pilot.advance(by: 0.1)
        pilot.resize(to: Size(width: 15, height: 6))
        pilot.settle()
        #expect(primaryFrame(split) == Rect(x: 0, y: 0, width: 14, height: 6), "clamped to the bounds less the divider")
        #expect(secondaryFrame(split) == Rect(x: 15, y: 0, width: 0, height: 6))
        pilot.resize(to: Size(width: 60, height: 10))
        pilot.settle()
        #expect(primaryFrame(split) == Rect(x: 0, y: 0, width: 20, height: 10), "the preferred width is back")
        #expect(
            log.calls(of: primary) == [
                "viewWillDisappear(true)", "viewDidDisappear(true)", "viewWillAppear(true)", "viewDidAppear(true)"
            ])
        try log.check(pilot.window)
    }

    @Test func belowTheCollapseThresholdThePrimaryHidesAndComesBack() throws {
        let log = CallLog()
        let (pilot, split, primary, _) = makeSplit()
        _ = log.calls()
        split.collapseThreshold = 50
        #expect(split.isPrimaryVisible && !split.isPrimaryMoving)
        pilot.resize(to: Size(width: 45, height: 10))
        #expect(!split.isPrimaryVisible && !split.isPrimaryHidden)
        pilot.settle()
        #expect(primaryFrame(split).maxX < 0 && primary.viewIfLoaded?.window == nil)
        pilot.resize(to: Size(width: 70, height: 10))
        pilot.settle()
        #expect(primaryFrame(split) == Rect(x: 0, y: 0, width: 20, height: 10))
        #expect(
            log.calls(of: primary) == [
                "viewWillDisappear(true)", "viewDidDisappear(true)", "viewWillAppear(true)", "viewDidAppear(true)"
            ])
        try log.check(pilot.window)
    }

    /// At exactly `collapseThreshold` columns the container is not below it: the primary
    /// column shows; one column less, it hides.
    @Test func atExactlyTheCollapseThresholdThePrimaryShows() {
        let (pilot, split, _, _) = makeSplit()
        split.collapseThreshold = 60
        pilot.settle()
        #expect(split.isPrimaryVisible && primaryFrame(split) == Rect(x: 0, y: 0, width: 20, height: 10))
        #expect(pilot.text.contains("List content"))
        pilot.resize(to: Size(width: 59, height: 10))
        pilot.settle()
        #expect(!split.isPrimaryVisible && !pilot.text.contains("List content"))
    }

    @Test func aSplitThatStartsBelowTheThresholdNeverShowsItsPrimary() throws {
        let log = CallLog()
        let primary = MenuPane("List"), secondary = MenuPane("Detail")
        let split = SplitViewController(primary: primary, secondary: secondary)
        split.collapseThreshold = 50
        let pilot = Pilot(Window(rootViewController: split), size: Size(width: 40, height: 8))
        pilot.settle()
        #expect(!pilot.text.contains("List content") && pilot.text.contains("Detail content"))
        #expect(!log.recorder.log(for: primary).contains { $0.hasPrefix("viewWillAppear") })
        try log.check(pilot.window)
    }

    // MARK: The divider

    @Test func theDividerFollowsThePointerAndClamps() throws {
        let (pilot, split, _, _) = makeSplit()
        split.minimumPrimaryColumnWidth = 10
        split.maximumPrimaryColumnWidth = 30
        pilot.press(at: Point(x: 20, y: 4))
        #expect(!split.isDraggingDivider, "a press alone is not a drag")
        for x in 21...26 {
            pilot.advance(by: 0.05)
            pilot.drag(to: Point(x: x, y: 5))
            #expect(
                split.isDraggingDivider && primaryFrame(split).width == x, "frame \(x): the divider is at the pointer")
            #expect(pilot.screen.lastFrame![x, 2].grapheme == "│")
            #expect(secondaryFrame(split).minX == x + 1)
        }
        pilot.drag(to: Point(x: 45, y: 5))
        #expect(primaryFrame(split).width == 30, "clamped to the maximum")
        pilot.drag(to: Point(x: 3, y: 5))
        #expect(primaryFrame(split).width == 10, "clamped to the minimum")
        pilot.drag(to: Point(x: 15, y: 5))
        pilot.release(at: Point(x: 15, y: 5))
        #expect(!split.isDraggingDivider && !split.isTransitioning)
        #expect(split.preferredPrimaryColumnWidth == 15 && primaryFrame(split).width == 15, "it stays where released")
        pilot.settle()
        #expect(pilot.line(3).hasPrefix(String(repeating: " ", count: 15) + "│"))
    }

    /// A minimum above the maximum: the maximum wins, as documented, in the layout and in a
    /// drag.
    @Test func whenTheClampsCrossTheMaximumWins() {
        let (pilot, split, _, _) = makeSplit()
        split.minimumPrimaryColumnWidth = 30
        split.maximumPrimaryColumnWidth = 12
        pilot.settle()
        #expect(split.primaryColumnWidth == 12 && primaryFrame(split).width == 12)
        #expect(pilot.line(3).hasPrefix(String(repeating: " ", count: 12) + "│"))
        pilot.press(at: Point(x: 12, y: 4))
        pilot.advance(by: 0.05)
        pilot.drag(to: Point(x: 40, y: 4))
        #expect(primaryFrame(split).width == 12, "dragged out: still the maximum")
        pilot.advance(by: 0.05)
        pilot.drag(to: Point(x: 2, y: 4))
        #expect(primaryFrame(split).width == 12, "dragged in: still the maximum")
        pilot.release(at: Point(x: 2, y: 4))
    }

    /// With `isDividerDraggable` false a press and drag on the divider change nothing.
    @Test func aDividerThatIsNotDraggableStaysPut() {
        let (pilot, split, _, _) = makeSplit()
        split.isDividerDraggable = false
        pilot.press(at: Point(x: 20, y: 4))
        for x in 21...26 {
            pilot.advance(by: 0.05)
            pilot.drag(to: Point(x: x, y: 4))
        }
        #expect(!split.isDraggingDivider && !split.isTransitioning)
        pilot.release(at: Point(x: 26, y: 4))
        pilot.settle()
        #expect(split.preferredPrimaryColumnWidth == 20 && primaryFrame(split).width == 20)
        #expect(pilot.line(3).hasPrefix(String(repeating: " ", count: 20) + "│"))
    }

    @Test func keysWaitDuringADragAndAResizeEndsIt() throws {
        let leaf = ViewController()
        let button = Button(title: "OK")
        leaf.view.addSubview(button)
        button.sizeToFit()
        let catcher = KeyCatcher(embedding: leaf)
        let split = SplitViewController(primary: MenuPane("List"), secondary: catcher)
        split.preferredPrimaryColumnWidth = 20
        let pilot = Pilot(Window(rootViewController: split), size: Size(width: 60, height: 10))
        pilot.advance(by: 1)
        pilot.window.makeFirstResponder(button)
        pilot.press(at: Point(x: 20, y: 4))
        pilot.drag(to: Point(x: 24, y: 4))
        pilot.press(.character("x"))
        #expect(catcher.keys.isEmpty, "held while the divider moves")
        pilot.resize(to: Size(width: 50, height: 10))
        pilot.settle()
        #expect(!split.isDraggingDivider && catcher.keys.map(\.key) == [.character("x")])
        #expect(primaryFrame(split).width == 24 && dividerFrame(split).minX == 24)
    }

    @Test func aHiddenPrimarysDividerCannotBeGrabbed() {
        let (pilot, split, _, _) = makeSplit()
        split.setPrimaryHidden(true, animated: false)
        pilot.press(at: Point(x: 0, y: 4))
        pilot.drag(to: Point(x: 5, y: 4))
        #expect(!split.isDraggingDivider && primaryFrame(split).maxX < 0)
    }

    // MARK: Layout

    @Test func aVerticalSplitStacksTheColumnsWithADividerRow() {
        let (pilot, split, _, _) = makeSplit(size: Size(width: 30, height: 12), axis: .vertical)
        split.preferredPrimaryColumnWidth = 4
        pilot.settle()
        #expect(primaryFrame(split) == Rect(x: 0, y: 0, width: 30, height: 4))
        #expect(dividerFrame(split) == Rect(x: 0, y: 4, width: 30, height: 1))
        #expect(secondaryFrame(split) == Rect(x: 0, y: 5, width: 30, height: 7))
        #expect(pilot.line(4) == String(repeating: "─", count: 30))
        pilot.press(at: Point(x: 10, y: 4))
        pilot.drag(to: Point(x: 12, y: 6))
        pilot.release(at: Point(x: 12, y: 6))
        #expect(primaryFrame(split).height == 6, "a vertical divider follows the pointer's row")
        split.setPrimaryHidden(true, animated: false)
        #expect(secondaryFrame(split) == Rect(x: 0, y: 0, width: 30, height: 12))
    }

    @Test func everySizeDownToNothingLaysOutInsideTheBounds() throws {
        let log = CallLog()
        let (pilot, split, _, _) = makeSplit()
        let sizes = [
            Size(width: 0, height: 0), Size(width: 1, height: 1), Size(width: 2, height: 1), Size(width: 3, height: 2),
            Size(width: 0, height: 5), Size(width: 21, height: 0), Size(width: 22, height: 3),
            Size(width: 60, height: 10)
        ]
        for (index, size) in sizes.enumerated() {
            split.setPrimaryHidden(index % 3 == 1, animated: true)
            pilot.advance(by: 0.05)
            pilot.resize(to: size)
            pilot.press(at: Point(x: min(20, max(0, size.width - 1)), y: 0))
            pilot.drag(to: Point(x: size.width / 2, y: 0))
            pilot.release(at: Point(x: size.width / 2, y: 0))
            pilot.settle()
            let bounds = Rect(origin: .zero, size: size)
            #expect(pilot.lines.count == size.height)
            #expect(secondaryFrame(split).minX >= 0 && secondaryFrame(split).maxX == size.width, "\(size)")
            #expect(primaryFrame(split).width <= max(0, size.width - 1) && primaryFrame(split).height == size.height)
            #expect(
                bounds.contains(secondaryFrame(split).origin) || secondaryFrame(split).size.width == 0
                    || size.height == 0)
        }
        try log.check(pilot.window)
    }

    // MARK: Focus and keys

    @Test func tabMovesBetweenTheColumnsAndHidingMovesTheFocusOut() {
        let primary = ViewController(), secondary = ViewController()
        let left = Button(title: "Left"), right = Button(title: "Right")
        primary.view.addSubview(left)
        secondary.view.addSubview(right)
        left.sizeToFit()
        right.sizeToFit()
        let split = SplitViewController(primary: primary, secondary: secondary)
        let pilot = Pilot(Window(rootViewController: split), size: Size(width: 60, height: 10))
        pilot.window.makeFirstResponder(left)
        pilot.press(.tab)
        #expect(right.isFocused)
        pilot.press(.tab)
        #expect(left.isFocused)
        split.setPrimaryHidden(true, animated: true)
        pilot.settle()
        #expect(right.isFocused, "the focus left the hidden column")
    }

    @Test func aToggleKeyGivenByTheAppReversesASlide() {
        let (pilot, split, _, _) = makeSplit()
        split.keyBindings.setKeys([KeyEvent(.function(6))], for: .togglePrimaryColumn)
        pilot.press(.function(6))
        #expect(split.isPrimaryHidden && split.isPrimaryMoving)
        pilot.advance(by: 0.1)
        pilot.press(.function(6))
        #expect(!split.isPrimaryHidden, "reversed during the slide, not held behind it")
        pilot.settle()
        #expect(primaryFrame(split).minX == 0)
    }
}
