import Shoji
import ShojiTesting
import Testing
@testable import ShojiDemoKit

/// The demo's `overlay-menu` item inside the side menu, as a user drives it.
@MainActor
struct OverlayMenuDemoTests {
    private func start(_ arguments: [String] = []) throws -> (DemoApp, Pilot, OverlayMenuController) {
        let app = try DemoApp(menu: try MenuFile.builtIn(), options: try DemoOptions.parse(arguments), seconds: { 0 })
        let pilot = Pilot(app, size: Size(width: 80, height: 24))
        let index = try #require(app.menu.items.firstIndex { $0.kind.name == "overlay-menu" })
        try app.sideMenu.setSelectedIndex(index, animated: false)
        pilot.settle()
        let overlay = try #require(app.panes[index] as? OverlayMenuController)
        return (app, pilot, overlay)
    }

    @Test func theBuiltInItemHasFiveSymbolledChildrenAndFadesBetweenThem() throws {
        let (app, pilot, overlay) = try start()
        #expect(overlay.viewControllers.map(\.title) == ["Sunrise", "Ocean", "Forest", "Ember", "Dusk"])
        #expect(overlay.viewControllers.map { overlay.menuSymbol(for: $0) } == ["☀", "≈", "♣", "♦", "☾"])
        #expect(overlay.selectionStyle == .fade)
        #expect(pilot.line(0).hasPrefix(" [Menu] ") && pilot.line(0).contains("Overlay menu"))
        #expect(pilot.text.contains("Colour: yellow"))
        #expect(app.window.firstResponder === overlay.view, "F4 starts its walk inside the container, not at the bar")
    }

    @Test func f4OpensTheRingAndArrowsAndEnterChoose() throws {
        let (app, pilot, overlay) = try start()
        let recorder = LifecycleRecorder()
        pilot.press(.function(4))
        pilot.settle()
        #expect(overlay.isMenuVisible && overlay.menuView.showsRing)
        #expect(pilot.text.contains("☀ Sunrise") && pilot.text.contains("☾ Dusk"))
        #expect(pilot.line(0).hasPrefix(" [Menu] "), "the bar stays above the overlay")
        pilot.press(.right)
        pilot.press(.enter)
        pilot.settle()
        #expect(
            !overlay.isMenuVisible && overlay.selectedViewControllerIndex == 1 && pilot.text.contains("Colour: blue"))
        #expect(
            recorder.log(for: overlay.viewControllers[1]).filter { $0.contains("ppear(") }
                == ["viewWillAppear(true)", "viewDidAppear(true)"], "the fade plays")
        try LifecycleChecker.verify(recorder.events, historyIsComplete: false)
        try LifecycleChecker.verify(LifecycleChecker.treeViolations(window: app.window))
    }

    @Test func aRightClickOpensAndAClickOutsideCloses() throws {
        let (_, pilot, overlay) = try start()
        pilot.click(at: Point(x: 40, y: 12), button: .right)
        pilot.settle()
        #expect(overlay.isMenuVisible)
        pilot.click(at: Point(x: 1, y: 22))
        pilot.settle()
        #expect(!overlay.isMenuVisible && overlay.selectedViewControllerIndex == 0)
        #expect(!pilot.text.contains("≈ Ocean"))
    }

    @Test func withoutAnimationEverythingHappensAtOnce() throws {
        let (_, pilot, overlay) = try start(["--no-animation"])
        #expect(
            overlay.menuAnimationDuration == nil && overlay.defaultTransitionDuration == 0,
            "the window's one setting: 0")
        pilot.press(.function(4))
        #expect(pilot.text.contains("♣ Forest"))
        pilot.press(.escape)
        #expect(!pilot.text.contains("♣ Forest"))
    }
}
