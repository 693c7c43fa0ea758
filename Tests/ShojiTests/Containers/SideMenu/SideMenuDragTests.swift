import Testing
@testable import Shoji
import ShojiTesting

/// Dragging the side menu's pane with the mouse, frame by frame on a manual clock: the pane
/// follows the pointer, the release completes or cancels by speed and position, the delegate's
/// calls stay balanced, keys wait, and a toggle or a resize ends a drag cleanly.
@MainActor
struct SideMenuDragTests {

    /// A 60x12 side menu exposing 20 columns, its delegate spy, and the bar's title cell.
    private func makeMenu() throws -> (Pilot, SideMenuController, SideMenuSpy) {
        let panes = (0..<3).map { MenuPane("Pane \($0)") }
        let menu = try SideMenuController(viewControllers: panes, menuTitles: panes.map { $0.title! })
        menu.exposedWidth = 20
        let spy = SideMenuSpy()
        menu.delegate = spy
        let pilot = Pilot(Window(rootViewController: menu), size: Size(width: 60, height: 12))
        pilot.settle()
        return (pilot, menu, spy)
    }

    private func paneX(_ menu: SideMenuController) -> Int { menu.paneView.frame.minX }

    /// Drags from `start` by `steps` columns, one column per `interval` seconds.
    private func drag(_ pilot: Pilot, from start: Point, by steps: Int, interval: Double = 0.05) {
        pilot.press(at: start)
        for step in 1...abs(steps) {
            pilot.advance(by: interval)
            pilot.drag(to: Point(x: start.x + (steps > 0 ? step : -step), y: start.y))
        }
    }

    @Test func thePaneFollowsThePointerCellByCellAndASlowReleaseBeforeHalfwayCancels() throws {
        let (pilot, menu, spy) = try makeMenu()
        let start = Point(x: 30, y: 0)  // the bar's title area, no button there
        pilot.press(at: start)
        #expect(!menu.isDraggingPane, "a press alone is not a drag")
        for step in 1...6 {
            pilot.advance(by: 0.05)
            pilot.drag(to: Point(x: start.x + step, y: 0))
            #expect(paneX(menu) == step, "frame \(step): the pane is where the pointer took it")
            #expect(pilot.screen.lastFrame![step - 1, 1].grapheme == "│", "the separator drawn beside the pane's edge")
        }
        #expect(menu.isDraggingPane && spy.log == ["willShow left"])
        pilot.advance(by: 0.3)  // held still: no fling
        pilot.release(at: Point(x: 36, y: 0))
        #expect(!menu.isDraggingPane)
        var positions: [Int] = []
        pilot.stepFrames { positions.append(paneX(menu)) }
        #expect(positions.last == 0 && positions == positions.sorted(by: >), "slides back: \(positions)")
        #expect(!menu.isMenuVisible && spy.log == ["willShow left", "willHide left", "didHide left"], "\(spy.log)")
    }

    @Test func aReleasePastHalfwayOpensAndTheListTakesFocus() throws {
        let (pilot, menu, spy) = try makeMenu()
        drag(pilot, from: Point(x: 30, y: 0), by: 12)
        pilot.advance(by: 0.3)
        pilot.release(at: Point(x: 42, y: 0))
        pilot.settle()
        #expect(menu.isMenuVisible && paneX(menu) == 20)
        #expect(spy.log == ["willShow left", "didShow left"])
        #expect(menu.listView.isFocused, "an open menu's list has the keys")
    }

    /// Held still at exactly half the exposed width (10 of 20 columns), the release opens the
    /// menu; a column short of half, it closes.
    @Test func aStillReleaseAtExactlyHalfOpens() throws {
        let (pilot, menu, _) = try makeMenu()
        drag(pilot, from: Point(x: 30, y: 0), by: 10)
        pilot.advance(by: 0.3)
        pilot.release(at: Point(x: 40, y: 0))
        pilot.settle()
        #expect(menu.isMenuVisible && paneX(menu) == 20)
        menu.setMenuVisible(false, animated: false)
        pilot.settle()
        drag(pilot, from: Point(x: 30, y: 0), by: 9)
        pilot.advance(by: 0.3)
        pilot.release(at: Point(x: 39, y: 0))
        pilot.settle()
        #expect(!menu.isMenuVisible && paneX(menu) == 0)
    }

    @Test func aFastShortFlingOpensAndAFastFlingBackCloses() throws {
        let (pilot, menu, spy) = try makeMenu()
        drag(pilot, from: Point(x: 30, y: 0), by: 3, interval: 0.02)  // 50 cells per second
        pilot.release(at: Point(x: 33, y: 0))
        pilot.settle()
        #expect(menu.isMenuVisible && paneX(menu) == 20, "flung open from 3 of 20 columns")
        // The open pane's exposed strip grabs it too; a fast move left closes.
        drag(pilot, from: Point(x: 25, y: 5), by: -4, interval: 0.02)
        #expect(paneX(menu) == 16)
        pilot.release(at: Point(x: 21, y: 5))
        pilot.settle()
        #expect(!menu.isMenuVisible && paneX(menu) == 0)
        #expect(spy.log == ["willShow left", "didShow left", "willHide left", "didHide left"])
    }

    @Test func thePaneStopsAtBothEnds() throws {
        let (pilot, menu, _) = try makeMenu()
        drag(pilot, from: Point(x: 30, y: 0), by: 25, interval: 0.01)
        #expect(paneX(menu) == 20, "no further than the exposed width")
        pilot.drag(to: Point(x: 0, y: 0))
        #expect(paneX(menu) == 0, "no further left than closed")
        pilot.release(at: Point(x: 0, y: 0))
        pilot.settle()
        #expect(!menu.isMenuVisible)
    }

    @Test func aTapOnTheOpenPaneClosesItAndATapOnTheBarDoesNothing() throws {
        let (pilot, menu, spy) = try makeMenu()
        pilot.click(at: Point(x: 30, y: 0))
        pilot.settle()
        #expect(!menu.isMenuVisible && spy.log.isEmpty)
        menu.setMenuVisible(true, animated: false)
        pilot.settle()
        pilot.click(at: Point(x: 40, y: 5))
        pilot.settle()
        #expect(!menu.isMenuVisible && paneX(menu) == 0)
    }

    @Test func aPressOnABarButtonIsTheButtonsNotADrag() throws {
        let (pilot, menu, _) = try makeMenu()
        let button = try #require(pilot.position(of: "[Menu]"))
        drag(pilot, from: Point(x: button.x + 2, y: 0), by: 10)
        #expect(paneX(menu) == 0 && !menu.isDraggingPane)
        pilot.release(at: Point(x: button.x + 12, y: 0))
        pilot.settle()
        #expect(!menu.isMenuVisible, "released outside the button: nothing")
    }

    @Test func keysWaitDuringADragAndGoOnAfterIt() throws {
        let (pilot, menu, spy) = try makeMenu()
        drag(pilot, from: Point(x: 30, y: 0), by: 4)
        pilot.press(.down)
        #expect(menu.isDraggingPane && paneX(menu) == 4, "an ordinary key waits")
        pilot.press(.function(2))
        #expect(menu.isDraggingPane, "a toggle behind a waiting key waits too (keys keep their order)")
        pilot.advance(by: 0.05)
        pilot.drag(to: Point(x: 44, y: 0))
        #expect(paneX(menu) == 14, "the drag's own reports never wait")
        pilot.advance(by: 0.3)
        pilot.release(at: Point(x: 44, y: 0))
        pilot.settle()
        #expect(menu.listView.selectedRow == 1, "the waiting Down reached the open menu's list")
        #expect(!menu.isMenuVisible, "then the waiting F2 closed it")
        #expect(spy.log == ["willShow left", "didShow left", "willHide left", "didHide left"], "\(spy.log)")
    }

    @Test func aTogglingKeyEndsADragAndReversesIt() throws {
        let (pilot, menu, spy) = try makeMenu()
        drag(pilot, from: Point(x: 30, y: 0), by: 4)
        pilot.press(.function(2))
        #expect(!menu.isDraggingPane, "the toggle ended the drag")
        pilot.drag(to: Point(x: 50, y: 0))
        pilot.release(at: Point(x: 50, y: 0))
        pilot.settle()
        // The drag ended as a release at 4 of 20 (closing), which the toggle reversed; the old
        // drag's later reports moved nothing.
        #expect(menu.isMenuVisible && paneX(menu) == 20)
        #expect(spy.log == ["willShow left", "willHide left", "willShow left", "didShow left"], "\(spy.log)")
    }

    @Test func aKeyAfterTheDragWentStillForASecondEndsItAsIfReleased() throws {
        let (pilot, menu, spy) = try makeMenu()
        drag(pilot, from: Point(x: 30, y: 0), by: 14)
        pilot.advance(by: 0.5)
        pilot.press(.down)
        #expect(menu.isDraggingPane, "half a second still: the key waits")
        pilot.advance(by: 0.6)
        pilot.press(.down)
        #expect(!menu.isDraggingPane, "a second without motion: the release was lost, the key ends the drag")
        pilot.settle()
        #expect(menu.isMenuVisible && paneX(menu) == 20, "ended as a release at 14 of 20 would: open")
        #expect(spy.log == ["willShow left", "didShow left"])
        #expect(menu.listView.selectedRow == 2, "then both Downs reached the list")
    }

    @Test func aKeyWaitingBehindADragThatWentStillEndsItWithoutAnotherKey() throws {
        let (pilot, menu, spy) = try makeMenu()
        drag(pilot, from: Point(x: 30, y: 0), by: 14)
        pilot.deliver(.key(KeyEvent(.down)))
        pilot.advance(by: 0.9)
        #expect(menu.isDraggingPane && pilot.window.heldBackEventCount == 1, "still for 0.9 s: the key waits")
        pilot.advance(by: 0.2)
        #expect(!menu.isDraggingPane, "still for a second with a key waiting: the release was lost")
        pilot.settle()
        #expect(menu.isMenuVisible && menu.listView.selectedRow == 1, "ended as a release there; Down reached the list")
        #expect(spy.log == ["willShow left", "didShow left"])
    }

    @Test func aResizeDuringADragEndsItCleanly() throws {
        let (pilot, menu, spy) = try makeMenu()
        drag(pilot, from: Point(x: 30, y: 0), by: 15)
        pilot.resize(to: Size(width: 30, height: 12))
        #expect(!menu.isDraggingPane)
        pilot.drag(to: Point(x: 2, y: 0))
        pilot.release(at: Point(x: 2, y: 0))
        pilot.settle()
        #expect(menu.isMenuVisible && paneX(menu) == menu.effectiveExposedWidth, "past half of the new width: open")
        #expect(spy.log == ["willShow left", "didShow left"])
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window))
    }

    @Test func velocityIsMeasuredOverTheLastReportsOnly() {
        var tracker = DragVelocityTracker()
        tracker.add(0, at: 0)
        tracker.add(10, at: 0.05)
        tracker.add(20, at: 0.10)
        #expect(tracker.velocity(at: 0.10) == 200)
        #expect(tracker.velocity(at: 0.30) == 0, "held still before the release")
        tracker.add(18, at: 0.35)
        tracker.add(16, at: 0.40)
        #expect(abs(tracker.velocity(at: 0.40) + 40) < 1e-9, "only the end counts: it turned back")
        #expect(DragVelocityTracker().velocity(at: 1) == 0)
        var instant = DragVelocityTracker()
        instant.add(3, at: 1)
        instant.add(9, at: 1)
        #expect(instant.velocity(at: 1) == 0, "no time between reports: 0, not infinity")
        var batched = DragVelocityTracker()
        for (index, x) in [0, 2, 4, 6, 8].enumerated() { batched.add(x, at: 2 + Double(index) * 0.000_01) }
        #expect(batched.velocity(at: 2.001) == 0, "reports handled in one go (they waited) tell no speed")
    }

    /// A press on the bar whose release was lost (the next press came elsewhere, outside the
    /// screen): a later motion over the bar is no drag of the first press.
    @Test func aMotionAfterAnotherPressIsNotTheFirstPressesDrag() throws {
        let (pilot, menu, spy) = try makeMenu()
        pilot.press(at: Point(x: 30, y: 0))
        pilot.press(at: Point(x: 70, y: 3))  // beyond the 60 columns: nobody takes it
        pilot.advance(by: 0.05)
        pilot.drag(to: Point(x: 40, y: 0))
        #expect(!menu.isDraggingPane && paneX(menu) == 0 && spy.log.isEmpty)
        pilot.release(at: Point(x: 40, y: 0))
        pilot.settle()
        #expect(!menu.isMenuVisible && paneX(menu) == 0)
        // A new press on the bar drags as usual.
        drag(pilot, from: Point(x: 30, y: 0), by: 12)
        #expect(menu.isDraggingPane && paneX(menu) == 12)
    }
}

/// A menu key while the pane is held at full extent (the freeze of issue 37).
@MainActor
struct SideMenuDragFreezeTests {
    @Test func aMenuKeyDuringADragAtFullExtentLeavesTheAppAnswering() throws {
        let panes = (0..<3).map { MenuPane("Pane \($0)") }
        let menu = try SideMenuController(viewControllers: panes, menuTitles: panes.map { $0.title! })
        menu.exposedWidth = 20
        let pilot = Pilot(Window(rootViewController: menu), size: Size(width: 60, height: 12))
        pilot.settle()
        pilot.press(at: Point(x: 30, y: 0))
        for step in 1...25 {
            pilot.advance(by: 0.01)
            pilot.drag(to: Point(x: 30 + step, y: 0))
        }
        pilot.advance(by: 0.3)
        pilot.deliver(.key(KeyEvent(.escape)))
        #expect(pilot.window.heldBackEventCount == 0 && !menu.isDraggingPane, "Esc ended the drag and went through")
        pilot.settle()
        #expect(!menu.isMenuVisible, "the drag ended open, and Esc closed the menu")
        pilot.advance(by: 0.5)
        pilot.release(at: Point(x: 55, y: 0))
        pilot.settle()
        #expect(pilot.window.heldBackEventCount == 0)
        let before = menu.isMenuVisible
        pilot.press(.function(2))
        pilot.settle()
        #expect(menu.isMenuVisible != before, "F2 still toggles")
        #expect(pilot.window.heldBackEventCount == 0)
    }
}
