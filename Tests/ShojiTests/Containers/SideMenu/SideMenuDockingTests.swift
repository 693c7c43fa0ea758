import Testing
import TestSupport
@testable import Shoji
import ShojiTesting

/// The side menu docked on wide terminals: from `dockingWidth` columns the list stays beside the
/// content (the pane laid out beside it, the Menu buttons gone), narrower it slides as usual,
/// and resizing across the width animates between the two with the left menu's calls balanced.
@MainActor
struct SideMenuDockingTests {

    private let log = TreeRecorder()

    /// A side menu exposing 20 columns that docks from 80, in a window of `width` x 12.
    private func makeMenu(width: Int) throws -> (Pilot, SideMenuController, SideMenuSpy) {
        let panes = (0..<3).map { MenuPane("Pane \($0)") }
        let menu = try SideMenuController(viewControllers: panes, menuTitles: panes.map { $0.title! })
        menu.exposedWidth = 20
        menu.dockingWidth = 80
        let spy = SideMenuSpy()
        menu.delegate = spy
        log.record(menu)
        let pilot = Pilot(Window(rootViewController: menu), size: Size(width: width, height: 12))
        pilot.settle()
        return (pilot, menu, spy)
    }

    private func checkAll(_ pilot: Pilot) throws {
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window))
        try log.verify()
    }

    @Test func wideEnoughTheMenuStartsDockedBesideTheContent() throws {
        let (pilot, menu, spy) = try makeMenu(width: 100)
        #expect(menu.isDocked && !menu.isMenuVisible)
        #expect(menu.paneView.frame == Rect(x: 21, y: 0, width: 79, height: 12), "beside the menu, not over it")
        #expect(pilot.line(1).hasPrefix(" Pane 0"), "the list shows: \(pilot.line(1))")
        #expect(pilot.line(0).contains("│") && !pilot.line(0).contains("[Menu]"), "no Menu button: \(pilot.line(0))")
        #expect(pilot.line(2).hasPrefix(" Pane 1") && pilot.line(2).contains("│ Pane 0 content"))
        #expect(spy.log == ["willShow left", "didShow left"])
        // The content has the keys and takes clicks; F2 gives the list the keys without moving.
        pilot.press(.function(2))
        pilot.settle()
        #expect(menu.listView.isFocused && menu.paneView.frame.minX == 21)
        pilot.press(.down)
        pilot.press(.enter)
        pilot.settle()
        #expect(menu.selectedIndex == 1 && menu.paneView.frame == Rect(x: 21, y: 0, width: 79, height: 12))
        #expect(pilot.line(2).contains("│ Pane 1 content"))
        #expect(
            spy.log == ["willShow left", "didShow left", "shouldSelect 1", "didSelect 1"],
            "a docked menu does not hide for a selection")
        try checkAll(pilot)
    }

    /// `dockingWidth` columns exactly is wide enough; one column less is not.
    @Test func atExactlyTheDockingWidthTheMenuDocks() throws {
        let (pilot, menu, _) = try makeMenu(width: 80)
        #expect(menu.isDocked && menu.paneView.frame == Rect(x: 21, y: 0, width: 59, height: 12))
        pilot.resize(to: Size(width: 79, height: 12))
        pilot.settle()
        #expect(!menu.isDocked && menu.paneView.frame == Rect(x: 0, y: 0, width: 79, height: 12))
    }

    @Test func resizingAcrossTheWidthUndocksAndDocksFrameByFrame() throws {
        let (pilot, menu, spy) = try makeMenu(width: 100)
        pilot.window.transitionDuration = 0.3  // 18 frames at 60 a second
        pilot.resize(to: Size(width: 70, height: 12))
        #expect(!menu.isDocked)
        var frames: [Rect] = []
        pilot.stepFrames { frames.append(menu.paneView.frame) }
        #expect(frames.last == Rect(x: 0, y: 0, width: 70, height: 12), "closed, over the menu: \(frames)")
        #expect(frames.count > 3 && frames.map(\.minX) == frames.map(\.minX).sorted(by: >), "a slide: \(frames)")
        #expect(frames.count <= 20, "the menu's usual time, not longer: \(frames.count) frames")
        #expect(pilot.line(0).contains("[Menu]"), "the Menu button is back")
        #expect(spy.log == ["willShow left", "didShow left", "willHide left", "didHide left"])

        pilot.resize(to: Size(width: 90, height: 12))
        frames = []
        pilot.stepFrames { frames.append(menu.paneView.frame) }
        #expect(frames.last == Rect(x: 21, y: 0, width: 69, height: 12), "\(frames)")
        #expect(frames.count > 3 && frames.map(\.minX) == frames.map(\.minX).sorted(), "\(frames)")
        #expect(frames.count <= 20, "the menu's usual time, not longer: \(frames.count) frames")
        #expect(spy.log.suffix(2) == ["willShow left", "didShow left"])
        #expect(!pilot.line(0).contains("[Menu]"))
        try checkAll(pilot)
    }

    @Test func undockingWhileTheListHasTheKeysLeavesTheMenuOpen() throws {
        let (pilot, menu, spy) = try makeMenu(width: 100)
        pilot.press(.function(2))
        pilot.settle()
        pilot.resize(to: Size(width: 60, height: 12))
        pilot.settle()
        #expect(!menu.isDocked && menu.isMenuVisible && menu.paneView.frame == Rect(x: 20, y: 0, width: 60, height: 12))
        #expect(spy.log == ["willShow left", "didShow left"], "it never hid")
        #expect(menu.listView.isFocused)
        pilot.press(.escape)
        pilot.settle()
        #expect(menu.paneView.frame.minX == 0 && spy.log.suffix(2) == ["willHide left", "didHide left"])
        try checkAll(pilot)
    }

    @Test func aResizeMidSlideOrMidDragEndsDockedAndBalanced() throws {
        let (pilot, menu, spy) = try makeMenu(width: 60)
        pilot.press(.function(2))
        pilot.advance(by: 0.05)
        pilot.resize(to: Size(width: 100, height: 12))
        pilot.settle()
        #expect(menu.isDocked && menu.paneView.frame == Rect(x: 21, y: 0, width: 79, height: 12))
        #expect(spy.log == ["willShow left", "didShow left"])
        pilot.press(.escape)
        pilot.resize(to: Size(width: 60, height: 12))
        pilot.settle()
        #expect(!menu.isDocked && menu.paneView.frame.minX == 0)
        // Mid-drag: the resize ends the drag and the menu docks.
        pilot.press(at: Point(x: 40, y: 0))
        for step in 1...5 {
            pilot.advance(by: 0.05)
            pilot.drag(to: Point(x: 40 + step, y: 0))
        }
        #expect(menu.isDraggingPane)
        pilot.resize(to: Size(width: 100, height: 12))
        pilot.release(at: Point(x: 45, y: 0))
        pilot.settle()
        #expect(!menu.isDraggingPane && menu.isDocked)
        #expect(menu.paneView.frame == Rect(x: 21, y: 0, width: 79, height: 12))
        let hides = spy.log.filter { $0.hasPrefix("willHide") }.count,
            didHides = spy.log.filter { $0.hasPrefix("didHide") }.count
        let shows = spy.log.filter { $0.hasPrefix("willShow") }.count,
            didShows = spy.log.filter { $0.hasPrefix("didShow") }.count
        #expect(spy.log.last == "didShow left" && shows == hides + 1 && didShows == didHides + 1, "\(spy.log)")
        try checkAll(pilot)
    }

    @Test func dockedThePaneIsNotDraggedAndTheRightMenuSlidesOverTheList() throws {
        let (pilot, menu, _) = try makeMenu(width: 100)
        pilot.press(at: Point(x: 60, y: 0))
        pilot.advance(by: 0.05)
        pilot.drag(to: Point(x: 70, y: 0))
        #expect(!menu.isDraggingPane && menu.paneView.frame.minX == 21)
        pilot.release(at: Point(x: 70, y: 0))
        let settings = MenuPane("Settings")
        menu.rightMenuViewController = settings
        menu.rightExposedWidth = 16
        pilot.press(.function(3))
        pilot.settle()
        #expect(menu.paneView.frame == Rect(x: 5, y: 0, width: 79, height: 12), "moved left by 16 over the list")
        #expect(settings.appearancePhase == .didAppear)
        pilot.press(.escape)
        pilot.settle()
        #expect(menu.paneView.frame.minX == 21 && settings.appearancePhase == .didDisappear)
        try checkAll(pilot)
    }

    /// Undocking in the middle of a selection's replacement: the pane ends closed and whole,
    /// with no separator left over its first column (it follows every change of the pane's
    /// frame, autoresizing included).
    @Test(arguments: [0.1, 0.3, 0.4])
    func undockingDuringAReplacementLeavesThePaneClosedAndWhole(delay: Double) throws {
        let (pilot, menu, spy) = try makeMenu(width: 110)
        pilot.window.transitionDuration = 0.3
        pilot.press(.function(2))
        pilot.press(.down)
        pilot.press(.enter)
        pilot.advance(by: delay)
        pilot.resize(to: Size(width: 70, height: 12))
        pilot.settle()
        #expect(!menu.isDocked && menu.selectedIndex == 1)
        #expect(menu.paneView.frame == Rect(x: 0, y: 0, width: 70, height: 12))
        #expect(pilot.line(0).hasPrefix(" [Menu]"), "\(pilot.line(0))")
        #expect(
            spy.log == [
                "willShow left", "didShow left", "shouldSelect 1", "willHide left", "didSelect 1", "didHide left"
            ])
        try checkAll(pilot)
    }

    /// New children while docked: the pane stays beside the menu, the menu shown.
    @Test func replacingTheChildrenWhileDockedKeepsThePaneBesideTheMenu() throws {
        let (pilot, menu, spy) = try makeMenu(width: 100)
        try menu.setViewControllers([MenuPane("New 0"), MenuPane("New 1")])
        #expect(menu.paneView.frame == Rect(x: 21, y: 0, width: 79, height: 12))
        pilot.settle()
        #expect(menu.paneView.frame == Rect(x: 21, y: 0, width: 79, height: 12))
        #expect(pilot.line(1).hasPrefix(" New 0") && pilot.line(0).contains("New 0"))
        #expect(spy.log == ["willShow left", "didShow left"])
        try checkAll(pilot)
    }
}

/// The child's view gets every column of the pane: the separator is drawn beside the pane, never
/// over the child's first (or last) column, whatever the menu does (issue 31: a PID 16829 at
/// x = 0 showed as "6829").
@MainActor
struct SideMenuSeparatorTests {
    /// A screen with "ABC" at its left edge and "XYZ" at its right edge, two rows down.
    private final class EdgeLabels: ViewController {
        override func viewDidLoad() {
            title = "Edges"
            view.addSubview(Label(text: "ABC", frame: Rect(x: 0, y: 2, width: 3, height: 1)))
            let right = Label(text: "XYZ", frame: Rect(x: view.bounds.width - 3, y: 2, width: 3, height: 1))
            right.autoresizingMask = [.flexibleLeftMargin]
            view.addSubview(right)
        }
    }

    private func makeMenu(size: Size, docking: Int? = nil, right: Bool = false) throws -> (Pilot, SideMenuController) {
        let menu = try SideMenuController(viewControllers: [EdgeLabels()], menuTitles: ["Edges"])
        menu.exposedWidth = 20
        menu.dockingWidth = docking
        if right { menu.rightMenuViewController = MenuPane("Settings") }
        let pilot = Pilot(Window(rootViewController: menu), size: size)
        pilot.settle()
        return (pilot, menu)
    }

    /// The child's first and last columns on the content row, as the screen shows them.
    private func expectEdgesWhole(_ pilot: Pilot, _ menu: SideMenuController, _ state: String) {
        let pane = menu.paneView.frame
        let row = pilot.line(3)
        let cells = Array(row)
        let visible = { (x: Int) in x >= 0 && x < cells.count }
        if visible(pane.minX) {
            let text = String(cells[pane.minX..<min(cells.count, pane.minX + 3)])
            #expect(text == "ABC", "\(state): the child's first column shows, got \(text.debugDescription) in \(row)")
        }
        if visible(pane.maxX - 1), pane.maxX - 3 >= 0 {
            let text = String(cells[max(0, pane.maxX - 3)..<pane.maxX])
            #expect(text == "XYZ", "\(state): the child's last column shows, got \(text.debugDescription) in \(row)")
        }
        // The separator beside a moved pane, on every row, over whatever menu is under it.
        let separator = pane.maxX < cells.count ? pane.maxX : pane.minX > 0 ? pane.minX - 1 : nil
        if let separator {
            for y in 0..<6 {
                let line = Array(pilot.line(y))
                #expect(
                    separator < line.count && line[separator] == "│",
                    "\(state): the separator at column \(separator) of row \(y): \(pilot.line(y))")
            }
        }
    }

    @Test func dockedTheChildKeepsItsFirstColumn() throws {
        let (pilot, menu) = try makeMenu(size: Size(width: 120, height: 6), docking: 100)
        #expect(menu.isDocked)
        #expect(pilot.line(3).contains("│ABC"), "the separator, then the whole label: \(pilot.line(3))")
        expectEdgesWhole(pilot, menu, "docked")
    }

    @Test func openClosedSlidingAndDraggedTheChildKeepsItsEdges() throws {
        let (pilot, menu) = try makeMenu(size: Size(width: 60, height: 6))
        expectEdgesWhole(pilot, menu, "closed")
        pilot.press(.function(2))
        pilot.stepFrames { expectEdgesWhole(pilot, menu, "sliding open at x = \(menu.paneView.frame.minX)") }
        #expect(menu.isMenuVisible && pilot.line(3).contains("│ABC"), "\(pilot.line(3))")
        expectEdgesWhole(pilot, menu, "open")
        // Dragged by its bar, part of the way back.
        pilot.press(at: Point(x: 40, y: 0))
        for step in 1...6 {
            pilot.advance(by: 0.05)
            pilot.drag(to: Point(x: 40 - step, y: 0))
            expectEdgesWhole(pilot, menu, "dragged to x = \(menu.paneView.frame.minX)")
        }
        pilot.release(at: Point(x: 34, y: 0))
        pilot.settle()
        expectEdgesWhole(pilot, menu, "after the drag")
    }

    @Test func theRightMenusSeparatorLeavesTheChildsLastColumn() throws {
        let (pilot, menu) = try makeMenu(size: Size(width: 60, height: 6), right: true)
        pilot.press(.function(3))
        pilot.stepFrames { expectEdgesWhole(pilot, menu, "sliding left at x = \(menu.paneView.frame.minX)") }
        #expect(menu.isRightMenuVisible)
        #expect(pilot.line(3).contains("XYZ│"), "the whole label, then the separator: \(pilot.line(3))")
        expectEdgesWhole(pilot, menu, "right menu open")
    }
}
