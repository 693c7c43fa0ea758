import Testing
import TestSupport
@testable import Shoji
import ShojiTesting

/// The side menu's second menu, on the right: the pane slides left to reveal it, its controller
/// appears and disappears with balanced calls, one menu shows at a time, and the drag, the keys
/// and resizes work on that side as on the left.
@MainActor
struct SideMenuRightMenuTests {
    /// A right menu: a list of settings that logs its appearance calls.
    final class SettingsMenu: AppearanceLog, ListViewDataSource {
        let list = ListView()
        var rows = ["Theme", "Motion", "About"]

        init() { super.init("Settings") }

        override func viewDidLoad() {
            super.viewDidLoad()
            list.headerTitle = "Settings"
            list.frame = view.bounds
            list.autoresizingMask = .flexibleSize
            list.dataSource = self
            list.selectedRow = 0
            view.addSubview(list)
        }

        func numberOfRows(in listView: ListView) -> Int { rows.count }
        func listView(_ listView: ListView, titleForRow row: Int) -> String { rows[row] }
    }

    private let log = TreeRecorder()

    /// A 60x12 side menu exposing 20 columns on the left and 16 on the right.
    private func makeMenu() throws -> (Pilot, SideMenuController, SettingsMenu, SideMenuSpy) {
        let panes = (0..<3).map { MenuPane("Pane \($0)") }
        let menu = try SideMenuController(viewControllers: panes, menuTitles: panes.map { $0.title! })
        menu.exposedWidth = 20
        menu.rightExposedWidth = 16
        let settings = SettingsMenu()
        menu.rightMenuViewController = settings
        let spy = SideMenuSpy()
        menu.delegate = spy
        log.record(menu)
        let pilot = Pilot(Window(rootViewController: menu), size: Size(width: 60, height: 12))
        pilot.settle()
        return (pilot, menu, settings, spy)
    }

    private func paneX(_ menu: SideMenuController) -> Int { menu.paneView.frame.minX }

    /// Breaks if the tree rules fail now.
    private func checkTree(_ pilot: Pilot) throws {
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: pilot.window))
    }

    /// Breaks if the tree rules fail, or the lifecycle rules anywhere in the test's log (settled).
    private func checkAll(_ pilot: Pilot) throws {
        try checkTree(pilot)
        try log.verify()
    }

    @Test func theRightMenuSlidesInFromTheRightFrameByFrameAndAppearsBalanced() throws {
        let (pilot, menu, settings, spy) = try makeMenu()
        pilot.window.transitionDuration = 0.3  // 18 frames at 60 a second
        #expect(settings.parent === menu, "a child from the moment it is set")
        #expect(settings.viewIfLoaded?.superview == nil, "its view waits until it shows")
        pilot.press(.function(3))
        #expect(menu.isRightMenuVisible && settings.log == ["willAppear true"])
        var positions: [Int] = []
        pilot.stepFrames { positions.append(paneX(menu)) }
        #expect(positions.last == -16, "the pane moved left by the right menu's width: \(positions)")
        #expect(positions == positions.sorted(by: >) && positions.count > 3, "a slide, frame by frame: \(positions)")
        #expect(positions.count <= 20, "the menu's usual time: \(positions.count) frames")
        #expect(settings.log == ["willAppear true", "didAppear true"])
        #expect(spy.log == ["willShow right", "didShow right"])
        // The list shows in the 15 columns on the right after the separator beside the pane.
        #expect(pilot.line(0).hasSuffix("│ Settings      "), "\(pilot.line(0))")
        #expect(pilot.line(1).contains("│ Theme"), "\(pilot.line(1))")
        #expect(settings.list.isFocused, "the open menu has the keys")
        pilot.press(.down)
        #expect(settings.list.selectedRow == 1)
        try checkTree(pilot)

        pilot.press(.escape)
        pilot.settle()
        #expect(!menu.isRightMenuVisible && paneX(menu) == 0)
        #expect(settings.log == ["willAppear true", "didAppear true", "willDisappear true", "didDisappear true"])
        #expect(spy.log == ["willShow right", "didShow right", "willHide right", "didHide right"])
        #expect(settings.view.superview == nil, "out of the tree once hidden")
        #expect(!settings.list.isFocused)
        try checkAll(pilot)
    }

    @Test func aReversalMidSlideIsACancelledAppearance() throws {
        let (pilot, menu, settings, spy) = try makeMenu()
        pilot.press(.function(3))
        pilot.advance(by: 0.05)
        #expect(paneX(menu) < 0 && paneX(menu) > -16)
        pilot.press(.character("M"))
        pilot.settle()
        #expect(paneX(menu) == 0 && !menu.isRightMenuVisible)
        #expect(settings.log == ["willAppear true", "willDisappear true", "didDisappear true"])
        #expect(spy.log == ["willShow right", "willHide right", "didHide right"])
        try checkAll(pilot)
    }

    @Test func oneMenuAtATimeTheOtherSwapsInOneSlide() throws {
        let (pilot, menu, settings, spy) = try makeMenu()
        pilot.press(.function(2))
        pilot.settle()
        #expect(menu.isMenuVisible && paneX(menu) == 20)
        pilot.press(.function(3))
        #expect(menu.isRightMenuVisible && !menu.isMenuVisible)
        var positions: [Int] = []
        pilot.stepFrames { positions.append(paneX(menu)) }
        #expect(positions.first! > 0 && positions.last == -16, "\(positions)")
        #expect(positions == positions.sorted(by: >), "one slide through the closed position: \(positions)")
        #expect(
            spy.log == [
                "willShow left", "didShow left", "willHide left", "willShow right", "didHide left", "didShow right"
            ])
        #expect(settings.log == ["willAppear true", "didAppear true"])
        #expect(settings.list.isFocused)
        // And back: the list of children gets the keys again.
        pilot.press(.function(2))
        pilot.settle()
        #expect(paneX(menu) == 20 && menu.listView.isFocused)
        #expect(settings.log.suffix(2) == ["willDisappear true", "didDisappear true"])
        try checkAll(pilot)
    }

    @Test func draggingThePaneLeftOpensTheRightMenuAndAnEarlyReleaseCancels() throws {
        let (pilot, menu, settings, spy) = try makeMenu()
        let start = Point(x: 30, y: 0)
        pilot.press(at: start)
        for step in 1...5 {
            pilot.advance(by: 0.05)
            pilot.drag(to: Point(x: start.x - step, y: 0))
            #expect(paneX(menu) == -step, "frame \(step): the pane follows the pointer left")
        }
        #expect(settings.log == ["willAppear true"] && spy.log == ["willShow right"])
        // Back past closed: the pane stops there, it does not reveal the left menu.
        pilot.drag(to: Point(x: 40, y: 0))
        #expect(paneX(menu) == 0)
        pilot.drag(to: Point(x: 27, y: 0))
        pilot.advance(by: 0.3)
        pilot.release(at: Point(x: 27, y: 0))
        pilot.settle()
        #expect(paneX(menu) == 0 && !menu.isRightMenuVisible)
        #expect(settings.log == ["willAppear true", "willDisappear true", "didDisappear true"])
        #expect(spy.log == ["willShow right", "willHide right", "didHide right"])

        // A drag past half of the width opens it; a fast flick back closes it.
        pilot.press(at: start)
        for step in 1...10 {
            pilot.advance(by: 0.05)
            pilot.drag(to: Point(x: start.x - step, y: 0))
        }
        pilot.advance(by: 0.3)
        pilot.release(at: Point(x: 20, y: 0))
        pilot.settle()
        #expect(paneX(menu) == -16 && menu.isRightMenuVisible && settings.list.isFocused)
        pilot.press(at: Point(x: 30, y: 5))
        for step in 1...3 {
            pilot.advance(by: 0.02)
            pilot.drag(to: Point(x: 30 + step, y: 5))
        }
        pilot.release(at: Point(x: 33, y: 5))
        pilot.settle()
        #expect(paneX(menu) == 0 && !menu.isRightMenuVisible)
        #expect(
            settings.log.suffix(4) == ["willAppear true", "didAppear true", "willDisappear true", "didDisappear true"])
        try checkAll(pilot)
    }

    @Test func withoutARightMenuItsKeysAndALeftwardDragDoNothing() throws {
        let (pilot, menu, settings, _) = try makeMenu()
        menu.rightMenuViewController = nil
        #expect(settings.parent == nil, "removed from the children")
        pilot.press(.function(3))
        pilot.settle()
        #expect(paneX(menu) == 0 && !menu.isRightMenuVisible)
        #expect(!menu.canPerform(.toggleRightMenu))
        pilot.press(at: Point(x: 30, y: 0))
        pilot.advance(by: 0.05)
        pilot.drag(to: Point(x: 25, y: 0))
        #expect(paneX(menu) == 0 && !menu.isDraggingPane)
        pilot.release(at: Point(x: 25, y: 0))
        pilot.settle()
        #expect(paneX(menu) == 0)
    }

    @Test func takingTheRightMenuAwayWhileItShowsHidesItFirst() throws {
        let (pilot, menu, settings, spy) = try makeMenu()
        pilot.press(.function(3))
        pilot.advance(by: 0.05)
        menu.rightMenuViewController = nil
        #expect(settings.log == ["willAppear true", "willDisappear false", "didDisappear false"])
        #expect(spy.log == ["willShow right", "willHide right", "didHide right"])
        #expect(settings.parent == nil && settings.view.superview == nil)
        pilot.settle()
        #expect(paneX(menu) == 0)
        try checkAll(pilot)
    }

    @Test func aSelectionWhileTheRightMenuShowsHidesIt() throws {
        let (pilot, menu, settings, spy) = try makeMenu()
        pilot.press(.function(3))
        pilot.settle()
        try menu.setSelectedIndex(2, animated: true)
        pilot.settle()
        #expect(menu.selectedIndex == 2 && paneX(menu) == 0 && !menu.isRightMenuVisible)
        #expect(settings.log == ["willAppear true", "didAppear true", "willDisappear true", "didDisappear true"])
        #expect(spy.log == ["willShow right", "didShow right", "willHide right", "didSelect 2", "didHide right"])
        try checkAll(pilot)
    }

    @Test func resizesClampTheRightMenuAndKeepItBesideThePane() throws {
        let (pilot, menu, settings, _) = try makeMenu()
        pilot.press(.function(3))
        pilot.settle()
        pilot.resize(to: Size(width: 12, height: 6))
        pilot.settle()
        #expect(menu.effectiveRightExposedWidth == 8, "4 columns of content stay")
        #expect(paneX(menu) == -8 && settings.view.frame == Rect(x: 5, y: 0, width: 7, height: 6))
        pilot.resize(to: Size(width: 2, height: 3))
        pilot.settle()
        #expect(paneX(menu) == -2, "too narrow for both: the open menu takes the width")
        pilot.resize(to: Size(width: 60, height: 12))
        pilot.settle()
        #expect(paneX(menu) == -16 && settings.view.frame == Rect(x: 45, y: 0, width: 15, height: 12))
        try checkAll(pilot)
    }
}
